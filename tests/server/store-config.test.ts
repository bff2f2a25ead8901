import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { collectingItems, members, products, sensorConfigs, stores, tags } from '../../server/db/schema/index';
import { multipartBody, startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** Store configuration (console-admin §3, §5, §6, §7, §9): validation, privileges, what is stored. */
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord' | 'operator' | 'viewer', AuthHeaders>;

const NEW_STORE = {
  companyCode: 'ACME',
  storeCode: 'ACME_T1',
  storeName: 'Acme Test',
  address: 'Unter den Linden 1, Berlin',
  totalDuration: 60,
  eventDuration: 1,
  cpDuration: 14,
  baseTimeout: 60,
  timeoutTag: 0.1,
  tagStatusCheckDay: 'MON',
  outbandEnable: true,
  position: { latitude: 52.517, longitude: 13.389 },
};

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord', 'operator', 'viewer']));
});
afterAll(async () => sut?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: AuthHeaders, payload?: object) =>
  sut.app.inject({ method, url: `/api${url}`, headers, payload });
const listOf = async (headers: AuthHeaders) =>
  (
    (await call('POST', '/config/store/list', headers, { draw: 1, start: 0, length: 100 })).json() as { data: { storeCode: string }[] }
  ).data.map((s) => s.storeCode);

describe('store config', () => {
  // spec: admin §7.16 — store config list (POST)
  it('lists the stores of the member’s scope', async () => {
    expect(await listOf(as.admin)).toEqual(expect.arrayContaining(['TKY001', 'LON001', 'MIL001']));
    const acme = await listOf(as.acme);
    expect(acme).toContain('TKY001');
    expect(acme).not.toContain('LON001');
    expect((await call('POST', '/config/store/list', as.operator, { draw: 1, start: 0, length: 25 })).statusCode).toBe(403);
  });

  // spec: admin §3.15, admin §7.16 — store add stores its fields, nf* defaults (admin §9.6 server side); get store config (admin §7.17)
  it('creates a store with the spec defaults for what the form leaves out, and answers it back', async () => {
    expect((await call('POST', '/config/store', as.acme, NEW_STORE)).statusCode).toBe(200);
    const [row] = await sut.deps.db.select().from(stores).where(eq(stores.storeCode, 'ACME_T1'));
    expect(row).toMatchObject({
      companyCode: 'ACME',
      nfRandomPercent: 5,
      nfRetryCnt: 8,
      nfBasicSleep: 18,
      nfDeepSleepDuration: 30,
      tagStatusCheckDay: 'MON',
      outbandEnable: true,
      latitude: 52.517,
    });
    const got = (await call('GET', '/config/store/ACME_T1', as.acme)).json();
    expect(got).toMatchObject({ storeName: 'Acme Test', timeoutTag: 0.1, position: { latitude: 52.517, longitude: 13.389 } });
    expect((await call('POST', '/config/store', as.acme, NEW_STORE)).statusCode).toBe(409);
  });

  it('refuses another company, members without write, and bad values', async () => {
    expect((await call('POST', '/config/store', as.nord, { ...NEW_STORE, storeCode: 'X1' })).statusCode).toBe(403);
    expect((await call('POST', '/config/store', as.viewer, { ...NEW_STORE, storeCode: 'X2' })).statusCode).toBe(403);
    expect((await call('POST', '/config/store', as.acme, { ...NEW_STORE, storeCode: 'X3', totalDuration: 'abc' })).statusCode).toBe(400);
    expect((await call('POST', '/config/store', as.acme, { ...NEW_STORE, storeCode: 'X4', storeName: '  ' })).statusCode).toBe(400);
    const { storeCode: _code, ...update } = NEW_STORE;
    expect((await call('PUT', '/config/store/LON001', as.acme, { ...update, companyCode: 'NORD' })).statusCode).toBe(403);
    expect((await call('PUT', '/config/store/TKY001', as.acme, { ...update, companyCode: 'NORD' })).statusCode).toBe(400);
  });

  // spec: admin §7.16 — store save and delete
  it('updates and deletes a store', async () => {
    const { storeCode: _code, ...update } = NEW_STORE;
    expect((await call('PUT', '/config/store/ACME_T1', as.acme, { ...update, storeName: 'Acme Renamed', position: null })).statusCode).toBe(
      200,
    );
    const [row] = await sut.deps.db.select().from(stores).where(eq(stores.storeCode, 'ACME_T1'));
    expect(row).toMatchObject({ storeName: 'Acme Renamed', latitude: null });
    expect((await call('DELETE', '/config/store/ACME_T1', as.viewer)).statusCode).toBe(403);
    expect((await call('DELETE', '/config/store/ACME_T1', as.acme)).statusCode).toBe(200);
    expect(await sut.deps.db.select().from(stores).where(eq(stores.storeCode, 'ACME_T1'))).toEqual([]);
  });

  // spec: admin §7.18 — sensor config get and save, non-zero only
  it('keeps only the non-zero entries of a sensor config', async () => {
    expect((await call('POST', '/config/sensor/store/TKY001', as.acme, { HAT: 3, TOF: 2, distanceErrorRange: 7 })).statusCode).toBe(200);
    expect((await call('GET', '/config/sensor/store/TKY001', as.viewer)).json()).toEqual({ HAT: 3, TOF: 2, distanceErrorRange: 7 });
    expect((await call('POST', '/config/sensor/store/TKY001', as.acme, { HAT: 0 })).statusCode).toBe(400);
    expect((await call('POST', '/config/sensor/store/LON001', as.acme, { HAT: 1 })).statusCode).toBe(403);
    const [row] = await sut.deps.db.select().from(sensorConfigs).where(eq(sensorConfigs.storeCode, 'TKY001'));
    expect(row.config).toEqual({ HAT: 3, TOF: 2, distanceErrorRange: 7 });
  });

  // spec: admin §7.18 — tag status check with {storeCode}
  it('starts one manual tag status check at a time', async () => {
    await sut.deps.db.delete(collectingItems).where(eq(collectingItems.storeCode, 'SEL001'));
    expect((await call('POST', '/config/store/tag/status/check', as.acme, { storeCode: 'SEL001' })).statusCode).toBe(200);
    expect((await call('POST', '/config/store/tag/status/check', as.acme, { storeCode: 'SEL001' })).statusCode).toBe(409);
    const items = await sut.deps.db.select().from(collectingItems).where(eq(collectingItems.storeCode, 'SEL001'));
    expect(items).toHaveLength(1);
    expect(items[0].kind).toBe('statusCheck');
  });

  it('finds places in the packaged gazetteer by prefix', async () => {
    const res = await call('GET', '/geocode/search?q=Berlin&limit=3', as.acme);
    expect(res.statusCode).toBe(200);
    const [first] = res.json() as { display_name: string; lat: string; lon: string }[];
    expect(first.display_name).toBe('Berlin, DE');
    expect(Number(first.lat)).toBeCloseTo(52.52, 1);
    expect((await call('GET', '/geocode/search?q=', as.acme)).statusCode).toBe(400);
    expect((await call('GET', '/geocode/search?q=Berlin', as.operator)).statusCode).toBe(403);
  });
});

describe('store export and migration', () => {
  let target: TestServer;
  let targetAdmin: AuthHeaders;
  beforeAll(async () => {
    const second = await startWithLogins(['admin']);
    target = second.sut;
    targetAdmin = second.as.admin;
  });
  afterAll(async () => target?.close());

  // spec: admin §7.16, admin §6.1 — migrate upload (multipart files) answers tagCount, productCount, gwCount, accountCount; admin may migrate
  it('moves one store to another server: counts and rows match', async () => {
    const exported = await call('GET', '/config/store/TKY001/export', as.acme);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('store-TKY001.jsonl');
    expect((await call('GET', '/config/store/TKY001/export', as.viewer)).statusCode).toBe(403);

    // The target server holds the same demo data, so the store goes to the same company there: a migration into
    // another company's store is refused when the file names that company's rows (store-migrate-ownership.test.ts).
    const created = await target.app.inject({
      method: 'POST',
      url: '/api/config/store',
      headers: targetAdmin,
      payload: { ...NEW_STORE, storeCode: 'MOVED', companyCode: 'ACME' },
    });
    expect(created.statusCode).toBe(200);
    const form = multipartBody({}, { name: 'store-TKY001.jsonl', content: exported.rawPayload });
    const upload = form.payload.toString('latin1').replace('name="file"', 'name="files"');
    const res = await target.app.inject({
      method: 'POST',
      url: '/api/config/store/MOVED/migrate',
      headers: { ...targetAdmin, ...form.headers },
      payload: Buffer.from(upload, 'latin1'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { tagCount: number; productCount: number; gwCount: number; accountCount: number; lastTaskId?: string };

    const db = sut.deps.db;
    const sourceTags = await db.select().from(tags).where(eq(tags.storeCode, 'TKY001'));
    const sourceProducts = await db.select().from(products).where(eq(products.storeCode, 'TKY001'));
    expect(answer.tagCount).toBe(sourceTags.length);
    expect(answer.productCount).toBe(sourceProducts.length);
    expect(answer.tagCount).toBeGreaterThan(0);
    expect(answer.gwCount).toBeGreaterThan(0);
    const movedTags = await target.deps.db.select().from(tags).where(eq(tags.storeCode, 'MOVED'));
    expect(movedTags).toHaveLength(sourceTags.length);
    const sample = sourceTags[Math.floor(sourceTags.length / 2)];
    expect(movedTags.find((t) => t.tagMac === sample.tagMac)).toMatchObject({
      barcode: sample.barcode,
      prCode: sample.prCode,
      status: sample.status,
      companyCode: 'ACME',
    });
    const movedProduct = (await target.deps.db.select().from(products).where(eq(products.storeCode, 'MOVED'))).find(
      (p) => p.prCode === sourceProducts[0].prCode,
    );
    expect(movedProduct?.prInfo).toEqual(sourceProducts[0].prInfo);
    const [store] = await target.deps.db.select().from(stores).where(eq(stores.storeCode, 'MOVED'));
    expect(store).toMatchObject({ storeName: 'Acme Test', companyCode: 'ACME' });
    const linked = await target.deps.db.select({ email: members.email, stores: members.stores }).from(members);
    expect(answer.accountCount).toBeGreaterThan(0);
    expect(linked.filter((m) => m.stores.includes('MOVED'))).toHaveLength(answer.accountCount);
    expect(linked.find((m) => m.email === 'operator@shelfpad.test')?.stores).toContain('MOVED');
  });

  it('sends no password hash: the accounts carry none, and a member new to the target waits for a reset', async () => {
    const exported = await call('GET', '/config/store/TKY001/export', as.acme);
    const text = exported.body;
    const accounts = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { kind: string; row?: Record<string, unknown> })
      .filter((l) => l.kind === 'account');
    expect(accounts.length).toBeGreaterThan(0);
    for (const { row } of accounts) expect(Object.keys(row!).filter((k) => /password|hash|token/i.test(k))).toEqual([]);
    // Whatever the field is called: no scrypt encoding, and no 64-hex digest (a session token's hash) anywhere.
    expect(text).not.toMatch(/scrypt|\$s0\$|[a-f0-9]{64}/);

    const [member] = await sut.deps.db.select().from(members).where(eq(members.email, 'operator@shelfpad.test'));
    const form = multipartBody({}, { name: 'store-TKY001.jsonl', content: text.replaceAll(member.email, 'newcomer@shelfpad.test') });
    const payload = Buffer.from(form.payload.toString('latin1').replace('name="file"', 'name="files"'), 'latin1');
    const migrated = await target.app.inject({
      method: 'POST',
      url: '/api/config/store/MOVED/migrate',
      headers: { ...targetAdmin, ...form.headers },
      payload,
    });
    expect(migrated.statusCode, migrated.body).toBe(200);
    const login = await target.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'newcomer@shelfpad.test', password: 'Shelfpad#2026' },
    });
    expect(login.statusCode).toBe(401);
    const [newcomer] = await target.deps.db.select().from(members).where(eq(members.email, 'newcomer@shelfpad.test'));
    expect(newcomer).toMatchObject({ name: member.name, roleId: member.roleId, stores: ['MOVED'], forceChange: true });
  });

  // spec: admin §6.1 — store migration refused to non-administrators
  it('refuses a file that is not a store export, and non-administrators', async () => {
    const bad = multipartBody({}, { name: 'x.jsonl', content: '{"kind":"tag"}\n' });
    const payload = Buffer.from(bad.payload.toString('latin1').replace('name="file"', 'name="files"'), 'latin1');
    const refused = await sut.app.inject({
      method: 'POST',
      url: '/api/config/store/TKY001/migrate',
      headers: { ...as.acme, ...bad.headers },
      payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('not a store export');
    const viewer = await sut.app.inject({
      method: 'POST',
      url: '/api/config/store/TKY001/migrate',
      headers: { ...as.viewer, ...bad.headers },
      payload,
    });
    expect(viewer.statusCode).toBe(403);
  });
});

describe('sensor config names', () => {
  it('refuses a name that is no sensor name', async () => {
    const res = await call('POST', '/config/sensor/store/TKY001', as.acme, { 'not a name': 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Not a sensor name: not a name');
  });
});
