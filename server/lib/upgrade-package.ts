import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { badRequest } from './errors';

/*
 * The software upgrade package of the reference server (console-admin §2 /sw-upgrade; README "Software upgrade
 * packages"). A tar archive (optionally gzip-compressed) holding:
 *   manifest.json  {"format":"shelfpad-upgrade/1","version":"2.5.0","grm":"1.8.2","gmp":"3.1.0",
 *                   "payload":"payload.bin","sha256":"<hex of the payload>"}   (at least one of version/grm/gmp)
 *   manifest.sig   optional: base64 Ed25519 signature of the exact bytes of manifest.json
 *   <payload>      the software itself — stored, never unpacked or executed by this server
 * The manifest names the payload's SHA-256, so a signature over the manifest covers the payload too.
 */

export const UPGRADE_FORMAT = 'shelfpad-upgrade/1';
const BLOCK = 512;
/** Most entries read from an archive: a package has three; a tar bomb of tiny entries is refused early. */
const MAX_ENTRIES = 64;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,31}$/;
const SHA256 = /^[0-9a-f]{64}$/;
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export const PACKAGE_MESSAGES = {
  notPackage: 'The file is not an upgrade package: expected a .tar or .tar.gz archive with a manifest.json.',
  noManifest: 'The upgrade package has no manifest.json.',
  badJson: 'The manifest.json of the upgrade package is not valid JSON.',
  tampered: 'The upgrade package is damaged or has been tampered with: the SHA-256 of its payload does not match the manifest.',
  unsigned: 'This server accepts only signed upgrade packages, and this one has no manifest.sig.',
  badSignature: 'The signature of the upgrade package is not valid: it was not signed with the key this server trusts, or the manifest was changed.',
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

const text = (block: Buffer, at: number, len: number) => {
  const raw = block.subarray(at, at + len);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? len : end).toString('utf8');
};
const octal = (block: Buffer, at: number, len: number) => parseInt(text(block, at, len).trim() || '0', 8);

function checksumOk(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  return sum === octal(header, 148, 8);
}

/** The regular files of a ustar/GNU tar archive by name ("./" dropped); pax and directory entries are skipped. */
export function readTar(archive: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let at = 0;
  let entries = 0;
  let ended = false;
  while (at + BLOCK <= archive.length) {
    const header = archive.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) {
      ended = true;
      break;
    }
    if (!checksumOk(header) || ++entries > MAX_ENTRIES) throw badRequest(PACKAGE_MESSAGES.notPackage, 'NOT_A_PACKAGE');
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] || 0x30);
    const prefix = text(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + text(header, 0, 100);
    const start = at + BLOCK;
    if (!Number.isFinite(size) || size < 0 || start + size > archive.length) throw badRequest(PACKAGE_MESSAGES.notPackage, 'NOT_A_PACKAGE');
    if (type === '0' || type === '7') files.set(name.replace(/^(\.\/)+/, ''), archive.subarray(start, start + size));
    at = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  // Every tar tool ends an archive with zero blocks: without them the file was cut short.
  if (!entries || !ended) throw badRequest(PACKAGE_MESSAGES.notPackage, 'NOT_A_PACKAGE');
  return files;
}

/** Build a tar archive of the given files (tests, and operators without a tar tool via scripts). */
export function writeTar(files: Record<string, Buffer | string>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, value] of Object.entries(files)) {
    const content = Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8');
    const header = Buffer.alloc(BLOCK);
    header.write(name, 0, 100, 'utf8');
    header.write('0000644\0', 100, 'ascii');
    header.write('0000000\0', 108, 'ascii');
    header.write('0000000\0', 116, 'ascii');
    header.write(content.length.toString(8).padStart(11, '0') + '\0', 124, 'ascii');
    header.write(Math.floor(Date.now() / 1000).toString(8).padStart(11, '0') + '\0', 136, 'ascii');
    header.write('0', 156, 'ascii');
    header.write('ustar\0' + '00', 257, 'binary');
    header.fill(0x20, 148, 156);
    let sum = 0;
    for (const b of header) sum += b;
    header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
    blocks.push(header, content, Buffer.alloc((BLOCK - (content.length % BLOCK)) % BLOCK));
  }
  blocks.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(blocks);
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
  if (typeof m.payload !== 'string' || !FILE_NAME.test(m.payload) || m.payload.startsWith('manifest.')) throw bad('payload must name the payload file');
  if (typeof m.sha256 !== 'string' || !SHA256.test(m.sha256)) throw bad('sha256 must be 64 lower-case hex digits');
  return { format: UPGRADE_FORMAT, version: m.version as string | undefined, grm: m.grm as string | undefined, gmp: m.gmp as string | undefined, payload: m.payload, sha256: m.sha256 };
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
    throw new Error(`UPGRADE_PUBLIC_KEY must be an Ed25519 public key (PEM or base64 of 32 bytes): ${(error as Error).message}`, { cause: error });
  }
}

/** Check a package without running anything in it; throws a 400 that says what is wrong. */
export function verifyUpgradePackage(file: Buffer, trustedKey?: KeyObject): VerifiedPackage {
  let archive = file;
  if (file.length > 2 && file[0] === 0x1f && file[1] === 0x8b) {
    try {
      archive = gunzipSync(file, { maxOutputLength: 256 * 1024 * 1024 });
    } catch {
      throw badRequest(PACKAGE_MESSAGES.notPackage, 'NOT_A_PACKAGE');
    }
  }
  const files = readTar(archive);
  const rawManifest = files.get('manifest.json');
  if (!rawManifest) throw badRequest(PACKAGE_MESSAGES.noManifest, 'BAD_MANIFEST');
  const manifest = parseManifest(rawManifest);
  if (trustedKey) {
    const sig = files.get('manifest.sig');
    if (!sig) throw badRequest(PACKAGE_MESSAGES.unsigned, 'UNSIGNED_PACKAGE');
    const signature = Buffer.from(sig.toString('utf8').trim(), 'base64');
    if (signature.length !== 64 || !verify(null, rawManifest, trustedKey, signature)) throw badRequest(PACKAGE_MESSAGES.badSignature, 'BAD_SIGNATURE');
  }
  const payload = files.get(manifest.payload);
  if (!payload) throw badRequest(`The upgrade package has no payload file ${manifest.payload}.`, 'NO_PAYLOAD');
  if (createHash('sha256').update(payload).digest('hex') !== manifest.sha256) throw badRequest(PACKAGE_MESSAGES.tampered, 'CHECKSUM_MISMATCH');
  return { manifest, signed: !!trustedKey };
}
