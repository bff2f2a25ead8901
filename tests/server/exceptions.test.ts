import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { gateways, stores, tags } from '../../server/db/schema/index';
import { login, startTestServer, type AuthHeaders, type TestServer } from './harness';

const PASSWORD = 'Shelfpad#2026';
let sut: TestServer;
let admin: AuthHeaders;
let operator: AuthHeaders;
let nord: AuthHeaders;

beforeAll(async () => {
  sut = await startTestServer();
  [admin, operator, nord] = await Promise.all(
    ['admin@shelfpad.test', 'operator@shelfpad.test', 'nord-admin@shelfpad.test'].map((e) => login(sut.app, e, PASSWORD)),
  );
});
afterAll(async () => sut?.close());

const get = (url: string, headers: Record<string, string> = admin) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers });

interface Row {
  tagMac: string;
  barcode: string;
  prCode?: string;
  countByPrCode?: number;
  status: string;
  battStatus?: string;
}
const list = async (kind: string, store: string) => {
  const res = await get(`/tag/${kind}/store/${store}/list`);
  expect(res.statusCode).toBe(200);
  return res.json() as { total: number; data: Row[] };
};

/** What the database holds, counted independently of the server's queries. */
async function expected(store: string) {
  const rows = await sut.deps.db.execute(sql`
    select
      count(*)::int as total,
      count(*) filter (where operation = 1 and status not in ('OK', 'WIP'))::int as error,
      count(*) filter (where pr_code is null or pr_code not in (select pr_code from products p where p.store_code = ${store}))::int as noproduct,
      count(*) filter (where pr_code in (select pr_code from tags d where d.store_code = ${store} and d.pr_code is not null group by pr_code having count(*) > 1))::int as duplicate,
      count(*) filter (where batt_status = 'NG')::int as lowbattery
    from tags where store_code = ${store}`);
  return (rows as unknown as { rows: Record<string, number>[] }).rows[0];
}

describe('GET /stats/exceptions/store/:storeCode', () => {
  // spec: core §3.10 — exceptions stats: totalTags, errorTags, noProductTags, duplicateTags, batteryNgTags, totalGWs, ngGWs, ngGWDetail
  it('counts every exception as the database holds it, in every store', async () => {
    const codes = (await sut.deps.db.select({ code: stores.storeCode }).from(stores)).map((r) => r.code);
    for (const code of codes) {
      const res = await get(`/stats/exceptions/store/${code}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const want = await expected(code);
      expect(body).toMatchObject({
        totalTags: want.total,
        errorTags: want.error,
        noProductTags: want.noproduct,
        duplicateTags: want.duplicate,
        batteryNgTags: want.lowbattery,
      });
      const gws = await sut.deps.db.select().from(gateways).where(eq(gateways.storeCode, code));
      const ng = gws.filter((g) => g.status !== 'NORMAL' || g.timeSync === 0);
      expect(body.totalGWs).toBe(gws.length);
      expect(body.ngGWs).toBe(ng.length);
      expect(body.ngGWDetail.map((g: { gwMac: string }) => g.gwMac).sort()).toEqual(ng.map((g) => g.gwMac).sort());
    }
  });

  it('reports a NORMAL gateway without time sync as an NG gateway with status ALARM', async () => {
    const [unsynced] = await sut.deps.db
      .select()
      .from(gateways)
      .where(and(eq(gateways.storeCode, 'TKY002'), eq(gateways.status, 'NORMAL'), eq(gateways.timeSync, 0)));
    expect(unsynced).toBeDefined();
    const body = (await get('/stats/exceptions/store/TKY002')).json();
    const shown = body.ngGWDetail.find((g: { gwMac: string }) => g.gwMac === unsynced.gwMac);
    expect(shown.status).toBe('ALARM');
    expect(shown.ip).toBe(unsynced.ip);
    // OFFLINE stores list all of their gateways.
    const ber = (await get('/stats/exceptions/store/BER001')).json();
    expect(ber.ngGWs).toBe(ber.totalGWs);
    expect(ber.ngGWDetail.every((g: { status: string }) => g.status === 'OFFLINE')).toBe(true);
  });
});

describe('exception tag lists', () => {
  it('list exactly the tags the gauges count, each matching its rule', async () => {
    for (const store of ['TKY001', 'LON001']) {
      const stats = (await get(`/stats/exceptions/store/${store}`)).json();
      const error = await list('error', store);
      expect(error.total).toBe(stats.errorTags);
      expect(error.data).toHaveLength(stats.errorTags);
      for (const row of error.data) expect(['OK', 'WIP']).not.toContain(row.status);
      const low = await list('lowbattery', store);
      expect(low.total).toBe(stats.batteryNgTags);
      expect(low.data.every((r) => r.battStatus === 'NG')).toBe(true);
      const none = await list('noproduct', store);
      expect(none.total).toBe(stats.noProductTags);
      const dup = await list('duplicate', store);
      expect(dup.total).toBe(stats.duplicateTags);
      expect(dup.total).toBeGreaterThan(0);
      const perCode = new Map<string, number>();
      for (const row of dup.data) perCode.set(row.prCode!, (perCode.get(row.prCode!) ?? 0) + 1);
      for (const row of dup.data) {
        expect(row.countByPrCode).toBeGreaterThanOrEqual(2);
        expect(perCode.get(row.prCode!)).toBe(row.countByPrCode);
      }
      // The error list is exactly the assigned tags that are neither OK nor WIP.
      const want = await sut.deps.db
        .select({ tagMac: tags.tagMac })
        .from(tags)
        .where(and(eq(tags.storeCode, store), eq(tags.operation, 1), sql`${tags.status} not in ('OK', 'WIP')`));
      expect(error.data.map((r) => r.tagMac).sort()).toEqual(want.map((r) => r.tagMac).sort());
    }
  });

  it('counts a tag whose product code names no product as a no-product tag, and a shared code as duplicates', async () => {
    const db = sut.deps.db;
    const before = (await get('/stats/exceptions/store/SEL001')).json();
    const [a, b] = await db
      .select()
      .from(tags)
      .where(and(eq(tags.storeCode, 'SEL001'), eq(tags.status, 'OK'), sql`${tags.prCode} is not null`))
      .orderBy(tags.tagMac)
      .limit(2);
    const dupCode = (
      await db
        .select({ prCode: tags.prCode })
        .from(tags)
        .where(
          and(
            eq(tags.storeCode, 'SEL001'),
            sql`${tags.prCode} is not null`,
            sql`${tags.tagMac} <> ${a.tagMac}`,
            sql`${tags.tagMac} <> ${b.tagMac}`,
          ),
        )
        .orderBy(tags.tagMac)
        .limit(1)
    )[0].prCode;
    await db.update(tags).set({ prCode: 'NO-SUCH-PRODUCT' }).where(eq(tags.tagMac, a.tagMac));
    const none = await list('noproduct', 'SEL001');
    expect(none.total).toBe(before.noProductTags + 1);
    expect(none.data.find((r) => r.tagMac === a.tagMac)?.prCode).toBe('NO-SUCH-PRODUCT');

    const countOf = async (code: string) =>
      Number(
        (
          await db
            .select({ n: sql`count(*)` })
            .from(tags)
            .where(and(eq(tags.storeCode, 'SEL001'), eq(tags.prCode, code)))
        )[0].n,
      );
    const shared = await countOf(dupCode!);
    await db.update(tags).set({ prCode: dupCode }).where(eq(tags.tagMac, b.tagMac));
    const dup = await list('duplicate', 'SEL001');
    const rowsOfCode = dup.data.filter((r) => r.prCode === dupCode);
    expect(rowsOfCode).toHaveLength(shared + 1);
    expect(rowsOfCode.every((r) => r.countByPrCode === shared + 1)).toBe(true);
    expect((await get('/stats/exceptions/store/SEL001')).json().duplicateTags).toBe(dup.total);
  });

  it('answers an empty list with total 0', async () => {
    await sut.deps.db.update(tags).set({ battStatus: 'OK' }).where(eq(tags.storeCode, 'MIL001'));
    expect(await list('lowbattery', 'MIL001')).toEqual({ total: 0, data: [] });
    expect((await get('/stats/exceptions/store/MIL001')).json().batteryNgTags).toBe(0);
  });
});

describe('exceptions privileges and input', () => {
  it("lets a member see only its stores' exceptions", async () => {
    expect((await get('/stats/exceptions/store/TKY001', operator)).statusCode).toBe(200);
    expect((await get('/tag/error/store/TKY002/list', operator)).statusCode).toBe(200);
    expect((await get('/stats/exceptions/store/SEL001', operator)).statusCode).toBe(403);
    expect((await get('/tag/duplicate/store/SEL001/list', operator)).statusCode).toBe(403);
    expect((await get('/stats/exceptions/store/TKY001', nord)).statusCode).toBe(403);
    expect((await get('/tag/noproduct/store/TKY001/list', nord)).statusCode).toBe(403);
    expect((await get('/stats/exceptions/store/LON001', nord)).statusCode).toBe(200);
    expect((await get('/stats/exceptions/store/TKY001', {})).statusCode).toBe(401);
  });

  it('refuses unknown and malformed store codes with 400', async () => {
    const unknown = await get('/stats/exceptions/store/NOPE999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/NOPE999/);
    expect((await get('/tag/lowbattery/store/NOPE999/list')).statusCode).toBe(400);
    expect((await get('/stats/exceptions/store/TKY%20001')).statusCode).toBe(400);
    expect((await get(`/tag/error/store/${'X'.repeat(65)}/list`)).statusCode).toBe(400);
  });
});
