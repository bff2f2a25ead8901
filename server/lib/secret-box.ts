import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config';

/*
 * Secrets the server must read back in clear (SMTP passwords: it logs in with them) are stored sealed with
 * AES-256-GCM, so a copy of the database — a dump, a backup, a PGlite folder — does not give them away without the
 * key, which lives apart from it: SECRET_KEY, or a key file made once in DATA_DIR.
 */

/** Marks a sealed value; the version lets a later format or key sit next to this one. */
const SEALED_PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_FILE = 'secret.key';

export interface SecretKeySource {
  /** SECRET_KEY: 32 bytes as 64 hex digits or base64. */
  secretKey?: string;
  dataDir: string;
}

/** A stored secret the current key cannot open: the key changed, or the value was altered. */
export class SecretUnreadableError extends Error {}

const HEX_KEY = /^[0-9a-f]{64}$/i;
const BASE64_KEY = /^[A-Za-z0-9+/]{43}=?$/;

/** 32 bytes, written as 64 hex digits or as base64; anything else would be a weak or mistyped key. */
export function parseSecretKey(text: string, where = 'SECRET_KEY'): Buffer {
  const value = text.trim();
  if (HEX_KEY.test(value)) return Buffer.from(value, 'hex');
  if (BASE64_KEY.test(value)) return Buffer.from(value, 'base64');
  throw new Error(`${where} must be 32 random bytes as 64 hex digits or base64 (make one with: openssl rand -hex 32)`);
}

/**
 * The key file of the data folder, made on first use (0600). Several API processes (WORKERS) may start at once:
 * each writes its own candidate and links it into place, which only the first one manages, so all end up reading
 * the same complete file.
 */
function keyFileOf(dataDir: string): Buffer {
  const path = join(dataDir, KEY_FILE);
  try {
    return parseSecretKey(readFileSync(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const candidate = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(candidate, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(candidate, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(candidate, { force: true });
  }
  return parseSecretKey(readFileSync(path, 'utf8'), path);
}

const keyOf = (source: SecretKeySource): Buffer => (source.secretKey ? parseSecretKey(source.secretKey) : keyFileOf(source.dataDir));

let current: Buffer | undefined;

/** The key of this process's configuration (buildApp sets it; each test server has its own data folder). */
export function configureSecretKey(source: SecretKeySource): void {
  current = keyOf(source);
}

/** Code that runs without an app (scripts, a bare simulator) seals with the key the environment names. */
const key = (): Buffer => (current ??= keyOf(loadConfig()));

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

export function sealSecret(plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The secret in clear; a value stored before sealing existed is returned as it is (it is sealed on its next save). */
export function openSecret(stored: string): string {
  if (!isSealed(stored)) return stored;
  const bytes = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadableError("A stored secret cannot be opened with this server's key (SECRET_KEY or DATA_DIR/secret.key changed).");
  }
}
