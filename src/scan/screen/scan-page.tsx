import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { IonBadge, IonButton, IonIcon } from '@ionic/react';
import { menuController } from '@ionic/core/components';
import { cloudUploadOutline } from 'ionicons/icons';
import { MENU_ID } from '../../platform/shell-context';
import { Page } from '../../ui/page';
import { usePageShown } from '../../ui/use-page-shown';
import { usePendingCount } from '../../offline/use-outbox';
import { ScanScreen } from './scan-screen';
import { useScanHost } from './scan-host';

function PendingButton() {
  const { t } = useTranslation('scan');
  const pending = usePendingCount();
  return (
    <IonButton routerLink="/scan/queue" aria-label={t('pending', { count: pending })} data-testid="pending-count">
      <IonIcon slot="icon-only" icon={cloudUploadOutline} aria-hidden="true" />
      {pending > 0 && <IonBadge color="warning">{pending}</IonBadge>}
    </IonButton>
  );
}

/** /scan inside the console's shell (menu, header): the same screen the lean handheld app shows on its own. */
export default function ScanPage() {
  const { t } = useTranslation('scan');
  // A left page stays mounted: its scan fields must stop taking scans, and the screen may sleep again.
  const shown = usePageShown();
  // The lean handheld app's menu button hands over to the console (scan-host.ts): its menu opens at once.
  const host = useScanHost();
  useEffect(() => {
    if (host.takeIntent('menu')) void menuController.open(MENU_ID);
  }, [host]);
  return (
    <Page title={t('title')} actions={<PendingButton />} compactActions>
      <ScanScreen shown={shown} />
    </Page>
  );
}
