import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, loginHistory, members, sessions } from '../../server/db/schema/index';
import { verifyPassword } from '../../server/lib/password';
import { seedSuperAdmin } from '../../server/seed/index';
import { COMPANY_DEFAULTS } from '../../contract/schemas/constants-admin';
import { login, startTestServer, type AuthHeaders, type TestServer } from './harness';

const STRONG = 'Shelfpad#2026';
let sut: TestServer;

beforeAll(async () => {
  sut = await startTestServer();
});
afterAll(async () => sut?.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  sut.app.inject({ method, url: `/api${url}`, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
const memberRow = async (email: string) => (await sut.deps.db.select().from(members).where(eq(members.email, email)))[0];

describe('GET /account/me', () => {
  it("answers the caller's own account, never the password hash", async () => {
    const headers = await login(sut.app, 'operator@shelfpad.test', STRONG);
    const res = await call('GET', '/account/me', headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const row = await memberRow('operator@shelfpad.test');
    expect(body).toEqual({
      name: row.name,
      email: 'operator@shelfpad.test',
      mobile: row.mobile ?? '',
      role_id: row.roleId,
      company: ['ACME'],
      store: ['TKY001', 'TKY002'],
      enableWholeStore: false,
      locked: false,
      weakPwd: false,
      lastPwdChanged: row.lastPwdChanged.toISOString(),
    });
    expect(JSON.stringify(body)).not.toContain('scrypt');
  });

  it('needs a session (401)', async () => {
    expect((await call('GET', '/account/me', {})).statusCode).toBe(401);
  });
});

describe('PUT /account/me', () => {
  it('stores the trimmed name and mobile, and nothing else', async () => {
    const headers = await login(sut.app, 'viewer@shelfpad.test', STRONG);
    const before = await memberRow('viewer@shelfpad.test');
    const res = await call('PUT', '/account/me', headers, { name: '  Vera Viewer ', mobile: ' +81 90 0000 1111 ' });
    expect(res.statusCode).toBe(200);
    const after = await memberRow('viewer@shelfpad.test');
    expect(after).toMatchObject({
      name: 'Vera Viewer',
      mobile: '+81 90 0000 1111',
      roleId: before.roleId,
      passwordHash: before.passwordHash,
    });
    expect(after.companies).toEqual(before.companies);
  });

  it('refuses fields a member may not set on their own account, and a blank name', async () => {
    const headers = await login(sut.app, 'viewer@shelfpad.test', STRONG);
    const escalate = await call('PUT', '/account/me', headers, { name: 'X', role_id: -1 });
    expect(escalate.statusCode).toBe(400);
    const blank = await call('PUT', '/account/me', headers, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Enter Name, please!');
    expect((await memberRow('viewer@shelfpad.test')).roleId).not.toBe(-1);
  });
});

describe('POST /account/password', () => {
  const email = 'pw.change@shelfpad.test';
  const signup = () =>
    sut.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Pat Change', email, mobile: '1', password: STRONG } });

  it('refuses a wrong current password with 400 and a clear message, changing nothing', async () => {
    expect((await signup()).statusCode).toBe(200);
    const headers = await login(sut.app, email, STRONG);
    const before = await memberRow(email);
    const res = await call('POST', '/account/password', headers, { password: 'not-it', newPassword: 'Other#Pass2026' });
    // 400, not 401: the console clears the session on any 401 of an authenticated call.
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'WRONG_PASSWORD', message: 'The current password is not correct.' });
    expect((await memberRow(email)).passwordHash).toBe(before.passwordHash);
  });

  it('refuses a new password equal to the current one', async () => {
    const headers = await login(sut.app, email, STRONG);
    const res = await call('POST', '/account/password', headers, { password: STRONG, newPassword: STRONG });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('SAME_PASSWORD');
  });

  it("stores the new hash, clears forceChange and the weak flag, ends the other sessions and answers 'password'", async () => {
    const other: AuthHeaders = await login(sut.app, email, STRONG);
    const headers = await login(sut.app, email, STRONG);
    await sut.deps.db.update(members).set({ forceChange: true, weakPwd: true }).where(eq(members.email, email));
    const started = Date.now();
    const res = await call('POST', '/account/password', headers, { password: STRONG, newPassword: 'Strong#Again42' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, result: 'password' });

    const row = await memberRow(email);
    expect(row.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Strong#Again42', row.passwordHash)).toBe(true);
    expect(row).toMatchObject({ forceChange: false, weakPwd: false });
    expect(row.lastPwdChanged.getTime()).toBeGreaterThanOrEqual(started - 1000);

    // Only the calling session is left; the console logs it out itself.
    const left = await sut.deps.db.select().from(sessions).where(eq(sessions.email, email));
    expect(left).toHaveLength(1);
    expect((await call('GET', '/account/me', other)).statusCode).toBe(401);
    expect((await call('GET', '/account/me', headers)).statusCode).toBe(200);

    // The old password no longer works, the new one does.
    const old = await sut.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: STRONG } });
    expect(old.statusCode).toBe(401);
    await login(sut.app, email, 'Strong#Again42');
  });
});

describe('the guessing limit of POST /account/password', () => {
  it('counts per account, however the Access-Email header spells it (issue 29 finding 10)', async () => {
    const email = 'pw.guess@shelfpad.test';
    await sut.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Pat Guess', email, mobile: '1', password: STRONG } });
    const { 'access-token': token } = await login(sut.app, email, STRONG);
    const spellings = [email, email.toUpperCase(), 'Pw.Guess@Shelfpad.Test', 'pw.guess@SHELFPAD.test'];
    const answers: number[] = [];
    // 11 guesses spread over 4 spellings: no spelling reaches 10 on its own, the account does.
    for (let i = 0; i < 11; i++) {
      const res = await call(
        'POST',
        '/account/password',
        { 'access-token': token, 'access-email': spellings[i % 4] },
        { password: `Guess#${i}x2026`, newPassword: 'Other#Pass2026' },
      );
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([...Array(10).fill(400), 429]);
  });
});

describe('POST /account/login/history', () => {
  it("pages the caller's own history, newest first, with logins, logouts and failures", async () => {
    const email = 'history.me@shelfpad.test';
    await sut.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Hal', email, mobile: '1', password: STRONG } });
    await sut.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong' } });
    const first = await login(sut.app, email, STRONG);
    await call('POST', '/auth/logout', first, {});
    const headers = await login(sut.app, email, STRONG);

    const res = await call('POST', '/account/login/history', headers, { draw: 3, start: 0, length: 25 });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ draw: 3, recordsTotal: 4, recordsFiltered: 4 });
    expect(page.data.map((r: { type: number; success: boolean }) => [r.type, r.success])).toEqual([
      [0, true],
      [1, true],
      [0, true],
      [0, false],
    ]);
    expect(page.data.every((r: { email: string }) => r.email === email)).toBe(true);
    const times = page.data.map((r: { updatedAt: string }) => Date.parse(r.updatedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Paging and a filter go through the table protocol.
    const second = (await call('POST', '/account/login/history', headers, { start: 1, length: 2 })).json();
    expect(second.data).toHaveLength(2);
    const failures = (
      await call('POST', '/account/login/history', headers, { start: 0, length: 25, filter_success: 'false', condition_success: '==' })
    ).json();
    expect(failures.recordsFiltered).toBe(1);
  });

  it('shows the locked mark of refused logins and never another member’s rows', async () => {
    const email = 'history.locked@shelfpad.test';
    await sut.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Lou', email, mobile: '1', password: STRONG } });
    await sut.deps.db.insert(loginHistory).values({ email, ip: '10.0.0.9', type: 0, success: false, locked: true });
    const headers = await login(sut.app, email, STRONG);
    const page = (await call('POST', '/account/login/history', headers, { start: 0, length: 25 })).json();
    expect(page.recordsTotal).toBe(2);
    expect(page.data.find((r: { locked: boolean }) => r.locked)).toMatchObject({ ip: '10.0.0.9', success: false });
  });

  it('refuses an unknown filter (400)', async () => {
    const headers = await login(sut.app, 'operator@shelfpad.test', STRONG);
    const res = await call('POST', '/account/login/history', headers, { start: 0, length: 25, filter_email: 'admin@shelfpad.test' });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /config/company/default', () => {
  it('refuses when a company already exists (409)', async () => {
    const headers = await login(sut.app, 'admin@shelfpad.test', STRONG);
    const res = await call('POST', '/config/company/default', headers, { companyCode: 'NEWCO', companyName: 'New Co' });
    expect(res.statusCode).toBe(409);
    expect(await sut.deps.db.select().from(companies).where(eq(companies.companyCode, 'NEWCO'))).toEqual([]);
  });

  it('creates the default company on an empty system, attaches it to the super admin, and only once', async () => {
    const empty = await startTestServer({ seed: 'none' });
    try {
      await seedSuperAdmin(empty.deps.db, { email: 'root@shelfpad.test', password: STRONG });
      const headers = await login(empty.app, 'root@shelfpad.test', STRONG);
      const res = await empty.app.inject({
        method: 'POST',
        url: '/api/config/company/default',
        headers,
        payload: { companyCode: 'FIRST', companyName: ' First Retail ', address: '1 Main St' },
      });
      expect(res.statusCode).toBe(200);
      const [company] = await empty.deps.db.select().from(companies);
      expect(company).toMatchObject({
        ...COMPANY_DEFAULTS,
        companyCode: 'FIRST',
        companyName: 'First Retail',
        address: '1 Main St',
        isDefault: true,
      });
      const [root] = await empty.deps.db.select().from(members).where(eq(members.email, 'root@shelfpad.test'));
      expect(root.companies).toEqual(['FIRST']);

      const again = await empty.app.inject({
        method: 'POST',
        url: '/api/config/company/default',
        headers,
        payload: { companyCode: 'SECOND', companyName: 'Second' },
      });
      expect(again.statusCode).toBe(409);
      expect(await empty.deps.db.select().from(companies)).toHaveLength(1);

      // The next login no longer asks for a company.
      const next = await empty.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'root@shelfpad.test', password: STRONG },
      });
      expect(next.json().createCompany).toBeUndefined();
      expect(next.json().companyInfo).toEqual({ FIRST: 'First Retail' });
    } finally {
      await empty.close();
    }
  });

  it('refuses anyone but the super administrator (403)', async () => {
    const headers = await login(sut.app, 'acme-admin@shelfpad.test', STRONG);
    const res = await call('POST', '/config/company/default', headers, { companyCode: 'NEWCO', companyName: 'New Co' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a malformed company code (400)', async () => {
    const headers = await login(sut.app, 'admin@shelfpad.test', STRONG);
    const res = await call('POST', '/config/company/default', headers, { companyCode: 'bad code!', companyName: 'X' });
    expect(res.statusCode).toBe(400);
  });
});
