import { useTranslation } from 'react-i18next';
import { PlusStoreOverviewPage } from '../devices/plus-store-overview';
import { templateListPath } from './template-paths';

const preloadList = () => import('./template-list-page');

/** /plus/template (plus-signage §2.1): the stores with their template counts, leading to each store's list. */
export default function PlusTemplateOverviewPage() {
  const { t } = useTranslation('plusTemplates');
  return (
    <PlusStoreOverviewPage
      type="template"
      title={t('overview.template')}
      totalLabel={t('overview.totalTemplate')}
      detailPath={templateListPath}
      preloadDetail={preloadList}
      testId="plus-template"
    />
  );
}
