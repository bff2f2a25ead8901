import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { gatewayChannels, gateways, predefinedGateways, servers } from '../../server/db/schema/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/* Issue 11 finding 1: a company admin's rights end at its companies and stores; what belongs to no company needs role -1. */
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord']));
});
afterAll(async () => sut?.close());

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  sut.app.inject({ method, url: `/api${url}`, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
const channelRows = (storeCode: string) =>
  sut.deps.db.select().from(gatewayChannels).where(eq(gatewayChannels.storeCode, storeCode)).orderBy(gatewayChannels.gwIndex);

describe('channel settings are per store', () => {
  it("NORD's admin saving its store's map leaves ACME's map as it was", async () => {
    const acmeBefore = await channelRows('TKY001');
    expect(acmeBefore.length).toBeGreaterThan(0);
    const nordMap = { '0': { dataChannel: 12, eventChannel: 25 } };
    expect((await send('POST', '/config/gw/channel', as.nord, { storeCode: 'BER001', channelMap: nordMap })).statusCode).toBe(200);
    expect(await channelRows('TKY001')).toEqual(acmeBefore);
    expect((await send('GET', '/config/gw/channel?storeCode=BER001', as.nord)).json().channelMap).toEqual(nordMap);
    expect((await send('GET', '/config/gw/channel?storeCode=TKY001', as.acme)).json().channelMap).toEqual(
      Object.fromEntries(acmeBefore.map((r) => [String(r.gwIndex), { dataChannel: r.dataChannel, eventChannel: r.eventChannel }])),
    );
  });

  it("refuses another company's store with 403 and stores nothing", async () => {
    const before = await channelRows('TKY001');
    const res = await send('POST', '/config/gw/channel', as.nord, {
      storeCode: 'TKY001',
      channelMap: { '0': { dataChannel: 13, eventChannel: 26 } },
    });
    expect(res.statusCode).toBe(403);
    expect(await channelRows('TKY001')).toEqual(before);
    expect((await send('GET', '/config/gw/channel?storeCode=TKY001', as.nord)).statusCode).toBe(403);
  });
});

describe('servers belong to the system', () => {
  it('a company admin cannot delete a server every company shares; the super admin can', async () => {
    const [server] = await sut.deps.db.select().from(servers).limit(1);
    const res = await send('DELETE', `/status/server/${server.id}`, as.acme);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only the super administrator may change what every company shares.');
    expect(await sut.deps.db.select().from(servers).where(eq(servers.id, server.id))).toHaveLength(1);
    // Reading stays open to the section privilege.
    expect((await send('GET', `/status/server/${server.id}`, as.acme)).statusCode).toBe(200);
    expect((await send('DELETE', `/status/server/${server.id}`, as.admin)).statusCode).toBe(200);
    expect(await sut.deps.db.select().from(servers).where(eq(servers.id, server.id))).toHaveLength(0);
  });
});

describe("POST /gw/predefined writes only rows of the caller's stores", () => {
  const stored = (macs: string[]) => sut.deps.db.select().from(predefinedGateways).where(inArray(predefinedGateways.gwMac, macs));

  it("refuses a company admin a MAC in nobody's store when the call names no store", async () => {
    const res = await send('POST', '/gw/predefined', as.nord, { data: [{ gwMac: 'DD0000000001', dataChannel: 11, eventChannel: 26 }] });
    expect(res.statusCode).toBe(403);
    expect(await stored(['DD0000000001'])).toHaveLength(0);
  });

  it('records the store a row was imported for, and another company cannot overwrite it', async () => {
    const row = { gwMac: 'DD0000000002', dataChannel: 15, eventChannel: 26 };
    expect((await send('POST', '/gw/predefined', as.acme, { storeCode: 'TKY001', data: [row] })).json()).toEqual({ updated: 1 });
    expect(await stored([row.gwMac])).toMatchObject([{ storeCode: 'TKY001', dataChannel: 15 }]);
    const res = await send('POST', '/gw/predefined', as.nord, { storeCode: 'BER001', data: [{ ...row, dataChannel: 20 }] });
    expect(res.statusCode).toBe(403);
    expect(await stored([row.gwMac])).toMatchObject([{ storeCode: 'TKY001', dataChannel: 15 }]);
  });

  it("refuses a MAC that is another company's gateway even when the call names the caller's own store", async () => {
    const [acmeGw] = await sut.deps.db.select().from(gateways).where(eq(gateways.storeCode, 'TKY001')).limit(1);
    const res = await send('POST', '/gw/predefined', as.nord, {
      storeCode: 'BER001',
      data: [{ gwMac: acmeGw.gwMac, dataChannel: 11, eventChannel: 26 }],
    });
    expect(res.statusCode).toBe(403);
    expect(await stored([acmeGw.gwMac])).toHaveLength(0);
  });

  it('the super admin may still write system-wide rows', async () => {
    const res = await send('POST', '/gw/predefined', as.admin, { data: [{ gwMac: 'DD0000000003', dataChannel: 11, eventChannel: 26 }] });
    expect(res.json()).toEqual({ updated: 1 });
    expect(await stored(['DD0000000003'])).toMatchObject([{ storeCode: null }]);
    // ... which a company admin then cannot take over.
    expect(
      (
        await send('POST', '/gw/predefined', as.acme, {
          storeCode: 'TKY001',
          data: [{ gwMac: 'DD0000000003', dataChannel: 12, eventChannel: 26 }],
        })
      ).statusCode,
    ).toBe(403);
  });
});
