import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { changeHistory } from '../../server/db/schema/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** The change history (console-admin §2, §3, §7; plus-signage §2.8): one server mechanism records every write. */
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord' | 'operator', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord', 'operator']));
});
afterAll(async () => sut?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: AuthHeaders, payload?: object) =>
  sut.app.inject({ method, url: `/api${url}`, headers, payload });
const channels = (storeCode: string) => ({ storeCode, channelMap: { '0': { dataChannel: 11, eventChannel: 26 } } });
const rows = () => sut.deps.db.select().from(changeHistory).orderBy(desc(changeHistory.id));
const latest = async () => (await rows())[0];
const historyOf = async (headers: AuthHeaders, extra: object = {}) => {
  const res = await call('POST', '/change/history', headers, { draw: 1, start: 0, length: 100, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    recordsTotal: number;
    data: { company: string; store: string; category: string; operation: string; path: string; email: string }[];
  };
};

describe('recording', () => {
  it('records a write with its category, operation, owner, items and e-mail', async () => {
    const res = await call('POST', '/config/amac', as.admin, { abstractCode: 'CH01', abstractData: 'aa:bb' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await latest()).toMatchObject({
      company: 'SYSTEM',
      store: 'SYSTEM',
      category: 'store_config',
      operation: 'Create',
      method: 'POST',
      path: '/config/amac',
      items: [{ abstractCode: 'CH01', abstractData: 'aa:bb' }],
      email: 'admin@shelfpad.test',
    });
    expect((await call('DELETE', '/config/amac/CH01', as.admin)).statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      category: 'store_config',
      operation: 'Delete',
      method: 'DELETE',
      path: '/config/amac/CH01',
      items: [{ abstractCode: 'CH01' }],
    });
  });

  it('records a store write under the store and its company', async () => {
    expect((await call('POST', '/config/gw/channel', as.acme, channels('TKY001'))).statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      company: 'ACME',
      store: 'TKY001',
      category: 'store',
      operation: 'Save',
      method: 'POST',
      path: '/config/gw/channel',
      items: [channels('TKY001')],
      email: 'acme-admin@shelfpad.test',
    });
  });

  it('never records a secret', async () => {
    const smtp = {
      enable: false,
      server: 'smtp.example.test',
      port: 587,
      account: 'mailer',
      password: 'Very$ecret-42',
      tls: true,
      ssl: false,
    };
    expect((await call('POST', '/config/smtp', as.admin, smtp)).statusCode).toBe(200);
    const row = await latest();
    expect(row).toMatchObject({
      category: 'server_config',
      path: '/config/smtp',
      items: [{ server: 'smtp.example.test', account: 'mailer' }],
    });
    expect(JSON.stringify(row)).not.toContain('Very$ecret-42');
  });

  it('does not record a read, a refused write, a bad write or a test mail', async () => {
    const before = (await rows()).length;
    expect((await call('POST', '/config/company/list', as.admin, { draw: 1, start: 0, length: 25 })).statusCode).toBe(200);
    expect((await call('POST', '/config/amac', as.operator, { abstractCode: 'CH02', abstractData: 'x' })).statusCode).toBe(403);
    expect((await call('POST', '/config/gw/channel', as.acme, channels('LON001'))).statusCode).toBe(403);
    expect((await call('POST', '/config/amac', as.admin, { abstractCode: 'CH03' })).statusCode).toBe(400);
    expect((await call('PUT', '/config/amac/NOPE', as.admin, { abstractData: 'x' })).statusCode).toBe(404);
    await call('POST', '/config/smtp/test', as.admin, { enable: true, server: '127.0.0.1', port: 1, account: 'a' });
    expect((await rows()).length).toBe(before);
  });
});

describe('change config', () => {
  it('turns a category off and on again; the config change is itself recorded', async () => {
    expect((await call('PUT', '/change/config', as.admin, { categories: { store_config: false } })).statusCode).toBe(200);
    expect(await latest()).toMatchObject({ category: 'setting', path: '/change/config', items: [{ categories: { store_config: false } }] });
    const config = (await call('GET', '/change/config', as.acme)).json();
    expect(config).toMatchObject({ displayCompany: true, categories: { store_config: false, member: true } });
    const before = (await rows()).length;
    expect((await call('POST', '/config/amac', as.admin, { abstractCode: 'CH04', abstractData: 'x' })).statusCode).toBe(200);
    expect((await rows()).length).toBe(before);
    expect((await call('PUT', '/change/config', as.admin, { categories: { store_config: true } })).statusCode).toBe(200);
    expect((await call('DELETE', '/config/amac/CH04', as.admin)).statusCode).toBe(200);
    expect(await latest()).toMatchObject({ category: 'store_config', operation: 'Delete' });
  });

  it("is the super administrator's and refuses an unknown category", async () => {
    expect((await call('PUT', '/change/config', as.acme, { displayCompany: false })).statusCode).toBe(403);
    expect((await call('PUT', '/change/config', as.admin, { categories: { nonsense: false } })).statusCode).toBe(400);
  });
});

describe('the list', () => {
  it("shows a member only the changes of its companies and stores, and the system's", async () => {
    expect((await call('POST', '/config/gw/channel', as.nord, channels('LON001'))).statusCode).toBe(200);
    const osk = await call('POST', '/config/gw/channel', as.acme, channels('TKY002'));
    expect(osk.statusCode, osk.body).toBe(200);
    const acme = await historyOf(as.acme);
    expect(acme.data.every((r) => r.company === 'ACME' || r.company === 'SYSTEM')).toBe(true);
    expect(acme.data.map((r) => r.store)).toEqual(expect.arrayContaining(['TKY001', 'TKY002']));
    const nord = await historyOf(as.nord);
    expect(nord.data.map((r) => r.store)).toContain('LON001');
    expect(nord.data.some((r) => r.company === 'ACME')).toBe(false);
    const all = await historyOf(as.admin);
    expect(all.recordsTotal).toBeGreaterThan(acme.recordsTotal);
  });

  it('sorts newest first and filters by category', async () => {
    const page = await historyOf(as.admin, { filter_category: 'server_config' });
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((r) => r.category === 'server_config')).toBe(true);
    const all = await historyOf(as.admin);
    expect(all.data[0]).toMatchObject({ path: '/config/gw/channel', store: 'TKY002' });
  });
});
