import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SENSOR_TYPES } from '../../../contract/schemas/sensors';
import type { StoreSensorRow } from '../../../contract/schemas/status';
import { endpoints } from '../../../contract/endpoints';
import { useCompanySelection } from '../../platform/company-selection';
import { hasSeveralCompanies, useSession } from '../../platform/session';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { Page } from '../../ui/page';
import { HealthBadge } from '../../ui/status-badge';
import { SENSOR_STORE_LIST_PAGE_SIZES, sensorTypeLabel } from './sensor-constants';

const HEALTH = ['NORMAL', 'ALARM', 'OFFLINE'] as const;

/** /sensor (console-core §2): the member's stores with their sensors counted by type; a row opens the store's sensors. */
export default function SensorStoreListPage() {
  const { t } = useTranslation('sensors');
  const session = useSession();
  const severalCompanies = hasSeveralCompanies(session);
  // The header's global company selection narrows the list on the server (global_companyCode).
  const company = useCompanySelection();

  const columns = useMemo(() => {
    const list: (Column<StoreSensorRow> | false)[] = [
      { field: 'storeName', label: t('columns.storeName'), filter: 'text', primary: true },
      { field: 'storeCode', label: t('columns.storeCode'), filter: 'text' },
      // console-core §6: the company column shows only for members of more than one company.
      severalCompanies && { field: 'companyName', label: t('columns.companyName'), filter: 'text' },
      {
        field: 'status',
        label: t('columns.status'),
        filter: 'enum',
        options: HEALTH.map((s) => ({ value: s, label: t(`health.${s}`) })),
        render: (r) => <HealthBadge status={r.status} label={t(`health.${r.status}`)} />,
      },
      { field: 'total', label: t('columns.total'), filter: 'number' },
      ...SENSOR_TYPES.map<Column<StoreSensorRow>>((type) => ({
        field: `type-${type}`,
        label: sensorTypeLabel(t, type),
        sortable: false,
        render: (r) => String(r.sensorTypeCount[type] ?? 0),
      })),
      // A store without sensors has no update time: a dash, not a label over nothing.
      { field: 'updatedAt', label: t('columns.updatedAt'), sortable: false, render: (r) => formatDateTime(r.updatedAt) || '—' },
    ];
    return list.filter((c): c is Column<StoreSensorRow> => Boolean(c));
  }, [t, severalCompanies]);

  return (
    <Page title={t('storeList.title')}>
      <DataTable
        id="sensor-stores"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.statusPaginationSensor }}
        rowKey={(r) => r.storeCode}
        pageSizes={SENSOR_STORE_LIST_PAGE_SIZES}
        companyCode={company}
        defaultSort={{ field: 'storeName', dir: 'asc' }}
        rowHref={(r) => `/sensor/detail/${encodeURIComponent(r.storeCode)}`}
      />
    </Page>
  );
}
