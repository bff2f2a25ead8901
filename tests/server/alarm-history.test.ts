import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseSystemAlarm } from '../../server/repos/alarms';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** The system alarm history (console-admin §2 /alarm/history, §7): what each member may see, filters. */
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord' | 'operator', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord', 'operator']));
  await raiseSystemAlarm(sut.deps.db, {
    type: 'GW_STATUS_ABNORMAL',
    location: 'LON001',
    companyCode: 'NORD',
    data: { gwMac: 'AABBCCDDEEFF' },
  });
  await raiseSystemAlarm(sut.deps.db, {
    type: 'GW_STATUS_ABNORMAL',
    location: 'TKY002',
    companyCode: 'ACME',
    data: { gwMac: 'AABBCCDDEE00' },
  });
  await raiseSystemAlarm(sut.deps.db, { type: 'SERVER_STARTED', location: 'SYSTEM' });
});
afterAll(async () => sut?.close());

type Row = { location: string; type: string; class: number; data?: string; updatedAt: string };
const page = async (headers: AuthHeaders, extra: object = {}) => {
  const res = await sut.app.inject({
    method: 'POST',
    url: '/api/alarm/history',
    headers,
    payload: { draw: 1, start: 0, length: 500, ...extra },
  });
  return { status: res.statusCode, body: res.json() as { recordsTotal: number; data: Row[] } };
};

describe('system alarm history', () => {
  // spec: admin §3.22, admin §7.24 — system alarm history rows: class, location (store or SYSTEM), type, data
  it('shows role -1 every alarm, newest first, with its data', async () => {
    const { status, body } = await page(as.admin);
    expect(status).toBe(200);
    expect(body.data[0]).toMatchObject({ location: 'SYSTEM', type: '1', class: 1 });
    expect(body.data[1]).toMatchObject({ location: 'TKY002', type: '19', class: 3, data: '{"gwMac":"AABBCCDDEE00"}' });
    expect(body.data.map((r) => r.location)).toContain('LON001');
  });

  it("shows a company admin only its company's alarms, never a companyless one", async () => {
    const acme = await page(as.acme);
    expect(acme.body.data.map((r) => r.location)).toContain('TKY002');
    expect(acme.body.data.map((r) => r.location)).not.toContain('LON001');
    expect(acme.body.data.find((r) => r.type === '1' && r.location === 'SYSTEM')).toBeUndefined();
    const nord = await page(as.nord);
    expect(nord.body.data.map((r) => r.location)).toContain('LON001');
    expect(nord.body.data.map((r) => r.location)).not.toContain('TKY002');
    expect((await page(as.admin)).body.recordsTotal).toBeGreaterThan(acme.body.recordsTotal);
  });

  // spec: admin §7.24 — system alarm history as a POST table, filtered by class
  it('filters by class and refuses a bad filter with a 400', async () => {
    const critical = await page(as.admin, { filter_class: '3', condition_class: '==' });
    expect(critical.body.data.length).toBeGreaterThan(0);
    expect(critical.body.data.every((r) => r.class === 3)).toBe(true);
    expect((await page(as.admin, { filter_updatedAt: 'soon', condition_updatedAt: '>=' })).status).toBe(400);
  });

  it('is a read: it is not recorded in the change history', async () => {
    const before = (
      await sut.app.inject({ method: 'POST', url: '/api/change/history', headers: as.admin, payload: { draw: 1, start: 0, length: 1 } })
    ).json().recordsTotal;
    await page(as.admin);
    const after = (
      await sut.app.inject({ method: 'POST', url: '/api/change/history', headers: as.admin, payload: { draw: 1, start: 0, length: 1 } })
    ).json().recordsTotal;
    expect(after).toBe(before);
  });
});

describe('notifications', () => {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: AuthHeaders, payload?: object) =>
    sut.app.inject({ method, url: `/api${url}`, headers, payload });

  // spec: admin §9.11, admin §7.24 — default notification keys gwOff1Hr, notRecvCsv4Hr, abnorTagProduct, all off; setting get/save
  it('starts with the three default keys all off, and turns one on', async () => {
    expect((await call('GET', '/alarm/notification', as.acme)).json()).toEqual({ enabled: [] });
    const keys = ((await call('GET', '/alarm/notification/content', as.admin)).json() as { key: string }[]).map((c) => c.key);
    expect(keys).toEqual(['abnorTagProduct', 'gwOff1Hr', 'notRecvCsv4Hr']);
    expect((await call('POST', '/alarm/notification', as.admin, { enabled: ['gwOff1Hr'] })).statusCode).toBe(200);
    expect((await call('GET', '/alarm/notification', as.acme)).json()).toEqual({ enabled: ['gwOff1Hr'] });
  });

  it('refuses an unknown key (400), and a company admin (403: one set for the whole system), changing nothing', async () => {
    expect((await call('POST', '/alarm/notification', as.admin, { enabled: ['gwOff1Hr', 'nope'] })).statusCode).toBe(400);
    expect((await call('POST', '/alarm/notification', as.acme, { enabled: [] })).statusCode).toBe(403);
    expect((await call('GET', '/alarm/notification', as.admin)).json()).toEqual({ enabled: ['gwOff1Hr'] });
  });

  // spec: admin §3.22, admin §7.24 — notification content (title, detail, subject, body) get/update per key, all content update
  it('edits one content, imports all, and refuses an import naming an unknown key without storing any of it', async () => {
    const content = {
      title: 'Gateway down',
      detail: 'A gateway of {store} is down.',
      subject: '[Shelfpad] {store}',
      body: 'Gateway {gwMac} of {store} is offline.',
    };
    expect((await call('PUT', '/alarm/notification/content/gwOff1Hr', as.admin, content)).statusCode).toBe(200);
    expect((await call('GET', '/alarm/notification/content/gwOff1Hr', as.acme)).json()).toEqual(content);
    expect((await call('PUT', '/alarm/notification/content/nope', as.admin, content)).statusCode).toBe(404);
    const bad = await call('PUT', '/alarm/notification/content', as.admin, {
      contents: [
        { key: 'notRecvCsv4Hr', ...content, title: 'X' },
        { key: 'nope', ...content },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/alarm/notification/content/notRecvCsv4Hr', as.admin)).json().title).not.toBe('X');
    expect(
      (await call('PUT', '/alarm/notification/content', as.admin, { contents: [{ key: 'notRecvCsv4Hr', ...content, title: 'No file' }] }))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', '/alarm/notification/content/notRecvCsv4Hr', as.admin)).json().title).toBe('No file');
  });
});
