import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { changeHistory, members, sessions } from '../../server/db/schema/index';
import { verifyPassword } from '../../server/lib/password';
import { login, startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** Members (console-admin §3 Account, §5, §6, §7): ownership, granting, validation, what is stored. */
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord' | 'operator' | 'viewer', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord', 'operator', 'viewer']));
});
afterAll(async () => sut?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: AuthHeaders, payload?: object) =>
  sut.app.inject({ method, url: `/api${url}`, headers, payload });
const listOf = async (headers: AuthHeaders) =>
  (
    (await call('POST', '/member/list', headers, { draw: 1, start: 0, length: 100 })).json() as {
      data: { email: string; company: string[] }[];
    }
  ).data;
const stored = async (email: string) => (await sut.deps.db.select().from(members).where(eq(members.email, email)))[0];
const roleIdNamed = async (name: string) =>
  ((await call('GET', '/role/list', as.admin)).json() as { role_id: number; name: string }[]).find((r) => r.name === name)!.role_id;

const PASSWORD = 'Member#2026x';
const member = (email: string, extra: object = {}) => ({
  email,
  name: 'New Member',
  password: PASSWORD,
  role_id: 0,
  company: ['ACME'],
  store: [],
  enableWholeStore: false,
  ...extra,
});

describe('member list and get', () => {
  // spec: admin §7.26 — account list and account by email
  it('shows role -1 every member and a company admin only the members of its company', async () => {
    const all = (await listOf(as.admin)).map((m) => m.email);
    expect(all).toEqual(expect.arrayContaining(['admin@shelfpad.test', 'nord-admin@shelfpad.test', 'operator@shelfpad.test']));
    const acme = await listOf(as.acme);
    expect(acme.map((m) => m.email)).toContain('operator@shelfpad.test');
    expect(acme.every((m) => m.company.includes('ACME'))).toBe(true);
    expect(acme.map((m) => m.email)).not.toContain('admin@shelfpad.test');
    expect((await call('GET', '/member/nord-admin@shelfpad.test', as.acme)).statusCode).toBe(404);
    const me = (await call('GET', '/member/operator@shelfpad.test', as.acme)).json() as Record<string, unknown>;
    expect(me).toMatchObject({ email: 'operator@shelfpad.test', company: ['ACME'] });
    expect(me).not.toHaveProperty('passwordHash');
  });

  it('refuses the list to a member without member read', async () => {
    expect((await call('POST', '/member/list', as.operator, { draw: 1, start: 0, length: 10 })).statusCode).toBe(403);
  });

  // spec: admin §3.25, admin §7.26 — login history rows with success and locked
  it('answers login history of a visible member with the locked row, and 404 for another company', async () => {
    const res = await call('POST', '/history/member/login', as.acme, { draw: 1, start: 0, length: 50, email: 'locked@shelfpad.test' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { data: { success: boolean; locked: boolean }[] }).data;
    expect(rows.some((r) => r.locked && !r.success)).toBe(true);
    expect(
      (await call('POST', '/history/member/login', as.acme, { draw: 1, start: 0, length: 5, email: 'nord-admin@shelfpad.test' }))
        .statusCode,
    ).toBe(404);
  });

  // spec: admin §7.17, admin §7.26 — company by email
  it('lists the companies shared with the caller', async () => {
    expect((await call('GET', '/config/company/email/acme-admin@shelfpad.test', as.acme)).json()).toEqual([
      { companyCode: 'ACME', companyName: expect.any(String) },
    ]);
    expect((await call('GET', '/config/company/email/operator@shelfpad.test', as.admin)).json()).toEqual([
      { companyCode: 'ACME', companyName: expect.any(String) },
    ]);
  });
});

describe('member create', () => {
  // spec: admin §3.23, admin §7.26 — account create: company and store lists, enableWholeStore
  it('creates a member with a hashed password, limited to the chosen stores', async () => {
    const res = await call(
      'POST',
      '/member',
      as.acme,
      member('Clerk@Acme.test', { role_id: await roleIdNamed('Store operator'), store: ['TKY001'] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored('clerk@acme.test');
    expect(row).toMatchObject({ companies: ['ACME'], stores: ['TKY001'], enableWholeStore: false });
    expect(row.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, row.passwordHash)).toBe(true);
    expect((await call('POST', '/member', as.acme, member('clerk@acme.test'))).statusCode).toBe(409);
  });

  it('refuses another company, a foreign store, a weak password, a blank name and no company with 400/403', async () => {
    const cases: [object, number][] = [
      [member('x1@acme.test', { company: ['NORD'] }), 403],
      [member('x2@acme.test', { company: ['NOPE'] }), 400],
      [member('x3@acme.test', { role_id: 0, store: ['NOPE01'] }), 400],
      [member('x4@acme.test', { password: 'password' }), 400],
      [member('x5@acme.test', { name: '   ' }), 400],
      [member('x6@acme.test', { company: [] }), 400],
      [member('x7@acme.test', { role_id: 999_999 }), 400],
    ];
    for (const [body, status] of cases) {
      const res = await call('POST', '/member', as.acme, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toHaveProperty('message');
      expect(await stored((body as { email: string }).email)).toBeUndefined();
    }
    const weak = await call('POST', '/member', as.acme, member('x4@acme.test', { password: 'password' }));
    expect(weak.json().message).toMatch(/too weak/);
  });

  it('never lets a member grant a role above its own privileges, nor role -1 to a company admin', async () => {
    expect((await call('POST', '/member', as.acme, member('x8@acme.test', { role_id: -1 }))).statusCode).toBe(400);
    expect(await stored('x8@acme.test')).toBeUndefined();
  });

  // spec: admin §6.4 — without member write: no create, no unlock
  it('refuses writes to a member with member read only', async () => {
    expect((await call('POST', '/member', as.viewer, member('x9@acme.test'))).statusCode).toBe(403);
    expect((await call('POST', '/member/operator@shelfpad.test/unlock', as.viewer)).statusCode).toBe(403);
  });
});

describe('member update, unlock, reset, delete', () => {
  // spec: admin §7.26 — account update, password optional
  it('updates without a password, and with one checks the policy', async () => {
    const body = {
      name: 'Renamed Clerk',
      role_id: await roleIdNamed('Store operator'),
      company: ['ACME'],
      store: ['TKY002'],
      enableWholeStore: false,
    };
    expect((await call('PUT', '/member/clerk@acme.test', as.acme, body)).statusCode).toBe(200);
    expect(await stored('clerk@acme.test')).toMatchObject({ name: 'Renamed Clerk', stores: ['TKY002'] });
    expect((await call('PUT', '/member/clerk@acme.test', as.acme, { ...body, password: 'short' })).statusCode).toBe(400);
    expect((await call('PUT', '/member/nord-admin@shelfpad.test', as.acme, { ...body, company: ['ACME'] })).statusCode).toBe(404);
  });

  // spec: admin §4.11 — an admin unlocks a locked account
  it('unlocks a locked member, who can then log in', async () => {
    expect((await call('POST', '/member/locked@shelfpad.test/unlock', as.acme)).statusCode).toBe(200);
    expect(await stored('locked@shelfpad.test')).toMatchObject({ locked: false, lockedUntil: null, failedLogins: 0 });
    await login(sut.app, 'locked@shelfpad.test', 'Shelfpad#2026');
  });

  // spec: admin §4.11 — an admin resets an account
  it('resets a password: hashed, forced change, sessions ended', async () => {
    const clerk = await login(sut.app, 'clerk@acme.test', PASSWORD);
    const res = await call('POST', '/member/clerk@acme.test/reset', as.acme, { password: 'Reset#Pass2026' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored('clerk@acme.test');
    expect(row.forceChange).toBe(true);
    expect(await verifyPassword('Reset#Pass2026', row.passwordHash)).toBe(true);
    expect(await sut.deps.db.select().from(sessions).where(eq(sessions.email, 'clerk@acme.test'))).toHaveLength(0);
    expect((await call('GET', '/account/me', clerk)).statusCode).toBe(401);
  });

  // spec: admin §7.26 — account delete
  it('deletes a member of its company, never itself nor one of another company', async () => {
    expect((await call('DELETE', '/member/acme-admin@shelfpad.test', as.acme)).statusCode).toBe(400);
    expect((await call('DELETE', '/member/nord-admin@shelfpad.test', as.acme)).statusCode).toBe(404);
    expect((await call('DELETE', '/member/clerk@acme.test', as.acme)).statusCode).toBe(200);
    expect(await stored('clerk@acme.test')).toBeUndefined();
    expect(await stored('nord-admin@shelfpad.test')).toBeDefined();
  });
});

describe('signup in the change history', () => {
  it('records the new member under the member category, without the password', async () => {
    const email = 'signup-recorded@shelfpad.test';
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Sig Nup', email, mobile: '1', password: 'Signup#Strong2026' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await sut.deps.db.select().from(changeHistory).where(eq(changeHistory.path, '/auth/signup'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: 'member', method: 'POST', email });
    expect(JSON.stringify(rows[0].items)).not.toContain('Signup#Strong2026');
  });
});
