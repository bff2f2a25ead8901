import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc } from 'drizzle-orm';
import { swUpgradeVersions } from '../../server/db/schema/index';
import { PACKAGE_MESSAGES, parseUpgradePublicKey, verifyUpgradePackage } from '../../server/lib/upgrade-package';
import { loadConfig } from '../../server/config';
import { DEMO_MEMBERS, DEMO_PASSWORD, login, multipartBody, startTestServer, type AuthHeaders, type TestServer } from './harness';
import { makeUpgradePackage } from './sw-upgrade-package';

const keys = generateKeyPairSync('ed25519');
const otherKeys = generateKeyPairSync('ed25519');
const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const dataDir = mkdtempSync(join(tmpdir(), 'sw-upgrade-'));

let sut: TestServer;
let admin: AuthHeaders;
let acme: AuthHeaders;

beforeAll(async () => {
  sut = await startTestServer({ config: { dataDir } });
  [admin, acme] = await Promise.all([login(sut.app, DEMO_MEMBERS.admin, DEMO_PASSWORD), login(sut.app, DEMO_MEMBERS.acme, DEMO_PASSWORD)]);
});
afterAll(async () => {
  await sut?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (app: TestServer['app'], who: AuthHeaders, content: Buffer, name = 'shelfpad-upgrade.tar') => {
  const form = multipartBody({}, { name, content });
  return app.inject({ method: 'POST', url: '/api/upgrade/file', payload: form.payload, headers: { ...who, ...form.headers } });
};
const version = async (who: AuthHeaders) => (await sut.app.inject({ method: 'GET', url: '/api/version', headers: who })).json();

describe('software upgrade package', () => {
  // spec: admin §3.26, admin §7.25 — version get: version, grm{version, updatedAt}, gmp{version, updatedAt}; upgrade file upload
  it('a good package is stored and its versions are what GET /version shows, with their date', async () => {
    const res = await upload(sut.app, admin, makeUpgradePackage({ version: '2.5.0', grm: '1.8.2', gmp: '3.1.0' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      version: '2.5.0',
      message: 'Upgrade package accepted: version 2.5.0, GRM 1.8.2, GMP 3.1.0.',
    });
    const info = await version(acme);
    expect(info).toMatchObject({ version: '2.5.0', grm: { version: '1.8.2' }, gmp: { version: '3.1.0' } });
    expect(Date.now() - Date.parse(info.grm.updatedAt)).toBeLessThan(60_000);
    const rows = await sut.deps.db.select().from(swUpgradeVersions).orderBy(desc(swUpgradeVersions.id)).limit(3);
    expect(rows.map((r) => r.component).sort()).toEqual(['gmp', 'grm', 'server']);
    // Stored as it came, not unpacked.
    expect(readFileSync(join(dataDir, rows[0].filePath)).subarray(0, 13).toString()).toBe('manifest.json');
  });

  it('a tampered package is refused with a clear message and changes nothing', async () => {
    const before = await version(admin);
    const res = await upload(sut.app, admin, makeUpgradePackage({ gmp: '9.9.9', tamper: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CHECKSUM_MISMATCH', message: PACKAGE_MESSAGES.tampered });
    expect(await version(admin)).toEqual(before);
  });

  it('refuses what is not a package, with a message saying why', async () => {
    const cases: [Buffer, string][] = [
      [Buffer.from('just text, not an archive'), PACKAGE_MESSAGES.notPackage],
      [Buffer.alloc(2048), PACKAGE_MESSAGES.notPackage],
      [makeUpgradePackage({ version: '1.0.0' }).subarray(0, 700), PACKAGE_MESSAGES.notPackage],
    ];
    for (const [content, message] of cases) {
      const res = await upload(sut.app, admin, content);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    await expect(verifyUpgradePackage(makeUpgradePackage({}))).rejects.toThrow(/names no version/);
  });

  it('reads a package made with the tar tool, gzip-compressed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pkg-'));
    try {
      const tar = makeUpgradePackage({ grm: '2.0.1' });
      writeFileSync(join(dir, 'in.tar'), tar);
      execFileSync('tar', ['-xf', 'in.tar'], { cwd: dir });
      execFileSync('tar', ['-czf', 'out.tar.gz', './manifest.json', './payload.bin'], { cwd: dir });
      expect((await verifyUpgradePackage(readFileSync(join(dir, 'out.tar.gz')))).manifest.grm).toBe('2.0.1');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("only role -1 uploads (a package is the whole system's)", async () => {
    const res = await upload(sut.app, acme, makeUpgradePackage({ version: '3.0.0' }));
    expect(res.statusCode).toBe(403);
    expect((await version(admin)).version).not.toBe('3.0.0');
  });
});

describe('signed packages (UPGRADE_PUBLIC_KEY)', () => {
  let signed: TestServer;
  let root: AuthHeaders;
  beforeAll(async () => {
    signed = await startTestServer({ config: { dataDir, upgradePublicKey: publicPem } });
    root = await login(signed.app, DEMO_MEMBERS.admin, DEMO_PASSWORD);
  });
  afterAll(async () => signed?.close());

  it('accepts a package signed with the key, refuses an unsigned one and one signed with another key', async () => {
    expect((await upload(signed.app, root, makeUpgradePackage({ gmp: '4.0.0', signWith: keys.privateKey }))).statusCode).toBe(200);
    const unsigned = await upload(signed.app, root, makeUpgradePackage({ gmp: '4.0.1' }));
    expect(unsigned.json()).toMatchObject({ code: 'UNSIGNED_PACKAGE', message: PACKAGE_MESSAGES.unsigned });
    const foreign = await upload(signed.app, root, makeUpgradePackage({ gmp: '4.0.2', signWith: otherKeys.privateKey }));
    expect(foreign.json()).toMatchObject({ code: 'BAD_SIGNATURE', message: PACKAGE_MESSAGES.badSignature });
    // Signed, but the payload was swapped afterwards: the manifest's checksum catches it.
    const tampered = await upload(signed.app, root, makeUpgradePackage({ gmp: '4.0.3', signWith: keys.privateKey, tamper: true }));
    expect(tampered.json()).toMatchObject({ code: 'CHECKSUM_MISMATCH' });
  });

  it('takes the key as PEM or as base64 of its 32 raw bytes, and a bad key stops the server from starting', () => {
    const raw = keys.publicKey.export({ format: 'jwk' }).x!;
    expect(parseUpgradePublicKey(Buffer.from(raw, 'base64url').toString('base64')).asymmetricKeyType).toBe('ed25519');
    expect(loadConfig({ UPGRADE_PUBLIC_KEY: publicPem }).upgradePublicKey).toBe(publicPem);
    expect(() => loadConfig({ UPGRADE_PUBLIC_KEY: 'not-a-key' })).toThrow(/UPGRADE_PUBLIC_KEY/);
  });
});
