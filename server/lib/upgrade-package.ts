import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { ApiError, badRequest } from './errors';
import { LISTABLE_NAME, readTarFiles, TAR_LIMITS, TAR_MESSAGES, unlisted, type TarFile, type TarLimits } from './upgrade-tar';

/*
 * The software upgrade package of the reference server (console-admin §2 /sw-upgrade; README "Software upgrade
 * packages"). A tar archive (optionally gzip-compressed) holding exactly:
 *   manifest.json  {"format":"shelfpad-upgrade/1","version":"2.5.0","grm":"1.8.2","gmp":"3.1.0",
 *                   "payload":"payload.bin","sha256":"<hex of the payload>"}   (at least one of version/grm/gmp)
 *   manifest.sig   optional: base64 Ed25519 signature of the exact bytes of manifest.json
 *   <payload>      the software itself — stored, never unpacked or executed by this server
 * The manifest names the payload's SHA-256, so a signature over the manifest covers the payload too; any other
 * entry would not be covered, so there is none (lib/upgrade-tar refuses links, odd names and bombs).
 */

export const UPGRADE_FORMAT = 'shelfpad-upgrade/1';
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,31}$/;
const SHA256 = /^[0-9a-f]{64}$/;

export const PACKAGE_MESSAGES = {
  notPackage: TAR_MESSAGES.notPackage,
  trailingData: TAR_MESSAGES.trailingData,
  noManifest: 'The upgrade package has no manifest.json.',
  badJson: 'The manifest.json of the upgrade package is not valid JSON.',
  tampered: 'The upgrade package is damaged or has been tampered with: the SHA-256 of its payload does not match the manifest.',
  unsigned: 'This server accepts only signed upgrade packages, and this one has no manifest.sig.',
  badSignature:
    'The signature of the upgrade package is not valid: it was not signed with the key this server trusts, or the manifest was changed.',
} as const;

export interface UpgradeManifest {
  format: typeof UPGRADE_FORMAT;
  version?: string;
  grm?: string;
  gmp?: string;
  payload: string;
  sha256: string;
}

export interface VerifiedPackage {
  manifest: UpgradeManifest;
  /** Whether a trusted key verified the signature (false when the server has no key configured). */
  signed: boolean;
}

function parseManifest(raw: Buffer): UpgradeManifest {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest(PACKAGE_MESSAGES.badJson, 'BAD_MANIFEST');
  }
  const bad = (what: string) => badRequest(`The manifest.json of the upgrade package is not valid: ${what}.`, 'BAD_MANIFEST');
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw bad('it must be an object');
  const m = value as Record<string, unknown>;
  if (m.format !== UPGRADE_FORMAT) throw bad(`format must be "${UPGRADE_FORMAT}"`);
  for (const key of ['version', 'grm', 'gmp'] as const) {
    if (m[key] !== undefined && (typeof m[key] !== 'string' || !VERSION.test(m[key]))) throw bad(`${key} must be a version such as 1.2.3`);
  }
  if (m.version === undefined && m.grm === undefined && m.gmp === undefined) throw bad('it names no version (version, grm or gmp)');
  if (typeof m.payload !== 'string' || !LISTABLE_NAME.test(m.payload) || m.payload.startsWith('manifest.'))
    throw bad('payload must name the payload file');
  if (typeof m.sha256 !== 'string' || !SHA256.test(m.sha256)) throw bad('sha256 must be 64 lower-case hex digits');
  return {
    format: UPGRADE_FORMAT,
    version: m.version as string | undefined,
    grm: m.grm as string | undefined,
    gmp: m.gmp as string | undefined,
    payload: m.payload,
    sha256: m.sha256,
  };
}

function rawKey(base64: string): Buffer {
  const raw = Buffer.from(base64, 'base64');
  if (raw.length !== 32) throw new Error('a raw Ed25519 key has 32 bytes');
  return raw;
}

/**
 * An Ed25519 public key from UPGRADE_PUBLIC_KEY: PEM (SPKI) or the base64 of the raw 32 bytes. Throws on
 * anything else, so that a misconfigured server fails at start rather than accepting unsigned packages.
 */
export function parseUpgradePublicKey(value: string): KeyObject {
  const trimmed = value.trim();
  try {
    const key = trimmed.includes('BEGIN PUBLIC KEY')
      ? createPublicKey(trimmed.replace(/\\n/g, '\n'))
      : createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: rawKey(trimmed).toString('base64url') }, format: 'jwk' });
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
    return key;
  } catch (error) {
    throw new Error(`UPGRADE_PUBLIC_KEY must be an Ed25519 public key (PEM or base64 of 32 bytes): ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** The archive's bytes, inflated as they are read when the package is gzip-compressed. */
async function* chunksOf(source: Buffer | AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  if (!Buffer.isBuffer(source)) return yield* source;
  // Pieces, so that reading a header never copies the whole upload.
  for (let at = 0; at < source.length; at += 64 * 1024) yield source.subarray(at, at + 64 * 1024);
}

async function* firstBytesAgain(first: Buffer[], rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield* first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

async function readPackageFiles(source: Buffer | AsyncIterable<Buffer>, limits: TarLimits): Promise<TarFile[]> {
  const chunks = chunksOf(source);
  try {
    const first: Buffer[] = [];
    for (let seen = 0; seen < 2;) {
      const next = await chunks.next();
      if (next.done) break;
      first.push(next.value);
      seen += next.value.length;
    }
    const start = Buffer.concat(first);
    const archive = firstBytesAgain(first, chunks);
    if (!(start[0] === 0x1f && start[1] === 0x8b)) return await readTarFiles(archive, limits);
    let files: TarFile[] = [];
    // Inflated only as fast as the tar reader takes it: a bomb stops at the limit, not at the end of its data.
    await pipeline(archive, createGunzip(), async (inflated: AsyncIterable<Buffer>) => {
      files = await readTarFiles(inflated, limits);
    });
    return files;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if ((error as { code?: string }).code?.startsWith('Z_')) throw badRequest(PACKAGE_MESSAGES.notPackage, 'NOT_A_PACKAGE');
    throw error;
  } finally {
    // A refused package is not read to its end: let go of the source (a file stream keeps its descriptor otherwise).
    await chunks.return(undefined);
  }
}

/**
 * Check a package without running anything in it; throws a 4xx that says what is wrong. Every entry must be one the
 * manifest lists (the manifest, its signature, the payload with the manifest's checksum), also when unsigned.
 */
export async function verifyUpgradePackage(
  source: Buffer | AsyncIterable<Buffer>,
  trustedKey?: KeyObject,
  limits: TarLimits = TAR_LIMITS,
): Promise<VerifiedPackage> {
  const files = new Map((await readPackageFiles(source, limits)).map((file) => [file.name, file]));
  const rawManifest = files.get('manifest.json')?.content;
  if (!rawManifest) throw badRequest(PACKAGE_MESSAGES.noManifest, 'BAD_MANIFEST');
  const manifest = parseManifest(rawManifest);
  const sig = files.get('manifest.sig')?.content;
  if (trustedKey) {
    if (!sig) throw badRequest(PACKAGE_MESSAGES.unsigned, 'UNSIGNED_PACKAGE');
    const signature = Buffer.from(sig.toString('utf8').trim(), 'base64');
    if (signature.length !== 64 || !verify(null, rawManifest, trustedKey, signature))
      throw badRequest(PACKAGE_MESSAGES.badSignature, 'BAD_SIGNATURE');
  }
  const listed = new Set(['manifest.json', 'manifest.sig', manifest.payload]);
  const stray = [...files.keys()].find((name) => !listed.has(name));
  if (stray !== undefined) throw unlisted(stray);
  const payload = files.get(manifest.payload);
  if (!payload) throw badRequest(`The upgrade package has no payload file ${manifest.payload}.`, 'NO_PAYLOAD');
  if (payload.sha256 !== manifest.sha256) throw badRequest(PACKAGE_MESSAGES.tampered, 'CHECKSUM_MISMATCH');
  return { manifest, signed: !!trustedKey };
}
