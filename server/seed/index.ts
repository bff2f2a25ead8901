import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { vacuumAnalyze } from '../db/maintenance';
import { companies, secondCodes } from '../db/schema/index';
import { seedSettings, seedSystemAlarms, seedUploadsAndPaper } from './config';
import { emptyHistory, insertHistory, planStoreHistory } from './history';
import { seedGateways, seedServers } from './infra';
import { memberHashes, seedPeople } from './people';
import { seedPlus } from './plus';
import { secondCodeRows, seedCatalogConfig, type ProductPlan } from './products';
import { insertRows } from './insert';
import { demoMedia, type SeedFile } from './media';
import { fileStoreOf } from '../lib/file-store';
import { createReadStream } from 'node:fs';
import { seedSensors } from './sensors';
import { PLUS_STORES, SENSOR_STORES, seedCompaniesAndStores, storesFor, type Scale } from './stores';
import { insertStoreTags, planStoreTags, refreshGatewayTagCounts, tagPrefix } from './tags';

export { DEMO_LOGINS, seedSuperAdmin } from './people';
export { seedStoreTags } from './tags';

/** Tags over all stores at demo scale; the test scale has 100 per store. */
const DEMO_TAGS = 22_000;
const TEST_TAGS_PER_STORE = 100;
/** Any constant works; it only has to be the same for every process that may seed the same database. */
const SEED_LOCK_KEY = 74_112_026;

async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return row.n === 0;
}

/**
 * Creates the demo data set when the companies table is empty. The password hashes (scrypt, seconds in all)
 * run on libuv's thread pool while the rows are written, and are awaited only for the members. The transaction
 * holds an advisory lock, so two servers starting on one PostgreSQL database cannot both seed, and a failure
 * leaves the database empty rather than half seeded.
 */
export async function seedIfEmpty(db: Db, opts: { seed: number; scale?: Scale; dataDir?: string }): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  // Made (or found in the cache) before the transaction: the rows carry the files' sizes.
  const media = await demoMedia();
  let files: SeedFile[] = [];
  const hashes = memberHashes(opts.seed);
  // Awaited later; this only keeps an early failure of the transaction from leaving it unhandled.
  hashes.catch(() => undefined);
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(tx))) return false;
    files = await seedAll(tx, opts.seed, opts.scale ?? 'demo', hashes, media);
    return true;
  });
  // Without a data folder (the tests' shared seeded copy) the rows name files that each test server adds itself.
  if (seeded && opts.dataDir) {
    const store = fileStoreOf(opts.dataDir);
    // Side by side: a hundred small files, each mostly waiting on the disk.
    await Promise.all(files.map((f) => store.write(f.key, createReadStream(f.from))));
  }
  if (seeded) await vacuumAnalyze(db);
  return seeded;
}

async function seedAll(
  db: Db,
  seed: number,
  scale: Scale,
  hashes: Promise<Map<string, string>>,
  media: Awaited<ReturnType<typeof demoMedia>>,
): Promise<SeedFile[]> {
  const now = new Date();
  const storeList = storesFor(scale);
  await seedCompaniesAndStores(db, scale, seed, now);
  await seedCatalogConfig(db, now);
  await seedServers(db, seed, now);
  const gatewaysByStore = await seedGateways(db, seed, scale, now, storeList);

  const weights = storeList.reduce((s, x) => s + x.weight, 0);
  const history = emptyHistory();
  const productsByStore = new Map<string, ProductPlan[]>();
  for (const store of storeList) {
    const planned = planStoreTags({
      storeCode: store.storeCode,
      companyCode: store.companyCode,
      prefix: tagPrefix(store.index),
      start: 0,
      count: scale === 'demo' ? Math.round((DEMO_TAGS * store.weight) / weights) : TEST_TAGS_PER_STORE,
      seed,
      gateways: gatewaysByStore.get(store.storeCode) ?? [],
      now,
      unusedProducts: 4,
    });
    await insertStoreTags(db, store.storeCode, planned, now);
    productsByStore.set(store.storeCode, planned.products);
    const plans = new Map(planned.products.map((p) => [p.prCode, p]));
    planStoreHistory(history, seed, store.storeCode, store.companyCode, planned.tags, plans, now);
    if (store.companyCode === 'COOP') await insertRows(db, secondCodes, secondCodeRows(store.storeCode, planned.products, now));
  }
  await insertHistory(db, history);
  await refreshGatewayTagCounts(db);

  const extra = (codes: string[]) =>
    storeList
      .filter((s) => codes.includes(s.storeCode))
      .map((s) => ({
        ...s,
        prCodes: productsByStore.get(s.storeCode)!.map((p) => p.prCode),
        gateways: gatewaysByStore.get(s.storeCode) ?? [],
      }));
  await seedSensors(db, seed, now, extra(SENSOR_STORES));
  const files = await seedPlus(db, seed, now, extra(PLUS_STORES), scale === 'demo' ? 8 : 5, media);

  await seedPeople(
    db,
    seed,
    now,
    await hashes,
    storeList.map((s) => s.storeCode),
  );
  await seedSettings(db, now);
  await seedSystemAlarms(db, seed, now, storeList);
  await seedUploadsAndPaper(
    db,
    seed,
    now,
    storeList.slice(0, 4).map((s) => ({ ...s, products: productsByStore.get(s.storeCode)! })),
  );
  return files;
}
