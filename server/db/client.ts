import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';

/** One type for both drivers: repositories never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, which `loadDataDir` opens again (tests seed once per run). */
  dump?: () => Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Open the database and bring its schema up to date.
 * - `databaseUrl` set: PostgreSQL (the path beyond one machine).
 * - `dataDir` set: PGlite persisted in that folder (the default for `npm start`).
 * - neither: PGlite in memory (tests), empty or opened from `loadDataDir` (a `dump()` of another database).
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection can be cut by the server (restart, failover, a database dropped while the pool is closing);
    // pg reports that on the pool, and an unheard 'error' event would end the process. The next query reconnects.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.dataDir ? new PGlite(`${opts.dataDir}/pglite`) : new PGlite({ loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  // PGlite's pages live in memory (or its file cache): random reads cost about what sequential ones do, and the
  // default of 4 makes the planner sort 40,000 rows instead of walking a covering index.
  await client.exec('SET random_page_cost = 1.1');
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('none') };
}
