import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { inflateSync } from 'node:zlib';
import { products, tags } from '../../server/db/schema/index';
import { labelStyleOf } from '../../server/lib/label-image';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/**
 * The label renderer follows the company's layout config (issue 15): layoutId → layout type → label style.
 * Seeded ACME layouts: STD_PRICE is STANDARD, PROMO_RED is PROMOTION, FRESH_WEIGHT is FRESH.
 */
let sut: TestServer;
let as: Record<'admin' | 'acme', AuthHeaders>;
const STORE = 'TKY001';
const PRODUCT = { prCode: 'LAYOUT-1', prInfo: ['Green tea', '3.49', 'Shizuoka', '500 g'] };
const RED = 2;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme']));
});
afterAll(async () => sut?.close());

const preview = async (layoutId: string, companyCode = 'ACME') => {
  const res = await sut.app.inject({
    method: 'POST',
    url: '/api/product/preview',
    headers: as.acme,
    payload: { ...PRODUCT, layoutId, companyCode },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { encodedImage: string }).encodedImage;
};

/** Palette index of every pixel (the renderer writes 8-bit indexed rows, filter 0). */
function pixels(base64: string): { width: number; at: (x: number, y: number) => number } {
  const png = Buffer.from(base64, 'base64');
  const width = png.readUInt32BE(16);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const len = png.readUInt32BE(at);
    if (png.subarray(at + 4, at + 8).toString('latin1') === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  return { width, at: (x, y) => raw[y * (width + 1) + 1 + x] };
}

describe('label styles by layout type', () => {
  it('are chosen by the type name; unknown types draw the standard label', () => {
    expect(['PROMOTION', 'summer_sale', 'FRESH', 'BY_WEIGHT', 'STANDARD', 'SHELF_TALKER', undefined].map(labelStyleOf)).toEqual([
      'promotion',
      'promotion',
      'fresh',
      'fresh',
      'standard',
      'standard',
      'standard',
    ]);
  });

  it('the product preview draws the same product differently for two layout types', async () => {
    // A3: a 2.9" tag with a third colour.
    const standard = await preview('A3_STD_PRICE');
    const promotion = await preview('A3_PROMO_RED');
    const fresh = await preview('A3_FRESH_WEIGHT');
    expect(new Set([standard, promotion, fresh]).size).toBe(3);
    // A layout id the company has not configured falls back to today's (standard) drawing.
    expect(await preview('A3_NOT_CONFIGURED')).toBe(standard);
    // What a user sees: the promotion label's top band is red, the standard label's top corner is white.
    expect(pixels(promotion).at(0, 0)).toBe(RED);
    expect(pixels(standard).at(0, 0)).not.toBe(RED);
  });

  it('a tag follows its layout config: giving the layout another type changes the tag preview', async () => {
    const [t] = await sut.deps.db
      .select({ tagMac: tags.tagMac, layoutId: tags.layoutId })
      .from(tags)
      .innerJoin(products, and(eq(products.storeCode, tags.storeCode), eq(products.prCode, tags.prCode)))
      .where(and(eq(tags.storeCode, STORE), eq(tags.layoutId, 'STD_PRICE'), isNotNull(tags.prCode)))
      .limit(1);
    expect(t, 'a seeded tag showing a STD_PRICE product').toBeDefined();
    const tagPreview = async () => {
      const res = await sut.app.inject({ method: 'GET', url: `/api/preview/store/${STORE}/tag/${t.tagMac}`, headers: as.admin });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { encodedImage: string }).encodedImage;
    };
    const before = await tagPreview();
    const save = await sut.app.inject({
      method: 'POST',
      url: '/api/config/layout',
      headers: as.acme,
      payload: { companyCode: 'ACME', layoutConfig: [{ layoutId: 'STD_PRICE', layoutType: 'PROMOTION' }] },
    });
    expect(save.statusCode, save.body).toBe(200);
    const after = await tagPreview();
    expect(after).not.toBe(before);
    const { at } = pixels(after);
    // A promotion band: the top row is drawn (red on a colour tag, black otherwise), no longer white.
    expect(at(0, 0)).not.toBe(0);
    const back = await sut.app.inject({
      method: 'POST',
      url: '/api/config/layout',
      headers: as.acme,
      payload: { companyCode: 'ACME', layoutConfig: [{ layoutId: 'STD_PRICE', layoutType: 'STANDARD' }] },
    });
    expect(back.statusCode).toBe(200);
    expect(await tagPreview()).toBe(before);
  });
});
