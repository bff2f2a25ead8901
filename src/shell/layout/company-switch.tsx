import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonPopover } from '@ionic/react';
import { businessOutline, checkmark } from 'ionicons/icons';
import { companyChoices, setCompanySelection, useCompanySelection } from '../../platform/company-selection';
import { hasSeveralCompanies, useSession } from '../../platform/session';
import { HeaderButtonFace, useOverflow } from './header-overflow';

/**
 * The header's global company selection (console-core §2, §6): only for members of more than one company. The
 * store lists (store status, tag status, sensor status) follow it. On a desktop the button also names the pick;
 * on a phone the toolbar has room for the icon only.
 */
export function CompanySwitch() {
  const { t } = useTranslation('layout');
  const session = useSession();
  const selected = useCompanySelection();
  const [open, setOpen] = useState<Event | undefined>();
  const overflow = useOverflow();
  if (!hasSeveralCompanies(session)) return null;
  const choices = [{ code: '', name: t('header.allCompanies') }, ...companyChoices(session)];
  const current = choices.find((c) => c.code === (selected ?? '')) ?? choices[0];
  const pick = (code: string) => {
    setOpen(undefined);
    overflow?.close();
    setCompanySelection(code || undefined);
  };
  return (
    <>
      <IonButton
        onClick={(e) => setOpen(e.nativeEvent)}
        aria-label={`${t('header.company')}: ${current.name}`}
        aria-haspopup="menu"
        data-testid="company-button"
        data-company={selected ?? ''}
      >
        {overflow ? (
          <HeaderButtonFace icon={businessOutline} label={`${t('header.company')}: ${current.name}`} />
        ) : (
          <>
            <IonIcon slot="start" icon={businessOutline} aria-hidden="true" />
            <span className="ion-hide-lg-down">{current.name}</span>
          </>
        )}
      </IonButton>
      <IonPopover isOpen={Boolean(open)} event={open} onDidDismiss={() => setOpen(undefined)} data-testid="company-popover">
        <IonList lines="none" role="menu" aria-label={t('header.company')}>
          {choices.map((c) => (
            <IonItem
              key={c.code}
              button
              detail={false}
              role="menuitemradio"
              aria-checked={c.code === current.code}
              data-company={c.code}
              onClick={() => pick(c.code)}
            >
              <IonLabel>{c.name}</IonLabel>
              {c.code === current.code && <IonIcon slot="end" icon={checkmark} aria-hidden="true" />}
            </IonItem>
          ))}
        </IonList>
      </IonPopover>
    </>
  );
}
