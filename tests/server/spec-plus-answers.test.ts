import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/*
 * The entities of plus-signage §3 as the server answers them: a Plus device in its store's list, a device's show
 * data, a v1 device with every config field the spec names, and the Plus setting kept as one object.
 */
const STORE = 'TKY001';
let sut: TestServer;
let admin: AuthHeaders;

beforeAll(async () => {
  ({
    sut,
    as: { admin },
  } = await startWithLogins(['admin']));
});
afterAll(async () => sut?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  sut.app.inject({ method, url: `/api${url}`, headers: admin, ...(payload ? { payload } : {}) });

describe('Plus device (plus-signage §3)', () => {
  // spec: plus §3.2 — every field of a Plus device, networks with rssi, product a list of codes
  it('answers each device of the store list with every field the spec names', async () => {
    const page = (await call('POST', `/plus/device/list/store/${STORE}`, { start: 0, length: 25 })).json() as {
      data: Record<string, unknown>[];
    };
    expect(page.data.length).toBeGreaterThan(0);
    const fields = [
      '_id',
      'mac',
      'name',
      'model',
      'ver',
      'player',
      'launcher',
      'template',
      'status',
      'recvTime',
      'showIdx',
      'storeCode',
      'tz',
      'volume',
      'maxVolume',
      'brightness',
      'localNtpServer',
      'networks',
      'product',
    ];
    for (const d of page.data) {
      expect(Object.keys(d).sort()).toEqual([...fields].sort());
      expect(d).toMatchObject({
        _id: d.mac,
        storeCode: STORE,
        localNtpServer: expect.any(Boolean),
        volume: expect.any(Number),
        maxVolume: expect.any(Number),
        brightness: expect.any(Number),
      });
      expect(d.showIdx === null || Number.isInteger(d.showIdx)).toBe(true);
      expect((d.product as unknown[]).every((p) => typeof p === 'string')).toBe(true);
      for (const n of d.networks as Record<string, unknown>[]) expect(n.rssi).toEqual(expect.any(Number));
    }
    expect(page.data.some((d) => (d.networks as unknown[]).length > 0)).toBe(true);
  });

  // spec: plus §3.8 — device show data: screenWidth, screenHeight, show, productShowIdx
  it('answers a device’s show data with its screen size, its slides and the product show index', async () => {
    const [device] = (await call('POST', `/plus/device/list/store/${STORE}`, { start: 0, length: 1 })).json().data as { mac: string }[];
    const data = (await call('GET', `/plus/store/${STORE}/device/${device.mac}/show`)).json();
    expect(Object.keys(data).sort()).toEqual(['productShowIdx', 'screenHeight', 'screenWidth', 'show']);
    expect(data.screenWidth).toBeGreaterThan(0);
    expect(data.screenHeight).toBeGreaterThan(0);
    expect(Array.isArray(data.show)).toBe(true);
    expect(data.productShowIdx === null || Number.isInteger(data.productShowIdx)).toBe(true);
  });
});

describe('v1 device (plus-signage §3)', () => {
  // spec: plus §3.17 — _id, mac, model, the config fields, version map, product codes, connection, recvTime, ipAddress
  it('keeps every config field the spec names, and answers the device with its version map, products and address', async () => {
    const [device] = (await call('POST', '/plus/v1/device/list', { draw: 1, start: 0, length: 1 })).json().data as {
      mac: string;
      config: { storeCode?: string };
    }[];
    const config = {
      code: 'C-17',
      name: 'Spec device',
      storeCode: device.config.storeCode,
      category: 'Drinks',
      section: 'S9',
      shelfID: 'SH-3',
      position: 'top',
      timezone: 'Europe/Paris',
      volume: 7,
      bright: 4,
      orientation: '90',
      bt: true,
      nfc: false,
      autorun: true,
      autoupdate: false,
      timeserver: 'ntp.shelfpad.test',
      opentime: '08:00',
      closetime: '21:30',
      adminPwd: 'a-secret',
      managerPwd: 'm-secret',
      screenInterval: 60,
      cameraInterval: 300,
    };
    const saved = await call('POST', '/plus/v1/device/config', { mac: device.mac, config });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = (await call('POST', '/plus/v1/device/list', { draw: 1, start: 0, length: 1, filter__id: [device.mac] })).json()
      .data as Record<string, unknown>[];
    expect(Object.keys(row).sort()).toEqual(
      ['_id', 'config', 'connection', 'ipAddress', 'mac', 'model', 'product', 'recvTime', 'version'].sort(),
    );
    expect(row).toMatchObject({
      _id: device.mac,
      mac: device.mac,
      config,
      product: expect.any(Array),
      connection: expect.any(String),
      ipAddress: expect.any(String),
    });
    expect(Object.values(row.version as Record<string, unknown>).every((v) => typeof v === 'string')).toBe(true);
    expect((await call('GET', `/plus/v1/device/${device.mac}/config`)).json()).toMatchObject({ config, ipAddress: row.ipAddress });
  });
});

describe('Plus setting (plus-signage §3)', () => {
  // spec: plus §3.21 — an object edited as a whole: what is put is what is read
  it('stores the setting as the whole object it is given, and answers it so', async () => {
    const before = (await call('GET', '/plus/setting')).json() as Record<string, unknown>;
    const edited = { ...before, specNote: 'kept as given', specFlags: { a: 1 } };
    expect((await call('PUT', '/plus/setting', edited)).statusCode).toBe(200);
    expect((await call('GET', '/plus/setting')).json()).toEqual(edited);
    expect((await call('PUT', '/plus/setting', before)).statusCode).toBe(200);
    expect((await call('GET', '/plus/setting')).json()).toEqual(before);
  });
});
