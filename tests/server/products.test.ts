import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { products, tags } from '../../server/db/schema/index';
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

const get = (store: string, code: string, headers: Record<string, string> = admin) =>
  sut.app.inject({ method: 'GET', url: `/api/product/store/${store}/code/${encodeURIComponent(code)}`, headers });

describe('GET /product/store/:storeCode/code/:prCode', () => {
  it('answers the product with its info and the tags showing it', async () => {
    const db = sut.deps.db;
    const [dup] = await db
      .select({ prCode: tags.prCode, n: sql<number>`count(*)::int` })
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), isNotNull(tags.prCode)))
      .groupBy(tags.prCode)
      .orderBy(sql`count(*) desc`, asc(tags.prCode))
      .limit(1);
    const [product] = await db
      .select()
      .from(products)
      .where(and(eq(products.storeCode, STORE), eq(products.prCode, dup.prCode!)));
    const types = await db
      .selectDistinct({ t: tags.tagType })
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), eq(tags.prCode, dup.prCode!)));
    const res = await get(STORE, dup.prCode!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      prCode: product.prCode,
      storeCode: STORE,
      type: product.type,
      prInfo: product.prInfo,
      layoutId: product.layoutId,
      nfc: product.nfc ?? undefined,
      barcode: product.barcode,
      tagCount: dup.n,
      tagType: types.map((t) => t.t).sort(),
      updatedAt: product.updatedAt.toISOString(),
    });
    expect(dup.n).toBeGreaterThan(1);
  });

  it("answers an unknown code, or another store's product, with 404 'This product does not exist'", async () => {
    const [foreign] = await sut.deps.db.select().from(products).where(eq(products.storeCode, 'LON001')).limit(1);
    for (const res of [await get(STORE, 'NO-SUCH-CODE'), await get(STORE, foreign.prCode)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'PRODUCT_NOT_FOUND', message: 'This product does not exist' });
    }
  });

  it('needs tag read and the store: viewer reads, the operator not outside its stores, no session is 401', async () => {
    const [p] = await sut.deps.db.select().from(products).where(eq(products.storeCode, STORE)).limit(1);
    expect((await get(STORE, p.prCode, viewer)).statusCode).toBe(200);
    expect((await get(STORE, p.prCode, operator)).statusCode).toBe(200);
    const [sel] = await sut.deps.db.select().from(products).where(eq(products.storeCode, 'SEL001')).limit(1);
    expect((await get('SEL001', sel.prCode, operator)).statusCode).toBe(403);
    expect((await get(STORE, p.prCode, {})).statusCode).toBe(401);
    expect((await get(STORE, 'x'.repeat(65))).statusCode).toBe(400);
  });
});
