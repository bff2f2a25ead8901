import { createHash, sign, type KeyObject } from 'node:crypto';
import { UPGRADE_FORMAT, writeTar } from '../../server/lib/upgrade-package';

/**
 * An upgrade package as README "Software upgrade packages" describes it (server and e2e tests). `tamper` swaps
 * the payload after the manifest was written — what a package altered in transit looks like.
 */
export function makeUpgradePackage(opts: {
  version?: string;
  grm?: string;
  gmp?: string;
  payload?: string;
  signWith?: KeyObject;
  tamper?: boolean;
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
  const files: Record<string, Buffer | string> = { 'manifest.json': manifest };
  if (opts.signWith) files['manifest.sig'] = sign(null, Buffer.from(manifest), opts.signWith).toString('base64');
  files['payload.bin'] = opts.tamper ? Buffer.concat([payload, Buffer.from('#!/bin/sh\nrm -rf /\n')]) : payload;
  return writeTar(files);
}
