import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { settingsEndpoints } from '../../contract/endpoints/settings';
import type { AppDeps } from '../deps';
import { badRequest } from '../lib/errors';
import { fileStoreOf } from '../lib/file-store';
import { route } from '../lib/route';
import { parseUpgradePublicKey, verifyUpgradePackage } from '../lib/upgrade-package';
import { recordUpgrade, type UpgradeComponent } from '../repos/sw-upgrade';

/**
 * /sw-upgrade (console-admin §2, §7 "Upgrade"): a package is verified (lib/upgrade-package), stored as it came
 * and its versions recorded for GET /version. The server never unpacks or runs it: installing is the operator's,
 * which is why a package that holds anything its manifest does not list is refused before anything is stored.
 */
export function swUpgradeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const trustedKey = deps.config.upgradePublicKey ? parseUpgradePublicKey(deps.config.upgradePublicKey) : undefined;

  // spec: admin §7.25, admin §3.26 — upgrade upload; versions with grm and gmp
  route(app, deps, settingsEndpoints.swUpgradeUpload, async ({ req }) => {
    const files = req.multipartForm?.files ?? [];
    if (files.length !== 1 || files[0].fieldname !== 'file') throw badRequest('Send exactly one upgrade package (field file).', 'ONE_FILE');
    const [upload] = files;
    // Read from the upload's temporary file as a stream: a package is never held whole in memory.
    const { manifest } = await verifyUpgradePackage(createReadStream(upload.path), trustedKey);
    const versions = (
      [
        ['server', manifest.version],
        ['grm', manifest.grm],
        ['gmp', manifest.gmp],
      ] as [UpgradeComponent, string | undefined][]
    ).flatMap(([component, version]) => (version ? [{ component, version }] : []));
    const store = fileStoreOf(deps.config.dataDir);
    const key = `sw-upgrade/${randomUUID()}.pkg`;
    const size = await store.write(key, createReadStream(upload.path));
    try {
      await recordUpgrade(db, { versions, fileName: upload.filename || 'package', filePath: key, size });
    } catch (error) {
      await store.remove(key);
      throw error;
    }
    const summary = versions.map((v) => `${v.component === 'server' ? 'version' : v.component.toUpperCase()} ${v.version}`).join(', ');
    return { success: true, version: manifest.version ?? manifest.grm ?? manifest.gmp, message: `Upgrade package accepted: ${summary}.` };
  });
}
