import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SENSOR_TYPES, type Sensor } from '../../../contract/schemas/sensors';
import type { Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { TagStatusBadge } from '../../ui/status-badge';
import { sensorOperationLabel, sensorTypeLabel } from './sensor-constants';

/** NOTES.md 10: versions are shown in hex. */
export const versionHex = (version: number | undefined) => (version === undefined ? '' : `0x${version.toString(16).toUpperCase()}`);

/** console-core §3: the port suffix :8080 is removed for display. */
const withoutPort = (ip: string | undefined) => (ip ?? '').replace(/:8080$/, '');

export const sensorHistoryPath = (storeCode: string, tagMac: string) =>
  `/sensor/${encodeURIComponent(storeCode)}/${encodeURIComponent(tagMac)}/history`;
export const sensorAlarmHistoryPath = (storeCode: string, sensorMac: string) =>
  `/sensor/${encodeURIComponent(storeCode)}/${encodeURIComponent(sensorMac)}/alarm/history`;

/** The sensor list's columns (console-core §3 Sensor), with links to each sensor's two histories. */
export function useSensorColumns(storeCode: string): Column<Sensor>[] {
  const { t } = useTranslation('sensors');
  return useMemo(
    () => [
      { field: 'barcode', label: t('columns.barcode'), filter: 'text', primary: true },
      { field: 'tagMac', label: t('columns.tagMac'), filter: 'text' },
      { field: 'prCode', label: t('columns.prCode'), filter: 'text' },
      {
        field: 'sensorType',
        label: t('columns.sensorType'),
        filter: 'enum',
        options: SENSOR_TYPES.map((v) => ({ value: v, label: sensorTypeLabel(t, v) })),
        render: (s) => sensorTypeLabel(t, s.sensorType),
      },
      { field: 'status', label: t('columns.status'), filter: 'enum', render: (s) => <TagStatusBadge status={s.status} /> },
      {
        field: 'operationName',
        label: t('columns.operationName'),
        filter: 'text',
        render: (s) => sensorOperationLabel(t, s.operationName),
      },
      { field: 'gwIp', label: t('columns.gwIp'), filter: 'text', render: (s) => withoutPort(s.gwIp) },
      { field: 'version', label: t('columns.version'), filter: 'hex', render: (s) => versionHex(s.version) },
      { field: 'dRssi', label: t('columns.dRssi'), filter: 'number', hiddenByDefault: true },
      { field: 'eRssi', label: t('columns.eRssi'), filter: 'number', hiddenByDefault: true },
      { field: 'reportTime', label: t('columns.reportTime'), filter: 'date', render: (s) => formatDateTime(s.reportTime) },
      {
        field: 'updatedAt',
        label: t('columns.updatedAt'),
        filter: 'date',
        hiddenByDefault: true,
        render: (s) => formatDateTime(s.updatedAt),
      },
      {
        field: 'histories',
        label: t('columns.histories'),
        sortable: false,
        render: (s) => (
          <span className="sensor-links" onClick={(e) => e.stopPropagation()}>
            <Link to={sensorHistoryPath(storeCode, s.tagMac)} data-testid="sensor-history-link">
              {t('links.readings')}
            </Link>
            <Link to={sensorAlarmHistoryPath(storeCode, s.tagMac)} data-testid="sensor-alarm-link">
              {t('links.alarms')}
            </Link>
          </span>
        ),
      },
    ],
    [t, storeCode],
  );
}
