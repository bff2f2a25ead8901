import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { alarmConfig, systemAlarms } from '../../server/db/schema/index';
import { raiseSystemAlarm } from '../../server/repos/alarms';
import { SYSTEM_ALARM_TYPES } from '../../contract/schemas/system-alarm-types';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** The alarm config (console-admin §3) and the Plus alarm thresholds (plus-signage §3, §5). */
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'viewer', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'viewer']));
});
afterAll(async () => sut?.close());

const call = (method: 'GET' | 'PUT', url: string, headers: AuthHeaders, payload?: object) =>
  sut.app.inject({ method, url: `/api${url}`, headers, payload });

describe('alarm config', () => {
  // spec: admin §3.22, admin §7.24 — alarm config: available, admin, server, content[type]{title, detail}, variables
  it('role -1 saves types, titles, recipients and servers; the dashboard call answers them', async () => {
    const before = (await call('GET', '/alarm/config', as.admin)).json();
    const failure = String(SYSTEM_ALARM_TYPES.TAG_UPDATE_FAILURE.code);
    const body = {
      available: before.available.filter((c: string) => c !== failure),
      admin: ['ops@acme.test', 'night@acme.test'],
      server: ['esl-01'],
      content: { ...before.content, [failure]: { title: 'Tags did not update', detail: 'Some tags of {location} failed' } },
    };
    expect((await call('PUT', '/alarm/config', as.admin, body)).statusCode).toBe(200);
    const after = (await call('GET', '/alarm/config', as.acme)).json();
    expect(after).toMatchObject({ admin: ['ops@acme.test', 'night@acme.test'], server: ['esl-01'], variables: before.variables });
    expect(after.available).not.toContain(failure);
    expect(after.content[failure]).toEqual({ title: 'Tags did not update', detail: 'Some tags of {location} failed' });

    // A type left out is no longer raised; the others still are.
    const count = async () => (await sut.deps.db.select().from(systemAlarms).orderBy(desc(systemAlarms.id)).limit(1))[0]?.id;
    const last = await count();
    await raiseSystemAlarm(sut.deps.db, { type: 'TAG_UPDATE_FAILURE', location: 'TKY001', companyCode: 'ACME' });
    expect(await count()).toBe(last);
    await raiseSystemAlarm(sut.deps.db, { type: 'ACCOUNT_LOCKED', location: 'SYSTEM', companyCode: 'ACME' });
    expect(await count()).not.toBe(last);
  });

  it('refuses unknown types and bad addresses, and anyone but role -1', async () => {
    const base = { available: ['1'], admin: [], server: [], content: {} };
    const unknown = await call('PUT', '/alarm/config', as.admin, { ...base, available: ['999'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown alarm type: 999');
    expect((await call('PUT', '/alarm/config', as.admin, { ...base, admin: ['not-an-address'] })).statusCode).toBe(400);
    expect((await call('PUT', '/alarm/config', as.admin, { ...base, content: { 1: { title: '', detail: '' } } })).statusCode).toBe(400);
    expect((await call('PUT', '/alarm/config', as.acme, base)).statusCode).toBe(403);
    expect((await call('PUT', '/alarm/config', as.viewer, base)).statusCode).toBe(403);
    const [row] = await sut.deps.db.select().from(alarmConfig).where(eq(alarmConfig.id, 1));
    expect(row.available).not.toEqual([1]);
  });
});

describe('Plus alarm thresholds', () => {
  // spec: plus §3.20, plus §7.18, plus §9.3 — the alarm setting's fields read and updated; thresholds 1-100
  it('are read and saved as whole percents between 1 and 100', async () => {
    expect((await call('GET', '/alarm/setting', as.viewer)).json()).toMatchObject({ memoryThreshold: 85, diskThreshold: 90 });
    const body = { memoryThreshold: 70, diskThreshold: 75.4, progressThreshold: 60, totalTagsThreshold: 99, receiveCriticalOnly: true };
    expect((await call('PUT', '/alarm/setting', as.admin, body)).statusCode).toBe(200);
    expect((await call('GET', '/alarm/setting', as.acme)).json()).toEqual({ ...body, diskThreshold: 75 });
    expect((await call('PUT', '/alarm/setting', as.admin, { ...body, memoryThreshold: 0 })).statusCode).toBe(400);
    expect((await call('PUT', '/alarm/setting', as.viewer, body)).statusCode).toBe(403);
  });
});
