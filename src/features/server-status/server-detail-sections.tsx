import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Usage } from '../../../contract/schemas/gateways';
import type { NetworkInterface, SystemStatusPoint } from '../../../contract/schemas/status';
import { CHART_COLORS } from '../../ui/charts/chart-format';
import { Radial } from '../../ui/charts/radial';
import { StatusHistoryChart, type HistoryLine } from '../../ui/charts/status-history-chart';
import { DataTable, type Column } from '../../ui/data-table';
import { DetailCard } from '../../ui/detail-card';
import { formatDateTime } from '../../ui/format-time';
import { formatBytes } from './server-labels';
import { SERVER_LIST_PAGE_SIZES } from './server-status-constants';

type ServiceRow = { name: string; status: string; updatedAt?: string };

/** Disk or RAM: the share used as a ring, and used / total in bytes (raw numbers in data-* for tests). */
export function UsageGauge({ title, usage, testId }: { title: string; usage: Usage; testId: string }) {
  const { t } = useTranslation('servers');
  const text = t('detail.usage', { used: formatBytes(usage.used), total: formatBytes(usage.total) });
  return (
    <DetailCard title={title} testId={testId}>
      <Radial value={usage.used} max={usage.total} title={title} testId={`${testId}-gauge`} />
      <p className="server-usage" data-testid={`${testId}-text`} data-used={usage.used} data-total={usage.total}>
        {text}
      </p>
    </DetailCard>
  );
}

export function ServiceList({ rows }: { rows: ServiceRow[] }) {
  const { t } = useTranslation('servers');
  const columns = useMemo<Column<ServiceRow>[]>(
    () => [
      { field: 'name', label: t('detail.service'), primary: true },
      { field: 'status', label: t('columns.status') },
      { field: 'updatedAt', label: t('detail.updatedAt'), render: (s) => formatDateTime(s.updatedAt) },
    ],
    [t],
  );
  return (
    <DetailCard title={t('detail.services')} testId="server-services" wide>
      <DataTable
        id="server-services"
        columns={columns}
        source={{ kind: 'local', rows }}
        rowKey={(s) => s.name}
        pageSizes={SERVER_LIST_PAGE_SIZES}
      />
    </DetailCard>
  );
}

export function NetworkList({ rows }: { rows: NetworkInterface[] }) {
  const { t } = useTranslation('servers');
  const columns = useMemo<Column<NetworkInterface>[]>(
    () => [
      { field: 'name', label: t('detail.interface'), primary: true },
      { field: 'ip', label: t('detail.ip') },
      { field: 'mac', label: t('detail.mac') },
      { field: 'netmask', label: t('detail.netmask') },
    ],
    [t],
  );
  return (
    <DetailCard title={t('detail.network')} testId="server-network" wide>
      <DataTable
        id="server-network"
        columns={columns}
        source={{ kind: 'local', rows }}
        rowKey={(n) => `${n.name}-${n.ip}`}
        pageSizes={SERVER_LIST_PAGE_SIZES}
      />
    </DetailCard>
  );
}

/** The last 24 hours of the server's health samples (console-core §2), as percentages used. */
export function HistoryChart({ points }: { points: readonly SystemStatusPoint[] }) {
  const { t } = useTranslation('servers');
  const lines = useMemo<HistoryLine[]>(
    () => [
      { field: 'memory', label: t('detail.memory'), color: CHART_COLORS.primary },
      { field: 'disk', label: t('detail.disk'), color: CHART_COLORS.warning },
      { field: 'cpu', label: t('detail.cpu'), color: CHART_COLORS.secondary },
    ],
    [t],
  );
  return (
    <DetailCard title={t('detail.history')} testId="server-history" wide>
      <StatusHistoryChart points={points} lines={lines} title={t('detail.history')} testId="server-history-chart" />
    </DetailCard>
  );
}
