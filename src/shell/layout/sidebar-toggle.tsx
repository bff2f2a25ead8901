import { useTranslation } from 'react-i18next';
import { IonButton, IonIcon, IonMenuButton } from '@ionic/react';
import { menuOutline } from 'ionicons/icons';
import { MENU_ID, useShell } from '../../platform/shell-context';

/**
 * The start of every page's toolbar. A phone gets the menu button that opens the drawer; a desktop (where the
 * split pane shows the sidebar) gets a toggle that hides or shows the split pane's side. theme.css shows the
 * one that fits the width, at the split pane's own breakpoint.
 */
export function SidebarToggle() {
  const { t } = useTranslation('layout');
  const { sidebarHidden, toggleSidebar } = useShell();
  return (
    <>
      <IonMenuButton
        className="shell-menu-button"
        menu={MENU_ID}
        autoHide={false}
        aria-label={t('header.openMenu')}
        data-testid="menu-button"
        data-handover="menu"
      />
      <IonButton
        className="shell-sidebar-toggle"
        onClick={toggleSidebar}
        aria-label={t(sidebarHidden ? 'header.showSidebar' : 'header.hideSidebar')}
        aria-pressed={!sidebarHidden}
        data-testid="sidebar-toggle"
      >
        <IonIcon slot="icon-only" icon={menuOutline} aria-hidden="true" />
      </IonButton>
    </>
  );
}
