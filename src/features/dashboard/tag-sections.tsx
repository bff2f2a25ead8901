import { useTranslation } from 'react-i18next';
import { UNKNOWN_TAG_TYPE } from '../../../contract/schemas/tag-type';
import { BarChart, type Bar } from '../../ui/charts/bar-chart';
import { CHART_COLORS } from '../../ui/charts/chart-format';
import { Radial } from '../../ui/charts/radial';
import { DASHBOARD_BAR_MAX_STORES } from './dashboard-constants';
import { goodOf, sumBySize, sumTags, topStoresByTags } from './dashboard-data';
import { SectionCard, Stat } from './section-card';
import type { SectionProps } from './section-types';

export function TagStatusSection({ answer, stores, onDetail }: SectionProps) {
  const { t } = useTranslation('dashboard');
  const sum = sumTags(answer.tagStatus, stores);
  return (
    <SectionCard title={t('tags.title')} testId="dash-tags" onDetail={() => onDetail('tags')}>
      <div className="dashboard-radial-row">
        <Radial value={sum.good} max={sum.total} title={t('tags.goodShare')} caption={t('tags.goodCaption')} testId="dash-tags-radial" />
        <div className="dashboard-stats">
          <Stat label={t('tags.total')} value={sum.total} testId="dash-tags-total" />
          <Stat label={t('tags.good')} value={sum.good} testId="dash-tags-good" tone="good" />
          <Stat label={t('tags.error')} value={sum.error} testId="dash-tags-error" tone="bad" />
          <Stat label={t('tags.inprogress')} value={sum.inprogress} testId="dash-tags-inprogress" />
          <Stat label={t('tags.lowBattery')} value={sum.lowBattery} testId="dash-tags-low-battery" tone="warning" />
        </div>
      </div>
    </SectionCard>
  );
}

/** At most DASHBOARD_BAR_MAX_STORES bars (console-core §2): the stores with most tags; the modal lists all. */
// spec: core §2.28 — at most 10 stores in the bar chart
export function StoreTagsSection({ answer, stores, onDetail }: SectionProps) {
  const { t } = useTranslation('dashboard');
  const shown = topStoresByTags(answer.tagStatus, stores);
  const bars: Bar[] = shown.map((code) => {
    const s = answer.tagStatus?.[code] ?? { total: 0, error: 0, inprogress: 0 };
    return {
      key: code,
      label: answer.storeDict[code]?.storeName ?? code,
      total: s.total,
      segments: [
        { key: 'good', label: t('tags.good'), value: goodOf(s), color: CHART_COLORS.good },
        { key: 'inprogress', label: t('tags.inprogress'), value: s.inprogress, color: CHART_COLORS.warning },
        { key: 'error', label: t('tags.error'), value: s.error, color: CHART_COLORS.bad },
      ],
    };
  });
  const note =
    stores.length > DASHBOARD_BAR_MAX_STORES
      ? t('storeTags.topNote', { count: DASHBOARD_BAR_MAX_STORES })
      : t('storeTags.allNote', { count: stores.length });
  return (
    <SectionCard
      title={t('storeTags.title')}
      testId="dash-store-tags"
      note={note}
      onDetail={() => onDetail('tags')}
      wide
      tall={shown.length > 5}
    >
      <BarChart bars={bars} title={t('storeTags.title')} testId="dash-store-tags-chart" />
    </SectionCard>
  );
}

export function TagTypesSection({ answer, stores, onDetail }: SectionProps) {
  const { t } = useTranslation('dashboard');
  const ngBySize = new Map(sumBySize(stores.map((c) => answer.tagStatus?.[c]?.countNgByType)));
  const bars: Bar[] = sumBySize(stores.map((c) => answer.tagStatus?.[c]?.countByType)).map(([size, total]) => {
    const ng = ngBySize.get(size) ?? 0;
    return {
      key: size,
      label: size === UNKNOWN_TAG_TYPE ? size : `${size}"`,
      total,
      segments: [
        { key: 'ok', label: t('tagTypes.noError'), value: total - ng, color: CHART_COLORS.primary },
        { key: 'ng', label: t('tagTypes.ng'), value: ng, color: CHART_COLORS.bad },
      ],
    };
  });
  return (
    <SectionCard title={t('tagTypes.bySize')} testId="dash-tag-types" onDetail={() => onDetail('tagTypes')}>
      <BarChart bars={bars} title={t('tagTypes.bySize')} testId="dash-tag-types-chart" />
    </SectionCard>
  );
}
