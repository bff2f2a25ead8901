import { Fragment } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  IonContent,
  IonHeader,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonListHeader,
  IonMenu,
  IonMenuToggle,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { menuFor } from '../route-access';
import { useSession } from '../../platform/session';
import { AppFooter } from './app-footer';
import { CONTENT_ID, MENU_ID } from '../../platform/shell-context';

/**
 * The sidebar: the route table's menu entries the member may read, under their group headings. On a desktop the
 * split pane keeps it open beside the content; on a phone it is a drawer, closed again by a tap on an entry.
 */
export function SideMenu({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation('common');
  const session = useSession();
  const { pathname } = useLocation();
  const entries = menuFor(session);

  return (
    // ion-menu is the navigation landmark itself; it takes the aria-label from its host.
    <IonMenu
      contentId={CONTENT_ID}
      menuId={MENU_ID}
      type="overlay"
      disabled={disabled}
      aria-label={t('menu.title')}
      data-testid="side-menu"
    >
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>{tc('appName')}</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <IonList lines="none">
          {entries.map((route, index) => {
            const group = route.menu.group;
            const opensGroup = group && group !== entries[index - 1]?.menu.group;
            return (
              <Fragment key={route.path}>
                {/* spec: core §1.1 — the signage family is called Plus in the interface: its menu group's heading */}
                {opensGroup && (
                  <IonListHeader>
                    <IonLabel>{t(`menu.groups.${group}`)}</IonLabel>
                  </IonListHeader>
                )}
                <IonMenuToggle autoHide={false}>
                  <IonItem
                    routerLink={route.path}
                    routerDirection="root"
                    detail={false}
                    button
                    color={pathname === route.path ? 'light' : undefined}
                    aria-current={pathname === route.path ? 'page' : undefined}
                  >
                    <IonIcon slot="start" icon={route.menu.icon} aria-hidden="true" />
                    <IonLabel>{t(`menu.items.${route.menu.labelKey}`)}</IonLabel>
                  </IonItem>
                </IonMenuToggle>
              </Fragment>
            );
          })}
        </IonList>
      </IonContent>
      {/* Not an ion-footer: that is a contentinfo landmark, which axe wants at the top level, not inside the menu. */}
      <div className="side-menu-footer">
        <AppFooter />
      </div>
    </IonMenu>
  );
}
