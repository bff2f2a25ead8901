import { useTranslation } from 'react-i18next';
import { plusDeviceListPath } from '../devices/plus-constants';
import { PlusStoreOverviewPage } from '../devices/plus-store-overview';
import { scheduleListPath } from './schedule-text';

const preloadList = () => import('./schedule-list-page');

/**
 * /plus/schedule (plus-signage §2.1): the stores with their schedule counts; the table leads to the store's
 * schedules, the map popup to its device list, as the spec has it.
 */
export default function PlusScheduleOverviewPage() {
  const { t } = useTranslation('plusTemplates');
  return (
    <PlusStoreOverviewPage
      type="schedule"
      title={t('overview.schedule')}
      totalLabel={t('overview.totalSchedule')}
      detailPath={scheduleListPath}
      popupPath={plusDeviceListPath}
      preloadDetail={preloadList}
      testId="plus-schedule"
    />
  );
}
