import { createHash, sign, type KeyObject } from 'node:crypto';
import { UPGRADE_FORMAT } from '../../server/lib/upgrade-package';

/** One tar entry as a test wants it, including what a package must never hold (links, devices, odd names). */
export interface TarEntry {
  name: string;
  content?: Buffer | string;
  /** The tar typeflag: '0' file (default), '1' hard link, '2' symlink, '3'/'4' device, '5' directory, 'x' pax. */
  type?: string;
  linkName?: string;
  mode?: number;
}

const BLOCK = 512;

/** The 512-byte header of an entry of `size` bytes: a test may declare more than it sends. */
export function tarHeader(entry: TarEntry, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(entry.name, 0, 100, 'utf8');
  block.write((entry.mode ?? 0o644).toString(8).padStart(7, '0') + '\0', 100, 'ascii');
  block.write('0000000\0', 108, 'ascii');
  block.write('0000000\0', 116, 'ascii');
  block.write(size.toString(8).padStart(11, '0') + '\0', 124, 'ascii');
  block.write(
    Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0') + '\0',
    136,
    'ascii',
  );
  block.write(entry.type ?? '0', 156, 'ascii');
  if (entry.linkName) block.write(entry.linkName, 157, 100, 'utf8');
  block.write('ustar\0' + '00', 257, 'binary');
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const b of block) sum += b;
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return block;
}

/** A tar archive (ustar) of the given files or entries, in order, ended by two zero blocks. */
export function writeTar(files: Record<string, Buffer | string> | TarEntry[]): Buffer {
  const entries = Array.isArray(files) ? files : Object.entries(files).map(([name, content]) => ({ name, content }));
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const content = Buffer.from(entry.content ?? '');
    blocks.push(tarHeader(entry, content.length), content, Buffer.alloc((BLOCK - (content.length % BLOCK)) % BLOCK));
  }
  blocks.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(blocks);
}

/** A pax extended header that applies to the next entry, e.g. {path: '../x'}: what tar honours over the ustar name. */
export function paxHeader(records: Record<string, string>): TarEntry {
  const lines = Object.entries(records).map(([key, value]) => {
    const body = ` ${key}=${value}\n`;
    let length = body.length + 1;
    while (`${length}${body}`.length !== length) length++;
    return `${length}${body}`;
  });
  return { name: 'PaxHeaders/next', type: 'x', content: lines.join('') };
}

/**
 * An upgrade package as README "Software upgrade packages" describes it (server and e2e tests). `tamper` swaps
 * the payload after the manifest was written — what a package altered in transit looks like; `extra` entries come
 * after the package's own, outside what the manifest lists.
 */
export function makeUpgradePackage(opts: {
  version?: string;
  grm?: string;
  gmp?: string;
  payload?: string;
  signWith?: KeyObject;
  tamper?: boolean;
  extra?: TarEntry[];
}): Buffer {
  const payload = Buffer.from(opts.payload ?? 'GRM/GMP firmware image\n'.repeat(40));
  const manifest = JSON.stringify({
    format: UPGRADE_FORMAT,
    ...(opts.version ? { version: opts.version } : {}),
    ...(opts.grm ? { grm: opts.grm } : {}),
    ...(opts.gmp ? { gmp: opts.gmp } : {}),
    payload: 'payload.bin',
    sha256: createHash('sha256').update(payload).digest('hex'),
  });
  const entries: TarEntry[] = [{ name: 'manifest.json', content: manifest }];
  if (opts.signWith) entries.push({ name: 'manifest.sig', content: sign(null, Buffer.from(manifest), opts.signWith).toString('base64') });
  entries.push({ name: 'payload.bin', content: opts.tamper ? Buffer.concat([payload, Buffer.from('#!/bin/sh\nrm -rf /\n')]) : payload });
  return writeTar([...entries, ...(opts.extra ?? [])]);
}
