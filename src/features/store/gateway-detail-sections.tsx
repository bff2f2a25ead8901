import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmHistoryRow, GatewayDetail, Usage } from '../../../contract/schemas/gateways';
import type { SystemStatusPoint } from '../../../contract/schemas/status';
import { endpoints } from '../../../contract/endpoints';
import { CHART_COLORS } from '../../ui/charts/chart-format';
import { Radial } from '../../ui/charts/radial';
import { StatusHistoryChart, type HistoryLine } from '../../ui/charts/status-history-chart';
import { DataTable, type Column } from '../../ui/data-table';
import { DetailCard, DetailFacts } from '../../ui/detail-card';
import { formatDateTime } from '../../ui/format-time';
import { HealthBadge } from '../../ui/status-badge';
import { shownGatewayStatus, timeSyncLabel, withoutPort } from './gateway-display';
import { GATEWAY_ALARM_HISTORY_PAGE_SIZE, GATEWAY_LIST_PAGE_SIZE } from './store-constants';
import { alarmTypeLabel, readableWords } from '../alarms/alarm-words';
import { readableText } from '../alarms/readable-data';

/** The disks the detail's gauges show, besides memory (console-core §2 Gateway detail). */
export const RAMDISK_PATH = '/ramdisk';
export const LOG_DISK_PATH = '/ramdisk/logs';

// spec: core §2.38 — IP, alternate IP, status, uplink, downlink, time sync OK/NG, usage
export function GatewayFacts({ gw }: { gw: GatewayDetail }) {
  const { t } = useTranslation('store');
  const status = shownGatewayStatus(gw.status, gw.timeSync);
  const facts: [string, string, ReactNode][] = [
    ['ip', t('columns.ip'), withoutPort(gw.ip)],
    ['alternate-ip', t('columns.alternateIp'), withoutPort(gw.alternateIp)],
    ['status', t('columns.status'), <HealthBadge key="status" status={status} label={t(`health.${status}`)} />],
    ['uplink', t('columns.upLink'), gw.upLink ?? ''],
    ['downlink', t('columns.downLink'), gw.downLink ?? ''],
    ['time-sync', t('columns.timeSync'), timeSyncLabel(gw.timeSync)],
    ['gw-index', t('columns.gwIndex'), String(gw.gwIndex)],
    ['tag-count', t('columns.tagCount'), String(gw.tagCount)],
    ['channels', t('columns.channels'), `${gw.dataChannel} / ${gw.eventChannel}`],
    ['versions', t('columns.versions'), `${gw.gmpVersion ?? '-'} / ${gw.grmVersion ?? '-'}`],
    ['updated-at', t('columns.updatedAt'), formatDateTime(gw.updatedAt)],
    ['last-status', t('columns.lastStatusTime'), formatDateTime(gw.lastStatusTime)],
  ];
  return (
    <DetailCard title={t('gateway.facts')} testId="gw-facts">
      <DetailFacts>
        {facts.map(([key, label, value]) => (
          <div key={key} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd data-testid={`gw-${key}`}>{value}</dd>
          </div>
        ))}
      </DetailFacts>
    </DetailCard>
  );
}

function UsageGauge({ title, usage, testId }: { title: string; usage: Usage | undefined; testId: string }) {
  const { t } = useTranslation('store');
  return (
    <DetailCard title={title} testId={testId}>
      {usage ? (
        <div data-used={usage.used} data-total={usage.total} data-testid={`${testId}-usage`}>
          <Radial value={usage.used} max={usage.total} title={title} testId={`${testId}-gauge`} />
        </div>
      ) : (
        <p>{t('gateway.noUsage')}</p>
      )}
    </DetailCard>
  );
}

/** Three rings: percent of memory, ramdisk and log disk used. */
export function GatewayGauges({ gw }: { gw: GatewayDetail }) {
  const { t } = useTranslation('store');
  const disk = (path: string) => gw.diskUsage.find((d) => d.path === path);
  return (
    <>
      <UsageGauge title={t('gateway.memory')} usage={gw.ramUsage} testId="gw-memory" />
      <UsageGauge title={t('gateway.ramdisk', { path: RAMDISK_PATH })} usage={disk(RAMDISK_PATH)} testId="gw-ramdisk" />
      <UsageGauge title={t('gateway.logDisk', { path: LOG_DISK_PATH })} usage={disk(LOG_DISK_PATH)} testId="gw-logdisk" />
    </>
  );
}

/** The last 24 hours of memory, ramdisk and log disk used, in percent; older points are trimmed (§2). */
export function GatewayHistory({ points, nowMs }: { points: readonly SystemStatusPoint[]; nowMs?: number }) {
  const { t } = useTranslation('store');
  const lines = useMemo<HistoryLine[]>(
    () => [
      { field: 'memory', label: t('gateway.memory'), color: CHART_COLORS.primary },
      { field: 'ramdisk', label: t('gateway.ramdisk', { path: RAMDISK_PATH }), color: CHART_COLORS.warning },
      { field: 'logDisk', label: t('gateway.logDisk', { path: LOG_DISK_PATH }), color: CHART_COLORS.secondary },
    ],
    [t],
  );
  return (
    <DetailCard title={t('gateway.history')} testId="gw-history" wide>
      <StatusHistoryChart points={points} lines={lines} nowMs={nowMs} title={t('gateway.history')} testId="gw-history-chart" />
    </DetailCard>
  );
}

type ServiceRow = GatewayDetail['serviceStatusList'][number];

export function GatewayServices({ rows }: { rows: ServiceRow[] }) {
  const { t } = useTranslation('store');
  const columns = useMemo<Column<ServiceRow>[]>(
    () => [
      { field: 'name', label: t('gateway.service'), primary: true },
      { field: 'status', label: t('columns.status') },
      { field: 'updatedAt', label: t('columns.updatedAt'), render: (s) => formatDateTime(s.updatedAt) },
    ],
    [t],
  );
  return (
    <DetailCard title={t('gateway.services')} testId="gw-services" wide>
      <DataTable
        id="gw-services"
        columns={columns}
        source={{ kind: 'local', rows }}
        rowKey={(s) => s.name}
        pageSizes={[GATEWAY_LIST_PAGE_SIZE]}
      />
    </DetailCard>
  );
}

/**
 * The gateway's alarms, 10 per page, newest first, paged by the server. Type and class read as the system's names
 * in the member's language, the data as "key: value" pairs (issue 31.6), as in the alarm history.
 */
export function GatewayAlarms({ storeCode, gwMac }: { storeCode: string; gwMac: string }) {
  const { t } = useTranslation('store');
  const { t: ts } = useTranslation('settings');
  const columns = useMemo<Column<AlarmHistoryRow>[]>(() => {
    const classLabel = (c: number | string) => ts(`alarms.classes.${String(c) as '1' | '2' | '3'}`);
    const words = readableWords(ts);
    return [
      { field: 'updatedAt', label: t('alarms.updatedAt'), filter: 'date', primary: true, render: (r) => formatDateTime(r.updatedAt) },
      { field: 'type', label: t('alarms.type'), filter: 'text', render: (r) => alarmTypeLabel(ts, r.type) },
      {
        field: 'class',
        label: t('alarms.class'),
        filter: 'enum',
        options: [1, 2, 3].map((c) => ({ value: String(c), label: classLabel(c) })),
        render: (r) => classLabel(r.class),
      },
      { field: 'location', label: t('alarms.location'), filter: 'text' },
      { field: 'data', label: t('alarms.data'), sortable: false, render: (r) => readableText(r.data, words) },
    ];
  }, [t, ts]);
  return (
    <DetailCard title={t('alarms.title')} testId="gw-alarms" wide>
      <DataTable
        id="gw-alarms"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.gatewayAlarmHistory, params: { storeCode, gwMac } }}
        rowKey={(r) => `${r.updatedAt}-${r.type}-${r.class}`}
        pageSizes={[GATEWAY_ALARM_HISTORY_PAGE_SIZE]}
        defaultSort={{ field: 'updatedAt', dir: 'desc' }}
        dateRange
      />
    </DetailCard>
  );
}
