import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { systemAlarms } from '../../server/db/schema/index';
import { SYSTEM_ALARM_TYPES } from '../../contract/schemas/system-alarm-types';
import { login, startTestServer, type AuthHeaders, type TestServer } from './harness';

/**
 * Third-party authentication at login (console-admin §3 useType): 0 off, 1 the script first then the local
 * password, 2 the script only. The test user's directory password is 'Directory#2026'; the local one the demo's.
 */
let sut: TestServer;
let admin: AuthHeaders;
const USER = 'viewer@shelfpad.test';
const LOCAL = 'Shelfpad#2026';
const DIRECTORY = 'Directory#2026';
const SCRIPT = `function authenticate(c) {\n  return c.email === "${USER}" && c.password === "${DIRECTORY}" ? { ok: true } : { ok: false, message: "unknown in the directory" };\n}`;

beforeAll(async () => {
  sut = await startTestServer();
  admin = await login(sut.app, 'admin@shelfpad.test', LOCAL);
});
afterAll(async () => {
  await sut?.close();
});

const useScript = async (code: string, useType: number) => {
  const res = await sut.app.inject({ method: 'POST', url: '/api/config/third-party-auth', headers: admin, payload: { code, useType } });
  expect(res.statusCode, res.body).toBe(200);
};
const loginStatus = async (password: string, email = USER) =>
  (await sut.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode;

describe('third-party authentication at login', () => {
  it('off (0): only the local password opens', async () => {
    await useScript(SCRIPT, 0);
    expect(await loginStatus(DIRECTORY)).not.toBe(200);
    expect(await loginStatus(LOCAL)).toBe(200);
  });

  it('script first (1): the directory password opens, and the local one still does', async () => {
    await useScript(SCRIPT, 1);
    expect(await loginStatus(DIRECTORY)).toBe(200);
    expect(await loginStatus(LOCAL)).toBe(200);
    expect(await loginStatus('Wrong#2026')).not.toBe(200);
  });

  it('script only (2): the local password no longer opens', async () => {
    await useScript(SCRIPT, 2);
    expect(await loginStatus(DIRECTORY)).toBe(200);
    expect(await loginStatus(LOCAL)).not.toBe(200);
    // Someone unknown here is refused whatever the directory says: roles and stores are local.
    expect(await loginStatus(DIRECTORY, 'stranger@shelfpad.test')).not.toBe(200);
  });

  it('a failing script refuses, raises the alarm, and with useType 1 the local password still opens', async () => {
    await useScript('function authenticate(c) { return c.nothing.here; }', 1);
    expect(await loginStatus(LOCAL)).toBe(200);
    const alarms = await sut.deps.db
      .select()
      .from(systemAlarms)
      .where(eq(systemAlarms.type, SYSTEM_ALARM_TYPES.THIRD_PARTY_AUTH_EXCEPTION.code));
    expect(alarms.at(-1)?.data).toMatchObject({
      email: USER,
      message: expect.stringMatching(/^TypeError: cannot read property 'here' of undefined/),
    });
    await useScript(SCRIPT, 0);
  });
});
