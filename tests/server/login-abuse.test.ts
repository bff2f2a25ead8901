import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, like } from 'drizzle-orm';
import { loginHistory, members, passwordPolicy } from '../../server/db/schema/index';
import { hashQueue } from '../../server/lib/password';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './harness';

/* Issue 11 findings 2 (forged X-Forwarded-For) and 3 (lockout as a weapon). */
let sut: TestServer;

beforeAll(async () => {
  sut = await startTestServer({ loginRateLimit: 6 });
});
afterAll(async () => sut?.close());

const loginFrom = (remoteAddress: string, email: string, password: string, headers: Record<string, string> = {}) =>
  sut.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers });

describe('the rate limit and the login history use the real peer address (TRUST_PROXY unset)', () => {
  it('a forged X-Forwarded-For on every call does not escape the per-address limit', async () => {
    const answers: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const res = await loginFrom('203.0.113.50', `ghost${i}@shelfpad.test`, 'wrong-password', { 'x-forwarded-for': `198.18.0.${i}` });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    const [last] = await sut.deps.db
      .select()
      .from(loginHistory)
      .where(like(loginHistory.email, 'ghost%'))
      .orderBy(desc(loginHistory.id))
      .limit(1);
    expect(last.ip).toBe('203.0.113.50');
  });
});

describe('failed logins throttle, they do not lock', () => {
  it("a stranger's wrong passwords neither lock the account nor end its owner's session", async () => {
    const email = 'operator@shelfpad.test';
    const session = await sut.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: DEMO_PASSWORD },
      remoteAddress: '10.1.1.1',
    });
    const headers = { 'access-token': session.json().accessToken, 'access-email': email };

    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await loginFrom('198.51.100.7', email, `bad-${i}`)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401]);
    // That address now waits, even with the right password, and is told for how long.
    const throttled = await loginFrom('198.51.100.7', email, DEMO_PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({
      code: 'LOGIN_THROTTLED',
      message: 'Too many failed logins from this address. Please wait and try again.',
    });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(60);

    // The owner's open session keeps working, and the owner can still sign in from its own address.
    expect((await sut.app.inject({ method: 'GET', url: '/api/account/me', headers })).statusCode).toBe(200);
    expect((await loginFrom('10.1.1.1', email, DEMO_PASSWORD)).statusCode).toBe(200);
    const [row] = await sut.deps.db.select().from(members).where(eq(members.email, email));
    expect(row.locked).toBe(false);
  });

  it("keeps the spec's answer for an account an administrator locked", async () => {
    const res = await loginFrom('10.1.1.2', 'locked@shelfpad.test', DEMO_PASSWORD);
    expect(res.statusCode).toBe(423);
    expect(res.json()).toEqual({ code: 'ACCOUNT_LOCKED', message: 'The account is locked. Please wait and try again.' });
  });

  it('answers a wrong password for a locked account as for any account, after a hash (issue 29 finding 10)', async () => {
    const answer = async (email: string) => {
      const hashes = hashQueue().started;
      const res = await loginFrom('10.1.1.3', email, 'Wrong#Guess2026');
      return { status: res.statusCode, body: res.body, hashes: hashQueue().started - hashes };
    };
    const unlocked = await answer('coop-admin@shelfpad.test');
    expect(unlocked).toEqual({
      status: 401,
      body: JSON.stringify({ code: 'AUTH_FAILURE', message: 'Authentication Failure.' }),
      hashes: 1,
    });
    // Locked accounts are not told apart without the password: same status, same body, and the same hashing work.
    expect(await answer('locked@shelfpad.test')).toEqual(unlocked);
  });

  it('guesses from many addresses slow the account for new addresses; its known address still gets in', async () => {
    // One failure per address is the limit here, so four addresses make the account slow (4 × maxFailedLogins).
    await sut.deps.db.update(passwordPolicy).set({ maxFailedLogins: 1 }).where(eq(passwordPolicy.id, 1));
    const email = 'viewer@shelfpad.test';
    expect((await loginFrom('10.2.2.2', email, DEMO_PASSWORD)).statusCode).toBe(200);
    for (const host of [11, 12, 13, 14]) expect((await loginFrom(`198.51.100.${host}`, email, 'wrong')).statusCode).toBe(401);

    // A new address gets one attempt, the next new address must wait its turn...
    expect((await loginFrom('198.51.100.20', email, DEMO_PASSWORD)).statusCode).toBe(200);
    const slowed = await loginFrom('198.51.100.21', email, DEMO_PASSWORD);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(10);
    // ... while the address the owner signed in from before is not slowed at all.
    expect((await loginFrom('10.2.2.2', email, DEMO_PASSWORD)).statusCode).toBe(200);
    const [row] = await sut.deps.db.select().from(members).where(eq(members.email, email));
    expect(row.locked).toBe(false);
  });
});
