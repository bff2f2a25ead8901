import { useTranslation } from 'react-i18next';
import { plusDeviceListPath } from './plus-constants';
import { PlusStoreOverviewPage } from './plus-store-overview';

const preloadList = () => import('./plus-device-list-page');

/** /plus/device (plus-signage §2.1): the stores with their device counts. */
export default function PlusDeviceOverviewPage() {
  const { t } = useTranslation('plus');
  return (
    <PlusStoreOverviewPage
      type="device"
      title={t('overview.deviceTitle')}
      totalLabel={t('overview.devices')}
      detailPath={plusDeviceListPath}
      preloadDetail={preloadList}
      testId="plus-device"
    />
  );
}
