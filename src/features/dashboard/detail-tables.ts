import type { TFunction } from 'i18next';
import type { Dashboard } from '../../../contract/schemas/dashboard';
import { dailyByStore, dailyTotals, goodOf, sumCounts, tagTypeLabel } from './dashboard-data';
import type { DetailKind } from './section-types';

export type Cell = string | number;

export interface DetailTable {
  key: string;
  caption?: string;
  columns: { key: string; label: string; numeric?: boolean }[];
  rows: { key: string; cells: Cell[] }[];
  /** Adds a total row summing the numeric columns. */
  totals?: boolean;
}

export interface Detail {
  title: string;
  tables: DetailTable[];
}

type T = TFunction<'dashboard'>;

const storeLabel = (answer: Dashboard, code: string) => {
  const name = answer.storeDict[code]?.storeName;
  return name ? `${name} (${code})` : code;
};

const num = (key: string, label: string) => ({ key, label, numeric: true });

/** The tables of a detail modal: the numbers of a section per store (or per day / gateway), from the answer. */
export function buildDetail(kind: DetailKind, answer: Dashboard, stores: string[], t: T): Detail {
  const store = { key: 'store', label: t('table.store') };
  switch (kind) {
    case 'gateway': {
      const perStore: DetailTable = {
        key: 'stores',
        columns: [
          store,
          num('total', t('total')),
          num('normal', t('status.NORMAL')),
          num('alarm', t('status.ALARM')),
          num('offline', t('status.OFFLINE')),
        ],
        rows: stores.map((code) => {
          const s = answer.gwStatus?.[code] ?? { total: 0, normal: 0, alarm: 0, offline: 0 };
          return { key: code, cells: [storeLabel(answer, code), s.total, s.normal, s.alarm, s.offline] };
        }),
        totals: true,
      };
      // Tags per gateway come with tag read only; without it the modal keeps the per-store table.
      if (!answer.gwTagStatus) return { title: t('gateway.title'), tables: [perStore] };
      const perGateway: DetailTable = {
        key: 'gateways',
        caption: t('gateway.perGateway'),
        columns: [
          store,
          { key: 'gwMac', label: t('gateway.gwMac') },
          { key: 'status', label: t('server.status') },
          num('tags', t('gateway.tags')),
        ],
        rows: stores.flatMap((code) =>
          (answer.gwTagStatus?.[code] ?? []).map((gw) => ({
            key: `${code}/${gw.gwMac}`,
            cells: [storeLabel(answer, code), gw.gwMac, t(`status.${gw.status}`), gw.tagCount],
          })),
        ),
      };
      return { title: t('gateway.title'), tables: [perStore, perGateway] };
    }
    case 'versions':
      return {
        title: t('gateway.versionsTitle'),
        tables: (['gmpVersion', 'grmVersion'] as const).map((field) => ({
          key: field,
          caption: t(field === 'gmpVersion' ? 'gateway.gmp' : 'gateway.grm'),
          columns: [store, { key: 'version', label: t('gateway.version') }, num('gateways', t('gateway.gateways'))],
          rows: stores.flatMap((code) =>
            sumCounts([answer.gwStatus?.[code]?.[field]]).map(([version, n]) => ({
              key: `${code}/${version}`,
              cells: [storeLabel(answer, code), version, n],
            })),
          ),
        })),
      };
    case 'tags': {
      const updating = new Set(answer.updatingStoreList);
      return {
        title: t('tags.title'),
        tables: [
          {
            key: 'stores',
            columns: [
              store,
              num('total', t('tags.total')),
              num('good', t('tags.good')),
              num('error', t('tags.error')),
              num('inprogress', t('tags.inprogress')),
              num('lowBattery', t('tags.lowBattery')),
              { key: 'updating', label: t('table.updating') },
            ],
            rows: stores.map((code) => {
              const s = answer.tagStatus?.[code] ?? { total: 0, error: 0, inprogress: 0, lowBattery: 0 };
              return {
                key: code,
                cells: [
                  storeLabel(answer, code),
                  s.total,
                  goodOf(s),
                  s.error,
                  s.inprogress,
                  s.lowBattery,
                  updating.has(code) ? t('table.yes') : '',
                ],
              };
            }),
            totals: true,
          },
        ],
      };
    }
    case 'tagTypes':
      return {
        title: t('tagTypes.title'),
        tables: [
          {
            key: 'types',
            columns: [store, { key: 'type', label: t('tagTypes.model') }, num('total', t('tags.total')), num('ng', t('tagTypes.ng'))],
            rows: stores.flatMap((code) => {
              const s = answer.tagStatus?.[code];
              return sumCounts([s?.countByType]).map(([type, n]) => ({
                key: `${code}/${type}`,
                cells: [storeLabel(answer, code), tagTypeLabel(type), n, s?.countNgByType[type] ?? 0],
              }));
            }),
            totals: true,
          },
        ],
      };
    case 'daily': {
      const tags = dailyTotals(answer.updatedTagCount, stores);
      const products = new Map(dailyTotals(answer.updatedProductCount, stores).map((d) => [d.date, d.total]));
      const tagsByStore = dailyByStore(answer.updatedTagCount, stores);
      const productsByStore = dailyByStore(answer.updatedProductCount, stores);
      const columns = [num('tags', t('daily.tags')), num('products', t('daily.products'))];
      return {
        title: t('daily.title'),
        tables: [
          {
            key: 'days',
            columns: [{ key: 'date', label: t('daily.date') }, ...columns],
            rows: tags.map((d) => ({ key: d.date, cells: [d.date, d.total, products.get(d.date) ?? 0] })),
            totals: true,
          },
          {
            key: 'stores',
            columns: [store, ...columns],
            rows: stores.map((code) => ({ key: code, cells: [storeLabel(answer, code), tagsByStore[code], productsByStore[code]] })),
            totals: true,
          },
        ],
      };
    }
    case 'today':
      return {
        title: t('today.title'),
        tables: [
          {
            key: 'stores',
            columns: [
              store,
              num('tagsToday', t('today.tags')),
              num('tags', t('today.tagsTotal')),
              num('productsToday', t('today.products')),
              num('products', t('today.productsTotal')),
            ],
            rows: stores.map((code) => {
              const tg = answer.tagStatus?.[code];
              const pr = answer.productStatus?.[code];
              return {
                key: code,
                cells: [storeLabel(answer, code), tg?.todayUpdated ?? 0, tg?.total ?? 0, pr?.todayUpdated ?? 0, pr?.total ?? 0],
              };
            }),
            totals: true,
          },
        ],
      };
  }
}

/** The total row of a table: sums of the numeric columns, blanks elsewhere. */
export function totalRow(table: DetailTable): Cell[] {
  return table.columns.map((c, i) => (c.numeric ? table.rows.reduce((a, r) => a + Number(r.cells[i] ?? 0), 0) : ''));
}
