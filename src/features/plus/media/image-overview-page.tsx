import { useTranslation } from 'react-i18next';
import { PlusStoreOverviewPage } from '../devices/plus-store-overview';
import { plusMediaListPath } from './media-kinds';

const preloadList = () => import('./image-list-page');
const detailPath = (storeCode: string) => plusMediaListPath('image', storeCode);

/** /plus/image (plus-signage §2.1): the stores with their image counts, leading to each store's list. */
export default function PlusImageOverviewPage() {
  const { t } = useTranslation('plusMedia');
  return (
    <PlusStoreOverviewPage
      type="image"
      title={t('overview.image')}
      totalLabel={t('overview.totalImage')}
      detailPath={detailPath}
      preloadDetail={preloadList}
      testId="plus-image"
    />
  );
}
