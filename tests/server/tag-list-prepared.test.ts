import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { tags } from '../../server/db/schema/index';
import { login, startTestServer, type AuthHeaders, type TestServer } from './harness';

/*
 * The tag list runs as prepared statements, one pair per query shape (server/lib/table-sql.ts preparedQuery): the
 * page carries the counts on its rows, and only an empty page asks for them alone. These check the answers where
 * that differs from building the SQL per request: the same shape asked again with other values, a page past the
 * end, a filter matching nothing, and shapes beyond the number kept.
 */
const STORES = ['TKY001', 'TKY002'];
let sut: TestServer;
let admin: AuthHeaders;

beforeAll(async () => {
  sut = await startTestServer();
  admin = await login(sut.app, 'admin@shelfpad.test', 'Shelfpad#2026');
});
afterAll(async () => sut?.close());

type Page = {
  recordsTotal: number;
  recordsFiltered: number;
  data: { tagMac: string; barcode: string; status: string; storeCode: string }[];
};
const list = async (store: string, body: Record<string, unknown>) => {
  const res = await sut.app.inject({
    method: 'POST',
    url: `/api/tag/list/store/${store}`,
    payload: { start: 0, length: 25, ...body },
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const countWhere = async (store: string, ...conditions: (SQL | undefined)[]) =>
  (
    await sut.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tags)
      .where(and(eq(tags.storeCode, store), ...conditions))
  )[0].n;
const barcodesOf = async (store: string, ...conditions: (SQL | undefined)[]) =>
  (
    await sut.deps.db
      .select({ barcode: tags.barcode })
      .from(tags)
      .where(and(eq(tags.storeCode, store), ...conditions))
      .orderBy(asc(tags.barcode), asc(tags.tagMac))
  ).map((r) => r.barcode);

describe('tag list through prepared statements', () => {
  it('answers the same shape with each request own values: store, filter, page', async () => {
    for (const store of [...STORES, ...STORES]) {
      const total = await countWhere(store);
      expect(total).toBeGreaterThan(3);
      const [status] = (await sut.deps.db.select({ status: tags.status }).from(tags).where(eq(tags.storeCode, store)).limit(1)).map(
        (r) => r.status!,
      );
      const expected = await barcodesOf(store, eq(tags.status, status));
      for (const start of [0, 2]) {
        const page = await list(store, {
          start,
          length: 2,
          filter_status: status,
          condition_status: '==',
          columns: [{ data: 'barcode' }],
          order: [{ column: 0, dir: 'asc' }],
        });
        expect(page).toMatchObject({ recordsTotal: total, recordsFiltered: expected.length });
        expect(page.data.map((r) => r.barcode)).toEqual(expected.slice(start, start + 2));
        expect(page.data.every((r) => r.storeCode === store && r.status === status)).toBe(true);
      }
      const unfiltered = await list(store, { start: 1, length: 3 });
      expect(unfiltered).toMatchObject({ recordsTotal: total, recordsFiltered: total });
      expect(unfiltered.data.map((r) => r.barcode)).toEqual((await barcodesOf(store)).slice(1, 4));
    }
  });

  it('counts a page past the end and a filter that matches nothing', async () => {
    const [store] = STORES;
    const total = await countWhere(store);
    expect(await list(store, { start: total + 50 })).toEqual({ draw: 0, recordsTotal: total, recordsFiltered: total, data: [] });
    const [status] = (await sut.deps.db.select({ status: tags.status }).from(tags).where(eq(tags.storeCode, store)).limit(1)).map(
      (r) => r.status!,
    );
    const filtered = await countWhere(store, eq(tags.status, status));
    expect(await list(store, { start: filtered, filter_status: status, condition_status: '==' })).toEqual({
      draw: 0,
      recordsTotal: total,
      recordsFiltered: filtered,
      data: [],
    });
    expect(await list(store, { filter_barcode: 'no such barcode anywhere' })).toEqual({
      draw: 0,
      recordsTotal: total,
      recordsFiltered: 0,
      data: [],
    });
  });

  it('answers shapes beyond the ones it keeps (lists of every length up to 230)', async () => {
    const [store] = STORES;
    const barcodes = await barcodesOf(store);
    const total = barcodes.length;
    for (let n = 1; n <= 230; n++) {
      const listed = Array.from({ length: n }, (_, i) => (i < barcodes.length ? barcodes[i] : `missing-${i}`));
      const page = await list(store, {
        length: 3,
        filter_barcode: listed,
        columns: [{ data: 'barcode' }],
        order: [{ column: 0, dir: 'desc' }],
      });
      // In the database's own order (its collation), last first.
      const expected = barcodes.filter((b) => listed.includes(b)).reverse();
      expect(page.recordsTotal).toBe(total);
      expect(page.recordsFiltered).toBe(expected.length);
      expect(page.data.map((r) => r.barcode)).toEqual(expected.slice(0, 3));
    }
  });
});
