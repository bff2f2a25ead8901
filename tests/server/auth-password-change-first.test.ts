import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { members, tags } from '../../server/db/schema/index';
import { DEMO_PASSWORD, login, startTestServer, type AuthHeaders, type TestServer } from './harness';

/*
 * Issue 29 finding 5: a forced password change and an expired password were enforced by the browser only. A session
 * that must change its password may change it and log out; the server refuses everything else.
 */
let sut: TestServer;

beforeAll(async () => {
  sut = await startTestServer();
});
afterAll(async () => sut?.close());

const STORE = 'TKY001';
const FORCED = { code: 'PASSWORD_CHANGE_REQUIRED', message: 'You must change your password before you can go on.' };
const EXPIRED = { code: 'PASSWORD_CHANGE_REQUIRED', message: 'Your password has expired. Change it before you can go on.' };

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  sut.app.inject({ method, url: `/api${url}`, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
const tagRead = (headers: AuthHeaders) => call('POST', `/tag/list/store/${STORE}`, headers, { start: 0, length: 5 });
const tagWrite = (headers: AuthHeaders, tagMac: string) =>
  call('POST', '/tag/led', headers, { storeCode: STORE, tagList: [tagMac], duration: 5 });
const anyTagOf = async (store: string) =>
  (await sut.deps.db.select({ tagMac: tags.tagMac }).from(tags).where(eq(tags.storeCode, store)).limit(1))[0].tagMac;

describe('a session that must change its password (forceChange)', () => {
  it('is refused tag reads and writes with 403 PASSWORD_CHANGE_REQUIRED before any handler runs', async () => {
    const newhire = await login(sut.app, 'newhire@shelfpad.test', DEMO_PASSWORD);
    const read = await tagRead(newhire);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual(FORCED);
    // An invalid body would be a 400 from validation: the refusal comes first, so the handler never sees the call.
    for (const res of [await tagWrite(newhire, await anyTagOf(STORE)), await call('POST', '/tag/led', newhire, { nonsense: true })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORCED);
    }
    expect((await call('GET', '/account/me', newhire)).statusCode).toBe(403);
  });

  it('still gets the session check, changes its password, and is then served as any session', async () => {
    const email = 'newhire@shelfpad.test';
    const headers = await login(sut.app, email, DEMO_PASSWORD);
    const check = await call('GET', '/auth/login', headers);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ authenticated: true, forceChange: true });

    const change = await call('POST', '/account/password', headers, { password: DEMO_PASSWORD, newPassword: 'Fresh#Changed2026' });
    expect(change.statusCode, change.body).toBe(200);
    // The calling session is kept for the console's own logout; it now reads like any other.
    expect((await tagRead(headers)).statusCode).toBe(200);
    expect((await call('POST', '/auth/logout', headers, {})).statusCode).toBe(200);
  });

  it('may log out', async () => {
    const email = 'forced.logout@shelfpad.test';
    await sut.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Forced', email, mobile: '1', password: DEMO_PASSWORD },
    });
    await sut.deps.db.update(members).set({ forceChange: true }).where(eq(members.email, email));
    const headers = await login(sut.app, email, DEMO_PASSWORD);
    expect((await call('POST', '/auth/logout', headers, {})).statusCode).toBe(200);
    expect((await call('GET', '/auth/login', headers)).json()).toEqual({ authenticated: false });
  });
});

describe('a session whose password expired (policy expireDays)', () => {
  it('is refused with the expired message, and the refusal ends with the change', async () => {
    const email = 'operator@shelfpad.test';
    const headers = await login(sut.app, email, DEMO_PASSWORD);
    expect((await tagRead(headers)).statusCode).toBe(200);
    // 91 days: past the seeded policy's 90.
    await sut.deps.db
      .update(members)
      .set({ lastPwdChanged: new Date(Date.now() - 91 * 86_400_000) })
      .where(eq(members.email, email));
    const refused = await tagRead(headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(EXPIRED);
    expect((await tagWrite(headers, await anyTagOf(STORE))).json()).toEqual(EXPIRED);

    expect(
      (await call('POST', '/account/password', headers, { password: DEMO_PASSWORD, newPassword: 'Renewed#Shelf2026' })).statusCode,
    ).toBe(200);
    expect((await tagRead(headers)).statusCode).toBe(200);
  });
});
