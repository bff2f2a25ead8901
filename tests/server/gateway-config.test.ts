import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { gateways, members, roles, stores } from '../../server/db/schema/index';
import { login, startWithLogins, type AuthHeaders, type TestServer } from './harness';

const PASSWORD = 'Shelfpad#2026';
const STORE = 'TKY001';
let sut: TestServer;
let admin: AuthHeaders;
let nord: AuthHeaders;
let viewer: AuthHeaders;
let operator: AuthHeaders;
let macs: string[];

beforeAll(async () => {
  let as: Record<'admin' | 'nord' | 'viewer' | 'operator', AuthHeaders>;
  ({ sut, as } = await startWithLogins(['admin', 'nord', 'viewer', 'operator']));
  ({ admin, nord, viewer, operator } = as);
  macs = (
    await sut.deps.db.select({ gwMac: gateways.gwMac }).from(gateways).where(eq(gateways.storeCode, STORE)).orderBy(gateways.gwIndex)
  ).map((g) => g.gwMac);
});
afterAll(async () => sut?.close());

const send = (method: 'GET' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  sut.app.inject({ method, url: `/api${url}`, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
const stored = async (gwMac: string) => (await sut.deps.db.select().from(gateways).where(eq(gateways.gwMac, gwMac)))[0];

/** A member of all ACME stores whose role grants exactly these privileges. */
async function memberWith(email: string, privilege: { key: string; read: boolean; write: boolean }[]): Promise<AuthHeaders> {
  const { db } = sut.deps;
  const [role] = await db
    .insert(roles)
    .values({ name: email, companyCode: 'ACME', privilege: privilege.map((p) => ({ ...p, depth: p.key === 'store_config' ? 1 : 0 })) })
    .returning({ roleId: roles.roleId });
  const [template] = await db.select().from(members).where(eq(members.email, 'viewer@shelfpad.test'));
  await db.insert(members).values({ ...template, email, roleId: role.roleId });
  return login(sut.app, email, PASSWORD);
}

describe('GET /config/gw/store/:storeCode', () => {
  // spec: admin §7.17, admin §3.16 — gateway config get all: ip, netmask, eslServerPort and the other settings
  it('answers every gateway of the store with its stored settings', async () => {
    const res = await send('GET', `/config/gw/store/${STORE}`, viewer);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { gwMac: string; ip: string; netmask: string; eslServerPort: number | null }[];
    expect(list.map((g) => g.gwMac)).toEqual(macs);
    const row = await stored(macs[0]);
    expect(list[0]).toMatchObject({ ip: row.ip, netmask: row.netmask, eslServerPort: row.eslServerPort });
  });

  it('answers a member with store read (console-core §6), refuses one without it and another company’s store', async () => {
    expect((await send('GET', `/config/gw/store/${STORE}`, operator)).statusCode).toBe(200);
    expect((await send('GET', `/config/gw/store/${STORE}/gw/${macs[0]}`, operator)).statusCode).toBe(200);
    const configOnly = await memberWith('config-reader@shelfpad.test', [{ key: 'store_config', read: true, write: true }]);
    expect((await send('GET', `/config/gw/store/${STORE}`, configOnly)).statusCode).toBe(403);
    expect((await send('GET', `/config/gw/store/${STORE}`, nord)).statusCode).toBe(403);
  });

  // spec: admin §7.17 — gateway config get (one)
  it('answers one gateway, 404 for one that is not in the store', async () => {
    const one = await send('GET', `/config/gw/store/${STORE}/gw/${macs[1]}`, admin);
    expect(one.statusCode).toBe(200);
    expect(one.json().gwIndex).toBe((await stored(macs[1])).gwIndex);
    expect((await send('GET', `/config/gw/store/${STORE}/gw/AABBCCDDEEFF`, admin)).statusCode).toBe(404);
  });
});

describe('PUT /config/gw/store/:storeCode/gw/:gwMac', () => {
  // spec: admin §7.17 — gateway config update (one)
  it('stores the settings sent and leaves the others', async () => {
    const before = await stored(macs[0]);
    const res = await send('PUT', `/config/gw/store/${STORE}/gw/${macs[0]}`, admin, {
      ip: '10.9.9.9:8080',
      dns: '1.1.1.1',
      eslServerPort: 9100,
      alternateIp: '',
    });
    expect(res.statusCode).toBe(200);
    const after = await stored(macs[0]);
    expect(after).toMatchObject({
      ip: '10.9.9.9:8080',
      dns: '1.1.1.1',
      eslServerPort: 9100,
      alternateIp: null,
      netmask: before.netmask,
      gwIndex: before.gwIndex,
    });
  });

  // spec: admin §9.7 — port fixed at 8080; channels above 26 only with outbandEnable
  it('refuses an IP without port 8080, a bad netmask and a channel beyond 26 without outband (400)', async () => {
    const url = `/config/gw/store/${STORE}/gw/${macs[0]}`;
    expect((await send('PUT', url, admin, { ip: '10.9.9.9:9090' })).statusCode).toBe(400);
    expect((await send('PUT', url, admin, { netmask: '255.255.0' })).statusCode).toBe(400);
    await sut.deps.db.update(stores).set({ outbandEnable: false }).where(eq(stores.storeCode, STORE));
    const res = await send('PUT', url, admin, { dataChannel: 28 });
    expect(res.statusCode).toBe(400);
    expect((await stored(macs[0])).dataChannel).not.toBe(28);
  });

  it('refuses a viewer and the operator (no store write)', async () => {
    for (const who of [viewer, operator])
      expect((await send('PUT', `/config/gw/store/${STORE}/gw/${macs[0]}`, who, { dns: '9.9.9.9' })).statusCode).toBe(403);
    expect((await stored(macs[0])).dns).not.toBe('9.9.9.9');
  });

  // spec: core §6.3 — gateway edit needs store write
  it('follows store write, not store config write (console-core §6: gateway edit needs store write)', async () => {
    const configWriter = await memberWith('config-writer@shelfpad.test', [
      { key: 'store', read: true, write: false },
      { key: 'store_config', read: true, write: true },
    ]);
    const storeWriter = await memberWith('store-writer@shelfpad.test', [{ key: 'store', read: true, write: true }]);
    const url = `/config/gw/store/${STORE}/gw/${macs[0]}`;
    expect((await send('PUT', url, configWriter, { dns: '9.9.9.1' })).statusCode).toBe(403);
    expect(
      (await send('PUT', `/config/gw/store/${STORE}`, configWriter, { gwList: [{ gwMac: macs[0], dns: '9.9.9.1' }] })).statusCode,
    ).toBe(403);
    expect((await stored(macs[0])).dns).not.toBe('9.9.9.1');

    expect((await send('PUT', url, storeWriter, { dns: '9.9.9.2' })).statusCode).toBe(200);
    expect((await stored(macs[0])).dns).toBe('9.9.9.2');
    const all = await send('PUT', `/config/gw/store/${STORE}`, storeWriter, { gwList: [{ gwMac: macs[1], dns: '9.9.9.3' }] });
    expect(all.statusCode).toBe(200);
    expect((await stored(macs[1])).dns).toBe('9.9.9.3');
  });
});

describe('PUT /config/gw/store/:storeCode (ALL)', () => {
  // spec: admin §7.17 — update all returns gwOK and gwNG lists
  it('stores every gateway of the store and answers the others in gwNG', async () => {
    const foreign = (await sut.deps.db.select({ gwMac: gateways.gwMac }).from(gateways).where(eq(gateways.storeCode, 'LON001')))[0].gwMac;
    const res = await send('PUT', `/config/gw/store/${STORE}`, admin, {
      gwList: [
        { gwMac: macs[1], channelGroupIndex: 3, netmask: '255.255.0.0' },
        { gwMac: macs[2], gwIndex: 7 },
        { gwMac: foreign, gwIndex: 9 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ gwOK: [macs[1], macs[2]], gwNG: [foreign] });
    expect(await stored(macs[1])).toMatchObject({ channelGroupIndex: 3, netmask: '255.255.0.0' });
    expect((await stored(macs[2])).gwIndex).toBe(7);
    expect((await stored(foreign)).gwIndex).not.toBe(9);
  });

  it('refuses a list naming one gateway twice, and stores nothing of it', async () => {
    const res = await send('PUT', `/config/gw/store/${STORE}`, admin, {
      gwList: [
        { gwMac: macs[1], gwIndex: 4 },
        { gwMac: macs[1].toLowerCase(), gwIndex: 5 },
      ],
    });
    expect(res.statusCode).toBe(400);
    const row = (
      await sut.deps.db
        .select()
        .from(gateways)
        .where(and(eq(gateways.storeCode, STORE), eq(gateways.gwMac, macs[1])))
    )[0];
    expect([4, 5]).not.toContain(row.gwIndex);
  });

  it('refuses an unknown field and a non-digit port (400)', async () => {
    expect((await send('PUT', `/config/gw/store/${STORE}`, admin, { gwList: [{ gwMac: macs[1], status: 'NORMAL' }] })).statusCode).toBe(
      400,
    );
    expect((await send('PUT', `/config/gw/store/${STORE}`, admin, { gwList: [{ gwMac: macs[1], eslServerPort: 'x' }] })).statusCode).toBe(
      400,
    );
  });
});
