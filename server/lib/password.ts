import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';

/*
 * scrypt at the OWASP Password Storage Cheat Sheet parameters: N=2^17, r=8, p=1 (128 MiB of memory per hash).
 * Node's default maxmem (32 MiB) is below what those parameters need, so it is raised explicitly.
 */
const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, n = N, r = R, p = P): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAXMEM }, (err, key) => (err ? reject(err) : resolve(key)));
  });
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

/** 'Your password is too weak.': shorter than 8, or fewer than three of lower, upper, digit, symbol. */
export function isWeakPassword(password: string): boolean {
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  return password.length < 8 || classes < 3;
}

/** 256-bit session tokens; only their SHA-256 is stored, so a database leak does not leak sessions. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
