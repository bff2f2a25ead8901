import { describe, expect, it } from 'vitest';
import type { Dashboard, TagStats } from '../../contract/schemas/dashboard';
import {
  dailyByStore,
  dailyTotals,
  foldRest,
  selectedStores,
  storeOptions,
  sumBySize,
  sumCounts,
  sumHealth,
  sumProducts,
  sumTags,
  topStoresByTags,
} from '../../src/features/dashboard/dashboard-data';
import { buildDetail, totalRow } from '../../src/features/dashboard/detail-tables';

const tag = (total: number, error = 0, inprogress = 0, extra: Partial<TagStats> = {}): TagStats => ({
  total,
  error,
  inprogress,
  lowBattery: 0,
  countByType: {},
  countNgByType: {},
  todayUpdated: 0,
  ...extra,
});

const answer: Dashboard = {
  storeList: ['A1', 'A2', 'B1'],
  storeDict: {
    A1: { storeName: 'Alpha One', companyCode: 'A' },
    A2: { storeName: 'Alpha Two', companyCode: 'A' },
    B1: { storeName: 'Beta', companyCode: 'B' },
  },
  companyDict: { A: 'Alpha Co', B: 'Beta Co' },
  updatingStoreList: ['A2'],
  gwStatus: {
    A1: { total: 3, normal: 2, alarm: 1, offline: 0, gmpVersion: { '1.0': 2, '1.1': 1 }, grmVersion: { r1: 3 } },
    B1: { total: 2, normal: 0, alarm: 0, offline: 2, gmpVersion: { '1.1': 2 }, grmVersion: {} },
  },
  tagStatus: {
    A1: tag(100, 5, 10, { lowBattery: 3, todayUpdated: 7, countByType: { B3: 60, A4: 40 }, countNgByType: { B3: 5 } }),
    A2: tag(300, 1, 0, { todayUpdated: 2 }),
    B1: tag(50, 50, 0),
  },
  productStatus: { A1: { total: 80, todayUpdated: 4 }, B1: { total: 20, todayUpdated: 1 } },
  updatedTagCount: [
    { date: '2026-01-02', storeCode: 'A1', total: 5 },
    { date: '2026-01-01', storeCode: 'A1', total: 3 },
    { date: '2026-01-01', storeCode: 'B1', total: 4 },
  ],
};

describe('selection', () => {
  // spec: core §2.24 — the company selection narrows the store choice
  it('offers the stores of the chosen companies, all when none is chosen', () => {
    expect(storeOptions(answer, []).map((s) => s.code)).toEqual(['A1', 'A2', 'B1']);
    expect(storeOptions(answer, ['B'])).toEqual([{ code: 'B1', name: 'Beta', companyCode: 'B' }]);
  });

  it('intersects chosen stores with the chosen companies', () => {
    expect(selectedStores(answer, { companies: [], stores: [] })).toEqual(['A1', 'A2', 'B1']);
    expect(selectedStores(answer, { companies: ['A'], stores: [] })).toEqual(['A1', 'A2']);
    expect(selectedStores(answer, { companies: ['A'], stores: ['B1', 'A2'] })).toEqual(['A2']);
    expect(selectedStores(answer, { companies: [], stores: ['B1'] })).toEqual(['B1']);
  });
});

describe('sums over the selected stores', () => {
  it('adds gateway health, a store without gateways counting nothing', () => {
    expect(sumHealth(answer.gwStatus, ['A1', 'A2', 'B1'])).toEqual({ total: 5, normal: 2, alarm: 1, offline: 2 });
    expect(sumHealth(undefined, ['A1'])).toEqual({ total: 0, normal: 0, alarm: 0, offline: 0 });
  });

  // spec: core §3.8 — good = total − error − in progress
  it('adds tag stats with good = total − error − in progress', () => {
    expect(sumTags(answer.tagStatus, ['A1', 'B1'])).toEqual({
      total: 150,
      good: 85,
      error: 55,
      inprogress: 10,
      lowBattery: 3,
      todayUpdated: 7,
    });
  });

  it('adds products', () => {
    expect(sumProducts(answer.productStatus, ['A1', 'A2', 'B1'])).toEqual({ total: 100, todayUpdated: 5 });
  });

  it('merges count maps, most common first, and folds the rest into one entry', () => {
    const versions = sumCounts(['A1', 'B1'].map((c) => answer.gwStatus![c].gmpVersion));
    expect(versions).toEqual([
      ['1.1', 3],
      ['1.0', 2],
    ]);
    expect(
      foldRest(
        [
          ['a', 5],
          ['b', 4],
          ['c', 3],
          ['d', 1],
        ],
        3,
        'other',
      ),
    ).toEqual([
      ['a', 5],
      ['b', 4],
      ['other', 4],
    ]);
    expect(foldRest([['a', 5]], 3, 'other')).toEqual([['a', 5]]);
  });
});

describe('sumBySize', () => {
  it('groups tag types by screen size, smallest first, unknown codes last', () => {
    expect(
      sumBySize([
        { B3: 5, A4: 2, '23': 1 },
        { B3: 1, X1: 4, '31': 3 },
      ]),
    ).toEqual([
      ['1.6', 3],
      ['2.9', 7],
      ['4.2', 2],
      ['UNKNOWN', 4],
    ]);
  });
});

describe('topStoresByTags', () => {
  // spec: core §2.28
  it('keeps at most ten stores, those with most tags', () => {
    const many: Record<string, TagStats> = Object.fromEntries(
      Array.from({ length: 15 }, (_, i) => [`S${String(i).padStart(2, '0')}`, tag(i * 10)]),
    );
    const top = topStoresByTags(many, Object.keys(many));
    expect(top).toHaveLength(10);
    expect(top[0]).toBe('S14');
    expect(top.at(-1)).toBe('S05');
  });

  it('orders ties by store code and keeps stores without stats last', () => {
    expect(topStoresByTags({ X: tag(5), Y: tag(5) }, ['Z', 'Y', 'X'], 10)).toEqual(['X', 'Y', 'Z']);
  });
});

describe('daily counts', () => {
  it('sums the selected stores per day, oldest first', () => {
    expect(dailyTotals(answer.updatedTagCount, ['A1', 'B1'])).toEqual([
      { date: '2026-01-01', total: 7 },
      { date: '2026-01-02', total: 5 },
    ]);
    expect(dailyTotals(answer.updatedTagCount, ['A1'])).toEqual([
      { date: '2026-01-01', total: 3 },
      { date: '2026-01-02', total: 5 },
    ]);
  });

  it('sums each store over the days', () => {
    expect(dailyByStore(answer.updatedTagCount, ['A1', 'A2'])).toEqual({ A1: 8, A2: 0 });
  });
});

describe('detail tables', () => {
  const t = ((key: string) => key) as never;

  it('lists tag numbers per selected store with a total row', () => {
    const detail = buildDetail('tags', answer, ['A1', 'A2'], t);
    const [table] = detail.tables;
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['Alpha One (A1)', 100, 85, 5, 10, 3, ''],
      ['Alpha Two (A2)', 300, 299, 1, 0, 0, 'table.yes'],
    ]);
    expect(totalRow(table)).toEqual(['', 400, 384, 6, 10, 3, '']);
  });

  it('lists gateway counts per store, zero for a store without gateways', () => {
    const [table] = buildDetail('gateway', answer, ['A2', 'B1'], t).tables;
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['Alpha Two (A2)', 0, 0, 0, 0],
      ['Beta (B1)', 2, 0, 0, 2],
    ]);
  });
});
