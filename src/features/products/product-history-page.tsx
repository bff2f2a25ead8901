import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProductUpdateHistoryRow } from '../../../contract/schemas/products';
import { endpoints } from '../../../contract/endpoints';
import { useSession } from '../../platform/session';
import { LineChart, type LineSeriesData } from '../../ui/charts/line-chart';
import { DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-time';
import { Page } from '../../ui/page';
import { CHART_PALETTE, cutText, PRODUCT_PAGE_SIZES, updateTaskDetailPath } from './product-constants';
import { infoColumns, useInfoSlots } from './product-info-columns';
import { useProductStore } from './use-product-store';
import './products.css';
import { useRouteParams } from '../../ui/use-route-params';

/**
 * One line per chart-flagged alias over the rows shown, in time order; a value that is not a number leaves a gap.
 * Several updates in one second keep the last (lightweight-charts wants one point per time).
 */
export function chartSeries(
  rows: readonly ProductUpdateHistoryRow[],
  fields: readonly { index: number; name: string }[],
): LineSeriesData[] {
  return fields.map((f, n) => {
    const byTime = new Map<number, number>();
    for (const r of [...rows].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))) {
      const value = Number(r.prInfo[f.index]);
      if (r.prInfo[f.index] !== undefined && r.prInfo[f.index] !== '' && Number.isFinite(value))
        byTime.set(Math.floor(Date.parse(r.updatedAt) / 1000), value);
    }
    return {
      key: `slot-${f.index}`,
      label: f.name,
      color: CHART_PALETTE[n % CHART_PALETTE.length],
      points: [...byTime].map(([time, value]) => ({ time, value })),
    };
  });
}

/** /product/{companyCode}/{storeCode}/{prCode}/update/history (console-admin §2): every version, newest first, and a chart. */
export default function ProductHistoryPage() {
  const { t } = useTranslation('products');
  const { storeCode = '', prCode = '' } = useRouteParams();
  const session = useSession();
  // spec: admin §1.0a — imageBaseUpdate: the history shows each version's tag type instead of its layout
  const imageMode = Boolean(session?.systemConfig.imageBaseUpdate);
  const { alias } = useProductStore(storeCode);
  const [shown, setShown] = useState<readonly ProductUpdateHistoryRow[]>([]);
  const { slots, hear } = useInfoSlots(alias);
  const onRowsShown = useCallback((rows: readonly ProductUpdateHistoryRow[]) => (setShown(rows), hear(rows)), [hear]);
  const chartFields = useMemo(() => alias.filter((a) => a.chart).map((a) => ({ index: a.index, name: a.name })), [alias]);
  const series = useMemo(() => chartSeries(shown, chartFields), [shown, chartFields]);

  const columns = useMemo<Column<ProductUpdateHistoryRow>[]>(
    () => [
      { field: 'updateId', label: t('columns.updateId'), filter: 'text', primary: true },
      imageMode
        ? { field: 'tagType', label: t('columns.tagType'), sortable: false }
        : { field: 'layoutId', label: t('columns.layoutId'), filter: 'text' },
      {
        field: 'prInfo',
        label: t('columns.prInfo'),
        filter: 'text',
        sortable: false,
        hiddenByDefault: true,
        render: (r) => cutText(r.prInfo.filter(Boolean).join(' / ')),
      },
      ...infoColumns<ProductUpdateHistoryRow>(alias, slots, 5),
      { field: 'nfc', label: t('columns.nfc'), filter: 'text' },
      { field: 'updatedAt', label: t('columns.updated'), render: (r) => formatDateTime(r.updatedAt) },
      {
        field: 'detail',
        label: t('columns.detail'),
        sortable: false,
        // An update's id is 'U' + the id of the task it started (server/repos/product-update.ts, and the seed's).
        render: (r) => <Link to={updateTaskDetailPath(storeCode, r.updateId, r.updateId.replace(/^U/, ''))}>{t('actions.detail')}</Link>,
      },
    ],
    [t, alias, slots, imageMode, storeCode],
  );

  return (
    <Page title={t('history.title', { code: prCode })}>
      {chartFields.length > 0 && (
        <div className="product-history-chart">
          <LineChart series={series} title={t('history.chart')} testId="product-history-chart" decimals={2} />
        </div>
      )}
      <DataTable
        id="product-history"
        columns={columns}
        source={{ kind: 'server', endpoint: endpoints.productUpdateHistory, params: { storeCode, prCode } }}
        rowKey={(r) => `${r.updateId}-${r.updatedAt}`}
        pageSizes={PRODUCT_PAGE_SIZES}
        defaultSort={{ field: 'updatedAt', dir: 'desc' }}
        dateRange
        onRowsShown={onRowsShown}
      />
    </Page>
  );
}
