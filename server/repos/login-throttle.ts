import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginHistory, loginThrottle } from '../db/schema/index';
import type { PasswordPolicy } from './members';

/*
 * Failed logins throttle, they never lock (issue 11, OWASP Authentication Cheat Sheet "account lockout"): five wrong
 * passwords from anyone used to lock the account for 30 minutes and end its owner's sessions, so a stranger could
 * lock a store's staff out during opening hours. Now:
 * - one address guessing one account: after the policy's maxFailedLogins failures inside the window, that pair
 *   waits lockMinutes — the account and every other address carry on;
 * - many addresses guessing one account: past ACCOUNT_SLOW_FACTOR × maxFailedLogins failures inside the window,
 *   addresses that never signed in to it get one attempt per ACCOUNT_SLOW_SPACING_MS between them. Addresses that
 *   signed in to the account before (KNOWN_ADDRESS_DAYS) are not slowed, so its owner still gets in.
 * Counts live in the database, so several server processes share them.
 */
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_SLOW_FACTOR = 4;
export const ACCOUNT_SLOW_SPACING_MS = 10_000;
export const KNOWN_ADDRESS_DAYS = 30;

const pairKey = (email: string, ip: string) => `pair:${email} ${ip}`;
const accountKey = (email: string) => `account:${email}`;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterS: number };

const wait = (until: Date, now: Date): ThrottleVerdict => ({
  allowed: false,
  retryAfterS: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
});

async function row(db: Db, key: string) {
  const [found] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  return found;
}

async function isKnownAddress(db: Db, email: string, ip: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const [hit] = await db
    .select({ id: loginHistory.id })
    .from(loginHistory)
    .where(
      and(
        eq(loginHistory.email, email),
        eq(loginHistory.ip, ip),
        eq(loginHistory.type, 0),
        eq(loginHistory.success, true),
        gt(loginHistory.updatedAt, since),
      ),
    )
    .limit(1);
  return Boolean(hit);
}

/**
 * May this address try this account now? Called before the password is hashed, so a throttled guess costs no hash.
 * While the account is slowed, an unknown address claims the next attempt slot atomically, so parallel guesses
 * cannot share one slot.
 */
export async function checkLoginThrottle(
  db: Db,
  email: string,
  ip: string,
  policy: PasswordPolicy,
  now = new Date(),
): Promise<ThrottleVerdict> {
  const pair = await row(db, pairKey(email, ip));
  if (pair?.blockedUntil && pair.blockedUntil > now) return wait(pair.blockedUntil, now);

  const account = await row(db, accountKey(email));
  const windowOpen = account && now.getTime() - account.windowStart.getTime() < FAILURE_WINDOW_MS;
  if (!account || !windowOpen || account.failures < ACCOUNT_SLOW_FACTOR * policy.maxFailedLogins) return { allowed: true };
  if (await isKnownAddress(db, email, ip, now)) return { allowed: true };
  const claimed = await db
    .update(loginThrottle)
    .set({ blockedUntil: new Date(now.getTime() + ACCOUNT_SLOW_SPACING_MS) })
    .where(and(eq(loginThrottle.key, account.key), sql`(${loginThrottle.blockedUntil} is null or ${loginThrottle.blockedUntil} <= ${now})`))
    .returning({ key: loginThrottle.key });
  if (claimed.length) return { allowed: true };
  const current = await row(db, account.key);
  return wait(current?.blockedUntil ?? new Date(now.getTime() + ACCOUNT_SLOW_SPACING_MS), now);
}

/** Count one failure for a key, restarting the count when the window has passed; answers the new count. */
async function countFailure(
  db: Db,
  key: string,
  now: Date,
  blockAt: number,
  blockMs: number,
): Promise<{ failures: number; blocked: boolean }> {
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const fresh = sql`${loginThrottle.windowStart} <= ${windowStart}`;
  const failures = sql`(case when ${fresh} then 1 else ${loginThrottle.failures} + 1 end)`;
  const [r] = await db
    .insert(loginThrottle)
    .values({
      key,
      failures: 1,
      windowStart: now,
      lastFailedAt: now,
      blockedUntil: blockAt <= 1 && blockMs ? new Date(now.getTime() + blockMs) : null,
    })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures,
        windowStart: sql`(case when ${fresh} then ${now}::timestamptz else ${loginThrottle.windowStart} end)`,
        lastFailedAt: now,
        blockedUntil: blockMs
          ? sql`(case when ${failures} >= ${blockAt} then ${new Date(now.getTime() + blockMs)}::timestamptz else ${loginThrottle.blockedUntil} end)`
          : loginThrottle.blockedUntil,
      },
    })
    .returning({ failures: loginThrottle.failures, blockedUntil: loginThrottle.blockedUntil });
  return { failures: r.failures, blocked: Boolean(r.blockedUntil && r.blockedUntil > now) };
}

/**
 * A wrong password (or an unknown account: counted alike, so the throttle tells nobody which accounts exist).
 * Answers whether this failure made the account slow, for the "account locked" system alarm.
 */
export async function recordLoginFailure(
  db: Db,
  email: string,
  ip: string,
  policy: PasswordPolicy,
  now = new Date(),
): Promise<{ accountSlowed: boolean }> {
  await countFailure(db, pairKey(email, ip), now, policy.maxFailedLogins, policy.lockMinutes * 60_000);
  const account = await countFailure(db, accountKey(email), now, Number.MAX_SAFE_INTEGER, 0);
  return { accountSlowed: account.failures === ACCOUNT_SLOW_FACTOR * policy.maxFailedLogins };
}

/** A good password from this address: its own count starts again (the account's count runs out with its window). */
export async function clearPairFailures(db: Db, email: string, ip: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, pairKey(email, ip)));
}
