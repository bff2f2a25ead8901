import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { products, tags } from '../../server/db/schema/index';
import { login, startTestServer, type AuthHeaders, type TestServer } from './harness';

const STORE = 'TKY001';
let sut: TestServer;
let admin: AuthHeaders;
let operator: AuthHeaders;

beforeAll(async () => {
  sut = await startTestServer();
  [admin, operator] = await Promise.all(['admin@shelfpad.test', 'operator@shelfpad.test'].map((e) => login(sut.app, e, 'Shelfpad#2026')));
});
afterAll(async () => sut?.close());

type Row = {
  prCode: string;
  type: string;
  prInfo: string[];
  layoutId: string;
  nfc: string;
  barcode: string;
  updatedAt: string | null;
  tagCount: number;
  tagType: string[];
};
type Page = { draw: number; recordsTotal: number; recordsFiltered: number; data: Row[] };
const post = (store: string, body: Record<string, unknown>, headers: Record<string, string> = admin) =>
  sut.app.inject({ method: 'POST', url: `/api/product/list/store/${store}`, payload: { start: 0, length: 25, ...body }, headers });
const list = async (body: Record<string, unknown>, headers?: Record<string, string>): Promise<Page> => {
  const res = await post(STORE, body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const sorted = (by: string, dir: 'asc' | 'desc' = 'asc') => ({ columns: [{ data: by }], order: [{ column: 0, dir }] });
const db = () => sut.deps.db;

describe('POST /product/list/store/:storeCode', () => {
  it('pages the store products by code; the counts are the real ones', async () => {
    const all = await db()
      .select({ prCode: products.prCode })
      .from(products)
      .where(eq(products.storeCode, STORE))
      .orderBy(asc(products.prCode));
    expect(all.length).toBeGreaterThan(20);
    const first = await list({ draw: 2, length: 10 });
    const second = await list({ draw: 3, start: 10, length: 10 });
    expect(first).toMatchObject({ draw: 2, recordsTotal: all.length, recordsFiltered: all.length });
    expect(first.data.map((r) => r.prCode)).toEqual(all.slice(0, 10).map((r) => r.prCode));
    expect(second.data.map((r) => r.prCode)).toEqual(all.slice(10, 20).map((r) => r.prCode));
    expect((await list({ length: -1 })).data).toHaveLength(all.length);
  });

  it('answers each product with its info, tag count and the tag types showing it', async () => {
    const [shown] = await db()
      .select({ prCode: tags.prCode, n: sql<number>`count(*)::int` })
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), sql`${tags.prCode} is not null`))
      .groupBy(tags.prCode)
      .orderBy(sql`count(*) desc`, asc(tags.prCode))
      .limit(1);
    const [product] = await db()
      .select()
      .from(products)
      .where(and(eq(products.storeCode, STORE), eq(products.prCode, shown.prCode!)));
    const types = await db()
      .selectDistinct({ t: tags.tagType })
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), eq(tags.prCode, shown.prCode!)));
    const page = await list({ filter_prCode: shown.prCode!, condition_prCode: '==' });
    expect(page.recordsFiltered).toBe(1);
    expect(page.data[0]).toEqual({
      prCode: product.prCode,
      type: product.type ?? '',
      prInfo: product.prInfo,
      layoutId: product.layoutId ?? '',
      nfc: product.nfc ?? '',
      barcode: product.barcode ?? '',
      updatedAt: product.updatedAt.toISOString(),
      tagCount: shown.n,
      tagType: types
        .map((t) => t.t)
        .filter(Boolean)
        .sort(),
    });
  });

  it('filters by a word of the product info and by the update date (epoch seconds)', async () => {
    const [sample] = await db().select().from(products).where(eq(products.storeCode, STORE)).orderBy(asc(products.prCode)).limit(1);
    const word = sample.prInfo[0].split(/\s+/)[0];
    const byInfo = await list({ filter_prInfo: word, length: -1 });
    expect(byInfo.recordsFiltered).toBeGreaterThan(0);
    expect(byInfo.recordsFiltered).toBeLessThanOrEqual(byInfo.recordsTotal);
    expect(byInfo.data.every((r) => r.prInfo.join(' ').toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect(byInfo.data.some((r) => r.prCode === sample.prCode)).toBe(true);

    const since = new Date(sample.updatedAt.getTime());
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.storeCode, STORE), gte(products.updatedAt, new Date(Math.floor(since.getTime() / 1000) * 1000))));
    const byDate = await list({ filter_updatedAt: Math.floor(since.getTime() / 1000), condition_updatedAt: '>=' });
    expect(byDate.recordsFiltered).toBe(n);
    const byRange = await list({ filter_startDate: Math.floor(since.getTime() / 1000) });
    expect(byRange.recordsFiltered).toBe(n);
  });

  it('sorts by a declared column, newest first, and refuses an undeclared one with 400', async () => {
    const expected = await db()
      .select({ prCode: products.prCode })
      .from(products)
      .where(eq(products.storeCode, STORE))
      .orderBy(desc(products.updatedAt), desc(products.prCode))
      .limit(5);
    const page = await list({ length: 5, ...sorted('updatedAt', 'desc') });
    expect(page.data.map((r) => r.prCode)).toEqual(expected.map((r) => r.prCode));
    const byCount = await list({ length: 5, ...sorted('tagCount', 'desc') });
    const counts = byCount.data.map((r) => r.tagCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await post(STORE, sorted('storeCode'))).statusCode).toBe(400);
  });

  it('lets the operator read its store, and refuses another store (403) or no session (401)', async () => {
    expect((await list({ length: 1 }, operator)).data).toHaveLength(1);
    const foreign = await post('LON001', {}, operator);
    expect(foreign.statusCode).toBe(403);
    const anonymous = await sut.app.inject({ method: 'POST', url: `/api/product/list/store/${STORE}`, payload: { start: 0, length: 1 } });
    expect(anonymous.statusCode).toBe(401);
  });
});
