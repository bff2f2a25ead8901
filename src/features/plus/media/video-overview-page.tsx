import { useTranslation } from 'react-i18next';
import { PlusStoreOverviewPage } from '../devices/plus-store-overview';
import { plusMediaListPath } from './media-kinds';

const preloadList = () => import('./video-list-page');
const detailPath = (storeCode: string) => plusMediaListPath('video', storeCode);

/** /plus/video (plus-signage §2.1): the stores with their video counts, leading to each store's list. */
export default function PlusVideoOverviewPage() {
  const { t } = useTranslation('plusMedia');
  return (
    <PlusStoreOverviewPage
      type="video"
      title={t('overview.video')}
      totalLabel={t('overview.totalVideo')}
      detailPath={detailPath}
      preloadDetail={preloadList}
      testId="plus-video"
    />
  );
}
