import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { alarmConfig, dailyCounts, gateways, members, products, roles, servers, stores, tags } from '../../server/db/schema/index';
import { login, startWithLogins, type AuthHeaders, type TestServer } from './harness';

const PASSWORD = 'Shelfpad#2026';
let sut: TestServer;
let admin: AuthHeaders;
let operator: AuthHeaders;
let nord: AuthHeaders;

beforeAll(async () => {
  ({
    sut,
    as: { admin, operator, nord },
  } = await startWithLogins(['admin', 'operator', 'nord']));
});
afterAll(async () => sut?.close());

const get = (url: string, headers: Record<string, string> = admin) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers });
const dashboard = async (headers: Record<string, string>) => {
  const res = await get('/stats/dashboard?t=1700000000', headers);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const n = (v: unknown) => Number(v);

describe('GET /stats/dashboard', () => {
  // spec: core §3.8, core §3.9 — tag stats per store (total, error, inprogress, lowBattery, countByType, countNgByType); daily counts (date, storeCode, total); product stats
  it('answers every section for the super administrator, with counts equal to the database', async () => {
    const body = await dashboard(admin);
    const allStores = (await sut.deps.db.select({ code: stores.storeCode }).from(stores)).map((r) => r.code).sort();
    expect([...body.storeList].sort()).toEqual(allStores);
    expect(Object.keys(body.storeDict).sort()).toEqual(allStores);
    expect(body.companyDict).toEqual({ ACME: 'Acme Retail Asia', NORD: 'Nordmarkt International', COOP: 'Coop Italia Demo' });

    const [srv] = await sut.deps.db
      .select({ total: sql`count(*)`, normal: sql`count(*) filter (where ${servers.status} = 'NORMAL')` })
      .from(servers);
    expect(body.serverStatus.total).toBe(n(srv.total));
    expect(body.serverStatus.normal).toBe(n(srv.normal));

    for (const code of allStores) {
      const [t] = await sut.deps.db
        .select({
          total: sql`count(*)`,
          error: sql`count(*) filter (where ${tags.operation} = 1 and ${tags.status} not in ('OK','WIP'))`,
          wip: sql`count(*) filter (where ${tags.status} = 'WIP')`,
          low: sql`count(*) filter (where ${tags.battStatus} = 'NG')`,
        })
        .from(tags)
        .where(eq(tags.storeCode, code));
      const stats = body.tagStatus[code];
      expect(stats).toMatchObject({ total: n(t.total), error: n(t.error), inprogress: n(t.wip), lowBattery: n(t.low) });
      expect(Object.values(stats.countByType as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(n(t.total));
      expect(Object.values(stats.countNgByType as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(n(t.error));

      const [g] = await sut.deps.db
        .select({
          total: sql`count(*)`,
          alarm: sql`count(*) filter (where ${gateways.status} = 'ALARM' or (${gateways.status} = 'NORMAL' and ${gateways.timeSync} = 0))`,
          offline: sql`count(*) filter (where ${gateways.status} = 'OFFLINE')`,
        })
        .from(gateways)
        .where(eq(gateways.storeCode, code));
      expect(body.gwStatus[code]).toMatchObject({ total: n(g.total), alarm: n(g.alarm), offline: n(g.offline) });
      const gmpSum = Object.values(body.gwStatus[code].gmpVersion as Record<string, number>).reduce((a, b) => a + b, 0);
      expect(gmpSum).toBe(n(g.total));
      expect(body.gwTagStatus[code]).toHaveLength(n(g.total));

      const [p] = await sut.deps.db
        .select({ total: sql`count(*)` })
        .from(products)
        .where(eq(products.storeCode, code));
      expect(body.productStatus[code].total).toBe(n(p.total));
    }
    // The seed makes TKY002 an ALARM store with a NORMAL gateway that lost its time sync.
    expect(body.gwStatus.TKY002.alarm).toBeGreaterThanOrEqual(2);
    const daily = await sut.deps.db.select().from(dailyCounts).where(eq(dailyCounts.storeCode, 'TKY001'));
    const mine = (body.updatedTagCount as { storeCode: string; date: string; total: number }[]).filter((r) => r.storeCode === 'TKY001');
    expect(mine.length).toBe(daily.length);
    for (const row of mine) expect(row.total).toBe(daily.find((d) => d.date === row.date)!.total);
    expect(body.updatedProductCount.length).toBe(body.updatedTagCount.length);
    expect(body.updatingStoreList.length).toBeGreaterThan(0);
  });

  it('counts tags updated today (UTC) and tags per gateway from the tags table', async () => {
    const db = sut.deps.db;
    const midnight = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
    const [today] = await db
      .select({ n: sql`count(*)` })
      .from(tags)
      .where(and(eq(tags.storeCode, 'TKY001'), sql`${tags.updatedAt} >= ${midnight}`));
    const body = await dashboard(admin);
    expect(body.tagStatus.TKY001.todayUpdated).toBe(n(today.n));
    for (const gw of body.gwTagStatus.TKY001 as { gwMac: string; tagCount: number }[]) {
      const [c] = await db
        .select({ n: sql`count(*)` })
        .from(tags)
        .where(eq(tags.gwMac, gw.gwMac));
      expect(gw.tagCount).toBe(n(c.n));
    }
  });

  // spec: core §4.1 — a NORMAL gateway with timeSync 0 counts as ALARM
  it('shows a NORMAL gateway without time sync as ALARM', async () => {
    const db = sut.deps.db;
    const [gw] = await db
      .select()
      .from(gateways)
      .where(and(eq(gateways.storeCode, 'SEL001'), eq(gateways.status, 'NORMAL'), eq(gateways.timeSync, 1)))
      .limit(1);
    const before = await dashboard(admin);
    await db.update(gateways).set({ timeSync: 0 }).where(eq(gateways.gwMac, gw.gwMac));
    try {
      const after = await dashboard(admin);
      expect(after.gwStatus.SEL001.alarm).toBe(before.gwStatus.SEL001.alarm + 1);
      expect(after.gwStatus.SEL001.normal).toBe(before.gwStatus.SEL001.normal - 1);
      expect(after.gwTagStatus.SEL001.find((g: { gwMac: string }) => g.gwMac === gw.gwMac).status).toBe('ALARM');
    } finally {
      await db.update(gateways).set({ timeSync: 1 }).where(eq(gateways.gwMac, gw.gwMac));
    }
  });

  it("scopes to the member's stores: the operator sees its two stores, nord-admin no ACME store", async () => {
    const op = await dashboard(operator);
    expect([...op.storeList].sort()).toEqual(['TKY001', 'TKY002']);
    expect(Object.keys(op.tagStatus).sort()).toEqual(['TKY001', 'TKY002']);
    expect(Object.keys(op.gwStatus).sort()).toEqual(['TKY001', 'TKY002']);
    expect(Object.keys(op.companyDict)).toEqual(['ACME']);
    for (const r of op.updatedTagCount) expect(['TKY001', 'TKY002']).toContain(r.storeCode);
    // The operator's role has no server read: the server section is left out.
    expect(op).not.toHaveProperty('serverStatus');

    const nd = await dashboard(nord);
    const acme = (await sut.deps.db.select({ code: stores.storeCode }).from(stores).where(eq(stores.companyCode, 'ACME'))).map(
      (r) => r.code,
    );
    for (const code of acme) {
      expect(nd.storeList).not.toContain(code);
      expect(nd.tagStatus).not.toHaveProperty(code);
      expect(nd.gwStatus).not.toHaveProperty(code);
      expect(nd.productStatus).not.toHaveProperty(code);
    }
    expect(Object.keys(nd.companyDict)).toEqual(['NORD']);
  });

  // spec: core §2.27
  it('leaves out the sections the member may not read', async () => {
    const db = sut.deps.db;
    const [role] = await db
      .insert(roles)
      .values({
        name: 'Dashboard and store only',
        companyCode: 'ACME',
        privilege: [
          { key: 'dashboard', depth: 0, read: true, write: false },
          { key: 'store', depth: 0, read: true, write: false },
        ],
      })
      .returning({ roleId: roles.roleId });
    const [template] = await db.select().from(members).where(eq(members.email, 'viewer@shelfpad.test'));
    await db.insert(members).values({ ...template, email: 'dash-only@shelfpad.test', roleId: role.roleId });
    const headers = await login(sut.app, 'dash-only@shelfpad.test', PASSWORD);
    const body = await dashboard(headers);
    expect(Object.keys(body.gwStatus).length).toBeGreaterThan(0);
    for (const key of ['serverStatus', 'tagStatus', 'gwTagStatus', 'productStatus', 'updatedTagCount', 'updatedProductCount']) {
      expect(body).not.toHaveProperty(key);
    }
    // Without dashboard read the call itself is refused.
    await db
      .update(roles)
      .set({ privilege: [{ key: 'store', depth: 0, read: true, write: false }] })
      .where(eq(roles.roleId, role.roleId));
    expect((await get('/stats/dashboard', headers)).statusCode).toBe(403);
  });

  it('refuses a call without a session and malformed queries', async () => {
    expect((await get('/stats/dashboard', {})).statusCode).toBe(401);
    expect((await get('/stats/dashboard?t=yesterday')).statusCode).toBe(400);
    expect((await get('/stats/dashboard?storeCode=TKY001')).statusCode).toBe(400);
  });
});

describe('GET /alarm/config', () => {
  it('answers the alarm types, titles and servers as stored', async () => {
    const res = await get('/alarm/config');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const [row] = await sut.deps.db.select().from(alarmConfig).where(eq(alarmConfig.id, 1));
    expect(body.available).toEqual(row.available.map(String));
    expect(body.server).toEqual(row.server);
    expect(body.content).toEqual(row.content);
    expect(body.admin).toEqual(row.admin);
  });

  it("keeps the administrators' e-mails from members without alarm read", async () => {
    const res = await get('/alarm/config', operator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('admin');
    expect(Object.keys(res.json().content).length).toBeGreaterThan(0);
  });
});
