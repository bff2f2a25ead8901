import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GatewaySummary } from '../../../contract/schemas/gateways';
import type { StoreStatusRow } from '../../../contract/schemas/status';
import { hasSeveralCompanies, useSession } from '../../platform/session';
import type { Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { HealthBadge } from '../../ui/status-badge';
import { shownGatewayStatus, withoutPort } from './gateway-display';

const HEALTH = ['NORMAL', 'ALARM', 'OFFLINE'] as const;

function useHealthOptions() {
  const { t } = useTranslation('store');
  return useMemo(() => HEALTH.map((s) => ({ value: s, label: t(`health.${s}`) })), [t]);
}

/** The store table's columns (console-core §2); the company column only for members of several companies (§6). */
// spec: core §2.34 — store row columns; company column only with several companies
export function useStoreColumns(): Column<StoreStatusRow>[] {
  const { t } = useTranslation('store');
  const severalCompanies = hasSeveralCompanies(useSession());
  const health = useHealthOptions();
  return useMemo(() => {
    const list: (Column<StoreStatusRow> | false)[] = [
      { field: 'storeName', label: t('columns.storeName'), filter: 'text', primary: true },
      { field: 'storeCode', label: t('columns.storeCode'), filter: 'text' },
      severalCompanies && { field: 'companyName', label: t('columns.companyName'), filter: 'text' },
      { field: 'gwCount', label: t('columns.gwCount'), filter: 'number' },
      { field: 'normal', label: t('columns.normal'), filter: 'number' },
      { field: 'offline', label: t('columns.offline'), filter: 'number' },
      { field: 'alarm', label: t('columns.alarm'), filter: 'number' },
      {
        field: 'status',
        label: t('columns.status'),
        filter: 'enum',
        options: health,
        render: (r) => <HealthBadge status={r.status} label={t(`health.${r.status}`)} />,
      },
    ];
    return list.filter((c): c is Column<StoreStatusRow> => Boolean(c));
  }, [t, severalCompanies, health]);
}

/** A store's gateways: the IP without ':8080' (§3), the status with the timeSync rule (§4). */
// spec: core §2.35, core §3.3 — gateway list columns
export function useGatewayColumns(): Column<GatewaySummary>[] {
  const { t } = useTranslation('store');
  const health = useHealthOptions();
  return useMemo(
    () => [
      { field: 'gwMac', label: t('columns.gwMac'), filter: 'hex', primary: true },
      { field: 'ip', label: t('columns.ip'), filter: 'text', render: (g) => withoutPort(g.ip) },
      {
        field: 'status',
        label: t('columns.status'),
        filter: 'enum',
        options: health,
        render: (g) => {
          const status = shownGatewayStatus(g.status, g.timeSync);
          return <HealthBadge status={status} label={t(`health.${status}`)} />;
        },
      },
      { field: 'gwIndex', label: t('columns.gwIndex'), filter: 'number' },
      { field: 'tagCount', label: t('columns.tagCount'), filter: 'number' },
      { field: 'dataChannel', label: t('columns.dataChannel'), filter: 'number' },
      { field: 'eventChannel', label: t('columns.eventChannel'), filter: 'number' },
      { field: 'gmpVersion', label: t('columns.gmpVersion'), filter: 'text', hiddenByDefault: true },
      { field: 'grmVersion', label: t('columns.grmVersion'), filter: 'text', hiddenByDefault: true },
      { field: 'updatedAt', label: t('columns.updatedAt'), sortable: false, render: (g) => formatDateTime(g.updatedAt) },
    ],
    [t, health],
  );
}
