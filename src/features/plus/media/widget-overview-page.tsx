import { useTranslation } from 'react-i18next';
import { PlusStoreOverviewPage } from '../devices/plus-store-overview';
import { plusMediaListPath } from './media-kinds';

const preloadList = () => import('./widget-list-page');
const detailPath = (storeCode: string) => plusMediaListPath('widget', storeCode);

/** /plus/widget (plus-signage §2.1): the stores with their widget counts, leading to each store's list. */
export default function PlusWidgetOverviewPage() {
  const { t } = useTranslation('plusMedia');
  return (
    <PlusStoreOverviewPage
      type="widget"
      title={t('overview.widget')}
      totalLabel={t('overview.totalWidget')}
      detailPath={detailPath}
      preloadDetail={preloadList}
      testId="plus-widget"
    />
  );
}
