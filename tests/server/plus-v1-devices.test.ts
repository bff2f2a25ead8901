import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { plusHistory, products, v1Devices, v1Sets, v1Timelines } from '../../server/db/schema/index';
import { nowPlaying } from '../../server/lib/plus-v1/playback';
import { localClock } from '../../server/lib/schedule-rule';
import { SIM_DEFAULTS, startSimulator } from '../../server/sim/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** Plus v1 devices (plus-signage §2.6 master, §5 device config, §7.4): scoped by store, config and assign stored. */
const TKY_DEVICE = '02:5b:00:01:00:01';
const SEL_DEVICE = '02:5b:00:02:00:01';
let sut: TestServer;
let as: Record<'admin' | 'operator' | 'viewer' | 'nord', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'operator', 'viewer', 'nord']));
});
afterAll(async () => sut?.close());

const post = (url: string, payload: object, who: AuthHeaders = as.admin) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, headers: who, payload });
const get = (url: string, who: AuthHeaders = as.admin) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers: who });
const device = async (mac: string) => (await sut.deps.db.select().from(v1Devices).where(eq(v1Devices.mac, mac)))[0];
const list = (payload: object, who?: AuthHeaders) => post('/plus/v1/device/list', { draw: 1, start: 0, length: 25, ...payload }, who);

describe('v1 device list', () => {
  // spec: plus §7.1, plus §7.24 — the v1 device list, _id in list
  it('lists the devices of the stores the member may see, filtered by config columns', async () => {
    const all = (await list({})).json();
    expect(all.data.map((d: { mac: string }) => d.mac)).toEqual(expect.arrayContaining([TKY_DEVICE, SEL_DEVICE]));
    const mine = (await list({}, as.operator)).json();
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((d: { config: { storeCode: string } }) => d.config.storeCode === 'TKY001')).toBe(true);
    expect((await list({}, as.nord)).json().recordsTotal).toBe(0);
    const bySection = (await list({ filter_section: 'S2', condition_section: '==' })).json();
    expect(bySection.data.map((d: { config: { section: string } }) => d.config.section)).toEqual(['S2', 'S2']);
    const oneId = (await list({ filter__id: [TKY_DEVICE] })).json();
    expect(oneId.data.map((d: { mac: string }) => d.mac)).toEqual([TKY_DEVICE]);
  });
});

describe('v1 device config', () => {
  // spec: plus §7.20 — getPlusDevConfigV1 (config and ipAddress), savePlusDevConfigV1
  it('answers config and address, and stores a saved config merged into the old one', async () => {
    const before = (await get(`/plus/v1/device/${TKY_DEVICE}/config`)).json();
    expect(before.ipAddress).toMatch(/^10\.200\./);
    const res = await post('/plus/v1/device/config', {
      mac: TKY_DEVICE.toUpperCase(),
      config: { volume: 15, bright: 0, name: 'Aisle 4', opentime: '07:30' },
    });
    expect(res.statusCode).toBe(200);
    const row = await device(TKY_DEVICE);
    expect(row.config).toMatchObject({ volume: 15, bright: 0, name: 'Aisle 4', opentime: '07:30', category: before.config.category });
  });

  // spec: plus §9.3 — v1 volume 0-15 and brightness 0-10 (the server refuses the rest)
  it('refuses values out of the spec ranges and a store the member may not act on', async () => {
    expect((await post('/plus/v1/device/config', { mac: TKY_DEVICE, config: { volume: 16 } })).statusCode).toBe(400);
    expect((await post('/plus/v1/device/config', { mac: TKY_DEVICE, config: { bright: 11 } })).statusCode).toBe(400);
    expect((await post('/plus/v1/device/config', { mac: TKY_DEVICE, config: { opentime: '25:00' } })).statusCode).toBe(400);
    const moved = await post('/plus/v1/device/config', { mac: TKY_DEVICE, config: { storeCode: 'SEL001' } }, as.operator);
    expect(moved.statusCode).toBe(403);
    expect((await device(TKY_DEVICE)).storeCode).toBe('TKY001');
    expect((await get(`/plus/v1/device/${SEL_DEVICE}/config`, as.operator)).statusCode).toBe(404);
    expect((await post('/plus/v1/device/config', { mac: TKY_DEVICE, config: { volume: 1 } }, as.viewer)).statusCode).toBe(403);
  });
});

describe('v1 assign, reboot and remove', () => {
  // spec: plus §7.20 — assignPlusV1 {mac, product[]}
  it('replaces the product list with codes of the device’s store, recording the history', async () => {
    const codes = (
      await sut.deps.db.select({ prCode: products.prCode }).from(products).where(eq(products.storeCode, 'TKY001')).limit(3)
    ).map((p) => p.prCode);
    const res = await post('/plus/v1/device/assign', { mac: TKY_DEVICE, product: [codes[2], codes[0], codes[2]] }, as.operator);
    expect(res.statusCode).toBe(200);
    expect((await device(TKY_DEVICE)).product).toEqual([codes[2], codes[0]]);
    const unknown = await post('/plus/v1/device/assign', { mac: TKY_DEVICE, product: ['NO-SUCH-CODE'] });
    expect(unknown.statusCode).toBe(404);
    const history = await sut.deps.db.select().from(plusHistory).where(eq(plusHistory.operation, 'Assign'));
    expect(history.some((h) => h.category === 'v1 device' && h.store === 'TKY001')).toBe(true);
  });

  // spec: plus §7.20 — rebootPlusDeviceV1, removePlusDeviceV1
  it('reboots (off line until the simulator brings it back) and removes, all or nothing', async () => {
    expect((await post('/plus/v1/device/reboot', { macList: [TKY_DEVICE] })).statusCode).toBe(200);
    expect((await device(TKY_DEVICE)).connection).toBe('OFFLINE');
    const mixed = await post('/plus/v1/device/remove', { macList: ['02:5b:00:01:00:02', SEL_DEVICE] }, as.operator);
    expect(mixed.statusCode).toBe(404);
    expect(await device('02:5b:00:01:00:02')).toBeDefined();
    expect((await post('/plus/v1/device/remove', { macList: ['02:5b:00:01:00:02'] }, as.operator)).statusCode).toBe(200);
    expect(await device('02:5b:00:01:00:02')).toBeUndefined();
  });
});

describe('v1 devices in the simulator (server/sim/plus-v1.ts)', () => {
  it('brings a rebooted device back, reports the config as applied and what its timeline plays', async () => {
    const mac = '02:5b:00:01:00:03';
    const now = new Date();
    await post('/plus/v1/device/reboot', { macList: [mac] });
    await sut.deps.db
      .update(v1Devices)
      .set({ config: { ...(await device(mac)).config, timezone: 'UTC' } })
      .where(eq(v1Devices.mac, mac));
    // The demo timeline plays this device on weekdays: the test's own timeline is the only one, whatever the day.
    await sut.deps.db.delete(v1Timelines);
    const [set] = await sut.deps.db
      .insert(v1Sets)
      .values({ name: 'Sim set', duration: 20, list: [{ id: 'price', duration: 86_400 }] })
      .returning();
    await sut.deps.db
      .insert(v1Timelines)
      .values({ name: 'Sim timeline', schedule: [{ id: set.id, days: [0, 1, 2, 3, 4, 5, 6] }], device: [[mac]] });
    const sim = startSimulator(sut.deps, {
      seed: 1,
      speed: 1,
      manual: true,
      modules: ['plusv1'],
      onError: (_w, e) => {
        throw e;
      },
    });
    try {
      await sim.advance(SIM_DEFAULTS.plusRebootMs + SIM_DEFAULTS.plusReportEveryMs + 10_000);
    } finally {
      sim.stop();
    }
    const back = await device(mac);
    expect(back.connection).toBe('ONLINE');
    expect(back.recvTime!.getTime()).toBeGreaterThan(now.getTime());
    expect(back.version).toMatchObject({ player: '1.2.0', playing: 'price' });
  });

  it('picks the set item whose turn it is, in the device’s time zone', () => {
    const sets = new Map([
      [
        1,
        {
          id: 1,
          list: [
            { id: 7, duration: 10 },
            { id: 'price' as const, duration: 5 },
          ],
        },
      ],
    ]);
    const at = (iso: string) =>
      nowPlaying([{ id: 1, days: [1], time: [{ start: '09:00', end: '10:00' }] }], sets, new Date(iso), 'Asia/Tokyo');
    // Monday 09:00:12 in Tokyo is 00:00:12 UTC; 32412 s since midnight, 32412 % 15 = 12: the price.
    expect(localClock(new Date('2026-01-05T00:00:12Z'), 'Asia/Tokyo')).toEqual({ date: '2026-01-05', day: 1, seconds: 32412 });
    expect(at('2026-01-05T00:00:12Z')).toEqual({ set: 1, item: 'price' });
    expect(at('2026-01-05T00:00:05Z')).toEqual({ set: 1, item: 7 });
    expect(at('2026-01-05T01:00:05Z')).toBeUndefined();
    expect(at('2026-01-06T00:00:05Z')).toBeUndefined();
  });
});
