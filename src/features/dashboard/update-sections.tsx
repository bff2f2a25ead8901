import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_COLORS } from '../../ui/charts/chart-format';
import { Gauge } from '../../ui/charts/gauge';
import { LineChart, type LineSeriesData } from '../../ui/charts/line-chart';
import { dailyTotals, sumProducts, sumTags } from './dashboard-data';
import { SectionCard } from './section-card';
import type { SectionProps } from './section-types';

/** Tags and products updated per day over the days the server keeps (DAILY_CHART_DAYS on our server). */
export function DailySection({ answer, stores, onDetail }: SectionProps) {
  const { t } = useTranslation('dashboard');
  const series = useMemo<LineSeriesData[]>(
    () => [
      {
        key: 'tags',
        label: t('daily.tags'),
        color: CHART_COLORS.primary,
        points: dailyTotals(answer.updatedTagCount, stores).map((d) => ({ time: d.date, value: d.total })),
      },
      {
        key: 'products',
        label: t('daily.products'),
        color: CHART_COLORS.secondary,
        points: dailyTotals(answer.updatedProductCount, stores).map((d) => ({ time: d.date, value: d.total })),
      },
    ],
    [answer.updatedTagCount, answer.updatedProductCount, stores, t],
  );
  const empty = series.every((s) => s.points.length === 0);
  return (
    <SectionCard title={t('daily.title')} testId="dash-daily" onDetail={() => onDetail('daily')} wide>
      {empty ? (
        <p className="dashboard-empty">{t('daily.noDays')}</p>
      ) : (
        <LineChart series={series} title={t('daily.title')} testId="dash-daily-chart" />
      )}
    </SectionCard>
  );
}

export function TodaySection({ answer, stores, onDetail }: SectionProps) {
  const { t } = useTranslation('dashboard');
  const tags = sumTags(answer.tagStatus, stores);
  const products = sumProducts(answer.productStatus, stores);
  return (
    <SectionCard title={t('today.title')} testId="dash-today" onDetail={() => onDetail('today')}>
      <div className="dashboard-gauges">
        <div>
          <Gauge value={tags.todayUpdated} max={tags.total} title={t('today.tags')} color={CHART_COLORS.primary} testId="dash-today-tags" />
          <p className="dashboard-gauge-caption">{t('today.tags')}</p>
        </div>
        <div>
          <Gauge
            value={products.todayUpdated}
            max={products.total}
            title={t('today.products')}
            color={CHART_COLORS.secondary}
            testId="dash-today-products"
          />
          <p className="dashboard-gauge-caption">{t('today.products')}</p>
        </div>
      </div>
    </SectionCard>
  );
}
