import type { Db } from '../db/client';
import { swUpgradeVersions } from '../db/schema/index';

export type UpgradeComponent = 'server' | 'grm' | 'gmp';

/** One row per component the package carries, all with the package's stored file and the same time. */
export async function recordUpgrade(
  db: Db,
  pkg: { versions: { component: UpgradeComponent; version: string }[]; fileName: string; filePath: string; size: number },
  now = new Date(),
): Promise<void> {
  await db.insert(swUpgradeVersions).values(
    pkg.versions.map((v) => ({
      component: v.component,
      version: v.version,
      fileName: pkg.fileName,
      filePath: pkg.filePath,
      size: pkg.size,
      updatedAt: now,
    })),
  );
}
