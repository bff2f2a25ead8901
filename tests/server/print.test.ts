import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { layoutConfigs, layoutTypes, products, stores } from '../../server/db/schema/index';
import { PAPER_LABEL_SIZE } from '../../server/lib/print/paper-label';
import { productLabel } from '../../server/lib/label-image';
import { companyMoney } from '../../server/lib/label/company-money';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** Label printing calls (plus-signage §3 Print product, §4 print flow, §7.3): products, templates, label bitmaps. */
const STORE = 'TKY001';
let sut: TestServer;
let as: Record<'admin' | 'operator' | 'viewer' | 'nord', AuthHeaders>;
let codes: string[];

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'operator', 'viewer', 'nord']));
  const rows = await sut.deps.db
    .select({ prCode: products.prCode })
    .from(products)
    .where(eq(products.storeCode, STORE))
    .orderBy(asc(products.prCode))
    .limit(3);
  codes = rows.map((r) => r.prCode);
});
afterAll(async () => sut?.close());

const post = (url: string, payload: object, who: AuthHeaders = as.admin) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, headers: who, payload });
const get = (url: string, who: AuthHeaders = as.admin) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers: who });
const label = (prCode: string, layoutId: string, prInfo = ['Green tea', '1.99', 'JP', 'pcs']) => ({
  prCode,
  prInfo,
  layoutId,
  qty: 2,
  data: '',
});

describe('POST /plus/product/list/store/:storeCode', () => {
  // spec: plus §7.17 — getProducts(storeCode, codes)
  it('answers the products asked for in their order, once each, leaving out codes that do not exist', async () => {
    const res = await post(`/plus/product/list/store/${STORE}`, { prCodeList: [codes[1], 'NO-SUCH-CODE', codes[0], codes[1]] });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { prCode: string; prInfo: string[] }[];
    expect(answer.map((p) => p.prCode)).toEqual([codes[1], codes[0]]);
    const [stored] = await sut.deps.db
      .select({ prInfo: products.prInfo })
      .from(products)
      .where(and(eq(products.storeCode, STORE), eq(products.prCode, codes[1])));
    expect(answer[0].prInfo).toEqual(stored.prInfo);
  });

  it('answers an empty list when no code exists, and refuses an empty request', async () => {
    expect((await post(`/plus/product/list/store/${STORE}`, { prCodeList: ['NOPE-1'] })).json()).toEqual([]);
    expect((await post(`/plus/product/list/store/${STORE}`, { prCodeList: [] })).statusCode).toBe(400);
  });
});

describe('GET /print/layout/names/store/:storeCode', () => {
  // spec: plus §7.17 — getPaperLayoutNames
  it('answers the layout ids of the store’s company', async () => {
    const [{ companyCode }] = await sut.deps.db.select({ companyCode: stores.companyCode }).from(stores).where(eq(stores.storeCode, STORE));
    const configured = (
      await sut.deps.db.select({ id: layoutConfigs.layoutId }).from(layoutConfigs).where(eq(layoutConfigs.companyCode, companyCode))
    ).map((r) => r.id);
    const res = await get(`/print/layout/names/store/${STORE}`);
    expect(res.statusCode).toBe(200);
    expect([...res.json()].sort()).toEqual([...configured].sort());
    expect(configured).toContain('PROMO_RED');
  });
});

describe('POST /print/preview', () => {
  // spec: plus §3.22, plus §7.17 — getProductPreview answers base64 bitmaps; description is the third prInfo item when there are more than 3
  it('draws each label as a PNG of the paper label size, echoing the product, template and quantity', async () => {
    const res = await post('/print/preview', {
      storeCode: STORE,
      productList: [label(codes[0], 'PROMO_RED'), label(codes[1], 'PROMO_RED', ['Rice', '3.49'])],
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { prCode: string; description?: string; qty: number; layoutId: string; data: string }[];
    expect(answer.map((p) => [p.prCode, p.qty, p.layoutId])).toEqual([
      [codes[0], 2, 'PROMO_RED'],
      [codes[1], 2, 'PROMO_RED'],
    ]);
    // §3: the third info item is the description when there are more than 3 entries.
    expect(answer[0].description).toBe('JP');
    expect(answer[1].description).toBeUndefined();
    const meta = await sharp(Buffer.from(answer[0].data, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', PAPER_LABEL_SIZE.width, PAPER_LABEL_SIZE.height]);
    expect(answer[0].data).not.toBe(answer[1].data);
  });

  it('draws a promotion template differently from a standard one (the layout type picks the style)', async () => {
    const standard = (await sut.deps.db.select({ id: layoutConfigs.layoutId, t: layoutConfigs.layoutType }).from(layoutConfigs)).find(
      (r) => !/PROMO|SALE|FRESH|WEIGHT/i.test(r.t),
    );
    const res = await post('/print/preview', {
      storeCode: STORE,
      productList: [label(codes[0], 'PROMO_RED'), label(codes[0], standard!.id)],
    });
    const [promo, plain] = res.json() as { data: string }[];
    const red = async (data: string) => {
      const { data: px, info } = await sharp(Buffer.from(data, 'base64')).raw().toBuffer({ resolveWithObject: true });
      let n = 0;
      for (let i = 0; i < px.length; i += info.channels) if (px[i] > 150 && px[i + 1] < 60) n++;
      return n;
    };
    expect(await red(promo.data)).toBeGreaterThan(await red(plain.data));
  });

  it('writes the preview’s prices in the company’s money, as the printed PDF does', async () => {
    const standard = (await sut.deps.db.select({ id: layoutConfigs.layoutId, t: layoutConfigs.layoutType }).from(layoutConfigs)).find(
      (r) => !/PROMO|SALE|FRESH|WEIGHT/i.test(r.t),
    );
    const res = await post('/print/preview', { storeCode: STORE, productList: [label(codes[0], standard!.id)] });
    const [answer] = res.json() as { data: string; money: { currency?: string } }[];
    const [store] = await sut.deps.db.select({ companyCode: stores.companyCode }).from(stores).where(eq(stores.storeCode, STORE));
    const money = await companyMoney(sut.deps.db, store.companyCode);
    expect(money.currency).toBe('JPY');
    const product = { prCode: codes[0], prInfo: label(codes[0], standard!.id).prInfo };
    const drawn = (m?: typeof money) =>
      productLabel(PAPER_LABEL_SIZE, product, true, 'standard', { barcode: false, money: m }).toString('base64');
    expect(answer.data).toBe(drawn(money));
    expect(answer.data).not.toBe(drawn(undefined));
  });

  it('refuses a template the company does not have, a bad quantity and filled-in data', async () => {
    const unknown = await post('/print/preview', { storeCode: STORE, productList: [label(codes[0], 'NO_SUCH_LAYOUT')] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('NO_SUCH_LAYOUT');
    expect(
      (await post('/print/preview', { storeCode: STORE, productList: [{ ...label(codes[0], 'PROMO_RED'), qty: 0 }] })).statusCode,
    ).toBe(400);
    expect(
      (await post('/print/preview', { storeCode: STORE, productList: [{ ...label(codes[0], 'PROMO_RED'), data: 'x' }] })).statusCode,
    ).toBe(400);
    expect((await post('/print/preview', { storeCode: STORE, productList: [] })).statusCode).toBe(400);
  });

  // spec: plus §9.14 — 36 prInfo entries on a static label, 255 on a generic one
  it('takes 36 info entries on a static label and 255 on a generic one, refusing one more with a 400 (§9)', async () => {
    const [{ companyCode }] = await sut.deps.db.select({ companyCode: stores.companyCode }).from(stores).where(eq(stores.storeCode, STORE));
    await sut.deps.db.insert(layoutTypes).values({ companyCode, layoutType: 'STATIC_SHELF' }).onConflictDoNothing();
    await sut.deps.db
      .insert(layoutConfigs)
      .values({ companyCode, layoutId: 'STATIC_TEST', layoutType: 'STATIC_SHELF' })
      .onConflictDoNothing();
    const generic = (await sut.deps.db.select({ id: layoutConfigs.layoutId, t: layoutConfigs.layoutType }).from(layoutConfigs)).find(
      (r) => !/STATIC/i.test(r.t),
    )!.id;
    const info = (n: number) => Array.from({ length: n }, (_, i) => `info ${i + 1}`);

    const staticOk = await post('/print/preview', { storeCode: STORE, productList: [label(codes[0], 'STATIC_TEST', info(36))] });
    expect(staticOk.statusCode).toBe(200);
    expect(staticOk.json()[0].prInfo).toHaveLength(36);
    const staticOver = await post('/print/preview', { storeCode: STORE, productList: [label(codes[0], 'STATIC_TEST', info(37))] });
    expect(staticOver.statusCode).toBe(400);
    expect(staticOver.json().message).toContain(codes[0]);
    expect(staticOver.json().message).toContain('36');

    // A generic template takes the 37 entries, and up to 255.
    expect((await post('/print/preview', { storeCode: STORE, productList: [label(codes[0], generic, info(37))] })).statusCode).toBe(200);
    const genericOk = await post('/print/preview', { storeCode: STORE, productList: [label(codes[0], generic, info(255))] });
    expect(genericOk.statusCode).toBe(200);
    expect(genericOk.json()[0].prInfo).toHaveLength(255);
    expect((await post('/print/preview', { storeCode: STORE, productList: [label(codes[0], generic, info(256))] })).statusCode).toBe(400);
    await sut.deps.db
      .delete(layoutConfigs)
      .where(and(eq(layoutConfigs.companyCode, companyCode), eq(layoutConfigs.layoutId, 'STATIC_TEST')));
  });
});

describe('privileges and stores', () => {
  it('lets plus readers print in their stores only', async () => {
    expect((await post(`/plus/product/list/store/${STORE}`, { prCodeList: [codes[0]] }, as.viewer)).statusCode).toBe(200);
    expect((await post('/print/preview', { storeCode: STORE, productList: [label(codes[0], 'PROMO_RED')] }, as.operator)).statusCode).toBe(
      200,
    );
    expect(
      (await post('/print/preview', { storeCode: 'SEL001', productList: [label(codes[0], 'PROMO_RED')] }, as.operator)).statusCode,
    ).toBe(403);
    expect((await get(`/print/layout/names/store/${STORE}`, as.nord)).statusCode).toBe(403);
    expect((await post(`/plus/product/list/store/${STORE}`, { prCodeList: [codes[0]] }, as.nord)).statusCode).toBe(403);
    expect((await get('/print/layout/names/store/NOSUCHSTORE')).statusCode).toBe(400);
  });
});
