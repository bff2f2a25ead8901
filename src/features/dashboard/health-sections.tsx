import { useTranslation } from 'react-i18next';
import type { HealthCounts } from '../../../contract/schemas/dashboard';
import { BarChart, type Bar } from '../../ui/charts/bar-chart';
import { CHART_COLORS, STATUS_COLORS } from '../../ui/charts/chart-format';
import { Donut } from '../../ui/charts/donut';
import { DASHBOARD_BAR_MAX_ENTRIES } from './dashboard-constants';
import { foldRest, sumCounts, sumHealth } from './dashboard-data';
import { SectionCard } from './section-card';
import type { SectionProps } from './section-types';

const OTHER = '__other';

function useHealthItems(counts: HealthCounts) {
  const { t } = useTranslation('dashboard');
  return [
    { key: 'normal', label: t('status.NORMAL'), value: counts.normal, color: STATUS_COLORS.NORMAL },
    { key: 'alarm', label: t('status.ALARM'), value: counts.alarm, color: STATUS_COLORS.ALARM },
    { key: 'offline', label: t('status.OFFLINE'), value: counts.offline, color: STATUS_COLORS.OFFLINE },
  ];
}

/** Servers are not per store: the selection does not apply, and there is nothing per store to detail. */
// spec: core §2.25 — donut and bar charts (radial and line in tag-sections, update-sections)
export function ServerSection({ counts }: { counts: HealthCounts }) {
  const { t } = useTranslation('dashboard');
  const items = useHealthItems(counts);
  return (
    <SectionCard title={t('server.title')} testId="dash-server">
      <Donut items={items} centerValue={counts.total} centerLabel={t('total')} title={t('server.title')} testId="dash-server-chart" />
    </SectionCard>
  );
}

/** Gateway health; the server already counts a NORMAL gateway without time sync as ALARM (console-core §4). */
export function GatewaySection({ answer, stores, onDetail }: SectionProps) {
  const { t } = useTranslation('dashboard');
  const counts = sumHealth(answer.gwStatus, stores);
  const items = useHealthItems(counts);
  return (
    <SectionCard title={t('gateway.title')} testId="dash-gateway" onDetail={() => onDetail('gateway')}>
      <Donut items={items} centerValue={counts.total} centerLabel={t('total')} title={t('gateway.title')} testId="dash-gateway-chart" />
    </SectionCard>
  );
}

export function VersionSection({ answer, stores, onDetail }: SectionProps) {
  const { t } = useTranslation('dashboard');
  const bars = (field: 'gmpVersion' | 'grmVersion', color: string): Bar[] =>
    foldRest(sumCounts(stores.map((c) => answer.gwStatus?.[c]?.[field])), DASHBOARD_BAR_MAX_ENTRIES, OTHER).map(([version, n]) => ({
      key: version,
      label: version === OTHER ? t('other') : version,
      segments: [{ key: 'gateways', label: t('gateway.gateways'), value: n, color }],
    }));
  return (
    <SectionCard title={t('gateway.versionsTitle')} testId="dash-versions" onDetail={() => onDetail('versions')}>
      <h3 className="dashboard-subtitle">{t('gateway.gmp')}</h3>
      <BarChart bars={bars('gmpVersion', CHART_COLORS.primary)} title={t('gateway.gmp')} testId="dash-versions-gmp" />
      <h3 className="dashboard-subtitle">{t('gateway.grm')}</h3>
      <BarChart bars={bars('grmVersion', CHART_COLORS.secondary)} title={t('gateway.grm')} testId="dash-versions-grm" />
    </SectionCard>
  );
}
