import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { plusDeviceShows, plusDevices, products } from '../../server/db/schema/index';
import type { PlusShow } from '../../server/db/schema/plus';
import { plusProductTexts } from '../../server/repos/plus-products';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/*
 * The Plus data decorator in production (issue 15): a product object of a Plus slide shows its product's data as
 * the decorator leaves it — in what repos/plus-products.ts answers and in the screen image the server draws.
 */
let sut: TestServer;
let admin: AuthHeaders;
const STORE = 'TKY001';
const UPPER = 'function decorate(product) { return { ...product, prInfo: product.prInfo.map((s) => s.toUpperCase()) }; }';
let mac: string;
let product: { prCode: string; prInfo: string[] };
// One slide whose only object is product number 0 of the device's product list.
const slide: PlusShow = {
  duration: 10,
  bgColor: '#ffffff',
  schedule: [],
  object: [{ type: 'product', id: 0, left: 10, top: 10, width: 600, height: 120, autoSize: true }],
};

beforeAll(async () => {
  ({
    sut,
    as: { admin },
  } = await startWithLogins(['admin']));
  const db = sut.deps.db;
  // A product whose name has lower-case text, so that upper-casing shows.
  [product] = await db
    .select({ prCode: products.prCode, prInfo: products.prInfo })
    .from(products)
    .where(and(eq(products.storeCode, STORE), sql`${products.prInfo}->>0 <> upper(${products.prInfo}->>0)`))
    .limit(1);
  [{ mac }] = await db.select({ mac: plusDevices.mac }).from(plusDevices).where(eq(plusDevices.storeCode, STORE)).limit(1);
  await db
    .update(plusDevices)
    .set({ product: [product.prCode], showIdx: 0 })
    .where(eq(plusDevices.mac, mac));
  await db
    .insert(plusDeviceShows)
    .values({ mac, screenWidth: 640, screenHeight: 140, show: [slide] })
    .onConflictDoUpdate({ target: plusDeviceShows.mac, set: { screenWidth: 640, screenHeight: 140, show: [slide], productShowIdx: null } });
}, 300_000);
afterAll(async () => sut?.close());

const saveDecorator = async (code: string, useType: number) => {
  const res = await sut.app.inject({ method: 'POST', url: '/api/config/decorator/plus', headers: admin, payload: { code, useType } });
  expect(res.statusCode, res.body).toBe(200);
};
const screen = async () => {
  const res = await sut.app.inject({ method: 'GET', url: `/api/plus/store/${STORE}/device/${mac}/capture/screen/file`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload.toString('base64');
};
const shown = async () => (await plusProductTexts(sut.deps.db, STORE, [product.prCode], slide)).get('0');

describe('Plus data decorator', () => {
  it('changes what a Plus product object shows when on; off or failing, the product shows as it is', async () => {
    const [name, price] = product.prInfo;
    const plainText = [name, price].filter(Boolean).join(' ');
    await saveDecorator(UPPER, 0);
    expect(await shown()).toBe(plainText);
    const plain = await screen();

    await saveDecorator(UPPER, 1);
    expect(await shown()).toBe(plainText.toUpperCase());
    const decorated = await screen();
    expect(decorated).not.toBe(plain);
    // The decorated image is the one drawn for a product whose stored data is upper-case — with the decorator off.
    await saveDecorator(UPPER, 0);
    await sut.deps.db
      .update(products)
      .set({ prInfo: product.prInfo.map((s) => s.toUpperCase()) })
      .where(and(eq(products.storeCode, STORE), eq(products.prCode, product.prCode)));
    expect(await screen()).toBe(decorated);
    await sut.deps.db
      .update(products)
      .set({ prInfo: product.prInfo })
      .where(and(eq(products.storeCode, STORE), eq(products.prCode, product.prCode)));
    expect(await screen()).toBe(plain);

    // A decorator that throws leaves the product as it is (the screen is still drawn).
    await saveDecorator('function decorate(product) { throw new Error("broken"); }', 1);
    expect(await shown()).toBe(plainText);
    expect(await screen()).toBe(plain);
  });

  it('leaves the tag decorator out of it: only the Plus one applies to Plus content', async () => {
    await saveDecorator('function decorate(p) { return p; }', 0);
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/config/decorator/tag',
      headers: admin,
      payload: { code: UPPER, useType: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shown()).toBe([product.prInfo[0], product.prInfo[1]].filter(Boolean).join(' '));
  });
});
