import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagAlarmHistoryRow } from '../../../contract/schemas/tag-history';
import { endpoints } from '../../../contract/endpoints';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { Page } from '../../ui/page';
import { SENSOR_ALARM_HISTORY_PAGE_SIZES, sensorAlarmTypeLabel } from './sensor-constants';
import { useRouteParams } from '../../ui/use-route-params';

/** /sensor/:storeCode/:sensorMac/alarm/history (console-core §2): the sensor's alarms, 25 rows, newest first. */
// spec: core §2.48 — sensor alarm history
export default function SensorAlarmHistoryPage() {
  const { t } = useTranslation('sensors');
  const { storeCode = '', sensorMac = '' } = useRouteParams();
  const columns = useMemo<Column<TagAlarmHistoryRow>[]>(
    () => [
      { field: 'alarmTime', label: t('columns.alarmTime'), filter: 'date', primary: true, render: (r) => formatDateTime(r.alarmTime) },
      // The type's system name in the member's language (issue 31 §14); the filter still matches the stored name.
      { field: 'alarmType', label: t('columns.alarmType'), filter: 'text', render: (r) => sensorAlarmTypeLabel(t, r.alarmType) },
    ],
    [t],
  );
  return (
    <Page title={t('alarms.title', { sensor: sensorMac, store: storeCode })}>
      <DataTable
        id="sensor-alarms"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.sensorAlarmHistory, params: { storeCode, sensorMac } }}
        rowKey={(r) => `${r.alarmTime}-${r.alarmType}`}
        pageSizes={SENSOR_ALARM_HISTORY_PAGE_SIZES}
        defaultSort={{ field: 'alarmTime', dir: 'desc' }}
        dateRange
      />
    </Page>
  );
}
