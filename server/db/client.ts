import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
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

/**
 * How every PGlite of the server starts — also for anything else that opens its data folder (tests/bench).
 * - `shared_buffers`: PostgreSQL's page cache inside PGlite's WebAssembly memory (issue 34 §4). Unset, PGlite takes
 *   the data folder's postgresql.conf — 128MB in a folder made by PGlite 0.4's initdb, 400kB in one made by 0.3 — and
 *   128MB of cache is resident once the demo tables have been read: the bare PGlite on the demo data idled at
 *   314 MB with 128MB against 176 MB with 16MB. The pages also sit in the OS file cache, so a larger PostgreSQL cache
 *   bought no measurable speed on the demo queries (README: Memory and start-up). The `-c` overrides the file.
 *   2MB rather than 16MB: the idle compiled server with the simulator 346 MB against 364 MB, and a 50-row page at
 *   offset 15,000, a whole-table scan of tags and a tags ⋈ products count took the same time within the noise.
 * - `database`: template1, where PGlite 0.3 (the first data folders of `npm start`) kept everything; PGlite 0.4 would
 *   otherwise open `postgres`, find no tables and seed the demo data a second time beside the user's.
 */
export const pgliteOptions = {
  database: 'template1',
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=2MB'],
} satisfies PGliteOptions;

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
  const client = new PGlite(
    opts.dataDir ? { ...pgliteOptions, dataDir: `${opts.dataDir}/pglite` } : { ...pgliteOptions, loadDataDir: opts.loadDataDir },
  );
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  // PGlite's pages live in memory (or its file cache): random reads cost about what sequential ones do, and the
  // default of 4 makes the planner sort 40,000 rows instead of walking a covering index.
  await client.exec('SET random_page_cost = 1.1');
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('none') };
}
