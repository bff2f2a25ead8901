import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginHistory, members, sessions } from '../../server/db/schema/index';
import { startTestServer, login, type TestServer } from './harness';

const STRONG = 'Shelfpad#2026';
let sut: TestServer;

beforeAll(async () => {
  sut = await startTestServer();
});
afterAll(async () => sut?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });

describe('POST /auth/login', () => {
  // spec: core §3.1 — session user info: accessToken, email, role_id, companyInfo, store, flags, systemConfig
  it('answers the session user info and a token for good credentials', async () => {
    const res = await post('/auth/login', { email: 'acme-admin@shelfpad.test', password: STRONG });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect(body).toMatchObject({
      email: 'acme-admin@shelfpad.test',
      role_id: 0,
      authenticated: true,
      weakPwd: false,
      forceChange: false,
      expireSoon: false,
    });
    expect(Object.keys(body.companyInfo)).toEqual(['ACME']);
    expect(body.store.length).toBeGreaterThan(0);
    expect(body.systemConfig).toHaveProperty('site');
    // Only the hash of the token is stored.
    const rows = await sut.deps.db.select().from(sessions).where(eq(sessions.email, 'acme-admin@shelfpad.test'));
    expect(rows.some((r) => r.tokenHash === body.accessToken)).toBe(false);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers 'Authentication Failure.' for a wrong password and for an unknown account", async () => {
    for (const payload of [
      { email: 'operator@shelfpad.test', password: 'wrong-password' },
      { email: 'nobody@shelfpad.test', password: STRONG },
    ]) {
      const res = await post('/auth/login', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'AUTH_FAILURE', message: 'Authentication Failure.' });
    }
  });

  it('refuses a locked account with the locked message', async () => {
    const res = await post('/auth/login', { email: 'locked@shelfpad.test', password: STRONG });
    expect(res.statusCode).toBe(423);
    expect(res.json()).toEqual({ code: 'ACCOUNT_LOCKED', message: 'The account is locked. Please wait and try again.' });
  });

  it('flags a weak password, a password about to expire and a forced change', async () => {
    const weak = (await post('/auth/login', { email: 'weak@shelfpad.test', password: 'password' })).json();
    expect(weak.weakPwd).toBe(true);
    const expiring = (await post('/auth/login', { email: 'expiring@shelfpad.test', password: STRONG })).json();
    expect(expiring).toMatchObject({ expireSoon: true, forceChange: false });
    const newhire = (await post('/auth/login', { email: 'newhire@shelfpad.test', password: STRONG })).json();
    expect(newhire.forceChange).toBe(true);
  });

  it('rejects malformed bodies with 400 and records nothing', async () => {
    const before = (await sut.deps.db.select().from(loginHistory)).length;
    for (const payload of [
      {},
      { email: 'a@b.c' },
      { email: 5, password: 'x' },
      { email: 'a@b.c', password: 'x', extra: 1 },
      { email: 'x'.repeat(300), password: 'x' },
    ]) {
      const res = await post('/auth/login', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    }
    expect((await sut.deps.db.select().from(loginHistory)).length).toBe(before);
  });
});

describe('session', () => {
  // spec: plus §7.19 — logout ends the session
  it('GET /auth/login tells a live session from none, and logout ends it', async () => {
    const headers = await login(sut.app, 'operator@shelfpad.test', STRONG);
    const check = await sut.app.inject({ method: 'GET', url: '/api/auth/login', headers });
    expect(check.json()).toMatchObject({ authenticated: true, email: 'operator@shelfpad.test' });
    expect((await sut.app.inject({ method: 'GET', url: '/api/auth/login' })).json()).toEqual({ authenticated: false });

    expect((await post('/auth/logout', {}, headers)).statusCode).toBe(200);
    expect((await sut.app.inject({ method: 'GET', url: '/api/auth/login', headers })).json()).toEqual({ authenticated: false });
    expect((await post('/auth/logout', {}, headers)).statusCode).toBe(401);
  });

  // spec: core §6.4 — authenticated calls carry Access-Token and Access-Email, checked together
  it('refuses a token presented with another e-mail', async () => {
    const headers = await login(sut.app, 'viewer@shelfpad.test', STRONG);
    const res = await post('/auth/logout', {}, { ...headers, 'access-email': 'admin@shelfpad.test' });
    expect(res.statusCode).toBe(401);
  });
});

describe('signup and forget password', () => {
  it('creates an account with a scrypt hash; the same e-mail again changes nothing and is answered alike', async () => {
    const payload = { name: 'New Person', email: 'new.person@shelfpad.test', mobile: '+81 3 1234 5678', password: 'Another#Pass1' };
    const first = await post('/auth/signup', payload);
    expect(first.statusCode).toBe(200);
    const [row] = await sut.deps.db.select().from(members).where(eq(members.email, 'new.person@shelfpad.test'));
    expect(row.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    const again = await post('/auth/signup', { ...payload, name: 'Someone Else', password: 'Other#Pass2026' });
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    const [after] = await sut.deps.db.select().from(members).where(eq(members.email, 'new.person@shelfpad.test'));
    expect(after).toEqual(row);
    // The new account can log in, and holds no privileges yet.
    const info = (await post('/auth/login', { email: payload.email, password: payload.password })).json();
    expect(info.privilege).toEqual([]);
    expect(info.store).toEqual([]);
  });

  it('answers forget password the same way for known and unknown accounts', async () => {
    const a = await post('/auth/forget/password', { email: 'operator@shelfpad.test' });
    const b = await post('/auth/forget/password', { email: 'ghost@shelfpad.test' });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
  });
});

describe('first login on an empty system', () => {
  it('asks the super administrator to create the default company', async () => {
    const empty = await startTestServer({ seed: 'none' });
    try {
      const { seedSuperAdmin } = await import('../../server/seed/index');
      await seedSuperAdmin(empty.deps.db, { email: 'root@shelfpad.test', password: STRONG });
      const res = await empty.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'root@shelfpad.test', password: STRONG },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ createCompany: true, role_id: -1, store: [] });
    } finally {
      await empty.close();
    }
  });
});
