import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { fillPath } from '../../contract/endpoints/define';
import { plusAssetsEndpoints } from '../../contract/endpoints/plus-assets';
import { products, stores } from '../../server/db/schema/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/*
 * console-core §9: "Family product lookup with an empty store code falls back to a default store." The Plus family's
 * product lookup (getProducts) called with an empty store code reads the member's default store: the first store by
 * code of the member's first company by code, among the stores the member may use — never another company's.
 * Each store below holds the same marker code with its own store code as the product info, so the answer says
 * which store answered.
 */
const MARK = 'SPEC911-MARK';
const ACME_ONLY = 'SPEC911-ACME-ONLY';
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord' | 'operator', AuthHeaders>;
const firstStoreOf: Record<string, string> = {};

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord', 'operator']));
  const all = await sut.deps.db
    .select({ storeCode: stores.storeCode, companyCode: stores.companyCode })
    .from(stores)
    .orderBy(asc(stores.storeCode));
  for (const s of all) firstStoreOf[s.companyCode] ??= s.storeCode;
  expect(Object.keys(firstStoreOf)).toEqual(expect.arrayContaining(['ACME', 'NORD']));
  await sut.deps.db.insert(products).values(all.map((s) => ({ storeCode: s.storeCode, prCode: MARK, prInfo: [s.storeCode] })));
  await sut.deps.db.insert(products).values({ storeCode: firstStoreOf.ACME, prCode: ACME_ONLY, prInfo: ['acme'] });
});
afterAll(async () => sut?.close());

/** The URL the client builds for plusProducts with an empty store code. */
const EMPTY_STORE_URL = `/api${fillPath(plusAssetsEndpoints.plusProducts.path, { storeCode: '' })}`;
const lookUp = (who: AuthHeaders, prCodeList: string[]) =>
  sut.app.inject({ method: 'POST', url: EMPTY_STORE_URL, headers: who, payload: { prCodeList } });
const answered = async (who: AuthHeaders, prCodeList: string[]) => {
  const res = await lookUp(who, prCodeList);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { prCode: string; prInfo: string[] }[];
};

describe('family product lookup with an empty store code', () => {
  // spec: core §9.11 — an empty store code falls back to a default store: the company's first store by code
  it("reads the member's company's first store by code", async () => {
    expect(EMPTY_STORE_URL).toBe('/api/plus/product/list/store/');
    expect(await answered(as.acme, [MARK])).toEqual([{ prCode: MARK, prInfo: [firstStoreOf.ACME] }]);
    expect(await answered(as.nord, [MARK])).toEqual([{ prCode: MARK, prInfo: [firstStoreOf.NORD] }]);
    // The super administrator's companies are all: the first company by code, then its first store.
    const firstCompany = Object.keys(firstStoreOf).sort()[0];
    expect(await answered(as.admin, [MARK])).toEqual([{ prCode: MARK, prInfo: [firstStoreOf[firstCompany]] }]);
  });

  // spec: core §9.11 — only a store the member may use: an operator of TKY001 and TKY002 gets TKY001
  it("never reads a store outside the member's own, nor another company's products", async () => {
    expect(await answered(as.operator, [MARK])).toEqual([{ prCode: MARK, prInfo: ['TKY001'] }]);
    // A product only ACME's default store holds is not there for NORD's administrator.
    expect(await answered(as.acme, [ACME_ONLY])).toEqual([{ prCode: ACME_ONLY, prInfo: ['acme'] }]);
    expect(await answered(as.nord, [ACME_ONLY, MARK])).toEqual([{ prCode: MARK, prInfo: [firstStoreOf.NORD] }]);
    const [nordStore] = await sut.deps.db
      .select({ companyCode: stores.companyCode })
      .from(stores)
      .where(eq(stores.storeCode, firstStoreOf.NORD));
    expect(nordStore.companyCode).toBe('NORD');
  });

  it('still needs a session and the plus read privilege, and the lookup with a store code is unchanged', async () => {
    expect((await sut.app.inject({ method: 'POST', url: EMPTY_STORE_URL, payload: { prCodeList: [MARK] } })).statusCode).toBe(401);
    const named = await sut.app.inject({
      method: 'POST',
      url: '/api/plus/product/list/store/TKY002',
      headers: as.acme,
      payload: { prCodeList: [MARK] },
    });
    expect(named.json()).toEqual([{ prCode: MARK, prInfo: ['TKY002'] }]);
    expect((await lookUp(as.acme, [])).statusCode).toBe(400);
  });
});
