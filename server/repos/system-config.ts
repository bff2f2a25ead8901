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
    .select({
      site: serverConfig.site,
      useSubDomain: serverConfig.useSubDomain,
      imageBaseUpdate: serverConfig.imageBaseUpdate,
      enableProductUpdateHistory: serverConfig.enableProductUpdateHistory,
    })
    .from(serverConfig)
    .where(eq(serverConfig.id, 1));
  return row ?? { site: '', useSubDomain: false, imageBaseUpdate: false, enableProductUpdateHistory: true };
}

export type ServerConfigRow = typeof serverConfig.$inferSelect;
export type ServerConfigValues = Omit<
  typeof serverConfig.$inferInsert,
  'id' | 'updatedAt' | 'site' | 'useSubDomain' | 'imageBaseUpdate' | 'enableProductUpdateHistory' | 'distanceErrorRange' | 'changeConfig'
>;

/** The one server_config row; a system without it (no demo data yet) answers the table's defaults. */
export async function getServerConfig(db: Db): Promise<ServerConfigRow> {
  const [row] = await db.select().from(serverConfig).where(eq(serverConfig.id, 1));
  if (row) return row;
  const [created] = await db.insert(serverConfig).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await getServerConfig(db));
}

/** Store the server settings of the server config screen; the site flags are not among them and stay. */
export async function saveServerConfig(db: Db, values: ServerConfigValues, now = new Date()): Promise<void> {
  await db
    .insert(serverConfig)
    .values({ id: 1, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: serverConfig.id, set: { ...values, updatedAt: now } });
}
