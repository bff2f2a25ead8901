import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { TAG_STATUSES, type TagStatus } from '../../contract/schemas/tags';
import { stores, tagStatusCounts, tags } from '../../server/db/schema/index';
import { login, startTestServer, type AuthHeaders, type TestServer } from './harness';

/*
 * Issue 32 §4: a tag list filtered by status takes its recordsFiltered from a per-store, per-status counter that the
 * tags' statement trigger keeps (migration 0017), instead of counting the store's tags on every page. Whatever
 * writes the tags — one statement, many at once, inserts, deletes, a store's delete — the list must answer what a
 * count over the tags gives, right after the write, and the counter rows must equal a GROUP BY over the tags.
 */
const STORE = 'TKY001';
let sut: TestServer;
let admin: AuthHeaders;

beforeAll(async () => {
  sut = await startTestServer();
  admin = await login(sut.app, 'admin@shelfpad.test', 'Shelfpad#2026');
});
afterAll(async () => sut?.close());

const db = () => sut.deps.db;
type Page = { recordsTotal: number; recordsFiltered: number; data: { tagMac: string; status: string }[] };
const list = async (store: string, body: Record<string, unknown>) => {
  const res = await sut.app.inject({
    method: 'POST',
    url: `/api/tag/list/store/${store}`,
    payload: { start: 0, length: 10, ...body },
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const countOf = async (store: string, statuses: readonly TagStatus[]) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(tags)
      .where(and(eq(tags.storeCode, store), inArray(tags.status, [...statuses])))
  )[0].n;
const storeTotal = async (store: string) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(tags)
      .where(eq(tags.storeCode, store))
  )[0].n;

/** The counter's rows (zeros left out) and a GROUP BY over the tags: equal whenever no write is running. */
async function expectCountersExact() {
  const kept = await db()
    .select({ storeCode: tagStatusCounts.storeCode, status: tagStatusCounts.status, total: tagStatusCounts.total })
    .from(tagStatusCounts)
    .where(sql`${tagStatusCounts.total} <> 0`)
    .orderBy(asc(tagStatusCounts.storeCode), asc(tagStatusCounts.status));
  const counted = await db()
    .select({ storeCode: tags.storeCode, status: tags.status, total: sql<number>`count(*)::int` })
    .from(tags)
    .groupBy(tags.storeCode, tags.status)
    .orderBy(asc(tags.storeCode), asc(tags.status));
  expect(kept).toEqual(counted);
}

/** Every status, alone ("==" and "~", which is equality on an enum) and two at once: recordsFiltered as counted. */
async function expectListCounts(store: string) {
  const total = await storeTotal(store);
  for (const status of TAG_STATUSES) {
    const expected = await countOf(store, [status]);
    for (const condition of ['==', '~']) {
      const page = await list(store, { filter_status: status, condition_status: condition });
      expect(page, `${status} ${condition}`).toMatchObject({ recordsTotal: total, recordsFiltered: expected });
      expect(page.data.length).toBe(Math.min(10, expected));
      expect(page.data.every((row) => row.status === status)).toBe(true);
    }
  }
  const pair: TagStatus[] = ['OK', 'WIP'];
  expect(await list(store, { filter_status: pair })).toMatchObject({ recordsTotal: total, recordsFiltered: await countOf(store, pair) });
  // Past the last row the counts come without rows to carry them.
  const ok = await countOf(store, ['OK']);
  expect(await list(store, { start: ok + 5, filter_status: 'OK' })).toEqual({
    draw: 0,
    recordsTotal: total,
    recordsFiltered: ok,
    data: [],
  });
}

describe('tag list counts by status from the kept counter', () => {
  it('answers the counted number for every status, right after statuses change', async () => {
    await expectCountersExact();
    await expectListCounts(STORE);
    const macs = (await db().select({ tagMac: tags.tagMac }).from(tags).where(eq(tags.storeCode, STORE)).orderBy(asc(tags.tagMac))).map(
      (r) => r.tagMac,
    );
    expect(macs.length).toBeGreaterThan(6);
    const before = await countOf(STORE, ['NG']);
    await db()
      .update(tags)
      .set({ status: 'NG' })
      .where(inArray(tags.tagMac, macs.slice(0, 3)));
    const page = await list(STORE, { filter_status: 'NG' });
    expect(page.recordsFiltered).toBe(await countOf(STORE, ['NG']));
    expect(page.recordsFiltered).toBeGreaterThanOrEqual(Math.min(before + 1, 3));
    await db()
      .update(tags)
      .set({ status: 'WIP' })
      .where(inArray(tags.tagMac, macs.slice(1, 5)));
    await expectListCounts(STORE);
    await expectCountersExact();
  });

  it('stays exact under many concurrent writes to the same store', async () => {
    const macs = (await db().select({ tagMac: tags.tagMac }).from(tags).where(eq(tags.storeCode, STORE)).orderBy(asc(tags.tagMac))).map(
      (r) => r.tagMac,
    );
    // Overlapping sets of tags, each write its own statement and transaction, all in flight together (on PostgreSQL
    // they wait on the same counter rows; the sum must still come out exact).
    const writes = Array.from({ length: 24 }, (_, i) => {
      const status = TAG_STATUSES[i % TAG_STATUSES.length];
      const some = macs.filter((_, j) => (j + i) % 3 === 0);
      return db().update(tags).set({ status }).where(inArray(tags.tagMac, some));
    });
    const lists = Array.from({ length: 6 }, (_, i) => list(STORE, { filter_status: TAG_STATUSES[i % 3] }));
    const pages = await Promise.all([...writes, ...lists]);
    // A list that ran among the writes saw one snapshot: its count is of some state, within the store's tags.
    for (const page of pages.slice(writes.length) as Page[]) expect(page.recordsFiltered).toBeLessThanOrEqual(page.recordsTotal);
    await expectCountersExact();
    await expectListCounts(STORE);
  });

  it('follows inserted and deleted tags, and forgets a deleted store', async () => {
    const [template] = await db().select().from(tags).where(eq(tags.storeCode, STORE)).limit(1);
    const added = ['AA0000000001', 'AA0000000002', 'AA0000000003'].map((tagMac, i) => ({
      ...template,
      tagMac,
      barcode: `STATUSCOUNT${i}`,
      status: 'MISSING' as const,
    }));
    await db().insert(tags).values(added);
    await expectListCounts(STORE);
    await db()
      .delete(tags)
      .where(
        inArray(
          tags.tagMac,
          added.slice(0, 2).map((t) => t.tagMac),
        ),
      );
    await expectListCounts(STORE);
    await expectCountersExact();

    const [other] = await db()
      .select({ storeCode: stores.storeCode })
      .from(stores)
      .where(sql`${stores.storeCode} <> ${STORE}`)
      .orderBy(asc(stores.storeCode))
      .limit(1);
    expect((await db().select().from(tagStatusCounts).where(eq(tagStatusCounts.storeCode, other.storeCode))).length).toBeGreaterThan(0);
    await db().delete(stores).where(eq(stores.storeCode, other.storeCode));
    expect(await db().select().from(tagStatusCounts).where(eq(tagStatusCounts.storeCode, other.storeCode))).toEqual([]);
    await expectCountersExact();
  });
});
