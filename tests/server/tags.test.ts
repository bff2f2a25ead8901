import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { collectingItems, products, tags } from '../../server/db/schema/index';
import { PUSH_COLLECTING, type PushMessage } from '../../server/push/hub';
import { login, startTestServer, type AuthHeaders, type TestServer } from './harness';

const PASSWORD = 'Shelfpad#2026';
const STORE = 'TKY001';
let sut: TestServer;
let admin: AuthHeaders;
let operator: AuthHeaders;
let viewer: AuthHeaders;
const pushed: PushMessage[] = [];

beforeAll(async () => {
  sut = await startTestServer();
  sut.deps.push.subscribe((m) => pushed.push(m));
  [admin, operator, viewer] = await Promise.all(
    ['admin@shelfpad.test', 'operator@shelfpad.test', 'viewer@shelfpad.test'].map((e) => login(sut.app, e, PASSWORD)),
  );
});
afterAll(async () => sut?.close());

const db = () => sut.deps.db;
const post = (url: string, payload: unknown, headers: Record<string, string> = admin) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
type Row = {
  tagMac: string;
  barcode: string;
  prCode?: string;
  countByPrCode?: number;
  tagType: string;
  tagLayout?: string;
  status: string;
  battery?: number;
  updatedAt?: string;
  version?: number;
  storeCode?: string;
};
const list = async (body: Record<string, unknown>, store = STORE, headers: Record<string, string> = admin) => {
  const res = await post(`/tag/list/store/${store}`, { start: 0, length: 25, ...body }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { draw: number; recordsTotal: number; recordsFiltered: number; data: Row[] };
};
const sorted = (by: string, dir: 'asc' | 'desc' = 'asc') => ({ columns: [{ data: by }], order: [{ column: 0, dir }] });
const countWhere = async (...conditions: (SQL | undefined)[]) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), ...conditions))
  )[0].n;
const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

describe('POST /tag/list/store/:storeCode', () => {
  // spec: core §9.9 — tag detail ordered by tag id ascending
  it('pages the store tags by barcode; recordsTotal and recordsFiltered are the real counts', async () => {
    const total = await countWhere();
    const all = await db().select({ barcode: tags.barcode }).from(tags).where(eq(tags.storeCode, STORE)).orderBy(asc(tags.barcode));
    const first = await list({ draw: 3, length: 10 });
    const second = await list({ draw: 4, start: 10, length: 10 });
    expect(first).toMatchObject({ draw: 3, recordsTotal: total, recordsFiltered: total });
    expect(first.data.map((r) => r.barcode)).toEqual(all.slice(0, 10).map((r) => r.barcode));
    expect(second.data.map((r) => r.barcode)).toEqual(all.slice(10, 20).map((r) => r.barcode));
    const everything = await list({ length: -1 });
    expect(everything.data).toHaveLength(total);
    expect(everything.data.every((r) => r.storeCode === STORE)).toBe(true);
  });

  it('sorts by barcode both ways and by a whitelisted column; refuses other sorts', async () => {
    const asc1 = await list({ length: -1, ...sorted('barcode') });
    const desc1 = await list({ length: -1, ...sorted('barcode', 'desc') });
    const barcodes = asc1.data.map((r) => r.barcode);
    expect(barcodes).toEqual([...barcodes].sort());
    expect(desc1.data.map((r) => r.barcode)).toEqual([...barcodes].reverse());
    const byBattery = await list({ length: -1, ...sorted('battery', 'desc') });
    const batteries = byBattery.data.map((r) => r.battery ?? -1);
    expect(batteries).toEqual([...batteries].sort((a, b) => b - a));
    expect((await post(`/tag/list/store/${STORE}`, { start: 0, length: 25, ...sorted('gwMac') })).statusCode).toBe(400);
    expect((await post(`/tag/list/store/${STORE}`, { start: 0, length: 25, filter_gwMac: 'x' })).statusCode).toBe(400);
    expect((await post(`/tag/list/store/${STORE}`, { start: 0, length: 25, filter_prCode: '1', condition_prCode: '>=' })).statusCode).toBe(
      400,
    );
    expect((await post(`/tag/list/store/${STORE}`, { start: 0, length: 25, filter_battery: 'many' })).statusCode).toBe(400);
    expect((await post(`/tag/list/store/${STORE}`, { start: 0, length: 2000 })).statusCode).toBe(400);
  });

  // spec: core §3.17, core §9.8 — filter_*/condition_* as contains, equals, gte, lte and in; version filters read as hex
  it('filters with ~ (contains), == (equals), >=, <= and lists, as the rows say', async () => {
    const [sample] = await db()
      .select()
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), eq(tags.operation, 1)))
      .orderBy(asc(tags.tagMac))
      .limit(1);
    const part = sample.prCode!.slice(3, 9);
    const contains = await list({ length: -1, filter_prCode: part, condition_prCode: '~' });
    expect(contains.recordsFiltered).toBe(await countWhere(sql`${tags.prCode} like ${`%${part}%`}`));
    expect(contains.data.every((r) => r.prCode!.includes(part))).toBe(true);

    const equals = await list({ filter_barcode: sample.barcode, condition_barcode: '==' });
    expect(equals.data.map((r) => r.tagMac)).toEqual([sample.tagMac]);
    expect((await list({ filter_barcode: sample.barcode.slice(0, 8), condition_barcode: '==' })).recordsFiltered).toBe(0);

    const atLeast = await list({ length: -1, filter_battery: 50, condition_battery: '>=' });
    expect(atLeast.recordsFiltered).toBe(await countWhere(gte(tags.battery, 50)));
    expect(atLeast.data.every((r) => r.battery! >= 50)).toBe(true);
    const atMost = await list({ length: -1, filter_battery: '20', condition_battery: '<=' });
    expect(atMost.recordsFiltered).toBe(await countWhere(lte(tags.battery, 20)));
    expect(atMost.data.every((r) => r.battery! <= 20)).toBe(true);

    const statuses = await list({ length: -1, filter_status: ['NG', 'WIP'] });
    expect(statuses.recordsFiltered).toBe(await countWhere(inArray(tags.status, ['NG', 'WIP'])));
    expect(new Set(statuses.data.map((r) => r.status))).toEqual(new Set(['NG', 'WIP']));

    const status = await list({ length: -1, filter_status: 'OK' });
    expect(status.recordsTotal).toBe(await countWhere());
    expect(status.recordsFiltered).toBe(await countWhere(eq(tags.status, 'OK')));

    const assigned = await list({ filter_operation: 1 });
    expect(assigned.recordsFiltered).toBe(await countWhere(eq(tags.operation, 1)));

    const version = await list({ filter_version: '412', condition_version: '>=' });
    expect(version.recordsFiltered).toBe(await countWhere(gte(tags.version, 0x412)));
  });

  // spec: core §5.8, core §9.8 — date filters as epoch seconds
  it('narrows by the updatedAt date range (epoch seconds) exactly as the rows say', async () => {
    const rows = await db().select({ updatedAt: tags.updatedAt }).from(tags).where(eq(tags.storeCode, STORE)).orderBy(asc(tags.updatedAt));
    const start = rows[Math.floor(rows.length / 4)].updatedAt!;
    const end = rows[Math.floor((rows.length * 3) / 4)].updatedAt!;
    const res = await list({ length: -1, filter_startDate: epoch(start), filter_endDate: epoch(end) });
    const expected = await countWhere(gte(tags.updatedAt, new Date(epoch(start) * 1000)), lte(tags.updatedAt, new Date(epoch(end) * 1000)));
    expect(res.recordsFiltered).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(rows.length);
    for (const r of res.data) {
      const t = Date.parse(r.updatedAt!) / 1000;
      expect(t).toBeGreaterThanOrEqual(epoch(start));
      expect(t).toBeLessThanOrEqual(epoch(end) + 1);
    }
    // A date field filter uses epoch seconds too.
    const since = await list({ filter_updatedAt: epoch(end), condition_updatedAt: '>=' });
    expect(since.recordsFiltered).toBe(await countWhere(gte(tags.updatedAt, new Date(epoch(end) * 1000))));
    expect((await post(`/tag/list/store/${STORE}`, { start: 0, length: 25, filter_startDate: 200, filter_endDate: 100 })).statusCode).toBe(
      400,
    );
  });

  // spec: core §9.10 — tagLayout from the second character of the tag type
  it('computes countByPrCode (duplicates) and tagLayout from the tag type', async () => {
    const dupes = await db()
      .select({ prCode: tags.prCode, n: sql<number>`count(*)::int` })
      .from(tags)
      .where(eq(tags.storeCode, STORE))
      .groupBy(tags.prCode)
      .having(sql`count(*) > 1 and ${tags.prCode} is not null`);
    expect(dupes.length).toBeGreaterThan(0);
    const res = await list({ length: -1, filter_prCode: dupes[0].prCode!, condition_prCode: '==' });
    expect(res.data).toHaveLength(dupes[0].n);
    expect(res.data.every((r) => r.countByPrCode === dupes[0].n)).toBe(true);
    const duplicated = await list({ length: -1, filter_countByPrCode: 2, condition_countByPrCode: '>=' });
    expect(duplicated.recordsFiltered).toBe(dupes.reduce((s, d) => s + d.n, 0));
    const everything = await list({ length: -1 });
    const noProduct = everything.data.filter((r) => !r.prCode);
    expect(noProduct.length).toBeGreaterThan(0);
    expect(noProduct.every((r) => r.countByPrCode === undefined)).toBe(true);
    const layout: Record<string, string> = { '2': '2.2', '3': '2.9', '4': '4.2' };
    for (const r of everything.data) if (layout[r.tagType[1]]) expect(r.tagLayout).toBe(layout[r.tagType[1]]);
    const small = await list({ length: -1, filter_tagLayout: '2.9', condition_tagLayout: '==' });
    expect(small.recordsFiltered).toBe(everything.data.filter((r) => r.tagType[1] === '3').length);
  });

  it('narrows to tagMacList / tagIdList however the ids are typed', async () => {
    const some = await db().select().from(tags).where(eq(tags.storeCode, STORE)).orderBy(asc(tags.tagMac)).limit(3);
    const byMac = await list({ tagMacList: some.map((t) => t.tagMac.toLowerCase().match(/../g)!.join('-')) });
    expect(byMac.recordsTotal).toBe(3);
    expect(byMac.data.map((r) => r.tagMac)).toEqual(some.map((t) => t.tagMac));
    const byId = await list({ tagIdList: [some[0].barcode, 'NOPE'] });
    expect(byId.data.map((r) => r.tagMac)).toEqual([some[0].tagMac]);
  });

  it('answers only the named store, and refuses stores the member may not see', async () => {
    const other = await list({ length: -1 }, 'SEL001');
    const ours = await list({ length: -1 });
    expect(other.data.some((r) => ours.data.some((o) => o.tagMac === r.tagMac))).toBe(false);
    expect((await list({}, STORE, viewer)).recordsTotal).toBe(ours.recordsTotal);
    expect((await post('/tag/list/store/SEL001', { start: 0, length: 25 }, operator)).statusCode).toBe(403);
    expect((await post('/tag/list/store/LON001', { start: 0, length: 25 }, viewer)).statusCode).toBe(403);
    expect((await post('/tag/list/store/NOPE01', { start: 0, length: 25 })).statusCode).toBe(400);
    expect((await post(`/tag/list/store/${STORE}`, { start: 0, length: 25 }, {})).statusCode).toBe(401);
  });
});

describe('POST /tag/status/check and /tag/status/check/stop', () => {
  const running = () =>
    db()
      .select()
      .from(collectingItems)
      .where(
        and(eq(collectingItems.storeCode, STORE), sql`${collectingItems.finishedAt} is null and ${collectingItems.stoppedAt} is null`),
      );

  it('creates a collecting item for the listed tags and publishes the collecting list; stop stops it', async () => {
    const some = await db().select().from(tags).where(eq(tags.storeCode, STORE)).orderBy(asc(tags.tagMac)).limit(4);
    pushed.length = 0;
    const res = await post('/tag/status/check', {
      storeCode: STORE,
      cmd: 'BATTERY_CHECK',
      tagList: [...some.map((t) => t.barcode), some[0].tagMac.toLowerCase()],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Start tag status collection' });
    const [item] = await running();
    expect(item).toMatchObject({ kind: 'statusCheck', cmd: 'BATTERY_CHECK', total: 4, done: 0, companyCode: 'ACME' });
    expect(pushed).toEqual([
      {
        type: PUSH_COLLECTING,
        data: [
          { storeCode: STORE, storeName: 'Acme Shibuya', detail: { cmd: 'BATTERY_CHECK', companyCode: 'ACME', _id: String(item.id) } },
        ],
      },
    ]);

    pushed.length = 0;
    const stop = await post('/tag/status/check/stop', { storeCode: STORE });
    expect(stop.json()).toMatchObject({ success: true });
    const [stopped] = await db().select().from(collectingItems).where(eq(collectingItems.id, item.id));
    expect(stopped.stoppedAt).not.toBeNull();
    expect(await running()).toEqual([]);
    expect(pushed).toEqual([{ type: PUSH_COLLECTING, data: [] }]);
    const again = await post('/tag/status/check/stop', { storeCode: STORE });
    expect(again.json()).toMatchObject({ success: true, message: 'No tag status check is running.' });
  });

  it('checks every tag of the store for an empty list; refuses unknown tags and commands', async () => {
    const res = await post('/tag/status/check', { storeCode: STORE, cmd: 'TAG_STATUS_CHECK', tagList: [] });
    expect(res.statusCode).toBe(200);
    const [item] = await running();
    expect(item.total).toBe(await countWhere());
    await post('/tag/status/check/stop', { storeCode: STORE });
    const before = await db().select().from(collectingItems);
    expect((await post('/tag/status/check', { storeCode: STORE, cmd: 'TAG_STATUS_CHECK', tagList: ['C4FFFF000000'] })).statusCode).toBe(
      404,
    );
    expect((await post('/tag/status/check', { storeCode: STORE, cmd: 'REBOOT', tagList: [] })).statusCode).toBe(400);
    expect((await post('/tag/status/check', { storeCode: STORE, tagList: [] })).statusCode).toBe(400);
    expect(await db().select().from(collectingItems)).toEqual(before);
  });
});

describe('POST /tag/led', () => {
  it('blinks listed tags, reporting unknown ones; none matching is a 404', async () => {
    const some = await db().select().from(tags).where(eq(tags.storeCode, STORE)).orderBy(asc(tags.tagMac)).limit(2);
    const ok = await post('/tag/led', { storeCode: STORE, tagList: some.map((t) => t.barcode) });
    expect(ok.json()).toEqual({ success: true, count: 2 });
    const partial = await post('/tag/led', { storeCode: STORE, tagList: [some[0].tagMac, 'C4FFFF000000'] });
    expect(partial.json()).toMatchObject({ success: true, count: 1, failed: [{ tagMac: 'C4FFFF000000' }] });
    const none = await post('/tag/led', { storeCode: STORE, tagList: ['C4FFFF000000'] });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('no matching tags');
  });

  it("blinks a product's tags; 'This product does not exist' or 'no matching tags' otherwise", async () => {
    const [tagged] = await db()
      .select()
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), eq(tags.operation, 1)))
      .limit(1);
    const n = await countWhere(eq(tags.prCode, tagged.prCode!));
    expect((await post('/tag/led', { storeCode: STORE, prCode: tagged.prCode })).json()).toEqual({ success: true, count: n });
    const unknown = await post('/tag/led', { storeCode: STORE, prCode: 'NO-SUCH' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This product does not exist');
    const [unused] = await db()
      .select({ prCode: products.prCode })
      .from(products)
      .where(
        and(
          eq(products.storeCode, STORE),
          sql`not exists (select 1 from tags t where t.store_code = ${STORE} and t.pr_code = ${products.prCode})`,
        ),
      )
      .limit(1);
    const noTags = await post('/tag/led', { storeCode: STORE, prCode: unused.prCode });
    expect(noTags.statusCode).toBe(404);
    expect(noTags.json().message).toBe('no matching tags');
    expect((await post('/tag/led', { storeCode: STORE })).statusCode).toBe(400);
    expect((await post('/tag/led', { storeCode: STORE, prCode: tagged.prCode, tagList: [tagged.tagMac] })).statusCode).toBe(400);
    expect((await post('/tag/led', { storeCode: STORE, tagList: [tagged.tagMac], duration: 0 })).statusCode).toBe(400);
  });
});
