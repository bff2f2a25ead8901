import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { productTypes } from '../../server/db/schema/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/* console-admin §5: a product type needs its code and its name; the server refuses either blank and stores nothing. */
let sut: TestServer;
let as: Record<'nord', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['nord']));
});
afterAll(async () => sut?.close());

const save = (type: { code: string; name: string }) =>
  sut.app.inject({
    method: 'POST',
    url: '/api/config/alias/product/type',
    headers: as.nord,
    payload: { companyCode: 'NORD', productTypes: [{ ...type, storeManagement: false, alias: [] }] },
  });
const codesOf = async () =>
  (await sut.deps.db.select({ code: productTypes.code }).from(productTypes).where(eq(productTypes.companyCode, 'NORD')))
    .map((r) => r.code)
    .sort();

describe('product type validation (console-admin §5)', () => {
  // spec: admin §5.9 — the product type half: code and name required
  it('refuses a blank code and a blank name with 400, storing nothing; a code and a name are saved', async () => {
    const before = await codesOf();
    for (const type of [
      { code: '  ', name: 'Snacks' },
      { code: '', name: 'Snacks' },
      { code: 'SNACK', name: ' ' },
      { code: 'SNACK', name: '' },
    ]) {
      const res = await save(type);
      expect(res.statusCode, JSON.stringify(type)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect(await codesOf()).toEqual(before);
    expect((await save({ code: 'SNACK', name: 'Snacks' })).statusCode).toBe(200);
    expect(await codesOf()).toEqual([...before, 'SNACK'].sort());
  });
});
