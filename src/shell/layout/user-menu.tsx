import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonPopover, IonSelect, IonSelectOption } from '@ionic/react';
import { homeOutline, logOutOutline, personCircleOutline, personOutline, timeOutline } from 'ionicons/icons';
import { menuFor } from '../route-access';
import { chooseStartPage, chosenStartPage } from '../start-page';
import { useSession } from '../../platform/session';
import { HeaderButtonFace, useOverflow } from './header-overflow';
import { useShell } from '../../platform/shell-context';

/** The member's own corner of the header: account, login history and logout, under who is signed in. */
export function UserMenu() {
  const { t } = useTranslation('layout');
  const session = useSession();
  const shell = useShell();
  const [open, setOpen] = useState<Event | undefined>();
  const overflow = useOverflow();
  // Close the popover first: a modal opened from a popover that is still on screen would sit under it.
  const choose = (action: () => unknown) => () => {
    setOpen(undefined);
    overflow?.close();
    void action();
  };
  return (
    <>
      <IonButton
        onClick={(e) => setOpen(e.nativeEvent)}
        aria-label={t('header.userMenu')}
        aria-haspopup="menu"
        data-testid="user-menu-button"
      >
        <HeaderButtonFace icon={personCircleOutline} label={session?.name || t('header.userMenu')} />
      </IonButton>
      <IonPopover isOpen={Boolean(open)} event={open} onDidDismiss={() => setOpen(undefined)} data-testid="user-menu">
        <IonList lines="none" role="menu" aria-label={t('header.userMenu')}>
          <IonItem lines="full">
            <IonLabel>
              <h2>{session?.name}</h2>
              <p>{session?.email}</p>
            </IonLabel>
          </IonItem>
          <IonItem button detail={false} role="menuitem" onClick={choose(shell.openAccount)} data-testid="account-item">
            <IonIcon slot="start" icon={personOutline} aria-hidden="true" />
            <IonLabel>{t('header.account')}</IonLabel>
          </IonItem>
          <IonItem button detail={false} role="menuitem" onClick={choose(shell.openLoginHistory)} data-testid="login-history-item">
            <IonIcon slot="start" icon={timeOutline} aria-hidden="true" />
            <IonLabel>{t('header.loginHistory')}</IonLabel>
          </IonItem>
          {session && (
            <IonItem lines="none">
              <IonIcon slot="start" icon={homeOutline} aria-hidden="true" />
              <IonSelect
                label={t('header.startPage')}
                interface="popover"
                value={chosenStartPage(session) ?? ''}
                onIonChange={(e) => chooseStartPage(session, String(e.detail.value ?? '') || undefined)}
                data-testid="start-page-select"
              >
                <IonSelectOption value="">{t('header.startPageByWork')}</IonSelectOption>
                {menuFor(session).map((route) => (
                  <IonSelectOption key={route.path} value={route.path}>
                    {t(`menu.items.${route.menu.labelKey}`)}
                  </IonSelectOption>
                ))}
              </IonSelect>
            </IonItem>
          )}
          <IonItem button detail={false} role="menuitem" onClick={choose(shell.logout)} data-testid="logout-item">
            <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
            <IonLabel>{t('header.logout')}</IonLabel>
          </IonItem>
        </IonList>
      </IonPopover>
    </>
  );
}
