import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTableRequest } from '../../contract/table';
import { pageLocally } from '../../src/ui/data-table/local-table';
import { loadSavedFilters, saveFilters, SAVED_FILTER_TTL_MS } from '../../src/ui/data-table/use-table-prefs';
import { CONDITIONS_OF } from '../../src/ui/data-table/table-filters';
import { firstInvalid, type FormField } from '../../src/ui/form-modal';
import { formatDateTime, toEpochSeconds } from '../../src/ui/format-time';

const gateways = [
  { gwMac: 'AA0000000001', ip: '10.0.0.11', status: 'NORMAL', tagCount: 40 },
  { gwMac: 'AA0000000002', ip: '10.0.0.12', status: 'OFFLINE', tagCount: 5 },
  { gwMac: 'BB0000000003', ip: '10.0.1.13', status: 'ALARM', tagCount: 120 },
];

describe('pageLocally: the table protocol over rows the page holds', () => {
  it('filters with ~ (contains, any case) and == (exact), counting before paging', () => {
    const page = pageLocally(gateways, { page: 0, pageSize: 50, filters: { gwMac: { value: 'aa00', condition: '~' } } });
    expect(page.data.map((g) => g.gwMac)).toEqual(['AA0000000001', 'AA0000000002']);
    expect(page.recordsTotal).toBe(3);
    expect(page.recordsFiltered).toBe(2);
    const exact = pageLocally(gateways, { page: 0, pageSize: 50, filters: { gwMac: { value: 'AA00', condition: '==' } } });
    expect(exact.data).toEqual([]);
  });

  it('compares numbers with >= and <=, and a list means "in"', () => {
    const big = pageLocally(gateways, { page: 0, pageSize: 50, filters: { tagCount: { value: 40, condition: '>=' } } });
    expect(big.data.map((g) => g.tagCount)).toEqual([40, 120]);
    const some = pageLocally(gateways, { page: 0, pageSize: 50, filters: { status: { value: ['ALARM', 'OFFLINE'] } } });
    expect(some.data.map((g) => g.status)).toEqual(['OFFLINE', 'ALARM']);
  });

  it('sorts numerically and pages; -1 shows all', () => {
    const sorted = pageLocally(gateways, { page: 0, pageSize: 2, sort: { field: 'tagCount', dir: 'desc' } });
    expect(sorted.data.map((g) => g.tagCount)).toEqual([120, 40]);
    const second = pageLocally(gateways, { page: 1, pageSize: 2, sort: { field: 'tagCount', dir: 'desc' } });
    expect(second.data.map((g) => g.tagCount)).toEqual([5]);
    expect(pageLocally(gateways, { page: 0, pageSize: -1 }).data).toHaveLength(3);
  });

  it("does not reorder the caller's rows", () => {
    pageLocally(gateways, { page: 0, pageSize: 50, sort: { field: 'tagCount', dir: 'desc' } });
    expect(gateways[0].gwMac).toBe('AA0000000001');
  });
});

describe('saved table filters', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    globalThis.localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as Storage;
  });
  afterEach(() => store.clear());

  // spec: core §9.3 — saved table filters expire after 86400 s
  it('come back within a day and are forgotten after 86400 s', () => {
    const savedAt = Date.UTC(2026, 10, 21, 8);
    saveFilters('tags', { barcode: { value: 'A1', condition: '~' } }, undefined, savedAt);
    expect(loadSavedFilters('tags', savedAt + SAVED_FILTER_TTL_MS)?.filters).toEqual({ barcode: { value: 'A1', condition: '~' } });
    expect(loadSavedFilters('tags', savedAt + SAVED_FILTER_TTL_MS + 1)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('clearing every filter removes the saved entry', () => {
    saveFilters('tags', { barcode: { value: 'A1' } }, undefined);
    saveFilters('tags', {}, undefined);
    expect(store.size).toBe(0);
  });
});

describe('filter conditions and the wire request', () => {
  // spec: core §3.17 — text filters contains (~) or equals (==)
  // spec: admin §5.15 — the filter operators half: ~, ==, >=, <=
  it('text offers contains and equals; dates only ranges', () => {
    expect(CONDITIONS_OF.text).toEqual(['~', '==']);
    expect(CONDITIONS_OF.date).toEqual(['>=', '<=']);
  });

  // spec: core §5.8, core §9.8 — yyyy-mm-dd hh:ii:ss sent as epoch seconds
  // spec: admin §9.3, admin §7.0a — date format yyyy-mm-dd hh:ii:ss; filter_startDate as epoch seconds
  it('a date typed as yyyy-mm-dd hh:ii:ss goes out as epoch seconds in the browser time zone', () => {
    const seconds = toEpochSeconds('2026-11-21 09:30:15')!;
    expect(formatDateTime(seconds * 1000)).toBe('2026-11-21 09:30:15');
    expect(toEpochSeconds('2026-02-30 00:00:00')).toBeUndefined();
    expect(toEpochSeconds('yesterday')).toBeUndefined();
    const request = buildTableRequest({ page: 2, pageSize: 25, dateRange: { start: seconds } });
    expect(request).toMatchObject({ start: 50, length: 25, filter_startDate: seconds });
  });
});

describe('firstInvalid: the first broken rule, in field order', () => {
  const fields: FormField[] = [
    { name: 'tagMac', label: 'Tag MAC', required: 'Enter Tag ID, Please!' },
    { name: 'prCode', label: 'Product', required: 'Enter Product Code, Please!' },
    { name: 'width', label: 'Width', validate: (v) => (v && !/^\d+$/.test(v) ? 'Enter a number.' : undefined) },
  ];

  it('reports the first empty field after trimming, then the validators', () => {
    expect(firstInvalid(fields, { tagMac: '  ', prCode: '' })).toEqual({ field: 'tagMac', message: 'Enter Tag ID, Please!' });
    expect(firstInvalid(fields, { tagMac: 'A1', prCode: '' })).toEqual({ field: 'prCode', message: 'Enter Product Code, Please!' });
    expect(firstInvalid(fields, { tagMac: 'A1', prCode: 'P', width: '1.5' })).toEqual({ field: 'width', message: 'Enter a number.' });
    expect(firstInvalid(fields, { tagMac: 'A1', prCode: 'P', width: '15' })).toBeUndefined();
  });
});
