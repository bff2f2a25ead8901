import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';
import { defaultHashConcurrency } from '../threadpool';
import { commonPasswordProblem } from './password-strength';

/*
 * scrypt at the OWASP Password Storage Cheat Sheet parameters: N=2^17, r=8, p=1 (128 MiB of memory per hash).
 * Node's default maxmem (32 MiB) is below what those parameters need, so it is raised explicitly.
 */
const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;

/*
 * Each hash holds a libuv thread and a CPU for a few hundred milliseconds. Unbounded, 60 parallel logins took every
 * thread of the pool (file reads waited behind them: 9 s for a download) and every core. So at most `limit` hashes
 * run at once and the rest wait their turn in order; UV_THREADPOOL_SIZE leaves threads beyond them (server/threadpool.ts).
 */
let limit = defaultHashConcurrency();
let running = 0;
let started = 0;
const waiting: (() => void)[] = [];

export function configureHashing(opts: { concurrency: number }): void {
  limit = Math.max(1, Math.floor(opts.concurrency));
}

/** What the hash queue holds now (tests and the bench read it). */
export function hashQueue(): { limit: number; running: number; waiting: number; started: number } {
  return { limit, running, waiting: waiting.length, started };
}

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < limit) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // the releasing hash hands its slot over
  started++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string, salt: Buffer, n = N, r = R, p = P): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAXMEM }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

/** Encoded as `scrypt$N$r$p$salt$hash` so that stronger parameters can be introduced without a migration. */
export async function hashPassword(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  const key = await derive(password, salt);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export interface PasswordRules {
  minLength: number;
  minClasses: number;
}
/** The password_policy row's defaults (server/db/schema/auth.ts). */
export const DEFAULT_PASSWORD_RULES: PasswordRules = { minLength: 8, minClasses: 3 };
/** Longer than anyone types; it bounds the work of one hash request. */
export const PASSWORD_MAX_LENGTH = 128;

const characterClasses = (password: string) => [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;

/** 'Your password is too weak.': shorter than the policy's length, or fewer of lower, upper, digit, symbol than it asks. */
export function isWeakPassword(password: string, rules: PasswordRules = DEFAULT_PASSWORD_RULES): boolean {
  return [...password].length < rules.minLength || characterClasses(password) < rules.minClasses;
}

/** Console-core §8 quotes 'Your password is too weak.'; the rest says what the policy asks, so the user can fix it. */
export function weakPasswordMessage(rules: PasswordRules = DEFAULT_PASSWORD_RULES): string {
  return `Your password is too weak. Use at least ${rules.minLength} characters and ${rules.minClasses} of: lower case, upper case, digits, symbols.`;
}

/**
 * The server's password rule for every password it stores (signup, own change, a member set by an administrator):
 * the policy's length and character classes, at most PASSWORD_MAX_LENGTH, not the account's own e-mail, and not a
 * common or easily guessed one (password-strength.ts). The cheap rules come first, so a short password never
 * waits for the estimator. Answers the problem as a message, or undefined when the password may be stored.
 */
export async function passwordProblem(
  password: string,
  email: string,
  rules: PasswordRules = DEFAULT_PASSWORD_RULES,
): Promise<string | undefined> {
  if ([...password].length > PASSWORD_MAX_LENGTH) return `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  const lower = password.toLowerCase();
  const local = email.toLowerCase().split('@')[0];
  if (lower === email.toLowerCase() || (local.length >= 4 && lower.includes(local)))
    return 'The password must not contain the e-mail address.';
  if (isWeakPassword(password, rules)) return weakPasswordMessage(rules);
  return commonPasswordProblem(password, email);
}

const DAY_MS = 86_400_000;

/** A password older than the policy's expireDays must be changed; expireWarnDays before that the member is told. */
export function passwordExpiry(
  lastChanged: Date,
  policy: { expireDays: number; expireWarnDays: number },
  now: Date,
): { expired: boolean; expireSoon: boolean } {
  if (!policy.expireDays) return { expired: false, expireSoon: false };
  const expiresAt = lastChanged.getTime() + policy.expireDays * DAY_MS;
  return { expired: expiresAt <= now.getTime(), expireSoon: expiresAt - policy.expireWarnDays * DAY_MS <= now.getTime() };
}

/** Why a member must change its password before anything else, if it must: an administrator asked, or it expired. */
export type PasswordChangeReason = 'forced' | 'expired';

/** The password_policy column's default (db/schema/auth.ts), for a database without the policy row. */
export const DEFAULT_EXPIRE_DAYS = 90;

/** The rule of console-core §2 Login: forced first, then the policy's expiry (its default when the row is absent). */
export function passwordChangeReason(
  member: { forceChange: boolean; lastPwdChanged: Date },
  expireDays: number | null,
  now: Date,
): PasswordChangeReason | undefined {
  if (member.forceChange) return 'forced';
  return passwordExpiry(member.lastPwdChanged, { expireDays: expireDays ?? DEFAULT_EXPIRE_DAYS, expireWarnDays: 0 }, now).expired
    ? 'expired'
    : undefined;
}

/** 256-bit session tokens; only their SHA-256 is stored, so a database leak does not leak sessions. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
