import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverConfig } from '../db/schema/index';

export interface SystemConfig {
  site: string;
  useSubDomain: boolean;
  imageBaseUpdate: boolean;
  enableProductUpdateHistory: boolean;
}

/** The session's systemConfig (console-core §3); the flags live on the one server_config row. */
export async function getSystemConfig(db: Db): Promise<SystemConfig> {
  const [row] = await db
    .select({ site: serverConfig.site, useSubDomain: serverConfig.useSubDomain, imageBaseUpdate: serverConfig.imageBaseUpdate, enableProductUpdateHistory: serverConfig.enableProductUpdateHistory })
    .from(serverConfig)
    .where(eq(serverConfig.id, 1));
  return row ?? { site: '', useSubDomain: false, imageBaseUpdate: false, enableProductUpdateHistory: true };
}
