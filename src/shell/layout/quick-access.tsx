import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { IonButton } from '@ionic/react';
import { ROUTES } from '../routes';
import { mayOpen } from '../route-access';
import { useSession } from '../../platform/session';
import { HeaderButtonFace, useOverflow } from './header-overflow';

/**
 * The phone's one-tap buttons (routes with phoneQuickAccess, e.g. /scan): staff on a handheld should not need the
 * drawer to get back to scanning. Hidden from the split pane's breakpoint up, where the sidebar is always there.
 */
export function QuickAccess() {
  const { t } = useTranslation('layout');
  const session = useSession();
  const { pathname } = useLocation();
  const overflow = useOverflow();
  const routes = ROUTES.filter((r) => r.phoneQuickAccess && r.menu && r.path !== pathname && mayOpen(r, session));
  return (
    <>
      {routes.map((r) => (
        <IonButton
          key={r.path}
          className="shell-quick-access"
          routerLink={r.path}
          routerDirection="root"
          onClick={() => overflow?.close()}
          aria-label={t(`menu.items.${r.menu!.labelKey}`)}
          data-testid="quick-access"
        >
          <HeaderButtonFace icon={r.menu!.icon} label={t(`menu.items.${r.menu!.labelKey}`)} />
        </IonButton>
      ))}
    </>
  );
}
