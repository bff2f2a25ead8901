import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { parseTrustProxy } from '../../server/config';
import { loginHistory, members } from '../../server/db/schema/index';
import { hashQueue } from '../../server/lib/password';
import { DEMO_PASSWORD, login, startTestServer, type TestServer } from './harness';

/* Issue 11 finding 8 (password policy, signup enumeration) and the TRUST_PROXY setting of finding 2. */
let sut: TestServer;

beforeAll(async () => {
  sut = await startTestServer({ config: { trustProxy: ['10.9.9.9'] } });
});
afterAll(async () => sut?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
const memberRow = async (email: string) => (await sut.deps.db.select().from(members).where(eq(members.email, email)))[0];
const WEAK = 'Your password is too weak. Use at least 8 characters and 3 of: lower case, upper case, digits, symbols.';

describe('the password policy is enforced by the server', () => {
  it('signup refuses a weak password with 400 and creates nothing', async () => {
    for (const password of ['a', 'password1', 'Short#1', 'Pat.Smith#2026x'.replace('Pat.Smith', 'pat.smith')]) {
      const res = await post('/auth/signup', { name: 'Pat', email: 'pat.smith@shelfpad.test', mobile: '1', password });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('WEAK_PASSWORD');
    }
    expect((await post('/auth/signup', { name: 'Pat', email: 'pat.smith@shelfpad.test', mobile: '1', password: 'a' })).json().message).toBe(
      WEAK,
    );
    expect(await memberRow('pat.smith@shelfpad.test')).toBeUndefined();
  });

  it('a password change refuses a weak new password and keeps the old hash', async () => {
    const email = 'expiring@shelfpad.test';
    const headers = await login(sut.app, email, DEMO_PASSWORD);
    const before = await memberRow(email);
    const res = await post('/account/password', { password: DEMO_PASSWORD, newPassword: 'a' }, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'WEAK_PASSWORD', message: WEAK });
    expect((await memberRow(email)).passwordHash).toBe(before.passwordHash);
  });
});

describe('common and breached-pattern passwords are refused wherever a password is chosen (issue 29 finding 10)', () => {
  // Each meets the length and character-class rule; a strength estimator with dictionaries knows them.
  const COMMON = ['Password1', 'Passw0rd', 'Summer2026', 'Qwerty123'];
  const expectWeak = (res: { statusCode: number; json: () => { code: string; message: string } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WEAK_PASSWORD');
    expect(res.json().message).toMatch(/^Your password is too weak\. \S/);
  };

  it('signup refuses them with a message that says why, and creates nothing', async () => {
    for (const [i, password] of COMMON.entries()) {
      const email = `common.${i}@shelfpad.test`;
      expectWeak(await post('/auth/signup', { name: 'Common', email, mobile: '1', password }));
      expect(await memberRow(email)).toBeUndefined();
    }
    expect(
      (await post('/auth/signup', { name: 'Common', email: 'common.x@shelfpad.test', mobile: '1', password: 'Password1' })).json().message,
    ).toMatch(/common/i);
  });

  it("refuses them as one's own new password and as a password an administrator sets", async () => {
    const headers = await login(sut.app, 'viewer@shelfpad.test', DEMO_PASSWORD);
    expectWeak(await post('/account/password', { password: DEMO_PASSWORD, newPassword: 'Summer2026' }, headers));
    const admin = await login(sut.app, 'acme-admin@shelfpad.test', DEMO_PASSWORD);
    const reset = await sut.app.inject({
      method: 'POST',
      url: '/api/member/operator@shelfpad.test/reset',
      headers: admin,
      payload: { password: 'Qwerty123' },
    });
    expectWeak(reset);
  });

  it('still takes a strong password', async () => {
    const res = await post('/auth/signup', { name: 'Strong', email: 'strong.one@shelfpad.test', mobile: '1', password: 'Lantern#Orbit58' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await memberRow('strong.one@shelfpad.test')).toBeDefined();
  });
});

describe('signup does not tell which accounts exist', () => {
  it('answers a taken and a locked e-mail exactly like a new one, hashes alike, and changes no account', async () => {
    const signup = (email: string) => post('/auth/signup', { name: 'Someone', email, mobile: '1', password: 'Fresh#Pass2026' });
    const hashes = () => hashQueue().started;
    const answers = [];
    const hashesPerCall = [];
    const before = { taken: await memberRow('viewer@shelfpad.test'), locked: await memberRow('locked@shelfpad.test') };
    for (const email of ['brand.new@shelfpad.test', 'viewer@shelfpad.test', 'locked@shelfpad.test']) {
      const n = hashes();
      const res = await signup(email);
      hashesPerCall.push(hashes() - n);
      answers.push([res.statusCode, res.body]);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0][0]).toBe(200);
    expect(hashesPerCall).toEqual([1, 1, 1]);
    expect(await memberRow('viewer@shelfpad.test')).toEqual(before.taken);
    expect(await memberRow('locked@shelfpad.test')).toEqual(before.locked);
    expect(await memberRow('brand.new@shelfpad.test')).toMatchObject({ name: 'Someone' });
  });
});

describe('TRUST_PROXY', () => {
  it('believes X-Forwarded-For only from the named proxy', async () => {
    const from = (remoteAddress: string) =>
      sut.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'coop-admin@shelfpad.test', password: DEMO_PASSWORD },
        remoteAddress,
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
    const lastIp = async () =>
      (
        await sut.deps.db
          .select()
          .from(loginHistory)
          .where(eq(loginHistory.email, 'coop-admin@shelfpad.test'))
          .orderBy(desc(loginHistory.id))
          .limit(1)
      )[0].ip;
    expect((await from('10.9.9.9')).statusCode).toBe(200);
    expect(await lastIp()).toBe('203.0.113.9');
    expect((await from('192.0.2.5')).statusCode).toBe(200);
    expect(await lastIp()).toBe('192.0.2.5');
  });

  it('is off by default and takes a hop count or proxy addresses, never "true"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16, ::1')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('proxy.example')).toThrow(/not an address/);
    expect(() => parseTrustProxy('10.0.0.1/33')).toThrow(/not an address/);
  });
});
