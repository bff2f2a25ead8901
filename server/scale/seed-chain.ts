/**
 * `npm run seed:chain -- --stores 1000 --tags-per-store 10000`: a retail chain on one PostgreSQL database (issue 32
 * §3) — the demo data, then N more stores of one company, each with its gateways, products (a fifth of its tags),
 * tags (nine in ten on a product, statuses and batteries spread as a live store has them), one update history row
 * per assigned tag and one product update row per product. Every row is made by PostgreSQL itself from
 * generate_series, one INSERT … SELECT per table and batch of stores, so 10 million tags take minutes, not hours.
 * DATABASE_URL names the database (it is migrated first); PGlite is not for this size.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../db/client';
import { configureHashing } from '../lib/password';
import { rowsOf } from '../lib/rows';
import { seedIfEmpty } from '../seed/index';

export interface ChainOptions {
  stores: number;
  tagsPerStore: number;
  /** The company the stores belong to (one of the demo companies). */
  companyCode: string;
  /** Stores per INSERT: keeps each statement's memory and WAL bounded. */
  batchStores: number;
  log?: (line: string) => void;
}

export const CHAIN_STORE_PREFIX = 'CH';
export const chainStoreCode = (i: number) => `${CHAIN_STORE_PREFIX}${String(i).padStart(5, '0')}`;
const GATEWAYS_PER_STORE = 2;

/** Adds the chain's stores to a database that has the demo data; stores already there are skipped. */
export async function seedChain(db: Db, opts: ChainOptions): Promise<{ stores: number; tags: number; seconds: number }> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const [{ have }] = rowsOf<{ have: number }>(
    await db.execute(sql`SELECT count(*)::int AS have FROM stores WHERE store_code LIKE ${`${CHAIN_STORE_PREFIX}%`}`),
  );
  const productsPerStore = Math.max(1, Math.floor(opts.tagsPerStore / 5));
  // Maintaining eight indexes row by row made the inserts ~5× slower than building each index once at the end.
  const indexes = rowsOf<{ indexname: string; indexdef: string }>(
    await db.execute(sql`
      SELECT indexname, indexdef FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename IN ('tags', 'task_items', 'products', 'product_updates')
        AND indexdef NOT LIKE 'CREATE UNIQUE%'`),
  );
  for (const { indexname } of indexes) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${indexname}"`));
  try {
    for (let from = have + 1; from <= opts.stores; from += opts.batchStores) {
      const to = Math.min(opts.stores, from + opts.batchStores - 1);
      await db.transaction(async (tx) => {
        await insertBatch(tx as unknown as Db, { from, to, productsPerStore, ...opts });
      });
      log(`stores ${from}–${to} of ${opts.stores} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    // The histories once for all new stores: one pass over the new rows rather than one per batch.
    log('histories');
    await insertHistories(db, have + 1, opts.stores);
  } finally {
    log(`indexes: building ${indexes.length}`);
    await db.execute(sql`SET maintenance_work_mem = '512MB'`);
    for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
  }
  log('analyze');
  await db.execute(sql`ANALYZE`);
  const seconds = (performance.now() - started) / 1000;
  return { stores: opts.stores, tags: opts.stores * opts.tagsPerStore, seconds };
}

async function insertBatch(db: Db, b: ChainOptions & { from: number; to: number; productsPerStore: number }): Promise<void> {
  const code = sql`${CHAIN_STORE_PREFIX} || lpad(s::text, 5, '0')`;
  // Stores spread over Japan's main island, each with a name a manager would recognise.
  await db.execute(sql`
    INSERT INTO stores (store_code, company_code, store_name, address, latitude, longitude, status)
    SELECT ${code}, ${b.companyCode}, 'Chain store ' || s, 'Street ' || s,
           34 + (s % 400) / 100.0, 133 + (s % 700) / 100.0,
           CASE WHEN s % 50 = 0 THEN 'ALARM' ELSE 'NORMAL' END
    FROM generate_series(${b.from}::int, ${b.to}::int) AS s`);
  // Gateway and tag MACs: the store number in the middle keeps them unique across the chain (C0 / C1 families).
  await db.execute(sql`
    INSERT INTO gateways (gw_mac, store_code, gw_index, ip, status, tag_count, last_status_time)
    SELECT 'C0' || lpad(to_hex(s), 6, '0') || lpad(to_hex(g), 4, '0'), ${code}, g, '10.' || (s % 250) || '.' || g || '.1:8080',
           CASE WHEN (s + g) % 97 = 0 THEN 'OFFLINE' ELSE 'NORMAL' END, ${Math.ceil(b.tagsPerStore / GATEWAYS_PER_STORE)}, now()
    FROM generate_series(${b.from}::int, ${b.to}::int) AS s, generate_series(0, ${GATEWAYS_PER_STORE - 1}) AS g`);
  await db.execute(sql`
    INSERT INTO products (store_code, pr_code, type, pr_info, barcode, updated_at)
    SELECT ${code}, lpad(p::text, 8, '0'), 'NORMAL',
           jsonb_build_array('Item ' || p, (100 + (p * 37) % 900)::text, lpad(p::text, 8, '0')),
           '49' || lpad(p::text, 11, '0'), now() - make_interval(mins => (p * 7) % 20000)
    FROM generate_series(${b.from}::int, ${b.to}::int) AS s, generate_series(1, ${b.productsPerStore}) AS p`);
  // Nine tags in ten on a product; about 1 % NG, 0.5 % MISSING, 1 % in progress, 2 % low battery.
  await db.execute(sql`
    INSERT INTO tags (tag_mac, store_code, company_code, barcode, pr_code, tag_type, gw_mac, gw_ip, operation, status,
                      batt_status, mode, battery, rssi, temperature, updated_at, responded_at)
    SELECT m, ${code}, ${b.companyCode}, m,
           CASE WHEN t % 10 = 0 THEN NULL ELSE lpad((1 + t % ${b.productsPerStore})::text, 8, '0') END,
           (ARRAY['A3', '22', 'B4', '32'])[1 + t % 4], 'C0' || lpad(to_hex(s), 6, '0') || lpad(to_hex(t % ${GATEWAYS_PER_STORE}), 4, '0'),
           '10.' || (s % 250) || '.' || (t % ${GATEWAYS_PER_STORE}) || '.1',
           CASE WHEN t % 10 = 0 THEN 0 ELSE 1 END,
           CASE WHEN t % 100 = 7 THEN 'NG' WHEN t % 200 = 13 THEN 'MISSING' WHEN t % 100 = 21 THEN 'WIP' ELSE 'OK' END,
           CASE WHEN t % 50 = 3 THEN 'NG' ELSE 'OK' END, 'Normal', CASE WHEN t % 50 = 3 THEN 5 ELSE 80 END,
           -60 - t % 30, 20 + t % 6, now() - make_interval(mins => (t * 13) % 10000), now() - make_interval(mins => t % 600)
    FROM generate_series(${b.from}::int, ${b.to}::int) AS s, generate_series(0, ${b.tagsPerStore - 1}) AS t,
         LATERAL (SELECT 'C1' || lpad(to_hex(s), 5, '0') || lpad(to_hex(t), 5, '0') AS m) AS mac`);
}

/** One update history row per assigned tag and one product update row per product, of the stores from–to. */
async function insertHistories(db: Db, from: number, to: number): Promise<void> {
  if (from > to) return;
  await db.execute(sql`
    INSERT INTO task_items (company_code, store_code, task_id, tag_mac, barcode, pr_code, status, updated_at, created_at)
    SELECT company_code, store_code, 'CHAIN-' || store_code, tag_mac, barcode, pr_code,
           CASE WHEN status = 'NG' THEN 'NG' WHEN status = 'WIP' THEN NULL ELSE 'OK' END, updated_at, updated_at
    FROM tags WHERE store_code BETWEEN ${chainStoreCode(from)} AND ${chainStoreCode(to)} AND pr_code IS NOT NULL`);
  await db.execute(sql`
    INSERT INTO product_updates (store_code, update_id, pr_code, type, pr_info, updated_at)
    SELECT store_code, 'CHAIN-' || store_code, pr_code, type, pr_info, updated_at
    FROM products WHERE store_code BETWEEN ${chainStoreCode(from)} AND ${chainStoreCode(to)}`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      stores: { type: 'string', default: '1000' },
      'tags-per-store': { type: 'string', default: '10000' },
      company: { type: 'string', default: 'ACME' },
      batch: { type: 'string', default: '20' },
    },
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('seed:chain fills a PostgreSQL database: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/chain).');
    process.exit(1);
  }
  configureHashing({ concurrency: 2 });
  const database = await openDatabase({ databaseUrl });
  try {
    await seedIfEmpty(database.db, { seed: 42, scale: 'test' });
    const result = await seedChain(database.db, {
      stores: Number(values.stores),
      tagsPerStore: Number(values['tags-per-store']),
      companyCode: values.company as string,
      batchStores: Number(values.batch),
      log: (line) => console.log(line),
    });
    console.log(`${result.stores} chain stores, ${result.tags.toLocaleString('en')} tags in ${result.seconds.toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
