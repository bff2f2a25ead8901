import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  collectingItems,
  gatewayHealth,
  gateways,
  products,
  sensors,
  serverHealth,
  servers,
  stores,
  tagTypes,
  tags,
} from '../../server/db/schema/index';
import type { PushMessage } from '../../server/push/hub';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

let sut: TestServer;
let admin: AuthHeaders;
let operator: AuthHeaders;
let nord: AuthHeaders;
let viewer: AuthHeaders;

beforeAll(async () => {
  let as: Record<'admin' | 'operator' | 'nord' | 'viewer', AuthHeaders>;
  ({ sut, as } = await startWithLogins(['admin', 'operator', 'nord', 'viewer']));
  ({ admin, operator, nord, viewer } = as);
});
afterAll(async () => sut?.close());

const get = (url: string, headers: Record<string, string> = admin) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = admin) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
const n = (v: unknown) => Number(v);
const codesOf = (rows: { storeCode: string }[]) => rows.map((r) => r.storeCode).sort();
const countRows = async (table: PgTable, where: SQL | undefined) =>
  n(
    (
      await sut.deps.db
        .select({ n: sql`count(*)` })
        .from(table)
        .where(where)
    )[0].n,
  );
const dayAgo = () => Math.floor(Date.now() / 1000) - 86_400;

describe('servers', () => {
  // spec: core §3.2 — server id, name, status, state, type
  it('lists the servers as stored; refuses members without server read', async () => {
    const res = await get('/status/server', viewer);
    expect(res.statusCode).toBe(200);
    const rows = await sut.deps.db.select().from(servers);
    expect(
      res
        .json()
        .map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual(rows.map((r) => r.id).sort());
    const esl = res.json().find((s: { id: string }) => s.id === 'esl-01');
    expect(esl).toMatchObject({ name: 'esl-01', type: 'esl', state: 'LEADER', status: 'NORMAL' });
    expect((await get('/status/server', operator)).statusCode).toBe(403);
  });

  it('answers a server detail with usage, services and network; 404 for an unknown id', async () => {
    const res = await get('/status/server/db-01?t=5');
    expect(res.statusCode).toBe(200);
    const [row] = await sut.deps.db.select().from(servers).where(eq(servers.id, 'db-01'));
    expect(res.json()).toMatchObject({ id: 'db-01', diskUsage: row.diskUsage, ramUsage: row.ramUsage });
    expect(res.json().serviceStatusList.map((s: { name: string }) => s.name)).toEqual(row.serviceStatusList.map((s) => s.name));
    expect(res.json().network[0].ip).toBe('10.0.0.31');
    expect(Date.parse(res.json().time)).not.toBeNaN();
    expect((await get('/status/server/nope-01')).statusCode).toBe(404);
    expect((await get('/status/server/bad%20id')).statusCode).toBe(400);
  });

  // spec: core §9.3 — server history window 24 h
  it('answers the 24 h health history of a server, trimmed to the window', async () => {
    const start = dayAgo();
    const res = await get(`/system/status/server/esl-01?start=${start}&end=-1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(
      await countRows(serverHealth, and(eq(serverHealth.serverId, 'esl-01'), gte(serverHealth.time, new Date(start * 1000)))),
    );
    const point = res.json()[0];
    expect(point.memory).toBeGreaterThan(0);
    expect(point.memory).toBeLessThanOrEqual(100);
    expect(point.disk).toBeGreaterThan(0);
    // Older than the window is trimmed: asking from the epoch answers no more than the last 24 h.
    const all = (await get('/system/status/server/esl-01?start=0&end=-1')).json();
    expect(all.length).toBeLessThanOrEqual(res.json().length);
    expect((await get('/system/status/server/esl-01?start=200&end=100')).statusCode).toBe(400);
    expect((await get('/system/status/server/esl-01?start=0')).statusCode).toBe(400);
    expect((await get('/system/status/server/esl-01?start=0&end=-2')).statusCode).toBe(400);
    expect((await get('/system/status/server/nope-01?start=0&end=-1')).statusCode).toBe(404);
  });

  // spec: core §6.3 — server delete needs server write
  it('deletes a server only with server write', async () => {
    const del = (headers: Record<string, string>) => sut.app.inject({ method: 'DELETE', url: '/api/status/server/proxy-01', headers });
    expect((await del(viewer)).statusCode).toBe(403);
    expect(await sut.deps.db.select().from(servers).where(eq(servers.id, 'proxy-01'))).toHaveLength(1);
    const res = await del(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await sut.deps.db.select().from(servers).where(eq(servers.id, 'proxy-01'))).toHaveLength(0);
    expect((await del(admin)).statusCode).toBe(404);
  });
});

describe('stores and gateways', () => {
  // spec: core §2.34, core §4.1 — store rows: gwCount, normal, alarm, offline, status, companyName, position
  it('lists the stores with gateway counts equal to the database (timeSync rule applied)', async () => {
    const res = await get('/status/store');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as {
      storeCode: string;
      gwCount: number;
      normal: number;
      alarm: number;
      offline: number;
      status: string;
      companyName: string;
      position?: unknown;
    }[];
    expect(codesOf(rows)).toEqual((await sut.deps.db.select({ storeCode: stores.storeCode }).from(stores)).map((r) => r.storeCode).sort());
    for (const row of rows) {
      const inStore = eq(gateways.storeCode, row.storeCode);
      expect(row).toMatchObject({
        gwCount: await countRows(gateways, inStore),
        normal: await countRows(gateways, and(inStore, sql`${gateways.status} = 'NORMAL' and ${gateways.timeSync} <> 0`)),
        alarm: await countRows(
          gateways,
          and(inStore, sql`(${gateways.status} = 'ALARM' or (${gateways.status} = 'NORMAL' and ${gateways.timeSync} = 0))`),
        ),
        offline: await countRows(gateways, and(inStore, eq(gateways.status, 'OFFLINE'))),
      });
      expect(row.position).toBeDefined();
    }
    expect(rows.find((r) => r.storeCode === 'TKY002')!.status).toBe('ALARM');
    expect(rows.find((r) => r.storeCode === 'BER001')!.status).toBe('OFFLINE');
    expect(rows.find((r) => r.storeCode === 'TKY001')!.companyName).toBe('Acme Retail Asia');
  });

  // spec: core §2.34 — the global company selection narrows the store list
  it('scopes the store list to the member and narrows it by global_companyCode', async () => {
    expect(codesOf((await get('/status/store', operator)).json())).toEqual(['TKY001', 'TKY002']);
    const nd = codesOf((await get('/status/store', nord)).json());
    expect(nd).toEqual(['BER001', 'LON001']);
    expect(codesOf((await get('/status/store?global_companyCode=NORD')).json())).toEqual(['BER001', 'LON001']);
    expect((await get('/status/store?global_companyCode=ACME', nord)).json()).toEqual([]);
    expect((await get('/status/store?global_companyCode=bad%20code')).statusCode).toBe(400);
    expect((await get('/status/store?unknown=1')).statusCode).toBe(400);
  });

  // spec: core §4.1
  it('answers a store with its gateway list; a NORMAL gateway without time sync is ALARM, ip keeps its port', async () => {
    const res = await get('/status/store/TKY002');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const rows = await sut.deps.db.select().from(gateways).where(eq(gateways.storeCode, 'TKY002'));
    expect(body.gwList).toHaveLength(rows.length);
    expect(body.gwCount).toBe(rows.length);
    for (const row of rows) {
      const gw = body.gwList.find((g: { gwMac: string }) => g.gwMac === row.gwMac);
      expect(gw.ip).toBe(row.ip);
      expect(gw.ip).toMatch(/:8080$/);
      expect(gw.status).toBe(row.status === 'NORMAL' && row.timeSync === 0 ? 'ALARM' : row.status);
    }
    expect(body.gwList.some((g: { status: string; timeSync: number }) => g.status === 'ALARM' && g.timeSync === 0)).toBe(true);
    expect((await get('/status/store/SEL001', operator)).statusCode).toBe(403);
    expect((await get('/status/store/NOPE01')).statusCode).toBe(400);
  });

  it('answers a gateway detail by store and MAC (separators and case accepted); 404 otherwise', async () => {
    const [row] = await sut.deps.db.select().from(gateways).where(eq(gateways.storeCode, 'TKY001')).limit(1);
    const res = await get(`/status/store/TKY001/gw/${row.gwMac}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      storeCode: 'TKY001',
      gwMac: row.gwMac,
      ip: row.ip,
      diskUsage: row.diskUsage,
      ramUsage: row.ramUsage,
    });
    const dashed = row.gwMac.toLowerCase().match(/../g)!.join(':');
    expect((await get(`/status/store/TKY001/gw/${dashed}`)).json().gwMac).toBe(row.gwMac);
    // The right gateway under the wrong store is not found.
    expect((await get(`/status/store/TKY002/gw/${row.gwMac}`)).statusCode).toBe(404);
    expect((await get('/status/store/TKY001/gw/000000000000')).statusCode).toBe(404);
    expect((await get('/status/store/TKY001/gw/not-a-mac')).statusCode).toBe(400);
  });

  it("answers a gateway's 24 h health history, scoped to the member's stores", async () => {
    const [row] = await sut.deps.db.select().from(gateways).where(eq(gateways.storeCode, 'SEL001')).limit(1);
    const start = dayAgo();
    const res = await get(`/system/status/gw/${row.gwMac}?start=${start}&end=-1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(
      await countRows(gatewayHealth, and(eq(gatewayHealth.gwMac, row.gwMac), gte(gatewayHealth.time, new Date(start * 1000)))),
    );
    expect(
      res
        .json()
        .every(
          (p: { ramdisk?: number; logDisk?: number; memory?: number }) =>
            p.ramdisk !== undefined && p.logDisk !== undefined && p.memory !== undefined,
        ),
    ).toBe(true);
    expect((await get(`/system/status/gw/${row.gwMac}?start=${start}&end=-1`, operator)).statusCode).toBe(403);
    expect((await get(`/system/status/gw/000000000000?start=0&end=-1`)).statusCode).toBe(404);
  });

  it('link check: success for a gateway that is not OFFLINE, failure for an OFFLINE one', async () => {
    const [up] = await sut.deps.db
      .select()
      .from(gateways)
      .where(and(eq(gateways.storeCode, 'TKY001'), eq(gateways.status, 'NORMAL')))
      .limit(1);
    const [down] = await sut.deps.db.select().from(gateways).where(eq(gateways.status, 'OFFLINE')).limit(1);
    const ok = await get(`/check/link/gw/${up.gwMac}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().success).toBe(true);
    const fail = await get(`/check/link/gw/${down.gwMac}`);
    expect(fail.statusCode).toBe(200);
    expect(fail.json().success).toBe(false);
    expect((await get(`/check/link/gw/${down.gwMac}`, operator)).statusCode).toBe(403);
    expect((await get('/check/link/gw/000000000000')).statusCode).toBe(404);
  });
});

describe('POST /status/store/pagination/:type', () => {
  const page = (type: string, body: Record<string, unknown>, headers: Record<string, string> = admin) =>
    post(`/status/store/pagination/${type}`, { start: 0, length: 10, ...body }, headers);

  // spec: core §3.5 — store rows: total, success, inprogress, error
  it('tag: per-store counters equal the database, paged and sorted', async () => {
    const res = await page('tag', { draw: 3, length: 4, columns: [{ data: 'storeCode' }], order: [{ column: 0, dir: 'asc' }] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ draw: 3, recordsTotal: 6, recordsFiltered: 6 });
    expect(body.data.map((r: { storeCode: string }) => r.storeCode)).toEqual(['BER001', 'LON001', 'MIL001', 'SEL001']);
    for (const row of body.data) {
      const inStore = eq(tags.storeCode, row.storeCode);
      const total = await countRows(tags, inStore);
      const error = await countRows(tags, and(inStore, eq(tags.operation, 1), sql`${tags.status} not in ('OK','WIP')`));
      const wip = await countRows(tags, and(inStore, eq(tags.status, 'WIP')));
      expect(row).toMatchObject({ total, error, inprogress: wip, success: total - error - wip });
    }
    const next = (await page('tag', { start: 4, length: 4, columns: [{ data: 'storeCode' }], order: [{ column: 0, dir: 'asc' }] })).json();
    expect(next.data.map((r: { storeCode: string }) => r.storeCode)).toEqual(['TKY001', 'TKY002']);
  });

  it('tag: filters (storeName contains, company, numbers) and scope', async () => {
    const acme = (await page('tag', { filter_storeName: 'acme' })).json();
    expect(acme.recordsFiltered).toBe(3);
    expect(acme.recordsTotal).toBe(6);
    expect((await page('tag', { global_companyCode: 'NORD' })).json().recordsTotal).toBe(2);
    expect((await page('tag', { filter_status: ['OFFLINE'] })).json().data.map((r: { storeCode: string }) => r.storeCode)).toEqual([
      'BER001',
    ]);
    await sut.deps.db
      .update(tags)
      .set({ status: 'NG' })
      .where(and(eq(tags.storeCode, 'MIL001'), eq(tags.status, 'OK'), eq(tags.operation, 1)));
    const many = (await page('tag', { filter_error: 50, condition_error: '>=' })).json();
    expect(many.data.map((r: { storeCode: string }) => r.storeCode)).toEqual(['MIL001']);
    const op = (await page('tag', {}, operator)).json();
    expect(op.recordsTotal).toBe(2);
    expect(codesOf(op.data)).toEqual(['TKY001', 'TKY002']);
    expect((await page('tag', {}, nord)).json().data.every((r: { companyCode: string }) => r.companyCode === 'NORD')).toBe(true);
  });

  // spec: core §3.5 — sensorTypeCount per type
  it('sensor: type counts per store equal the database', async () => {
    const res = await page('sensor', { columns: [{ data: 'total' }], order: [{ column: 0, dir: 'desc' }] });
    expect(res.statusCode).toBe(200);
    for (const row of res.json().data as { storeCode: string; total: number; sensorTypeCount: Record<string, number> }[]) {
      const rows = await sut.deps.db
        .select({ type: sensors.sensorType, n: sql`count(*)` })
        .from(sensors)
        .where(eq(sensors.storeCode, row.storeCode))
        .groupBy(sensors.sensorType);
      expect(row.total).toBe(rows.reduce((s, r) => s + n(r.n), 0));
      expect(row.sensorTypeCount).toEqual(Object.fromEntries(rows.map((r) => [r.type, n(r.n)])));
    }
    const totals = res.json().data.map((r: { total: number }) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(totals[0]).toBeGreaterThan(0);
  });

  it('product: totals per store equal the database', async () => {
    const body = (await page('product', { filter_storeCode: 'TKY001', condition_storeCode: '==' })).json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0].total).toBe(await countRows(products, eq(products.storeCode, 'TKY001')));
  });

  it('refuses malformed table requests with 400', async () => {
    expect((await page('tag', { filter_nope: 'x' })).statusCode).toBe(400);
    expect((await page('tag', { filter_storeName: 'x', condition_storeName: '>=' })).statusCode).toBe(400);
    expect((await page('tag', { filter_total: 'many' })).statusCode).toBe(400);
    expect((await page('tag', { columns: [{ data: 'secret' }], order: [{ column: 0, dir: 'asc' }] })).statusCode).toBe(400);
    expect((await page('tag', { length: 100_000 })).statusCode).toBe(400);
    expect((await post('/status/store/pagination/tag', { length: 10 })).statusCode).toBe(400);
    expect((await post('/status/store/pagination/plus', { start: 0, length: 10 })).statusCode).toBe(404);
  });
});

describe('collecting items', () => {
  let items: { id: number; storeCode: string }[];
  beforeAll(async () => {
    const now = new Date();
    items = await sut.deps.db
      .insert(collectingItems)
      .values([
        { storeCode: 'TKY001', companyCode: 'ACME', kind: 'statusCheck', cmd: 'TAG_STATUS_CHECK', total: 100 },
        { storeCode: 'LON001', companyCode: 'NORD', kind: 'ota', cmd: 'OTA', otaType: '1', total: 50 },
        { storeCode: 'TKY002', companyCode: 'ACME', kind: 'statusCheck', cmd: 'BATTERY_CHECK', total: 100, finishedAt: now },
        { storeCode: 'TKY002', companyCode: 'ACME', kind: 'statusCheck', cmd: 'GATEWAY_SCAN', total: 100, stoppedAt: now },
      ])
      .returning({ id: collectingItems.id, storeCode: collectingItems.storeCode });
  });

  // spec: core §3.11 — collecting item: storeCode, storeName, detail (cmd, companyCode, otaType, _id)
  it("lists nothing without a session, every running item to role -1, and only the member's to others", async () => {
    const anonymous = await sut.app.inject({ method: 'GET', url: '/api/collecting/store' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual([]);
    const res = await get('/collecting/store', admin);
    expect(res.json()).toEqual([
      {
        storeCode: 'TKY001',
        storeName: 'Acme Shibuya',
        detail: { cmd: 'TAG_STATUS_CHECK', companyCode: 'ACME', _id: String(items[0].id) },
      },
      {
        storeCode: 'LON001',
        storeName: 'Nordmarkt Oxford Street',
        detail: { cmd: 'OTA', companyCode: 'NORD', otaType: '1', _id: String(items[1].id) },
      },
    ]);
    expect(codesOf((await get('/collecting/store', operator)).json())).toEqual(['TKY001']);
    expect(codesOf((await get('/collecting/store', nord)).json())).toEqual(['LON001']);
  });

  // spec: core §2.18, core §4.7 — stop ends the item; the list is pushed as type 1
  it('stops an item: stoppedAt is set and the new list is pushed (type 1)', async () => {
    const pushed: PushMessage[] = [];
    const unsubscribe = sut.deps.push.subscribe((m) => pushed.push(m));
    try {
      const res = await post('/collecting/stop', { storeCode: 'TKY001', cmd: 'TAG_STATUS_CHECK', _id: String(items[0].id) }, operator);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
    } finally {
      unsubscribe();
    }
    const [row] = await sut.deps.db.select().from(collectingItems).where(eq(collectingItems.id, items[0].id));
    expect(row.stoppedAt).toBeInstanceOf(Date);
    expect(pushed).toHaveLength(1);
    expect(pushed[0].type).toBe(1);
    expect((pushed[0].data as { detail: { _id: string } }[]).map((i) => i.detail._id)).toEqual([String(items[1].id)]);
    expect(codesOf((await get('/collecting/store', admin)).json())).toEqual(['LON001']);
  });

  it('refuses unknown, foreign, finished and malformed stop requests', async () => {
    const stop = (body: unknown, headers: Record<string, string> = admin) => post('/collecting/stop', body, headers);
    expect((await stop({ storeCode: 'TKY001', cmd: 'X', _id: '99999' })).statusCode).toBe(404);
    expect((await stop({ storeCode: 'TKY001', cmd: 'X', _id: 'abc' })).statusCode).toBe(404);
    // The item exists, but not in the named store.
    expect((await stop({ storeCode: 'TKY001', cmd: 'OTA', _id: String(items[1].id) })).statusCode).toBe(404);
    expect((await stop({ storeCode: 'LON001', cmd: 'OTA', _id: String(items[1].id) }, operator)).statusCode).toBe(403);
    expect((await stop({ storeCode: 'TKY002', cmd: 'BATTERY_CHECK', _id: String(items[2].id) })).statusCode).toBe(409);
    expect((await stop({ storeCode: 'TKY002', cmd: 'X', _id: String(items[0].id) }, viewer)).statusCode).toBe(403);
    expect((await stop({ storeCode: 'TKY001', cmd: 'X' })).statusCode).toBe(400);
    expect((await stop({ storeCode: 'TKY001', cmd: 'X', _id: 5 })).statusCode).toBe(400);
    const [lon] = await sut.deps.db.select().from(collectingItems).where(eq(collectingItems.id, items[1].id));
    expect(lon.stoppedAt).toBeNull();
  });
});

describe('version and tag types', () => {
  it('answers the server version and the newest gateway package versions', async () => {
    const res = await get('/version', operator);
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toMatch(/^\d+\.\d+\.\d+/);
    const grm = (await sut.deps.db.selectDistinct({ v: gateways.grmVersion }).from(gateways)).map((r) => r.v!);
    const newest = grm.sort((a, b) => b.localeCompare(a, undefined, { numeric: true }))[0];
    expect(res.json().grm.version).toBe(newest);
    expect((await get('/version', {})).statusCode).toBe(401);
  });

  it('lists the tag types; with a store, inUse says whether its tags use the type', async () => {
    const info = await get('/tag/type/info', operator);
    expect(info.statusCode).toBe(200);
    const rows = await sut.deps.db.select().from(tagTypes);
    expect(info.json()).toHaveLength(rows.length);
    expect(info.json()[0]).not.toHaveProperty('inUse');
    const typed = (await get('/tag/type?storeCode=TKY001', operator)).json() as { prefix: string; inUse: boolean }[];
    const used = new Set(
      (await sut.deps.db.selectDistinct({ t: tags.tagType }).from(tags).where(eq(tags.storeCode, 'TKY001'))).map((r) => r.t),
    );
    for (const t of typed) expect(t.inUse).toBe(used.has(t.prefix));
    expect(typed.some((t) => t.inUse) && typed.some((t) => !t.inUse)).toBe(true);
    expect((await get('/tag/type?storeCode=SEL001', operator)).statusCode).toBe(403);
    expect((await get('/tag/type?storeCode=NOPE01', operator)).statusCode).toBe(400);
  });
});
