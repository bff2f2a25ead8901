import { createHash } from 'node:crypto';
import { ApiError, badRequest } from './errors';

/*
 * A strict, streaming reader of the tar archive inside an upgrade package (lib/upgrade-package). The server never
 * unpacks a package, but an operator will, often as root: so every entry must be a plain file under a plain name,
 * and whatever a tar tool would honour (pax path overrides, links, devices, entries hidden after the end marker) is
 * seen here the same way or refused. Sizes are checked as bytes arrive, so a bomb is refused without inflating it.
 */

const BLOCK = 512;

/** What one package may hold; README "Software upgrade packages" quotes these. */
export const TAR_LIMITS = {
  /** Headers of any kind: a package has three files, each perhaps with a pax header, and maybe a global one. */
  maxHeaders: 16,
  /** manifest.json, manifest.sig and pax headers are small; only the payload may be large. */
  maxSmallEntryBytes: 64 * 1024,
  /** Everything the archive unpacks to (headers, payload, padding), gzip or not. */
  maxUnpackedBytes: 256 * 1024 * 1024,
  /** Zeros after the end marker: tar tools pad to their record size (10 KiB by default), never to megabytes. */
  maxTrailerBytes: 1024 * 1024,
};
export type TarLimits = typeof TAR_LIMITS;

/** A regular file of the archive: its hash always, its bytes only when it is small (manifest.json, manifest.sig). */
export interface TarFile {
  name: string;
  size: number;
  sha256: string;
  content?: Buffer;
}

export const TAR_MESSAGES = {
  notPackage: 'The file is not an upgrade package: expected a .tar or .tar.gz archive with a manifest.json.',
  trailingData: 'The upgrade package has data after the end of its tar archive.',
} as const;

const notPackage = () => badRequest(TAR_MESSAGES.notPackage, 'NOT_A_PACKAGE');
const unsafe = (name: string, why: string) =>
  badRequest(`The upgrade package holds an unsafe entry ${JSON.stringify(name)}: ${why}.`, 'UNSAFE_ENTRY');
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`);
const tooLarge = (what: string) => new ApiError(413, 'PACKAGE_TOO_LARGE', `The upgrade package is too large: ${what}.`);
/** An entry the manifest does not (or cannot) list: the signature does not cover it, so the package is refused. */
export const unlisted = (name: string) =>
  badRequest(
    `The upgrade package holds ${JSON.stringify(name)}, which its manifest does not list; a package holds only manifest.json, manifest.sig and the payload.`,
    'UNLISTED_ENTRY',
  );

/** Names a file may have in a package (the manifest's payload too); any other name cannot be listed by a manifest. */
export const LISTABLE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const SMALL_FILES = new Set(['manifest.json', 'manifest.sig']);
/** A package has the manifest, its signature and one payload: a fourth file cannot be listed. */
const MAX_FILES = 3;

/** Why a tar tool would write this name somewhere other than a plain file in the current directory, if it would. */
function nameProblem(name: string): string | undefined {
  if (!name) return 'it has no name';
  if (name.includes('\0')) return 'its name contains a NUL byte';
  if (name.includes('\\')) return 'its name contains a backslash';
  if (name.startsWith('/')) return 'its name is an absolute path';
  if (name.split('/').includes('..')) return 'its name climbs out of the directory (..)';
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(name)) return 'its name contains a control character';
  return undefined;
}

const LINK_TYPES: Record<string, string> = {
  '1': 'a hard link',
  '2': 'a symbolic link',
  '3': 'a character device',
  '4': 'a block device',
  '6': 'a FIFO',
};
/** Pax keys that only describe a file (times, owner), never where or what it becomes. */
const HARMLESS_PAX_KEYS = new Set(['mtime', 'atime', 'ctime', 'uid', 'gid', 'uname', 'gname']);

/** Pulls exactly the bytes asked for from a stream of chunks, counting everything that arrives. */
class ChunkReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private total = 0;

  constructor(
    private readonly source: AsyncIterator<Buffer>,
    private readonly maxTotal: number,
  ) {}

  /** Up to n bytes; fewer only at the end of the stream. */
  async read(n: number): Promise<Buffer> {
    while (this.buffered < n && !this.ended) await this.pull();
    const parts: Buffer[] = [];
    for (let left = Math.min(n, this.buffered); left > 0;) {
      const part = this.take(left);
      parts.push(part);
      left -= part.length;
    }
    return parts.length === 1 ? parts[0] : Buffer.concat(parts);
  }

  /** The next n bytes in pieces as they arrive, so a large entry is never held whole. */
  async *pieces(n: number): AsyncGenerator<Buffer> {
    for (let left = n; left > 0;) {
      if (!this.buffered) {
        if (this.ended) return;
        await this.pull();
        continue;
      }
      const piece = this.take(left);
      left -= piece.length;
      yield piece;
    }
  }

  /** Up to n bytes of the first buffered chunk, without copying. */
  private take(n: number): Buffer {
    const head = this.chunks[0];
    const piece = head.subarray(0, n);
    if (piece.length === head.length) this.chunks.shift();
    else this.chunks[0] = head.subarray(n);
    this.buffered -= piece.length;
    return piece;
  }

  private async pull(): Promise<void> {
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return;
    }
    this.total += next.value.length;
    if (this.total > this.maxTotal) throw tooLarge(`it unpacks to more than ${sizeText(this.maxTotal)}`);
    this.chunks.push(next.value);
    this.buffered += next.value.length;
  }
}

const text = (block: Buffer, at: number, len: number) => {
  const raw = block.subarray(at, at + len);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? len : end).toString('utf8');
};

/** A numeric header field; base-256 (only used above 8 GiB) and anything not octal are refused, not guessed at. */
function octal(block: Buffer, at: number, len: number): number {
  const value = text(block, at, len).trim();
  if (!/^[0-7]*$/.test(value)) throw notPackage();
  return parseInt(value || '0', 8);
}

function checksumOk(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  return sum === octal(header, 148, 8);
}

/** The records of a pax header ("<length> <key>=<value>\n"); malformed ones make the archive unreadable. */
function paxRecords(raw: Buffer): Map<string, string> {
  const records = new Map<string, string>();
  let at = 0;
  while (at < raw.length) {
    const space = raw.indexOf(0x20, at);
    const length = Number(raw.subarray(at, space).toString('ascii'));
    if (space < 0 || !Number.isInteger(length) || length <= space - at || at + length > raw.length || raw[at + length - 1] !== 0x0a)
      throw notPackage();
    const record = raw.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq <= 0) throw notPackage();
    records.set(record.slice(0, eq), record.slice(eq + 1));
    at += length;
  }
  return records;
}

/** What a pax header may change: only its `path` (checked like any name) and harmless descriptions. */
function paxPath(records: Map<string, string>, global: boolean): string | undefined {
  for (const key of records.keys()) {
    if (key === 'path' && !global) continue;
    if (!HARMLESS_PAX_KEYS.has(key)) throw unsafe(key, `a pax header sets ${key}, which a package may not use`);
  }
  return records.get('path');
}

async function skipPadding(reader: ChunkReader, size: number): Promise<void> {
  const padding = (BLOCK - (size % BLOCK)) % BLOCK;
  if ((await reader.read(padding)).length !== padding) throw notPackage();
}

/** After the end marker tar tools pad with zeros; anything else could be an entry `tar -i` would still unpack. */
async function checkTrailer(reader: ChunkReader, maxBytes: number): Promise<void> {
  const zeros = Buffer.alloc(64 * 1024);
  for (let seen = 0; ;) {
    const rest = await reader.read(zeros.length);
    if (!rest.length) return;
    if (!rest.equals(zeros.subarray(0, rest.length))) throw badRequest(TAR_MESSAGES.trailingData, 'NOT_A_PACKAGE');
    seen += rest.length;
    if (seen > maxBytes) throw tooLarge(`it has more than ${sizeText(maxBytes)} of padding after the end of its tar archive`);
  }
}

/**
 * The regular files of a ustar/GNU/pax tar archive ("./" dropped), read as the chunks arrive. Throws a 4xx that says
 * what is wrong for anything a package may not hold or when a limit is passed.
 */
export async function readTarFiles(source: AsyncIterable<Buffer>, limits: TarLimits = TAR_LIMITS): Promise<TarFile[]> {
  const reader = new ChunkReader(source[Symbol.asyncIterator](), limits.maxUnpackedBytes);
  const files = new Map<string, TarFile>();
  let headers = 0;
  let declared = 0;
  let paxName: string | undefined;
  for (;;) {
    const header = await reader.read(BLOCK);
    // Every tar tool ends an archive with zero blocks: without them the file was cut short.
    if (header.length < BLOCK) throw notPackage();
    if (header.every((b) => b === 0)) break;
    if (!checksumOk(header)) throw notPackage();
    if (++headers > limits.maxHeaders) throw tooLarge(`it has more than ${limits.maxHeaders} tar headers`);
    const size = octal(header, 124, 12);
    const type = header[156] ? String.fromCharCode(header[156]) : '0';
    const ustar = header.subarray(257, 263).toString('latin1') === 'ustar\0';
    const prefix = ustar ? text(header, 345, 155) : '';
    const headerName = (prefix ? `${prefix}/` : '') + text(header, 0, 100);
    const name = paxName ?? headerName;
    paxName = undefined;
    const small = type === 'x' || type === 'g' || SMALL_FILES.has(name.replace(/^(\.\/)+/, ''));
    if (size > (small ? limits.maxSmallEntryBytes : limits.maxUnpackedBytes)) throw tooLarge(`${JSON.stringify(name)} has ${size} bytes`);
    declared += size;
    if (declared > limits.maxUnpackedBytes) throw tooLarge(`its entries have more than ${sizeText(limits.maxUnpackedBytes)}`);

    if (type === 'x' || type === 'g') {
      const raw = await reader.read(size);
      if (raw.length !== size) throw notPackage();
      paxName = paxPath(paxRecords(raw), type === 'g');
      if (paxName !== undefined && nameProblem(paxName)) throw unsafe(paxName, nameProblem(paxName)!);
      await skipPadding(reader, size);
      continue;
    }
    const problem = nameProblem(name);
    if (problem) throw unsafe(name, problem);
    if (LINK_TYPES[type]) throw unsafe(name, `it is ${LINK_TYPES[type]}`);
    if (type === '5') throw unsafe(name, 'it is a directory; a package holds only the files its manifest lists');
    if (type !== '0' && type !== '7') throw unsafe(name, `its tar entry type ${JSON.stringify(type)} is not a plain file`);
    if (octal(header, 100, 8) & 0o7000) throw unsafe(name, 'it is setuid, setgid or sticky');

    const file = name.replace(/^(\.\/)+/, '');
    if (files.has(file)) throw unsafe(name, 'the package holds it twice');
    if (!LISTABLE_NAME.test(file) || files.size >= MAX_FILES) throw unlisted(name);
    const hash = createHash('sha256');
    const kept: Buffer[] = [];
    let read = 0;
    for await (const piece of reader.pieces(size)) {
      hash.update(piece);
      if (small) kept.push(piece);
      read += piece.length;
    }
    if (read !== size) throw notPackage();
    files.set(file, { name: file, size, sha256: hash.digest('hex'), content: small ? Buffer.concat(kept) : undefined });
    await skipPadding(reader, size);
  }
  if (!headers || paxName !== undefined) throw notPackage();
  await checkTrailer(reader, limits.maxTrailerBytes);
  return [...files.values()];
}
