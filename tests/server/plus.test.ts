import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { plusDevices, plusHistory, products } from '../../server/db/schema/index';
import { formatMac, macKey, normalizeMac, tagKey } from '../../server/lib/mac';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

const STORE = 'TKY001';
let sut: TestServer;
let admin: AuthHeaders;
let operator: AuthHeaders;
let viewer: AuthHeaders;

beforeAll(async () => {
  ({
    sut,
    as: { admin, operator, viewer },
  } = await startWithLogins(['admin', 'operator', 'viewer']));
});
afterAll(async () => sut?.close());

const db = () => sut.deps.db;
const post = (url: string, payload: unknown, headers: Record<string, string> = admin) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = admin) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers });
const devicesOf = (store: string) => db().select().from(plusDevices).where(eq(plusDevices.storeCode, store)).orderBy(asc(plusDevices.mac));
const codesOf = async (store: string, n: number) =>
  (
    await db()
      .select({ prCode: products.prCode })
      .from(products)
      .where(eq(products.storeCode, store))
      .orderBy(desc(products.prCode))
      .limit(n)
  ).map((r) => r.prCode);
/** 'aa:bb:cc:dd:ee:ff' typed as a scanner might: upper case with dashes. */
const shouted = (mac: string) => mac.toUpperCase().replaceAll(':', '-');

describe('MAC normalisation (server/lib/mac.ts)', () => {
  // spec: plus §4.12, plus §9.6 — the server's address normalisation
  it('lower-cases, strips : and -, needs 12 hex characters, formats as byte pairs', () => {
    expect(normalizeMac('02-5A-00-01-00-0F')).toBe('02:5a:00:01:00:0f');
    expect(normalizeMac('025A0001000F')).toBe('02:5a:00:01:00:0f');
    expect(normalizeMac(' 02:5a:00:01:00:0f ')).toBe('02:5a:00:01:00:0f');
    expect(normalizeMac('025A0001000')).toBeUndefined();
    expect(normalizeMac('025A0001000F1')).toBeUndefined();
    expect(normalizeMac('025A0001000G')).toBeUndefined();
    expect(macKey('AA:BB:CC:DD:EE:FF')).toBe('aabbccddeeff');
    expect(formatMac('aabbccddeeff')).toBe('aa:bb:cc:dd:ee:ff');
    expect(tagKey('c4:00-01:00:00:2a')).toBe('C4000100002A');
  });
});

describe('POST /plus/device/list/store/:storeCode', () => {
  // spec: plus §2.9, plus §7.1 — the device list per store, received time descending by default
  it('pages the store devices, newest report first, with real counts', async () => {
    const all = await devicesOf(STORE);
    const res = await post(`/plus/device/list/store/${STORE}`, { draw: 1, start: 0, length: 25 });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ draw: 1, recordsTotal: all.length, recordsFiltered: all.length });
    // Ties (the seed gives several devices one time) fall back to the address, in the same direction.
    const expected = [...all]
      .sort((a, b) => (b.recvTime?.getTime() ?? 0) - (a.recvTime?.getTime() ?? 0) || b.mac.localeCompare(a.mac))
      .map((d) => d.mac);
    expect(page.data.map((d: { mac: string }) => d.mac)).toEqual(expected);
    const first = page.data.find((d: { mac: string }) => d.mac === all[0].mac);
    expect(first).toMatchObject({
      _id: all[0].mac,
      storeCode: STORE,
      product: all[0].product,
      localNtpServer: all[0].localNtpServer,
      template: all[0].template ?? '',
    });
    const two = await post(`/plus/device/list/store/${STORE}`, { start: 2, length: 2 });
    expect(two.json().data.map((d: { mac: string }) => d.mac)).toEqual(expected.slice(2, 4));
  });

  // spec: plus §5.9, plus §7.0a — filters by name, filter_startDate in epoch seconds
  it('filters by status, name, model list and the received-time range', async () => {
    const all = await devicesOf(STORE);
    const list = async (body: Record<string, unknown>) =>
      (await post(`/plus/device/list/store/${STORE}`, { start: 0, length: -1, ...body })).json();
    expect((await list({ filter_status: 'ONLINE' })).recordsFiltered).toBe(all.filter((d) => d.status === 'ONLINE').length);
    const byName = await list({ filter_name: 'entrance' });
    expect(byName.data.map((d: { name: string }) => d.name)).toEqual(
      all.filter((d) => d.name!.toLowerCase().includes('entrance')).map((d) => d.name),
    );
    const models = [all[0].model!, all[1].model!];
    expect((await list({ filter_model: models })).recordsFiltered).toBe(all.filter((d) => models.includes(d.model!)).length);
    const cut = Math.floor(Date.now() / 1000) - 3600;
    const recent = await list({ filter_startDate: cut });
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(plusDevices)
      .where(and(eq(plusDevices.storeCode, STORE), gte(plusDevices.recvTime, new Date(cut * 1000))));
    expect(recent.recordsFiltered).toBe(n);
    const sorted = await list({ columns: [{ data: 'mac' }], order: [{ column: 0, dir: 'asc' }] });
    expect(sorted.data.map((d: { mac: string }) => d.mac)).toEqual(all.map((d) => d.mac));
    expect((await post(`/plus/device/list/store/${STORE}`, { start: 0, length: 25, filter_volume: 3 })).statusCode).toBe(400);
  });

  it('needs plus read and a store the member may see', async () => {
    expect((await post(`/plus/device/list/store/${STORE}`, { start: 0, length: 25 }, viewer)).statusCode).toBe(200);
    expect((await post('/plus/device/list/store/SEL001', { start: 0, length: 25 }, operator)).statusCode).toBe(403);
  });
});

describe('POST /plus/store/:storeCode/assign and /deassign', () => {
  // spec: plus §1.1, plus §7.15 — assignPlus {devList:[{mac, product}], storeCode}
  it('stores the normalised device with its new product list (replacing the old one) and a history row', async () => {
    const [device] = await devicesOf(STORE);
    const codes = await codesOf(STORE, 2);
    const res = await post(`/plus/store/${STORE}/assign`, {
      storeCode: STORE,
      devList: [{ mac: shouted(device.mac), product: [codes[0], codes[1], codes[0]] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, count: 1 });
    const [after] = await db().select().from(plusDevices).where(eq(plusDevices.mac, device.mac));
    expect(after.product).toEqual([codes[0], codes[1]]);
    const [history] = await db().select().from(plusHistory).where(eq(plusHistory.store, STORE)).orderBy(desc(plusHistory.id)).limit(1);
    expect(history).toMatchObject({
      operation: 'Assign',
      category: 'device',
      path: `/plus/store/${STORE}/assign`,
      email: 'admin@shelfpad.test',
      items: [{ mac: device.mac, product: [codes[0], codes[1]] }],
    });
    const mismatch = await post(`/plus/store/${STORE}/assign`, {
      storeCode: 'SEL001',
      devList: [{ mac: device.mac, product: [codes[0]] }],
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it('answers an unknown device or product with 404 and changes nothing; a malformed address with 400', async () => {
    const devices = await devicesOf(STORE);
    const [code] = await codesOf(STORE, 1);
    const [foreign] = await devicesOf('SEL001');
    const before = await db().select().from(plusDevices).orderBy(asc(plusDevices.mac));
    const unknown = await post(`/plus/store/${STORE}/assign`, {
      storeCode: STORE,
      devList: [
        { mac: devices[1].mac, product: [code] },
        { mac: '02-5A-FF-FF-00-01', product: [code] },
      ],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('02:5a:ff:ff:00:01');
    const otherStore = await post(`/plus/store/${STORE}/assign`, { storeCode: STORE, devList: [{ mac: foreign.mac, product: [code] }] });
    expect(otherStore.statusCode).toBe(404);
    const product = await post(`/plus/store/${STORE}/assign`, {
      storeCode: STORE,
      devList: [{ mac: devices[1].mac, product: [code, 'NO-SUCH'] }],
    });
    expect(product.statusCode).toBe(404);
    expect(product.json().message).toBe('This product does not exist');
    for (const payload of [
      { storeCode: STORE, devList: [{ mac: '025A0001000F1', product: [code] }] }, // 13 hex characters
      { storeCode: STORE, devList: [{ mac: 'zz:5a:00:01:00:00', product: [code] }] },
      { storeCode: STORE, devList: [{ mac: devices[1].mac, product: [] }] },
      { storeCode: STORE, devList: [] },
      { storeCode: STORE, devList: [{ mac: devices[1].mac, product: [code], extra: 1 }] },
      {
        storeCode: STORE,
        devList: [
          { mac: devices[1].mac, product: [code] },
          { mac: shouted(devices[1].mac), product: [code] },
        ],
      },
    ]) {
      expect((await post(`/plus/store/${STORE}/assign`, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await db().select().from(plusDevices).orderBy(asc(plusDevices.mac))).toEqual(before);
  });

  // spec: plus §7.15 — deassignPlus {devList:[{mac}], storeCode}
  it('deassign clears the product list of the named devices only', async () => {
    const devices = await devicesOf(STORE);
    const res = await post(`/plus/store/${STORE}/deassign`, { storeCode: STORE, devList: [{ mac: devices[2].mac.replaceAll(':', '') }] });
    expect(res.json()).toEqual({ success: true, count: 1 });
    const after = await devicesOf(STORE);
    expect(after[2].product).toEqual([]);
    expect(after[3].product).toEqual(devices[3].product);
    expect((await post(`/plus/store/${STORE}/deassign`, { storeCode: STORE, devList: [{ mac: '02:5a:ff:ff:00:01' }] })).statusCode).toBe(
      404,
    );
  });

  it('refuses the viewer (403) and the operator outside its stores (403); the operator may assign in its store', async () => {
    const before = await db().select().from(plusDevices).orderBy(asc(plusDevices.mac));
    const [d] = await devicesOf(STORE);
    const [foreign] = await devicesOf('SEL001');
    const [code] = await codesOf(STORE, 1);
    expect(
      (await post(`/plus/store/${STORE}/assign`, { storeCode: STORE, devList: [{ mac: d.mac, product: [code] }] }, viewer)).statusCode,
    ).toBe(403);
    expect((await post(`/plus/store/${STORE}/deassign`, { storeCode: STORE, devList: [{ mac: d.mac }] }, viewer)).statusCode).toBe(403);
    expect((await post(`/plus/store/${STORE}/blink`, { prCode: code }, viewer)).statusCode).toBe(403);
    expect((await post('/plus/store/SEL001/deassign', { storeCode: 'SEL001', devList: [{ mac: foreign.mac }] }, operator)).statusCode).toBe(
      403,
    );
    expect(await db().select().from(plusDevices).orderBy(asc(plusDevices.mac))).toEqual(before);
    expect(
      (await post(`/plus/store/${STORE}/assign`, { storeCode: STORE, devList: [{ mac: d.mac, product: [code] }] }, operator)).statusCode,
    ).toBe(200);
  });
});

describe('POST /plus/store/:storeCode/blink', () => {
  // spec: plus §1.2, plus §7.15 — blinkPlus(storeCode, {prCode})
  it('answers how many devices show the product; 404 when none or the product is unknown', async () => {
    const devices = await devicesOf(STORE);
    const shown = devices.find((d) => d.product.length)!.product[0];
    const n = devices.filter((d) => d.product.includes(shown)).length;
    expect((await post(`/plus/store/${STORE}/blink`, { prCode: shown })).json()).toEqual({ success: true, count: n });
    const unknown = await post(`/plus/store/${STORE}/blink`, { prCode: 'NO-SUCH' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This product does not exist');
    const onDevices = new Set(devices.flatMap((d) => d.product));
    const idle = (await codesOf(STORE, 50)).find((c) => !onDevices.has(c))!;
    const none = await post(`/plus/store/${STORE}/blink`, { prCode: idle });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toContain(idle);
    expect((await post(`/plus/store/${STORE}/blink`, {})).statusCode).toBe(400);
  });
});

describe('GET /plus/store/:storeCode/search', () => {
  // spec: plus §7.15 — searchPlus returns devList and prCodeList
  it('finds devices by address however typed, by name and by product, and the matching product codes', async () => {
    const devices = await devicesOf(STORE);
    const target = devices[4];
    const byMac = (await get(`/plus/store/${STORE}/search?keyword=${shouted(target.mac).slice(-8)}`)).json();
    expect(byMac.devList.map((d: { mac: string }) => d.mac)).toEqual([target.mac]);
    const byName = (await get(`/plus/store/${STORE}/search?keyword=${encodeURIComponent(target.name!.toUpperCase())}`)).json();
    expect(byName.devList.map((d: { mac: string }) => d.mac)).toContain(target.mac);
    const withProduct = devices.find((d) => d.product.length)!;
    const code = withProduct.product[0];
    const byProduct = (await get(`/plus/store/${STORE}/search?keyword=${code}`)).json();
    expect(byProduct.devList.map((d: { mac: string }) => d.mac)).toEqual(devices.filter((d) => d.product.includes(code)).map((d) => d.mac));
    expect(byProduct.prCodeList).toEqual([code]);
    const partial = code.slice(0, 10);
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.storeCode, STORE), sql`${products.prCode} like ${`${partial}%`}`));
    expect((await get(`/plus/store/${STORE}/search?keyword=${partial}`)).json().prCodeList).toHaveLength(Math.min(n, 100));
    const none = (await get(`/plus/store/${STORE}/search?keyword=zzzz-nothing`)).json();
    expect(none).toEqual({ devList: [], prCodeList: [] });
    expect((await get(`/plus/store/${STORE}/search`)).statusCode).toBe(400);
    expect((await get('/plus/store/SEL001/search?keyword=a', operator)).statusCode).toBe(403);
  });
});
