import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SYSTEM_ALARM_TYPES } from '../../contract/schemas/system-alarm-types';
import { gatewayAlarmHistory, gatewayChannels, gateways, predefinedGateways, stores, tags } from '../../server/db/schema/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

let sut: TestServer;
let admin: AuthHeaders;
let acme: AuthHeaders;
let nord: AuthHeaders;
let viewer: AuthHeaders;
let operator: AuthHeaders;

beforeAll(async () => {
  let as: Record<'admin' | 'acme' | 'nord' | 'viewer' | 'operator', AuthHeaders>;
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord', 'viewer', 'operator']));
  ({ admin, acme, nord, viewer, operator } = as);
});
afterAll(async () => sut?.close());

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  sut.app.inject({ method, url: `/api${url}`, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
const alarmRows = (gwMac: string) =>
  sut.deps.db
    .select()
    .from(gatewayAlarmHistory)
    .where(and(eq(gatewayAlarmHistory.gwMac, gwMac), eq(gatewayAlarmHistory.type, SYSTEM_ALARM_TYPES.GW_RECOVERY_STARTED.code)));

describe('POST /gw/reboot/:gwMac', () => {
  it('accepts a reachable gateway and records the request in its alarm history', async () => {
    const [gw] = await sut.deps.db
      .select()
      .from(gateways)
      .where(and(eq(gateways.storeCode, 'TKY001'), eq(gateways.status, 'NORMAL')))
      .limit(1);
    const before = (await alarmRows(gw.gwMac)).length;
    const res = await send('POST', `/gw/reboot/${gw.gwMac}`, acme);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'GW will restart soon.' });
    const after = await alarmRows(gw.gwMac);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.storeCode).toBe('TKY001');
  });

  it("refuses an OFFLINE gateway and one without IP with 'GW reboot failed.'", async () => {
    const [offline] = await sut.deps.db
      .select()
      .from(gateways)
      .where(and(eq(gateways.storeCode, 'BER001'), eq(gateways.status, 'OFFLINE')))
      .limit(1);
    const before = (await alarmRows(offline.gwMac)).length;
    const res = await send('POST', `/gw/reboot/${offline.gwMac}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('GW reboot failed.');
    expect(await alarmRows(offline.gwMac)).toHaveLength(before);

    const [noIp] = await sut.deps.db
      .select()
      .from(gateways)
      .where(and(eq(gateways.storeCode, 'SEL001'), eq(gateways.status, 'NORMAL')))
      .limit(1);
    await sut.deps.db.update(gateways).set({ ip: null }).where(eq(gateways.gwMac, noIp.gwMac));
    const res2 = await send('POST', `/gw/reboot/${noIp.gwMac}`, admin);
    expect(res2.statusCode).toBe(400);
    expect(res2.json().message).toBe('GW reboot failed.');
    await sut.deps.db.update(gateways).set({ ip: noIp.ip }).where(eq(gateways.gwMac, noIp.gwMac));
  });

  it("needs store write on the gateway's store; unknown gateways are 404", async () => {
    const [gw] = await sut.deps.db.select().from(gateways).where(eq(gateways.storeCode, 'TKY001')).limit(1);
    expect((await send('POST', `/gw/reboot/${gw.gwMac}`, viewer)).statusCode).toBe(403);
    expect((await send('POST', `/gw/reboot/${gw.gwMac}`, operator)).statusCode).toBe(403);
    expect((await send('POST', `/gw/reboot/${gw.gwMac}`, nord)).statusCode).toBe(403);
    expect((await send('POST', '/gw/reboot/0000000000AA', admin)).statusCode).toBe(404);
    expect((await send('POST', '/gw/reboot/xyz', admin)).statusCode).toBe(400);
  });
});

describe('POST /gw/predefined', () => {
  const macs = ['AA0000000001', 'AA0000000002', 'AA0000000003'];
  const stored = () =>
    sut.deps.db.select().from(predefinedGateways).where(inArray(predefinedGateways.gwMac, macs)).orderBy(predefinedGateways.gwMac);

  it('upserts the rows and answers how many were written', async () => {
    // Rows of a store: the store's company admin may change them afterwards (rows of no store are role -1's).
    const res = await send('POST', '/gw/predefined', admin, {
      storeCode: 'TKY001',
      data: [
        { gwMac: 'aa:00:00:00:00:01', dataChannel: 11, eventChannel: 26 },
        { gwMac: 'AA0000000002', dataChannel: 15, eventChannel: 25 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    expect((await stored()).map((r) => [r.gwMac, r.dataChannel, r.eventChannel])).toEqual([
      ['AA0000000001', 11, 26],
      ['AA0000000002', 15, 25],
    ]);
    // Again with a changed row, a new row and a MAC listed twice (the last row wins).
    const again = await send('POST', '/gw/predefined', acme, {
      storeCode: 'TKY001',
      data: [
        { gwMac: 'AA0000000001', dataChannel: 20, eventChannel: 24 },
        { gwMac: 'AA0000000003', dataChannel: 11, eventChannel: 26 },
        { gwMac: 'AA0000000003', dataChannel: 12, eventChannel: 25 },
      ],
    });
    expect(again.json()).toEqual({ updated: 2 });
    expect((await stored()).map((r) => [r.gwMac, r.dataChannel, r.eventChannel])).toEqual([
      ['AA0000000001', 20, 24],
      ['AA0000000002', 15, 25],
      ['AA0000000003', 12, 25],
    ]);
  });

  it('refuses channels beyond 26 for a store without outband, storing nothing; accepts them with outband', async () => {
    const before = await sut.deps.db.select({ n: sql`count(*)` }).from(predefinedGateways);
    const body = {
      storeCode: 'TKY002',
      data: [
        { gwMac: 'BB0000000001', dataChannel: 11, eventChannel: 26 },
        { gwMac: 'BB0000000002', dataChannel: 27, eventChannel: 26 },
      ],
    };
    const res = await send('POST', '/gw/predefined', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/27/);
    expect(await sut.deps.db.select({ n: sql`count(*)` }).from(predefinedGateways)).toEqual(before);

    await sut.deps.db.update(stores).set({ outbandEnable: true }).where(eq(stores.storeCode, 'TKY002'));
    const ok = await send('POST', '/gw/predefined', admin, body);
    expect(ok.json()).toEqual({ updated: 2 });
    await sut.deps.db.update(stores).set({ outbandEnable: false }).where(eq(stores.storeCode, 'TKY002'));
  });

  it("refuses malformed bodies with 400 and other companies' gateways with 403", async () => {
    const before = await sut.deps.db.select({ n: sql`count(*)` }).from(predefinedGateways);
    for (const payload of [
      { data: [{ gwMac: 'CC0000000001', dataChannel: 10, eventChannel: 26 }] },
      { data: [{ gwMac: 'CC0000000001', dataChannel: 11, eventChannel: 32 }] },
      { data: [{ gwMac: 'CC0000000001', dataChannel: '11', eventChannel: 26 }] },
      { data: [{ gwMac: 'not a mac', dataChannel: 11, eventChannel: 26 }] },
      { data: [{ gwMac: '::::CC00000000', dataChannel: 11, eventChannel: 26 }] },
      { data: [] },
      { rows: [] },
      { data: [{ gwMac: 'CC0000000001', dataChannel: 11, eventChannel: 26, extra: 1 }] },
    ]) {
      expect((await send('POST', '/gw/predefined', admin, payload)).statusCode).toBe(400);
    }
    expect(await sut.deps.db.select({ n: sql`count(*)` }).from(predefinedGateways)).toEqual(before);
    const [acmeGw] = await sut.deps.db.select().from(gateways).where(eq(gateways.storeCode, 'TKY001')).limit(1);
    expect(
      (await send('POST', '/gw/predefined', nord, { data: [{ gwMac: acmeGw.gwMac, dataChannel: 11, eventChannel: 26 }] })).statusCode,
    ).toBe(403);
    expect(
      (
        await send('POST', '/gw/predefined', nord, {
          storeCode: 'TKY001',
          data: [{ gwMac: 'CC0000000001', dataChannel: 11, eventChannel: 26 }],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', '/gw/predefined', viewer, { data: [{ gwMac: 'CC0000000001', dataChannel: 11, eventChannel: 26 }] })).statusCode,
    ).toBe(403);
  });
});

describe('/config/gw/channel', () => {
  const tky001Channels = () =>
    sut.deps.db.select().from(gatewayChannels).where(eq(gatewayChannels.storeCode, 'TKY001')).orderBy(gatewayChannels.gwIndex);
  // spec: core §3.4 — channel setting map keyed by gwIndex
  it('answers the stored map and replaces it on save', async () => {
    const res = await send('GET', '/config/gw/channel?storeCode=TKY001', viewer);
    expect(res.statusCode).toBe(200);
    const rows = await tky001Channels();
    expect(res.json().storeCode).toBe('TKY001');
    expect(res.json().channelMap).toEqual(
      Object.fromEntries(rows.map((r) => [String(r.gwIndex), { dataChannel: r.dataChannel, eventChannel: r.eventChannel }])),
    );

    const channelMap = { '0': { dataChannel: 11, eventChannel: 26 }, '5': { dataChannel: 18, eventChannel: 22 } };
    const saved = await send('POST', '/config/gw/channel', acme, { storeCode: 'TKY001', channelMap });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true });
    const after = await tky001Channels();
    expect(after.map((r) => [r.gwIndex, r.dataChannel, r.eventChannel])).toEqual([
      [0, 11, 26],
      [5, 18, 22],
    ]);
    expect((await send('GET', '/config/gw/channel?storeCode=TKY001', acme)).json().channelMap).toEqual(channelMap);
  });

  it('refuses bad maps with 400 and leaves the stored map as it was', async () => {
    const before = await tky001Channels();
    for (const payload of [
      { storeCode: 'TKY001', channelMap: { '1': { dataChannel: 30, eventChannel: 26 } } },
      { storeCode: 'TKY001', channelMap: { '1': { dataChannel: 9, eventChannel: 26 } } },
      { storeCode: 'TKY001', channelMap: { abc: { dataChannel: 11, eventChannel: 26 } } },
      { storeCode: 'TKY001', channelMap: { '1': { dataChannel: 11 } } },
      { storeCode: 'TKY001', channelMap: { '1': { dataChannel: 11, eventChannel: 26 }, '01': { dataChannel: 12, eventChannel: 26 } } },
      { channelMap: { '1': { dataChannel: 11, eventChannel: 26 } } },
    ]) {
      expect((await send('POST', '/config/gw/channel', admin, payload)).statusCode).toBe(400);
    }
    expect(await tky001Channels()).toEqual(before);
    expect((await send('GET', '/config/gw/channel', admin)).statusCode).toBe(400);
    expect((await send('POST', '/config/gw/channel', viewer, { storeCode: 'TKY001', channelMap: {} })).statusCode).toBe(403);
    expect((await send('POST', '/config/gw/channel', nord, { storeCode: 'TKY001', channelMap: {} })).statusCode).toBe(403);
  });
});

describe('DELETE /config/gw/store/:storeCode/gw/:gwMac', () => {
  it('deletes the gateway (tags keep their rows, unlinked) and needs store write', async () => {
    const [gw] = await sut.deps.db.select().from(gateways).where(eq(gateways.storeCode, 'SEL001')).orderBy(gateways.gwMac).limit(1);
    const url = `/config/gw/store/SEL001/gw/${gw.gwMac}`;
    const linked = await sut.deps.db.select({ tagMac: tags.tagMac }).from(tags).where(eq(tags.gwMac, gw.gwMac));
    expect(linked.length).toBeGreaterThan(0);
    expect((await send('DELETE', url, viewer)).statusCode).toBe(403);
    expect((await send('DELETE', `/config/gw/store/TKY001/gw/${gw.gwMac}`, admin)).statusCode).toBe(404);
    expect(await sut.deps.db.select().from(gateways).where(eq(gateways.gwMac, gw.gwMac))).toHaveLength(1);

    const res = await send('DELETE', url, acme);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await sut.deps.db.select().from(gateways).where(eq(gateways.gwMac, gw.gwMac))).toHaveLength(0);
    const still = await sut.deps.db
      .select()
      .from(tags)
      .where(
        inArray(
          tags.tagMac,
          linked.map((t) => t.tagMac),
        ),
      );
    expect(still).toHaveLength(linked.length);
    expect(still.every((t) => t.gwMac === null)).toBe(true);
    expect((await send('DELETE', url, acme)).statusCode).toBe(404);
    expect((await send('DELETE', `/config/gw/store/NOPE01/gw/${gw.gwMac}`, admin)).statusCode).toBe(400);
  });
});
