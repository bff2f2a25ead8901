import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { plusAssets, plusDeviceShows, plusDevices, plusHistory, stores } from '../../server/db/schema/index';
import { startSimulator } from '../../server/sim/index';
import { compareVersions } from '../../server/sim/plus-software';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';
import { filesBody, zipLike } from './plus-media-fixtures';

const STORE = 'TKY001';
let sut: TestServer;
let admin: AuthHeaders;
let operator: AuthHeaders;
let viewer: AuthHeaders;

beforeAll(async () => {
  const started = await startWithLogins(['admin', 'operator', 'viewer']);
  ({ sut } = started);
  ({ admin, operator, viewer } = started.as);
});
// Camera pictures and software packages are files: the harness gives the server a temporary data folder.
afterAll(async () => sut?.close());

const db = () => sut.deps.db;
const post = (url: string, payload: unknown, headers: Record<string, string> = admin) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = admin) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers });
const devicesOf = (store: string) => db().select().from(plusDevices).where(eq(plusDevices.storeCode, store)).orderBy(asc(plusDevices.mac));
const device = async (mac: string) => (await db().select().from(plusDevices).where(eq(plusDevices.mac, mac)))[0];
const lastHistory = async () => (await db().select().from(plusHistory).orderBy(desc(plusHistory.id)).limit(1))[0];

describe('Plus store overviews and store list', () => {
  // spec: plus §2.2, plus §3.1, plus §4.1, plus §7.2 — overview rows (counts, NORMAL / ALARM / OFFLINE) sorted by store name
  it('counts each store’s devices with the spec’s status, sorted by store name', async () => {
    const res = await get('/plus/overview/device');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { storeCode: string; storeName: string; status: string; total: number; online: number; offline: number }[];
    expect(list.map((s) => s.storeName)).toEqual([...list.map((s) => s.storeName)].sort((a, b) => a.localeCompare(b, 'en')));
    const tky = list.find((s) => s.storeCode === STORE)!;
    const all = await devicesOf(STORE);
    const online = all.filter((d) => d.status === 'ONLINE').length;
    expect(tky).toMatchObject({
      total: all.length,
      online,
      offline: all.length - online,
      status: online === all.length ? 'NORMAL' : online ? 'ALARM' : 'OFFLINE',
    });
    // A store without devices has nothing wrong with it.
    const empty = list.find((s) => s.total === 0);
    if (empty) expect(empty.status).toBe('NORMAL');
  });

  // spec: plus §7.2 — the image overview per store
  it('counts images for the image overview; the operator sees only its stores', async () => {
    const images = (await get('/plus/overview/image')).json() as { storeCode: string; total: number }[];
    const ownImages = await db()
      .select()
      .from(plusAssets)
      .where(and(eq(plusAssets.storeCode, STORE), eq(plusAssets.type, 'image')));
    expect(images.find((s) => s.storeCode === STORE)!.total).toBe(ownImages.length);
    const mine = (await get('/plus/overview/device', operator)).json() as { storeCode: string }[];
    expect(mine.map((s) => s.storeCode)).toContain(STORE);
    expect(mine.map((s) => s.storeCode)).not.toContain('SEL001');
    expect((await get('/plus/overview/nothing')).statusCode).toBe(400);
  });

  // spec: plus §7.1, plus §7.3 — store list pagination; the store config's storeName
  it('pages the store list and answers one store’s name', async () => {
    const page = (await post('/plus/store/list', { start: 0, length: 10 })).json();
    const [{ n }] = await db().select({ n: stores.storeCode }).from(stores).where(eq(stores.storeCode, STORE));
    expect(n).toBe(STORE);
    expect(page.data.length).toBeLessThanOrEqual(10);
    expect(page.data.map((s: { storeName: string }) => s.storeName)).toEqual(
      [...page.data.map((s: { storeName: string }) => s.storeName)].sort((a: string, b: string) => a.localeCompare(b, 'en')),
    );
    const [row] = await db().select().from(stores).where(eq(stores.storeCode, STORE));
    expect((await get(`/plus/store/${STORE}`, viewer)).json()).toEqual({
      companyCode: row.companyCode,
      storeCode: STORE,
      storeName: row.storeName,
    });
  });
});

describe('Plus device commands', () => {
  // spec: plus §7.6 — switchMode {macList (list or 'all'), mode}
  it('switches the mode of selected devices, then of all, and records it', async () => {
    const [a, b] = await devicesOf(STORE);
    expect((await post(`/plus/store/${STORE}/mode`, { macList: [a.mac.toUpperCase()], mode: 'signage' })).statusCode).toBe(200);
    expect((await device(a.mac)).mode).toBe('signage');
    expect((await device(b.mac)).mode).not.toBe('signage');
    expect((await lastHistory()).operation).toBe('Mode');
    expect((await post(`/plus/store/${STORE}/mode`, { macList: 'all', mode: 'kiosk' })).statusCode).toBe(200);
    expect((await devicesOf(STORE)).every((d) => d.mode === 'kiosk')).toBe(true);
    const [foreign] = await devicesOf('SEL001');
    expect((await post(`/plus/store/${STORE}/mode`, { macList: [foreign.mac], mode: 'x' })).statusCode).toBe(404);
    expect((await post(`/plus/store/${STORE}/mode`, { macList: [a.mac], mode: 'x' }, viewer)).statusCode).toBe(403);
  });

  // spec: plus §5.2, plus §7.7 — setDevInfoView {devList, duration}, 10-300 only
  it('takes an info-view duration of 10 to 300 seconds only', async () => {
    const [a] = await devicesOf(STORE);
    for (const duration of [9, 301, 10.5]) {
      expect((await post(`/plus/store/${STORE}/info/view`, { devList: [{ mac: a.mac }], duration })).statusCode).toBe(400);
    }
    expect((await post(`/plus/store/${STORE}/info/view`, { devList: [{ mac: a.mac }], duration: 300 })).statusCode).toBe(200);
    expect(await lastHistory()).toMatchObject({ operation: 'InfoView', store: STORE, items: [{ mac: a.mac, duration: 300 }] });
  });

  // spec: plus §7.7 — setSync {devList}
  it('sync counts as a fresh report of an online device', async () => {
    const online = (await devicesOf(STORE)).find((d) => d.status === 'ONLINE')!;
    const before = Date.now();
    expect((await post(`/plus/store/${STORE}/sync`, { devList: [{ mac: online.mac }] })).statusCode).toBe(200);
    expect((await device(online.mac)).recvTime!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  // spec: plus §7.7 — setReboot {devList}
  it('a reboot takes the device offline; the simulator brings it back after plusRebootMs', async () => {
    const online = (await devicesOf(STORE)).find((d) => d.status === 'ONLINE')!;
    expect((await post(`/plus/store/${STORE}/reboot`, { devList: [{ mac: online.mac }] }, operator)).statusCode).toBe(200);
    expect((await device(online.mac)).status).toBe('OFFLINE');
    const sim = startSimulator(sut.deps, { seed: 1, speed: 1, manual: true, modules: ['plus'] });
    try {
      await sim.advance(10_000);
      expect((await device(online.mac)).status).toBe('OFFLINE');
      await sim.advance(15_000);
      expect((await device(online.mac)).status).toBe('ONLINE');
    } finally {
      sim.stop();
    }
  });

  // spec: plus §7.7, plus §7.15 — setShowIdxPlus and unsetShowIdx
  it('pins and unpins the shown slide', async () => {
    const [a] = await devicesOf(STORE);
    expect((await post(`/plus/store/${STORE}/showidx`, { macList: [a.mac], showIdx: 2 })).statusCode).toBe(200);
    expect((await device(a.mac)).showIdx).toBe(2);
    expect((await post(`/plus/store/${STORE}/showidx`, { macList: [a.mac], showIdx: 100 })).statusCode).toBe(400);
    expect((await post(`/plus/store/${STORE}/showidx/unset`, { macList: [a.mac] })).statusCode).toBe(200);
    expect((await device(a.mac)).showIdx).toBeNull();
  });

  // spec: plus §7.7 — removePlusDevice
  it('removes devices of the store with their shows; an unknown one is a 404 and nothing is removed', async () => {
    const [a, b] = await devicesOf('LON001');
    expect((await post('/plus/store/LON001/device/remove', { macList: [a.mac, '02:5a:ff:ff:ff:ff'] })).statusCode).toBe(404);
    expect(await device(a.mac)).toBeDefined();
    expect((await post('/plus/store/LON001/device/remove', { macList: [a.mac] })).statusCode).toBe(200);
    expect(await device(a.mac)).toBeUndefined();
    expect(await db().select().from(plusDeviceShows).where(eq(plusDeviceShows.mac, a.mac))).toEqual([]);
    expect(await device(b.mac)).toBeDefined();
    expect(await lastHistory()).toMatchObject({ operation: 'Delete', items: [{ mac: a.mac }] });
  });
});

describe('Plus device info and config', () => {
  // spec: plus §7.8 — device info: name, volume, maxVolume, brightness, tz, localNtpServer, networks
  it('answers the info with networks strongest first', async () => {
    const [a] = await devicesOf(STORE);
    const info = (await get(`/plus/store/${STORE}/device/${a.mac}/info`, viewer)).json();
    expect(info).toMatchObject({
      name: a.name,
      volume: a.volume,
      maxVolume: a.maxVolume,
      brightness: a.brightness,
      tz: a.tz,
      localNtpServer: a.localNtpServer,
    });
    const rssi = info.networks.map((n: { rssi: number }) => n.rssi);
    expect(rssi).toEqual([...rssi].sort((x: number, y: number) => y - x));
    expect((await get(`/plus/store/${STORE}/device/02:5a:ff:ff:ff:ff/info`)).statusCode).toBe(404);
  });

  // spec: plus §7.9, plus §9.2 — savePlusDevConfig; brightness 0-255, volume up to the device's maximum
  it('saves volume, brightness, time zone and time server; refuses what is out of range', async () => {
    const [a] = await devicesOf(STORE);
    const save = (body: Record<string, unknown>, who = admin) =>
      post('/plus/device/config', { storeCode: STORE, mac: a.mac, ...body }, who);
    expect(
      (await save({ volume: a.maxVolume, brightness: 255, tz: 'Europe/Paris', localNtpServer: !a.localNtpServer, name: 'Front 1' }))
        .statusCode,
    ).toBe(200);
    expect(await device(a.mac)).toMatchObject({
      volume: a.maxVolume,
      brightness: 255,
      tz: 'Europe/Paris',
      localNtpServer: !a.localNtpServer,
      name: 'Front 1',
    });
    expect((await save({ volume: a.maxVolume! + 1 })).statusCode).toBe(400);
    expect((await save({ brightness: 256 })).statusCode).toBe(400);
    expect((await save({ tz: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await save({ brightness: 1 }, viewer)).statusCode).toBe(403);
    expect((await device(a.mac)).brightness).toBe(255);
  });
});

describe('Plus captures', () => {
  it('draws the screen image at the device size from its current (pinned) slide', async () => {
    const [show] = await db()
      .select()
      .from(plusDeviceShows)
      .innerJoin(plusDevices, eq(plusDevices.mac, plusDeviceShows.mac))
      .where(and(eq(plusDevices.storeCode, STORE)));
    const mac = show.plus_device_shows.mac;
    const slides = show.plus_device_shows.show;
    const objectSlide = slides.findIndex((s) => s.object.length > 0);
    expect(objectSlide).toBeGreaterThanOrEqual(0);
    await post(`/plus/store/${STORE}/showidx`, { macList: [mac], showIdx: objectSlide });
    const info = (await get(`/plus/store/${STORE}/device/${mac}/capture/screen`, viewer)).json();
    expect(info.updatedAt).not.toBeNull();
    const res = await get(`/plus/store/${STORE}/device/${mac}/capture/screen/file`, viewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect(png.readUInt32BE(16)).toBe(show.plus_device_shows.screenWidth);
    expect(png.readUInt32BE(20)).toBe(show.plus_device_shows.screenHeight);
    expect(distinctPixels(png)).toBeGreaterThan(2);
    const data = (await get(`/plus/store/${STORE}/device/${mac}/show`, viewer)).json();
    expect(data).toMatchObject({ screenWidth: show.plus_device_shows.screenWidth, screenHeight: show.plus_device_shows.screenHeight });
    expect(data.show.map((s: { object: unknown[] }) => s.object.length)).toEqual(slides.map((s) => s.object.length));
  });

  it('online devices take camera pictures (drawn, not a stock file); an offline one has none', async () => {
    const all = await devicesOf('SEL001');
    const online = all.filter((d) => d.status === 'ONLINE');
    const offline = all.find((d) => d.status === 'OFFLINE')!;
    // Earlier tests ran the simulator: start from devices that have sent no picture yet.
    await db().update(plusDevices).set({ visionUpdatedAt: null }).where(eq(plusDevices.storeCode, 'SEL001'));
    expect((await get(`/plus/store/SEL001/device/${online[0].mac}/capture/vision`)).json()).toEqual({ updatedAt: null });
    expect((await get(`/plus/store/SEL001/device/${online[0].mac}/capture/vision/file`)).statusCode).toBe(404);
    const sim = startSimulator(sut.deps, { seed: 1, speed: 1, manual: true, modules: ['plus'], plusOfflineEveryMs: 1e12 });
    try {
      await sim.advance(60_000);
    } finally {
      sim.stop();
    }
    const pictures = [];
    for (const d of online.slice(0, 2)) {
      const info = (await get(`/plus/store/SEL001/device/${d.mac}/capture/vision`, viewer)).json();
      expect(info.updatedAt).not.toBeNull();
      const res = await get(`/plus/store/SEL001/device/${d.mac}/capture/vision/file`, viewer);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(res.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 640, height: 480 });
      pictures.push(await sharp(res.rawPayload).raw().toBuffer());
    }
    // Each device sees its own shelves.
    expect(pictures[0].equals(pictures[1])).toBe(false);
    expect((await get(`/plus/store/SEL001/device/${offline.mac}/capture/vision/file`)).statusCode).toBe(404);
    expect(
      (await get(`/plus/store/SEL001/device/${online[0].mac}/capture/vision/file`, { 'access-token': 'x', 'access-email': 'x' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('Plus software push', () => {
  it('compares versions by their numeric parts', () => {
    expect(compareVersions('3.10.0', '3.9.2')).toBe(1);
    expect(compareVersions('3.2', '3.2.0')).toBe(0);
    expect(compareVersions('2.0.9', '2.1.5')).toBe(-1);
  });

  const push = (type: 'sw' | 'launcher', name: string) => {
    const form = filesBody([{ name, content: zipLike('apk') }]);
    return sut.app.inject({
      method: 'POST',
      url: `/api/plus/store/LON001/${type}/file`,
      payload: form.payload,
      headers: { ...admin, ...form.headers },
    });
  };

  it('the store’s online devices report the new player version after the install time; launchers go by model', async () => {
    const before = await devicesOf('LON001');
    const model = before[0].model!;
    expect((await push('sw', 'player_9.10.0.apk')).statusCode).toBe(200);
    expect((await push('launcher', `launcher_${model}_7.0.1.apk`)).statusCode).toBe(200);
    const sim = startSimulator(sut.deps, { seed: 1, speed: 1, manual: true, modules: ['plus'], plusOfflineEveryMs: 1e12 });
    try {
      await sim.advance(5_000);
      expect((await devicesOf('LON001')).some((d) => d.player === '9.10.0')).toBe(false);
      await sim.advance(10_000);
    } finally {
      sim.stop();
    }
    const after = new Map((await devicesOf('LON001')).map((d) => [d.mac, d]));
    for (const d of before) {
      const now = after.get(d.mac)!;
      expect(now.player).toBe(d.status === 'ONLINE' ? '9.10.0' : d.player);
      expect(now.launcher).toBe(d.status === 'ONLINE' && d.model === model ? '7.0.1' : d.launcher);
    }
    // The list shows it as the console reads it.
    const page = (await post('/plus/device/list/store/LON001', { start: 0, length: -1 })).json();
    expect(page.data.filter((d: { player: string }) => d.player === '9.10.0').length).toBe(
      before.filter((d) => d.status === 'ONLINE').length,
    );
    // Other stores are untouched.
    expect((await devicesOf('SEL001')).some((d) => d.player === '9.10.0')).toBe(false);
  });
});

/** How many palette indexes the image uses (the PNG is one IDAT of 8-bit indexed rows with filter 0). */
function distinctPixels(png: Buffer): number {
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const len = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const width = png.readUInt32BE(16);
  const used = new Set<number>();
  for (let i = 0; i < raw.length; i++) if (i % (width + 1) !== 0) used.add(raw[i]);
  return used.size;
}
