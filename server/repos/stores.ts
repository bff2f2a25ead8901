import { and, asc, count, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { wideTable } from '../../contract/schemas/common';
import { STORE_CONFIG_TABLE, type StoreConfig } from '../../contract/schemas/settings-store';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { collectingItems, sensorConfigs, stores, tags } from '../db/schema/index';
import { queryTable } from '../lib/table-sql';
import { inScope, type StoreScope } from './stats';

const buildStoreCompany = (db: Db) =>
  db
    .select({ storeCode: stores.storeCode, companyCode: stores.companyCode })
    .from(stores)
    .where(eq(stores.storeCode, sql.placeholder('code')))
    .prepare('store_company');
const storeCompanyReads = new WeakMap<Db, ReturnType<typeof buildStoreCompany>>();

/** Company of each named store that exists; a code missing from the answer is unknown. */
export async function storeCompanies(db: Db, codes: string[]): Promise<Map<string, string>> {
  // One store, as nearly every call names: a statement built once per database (issue 32 §4).
  if (codes.length === 1) {
    let read = storeCompanyReads.get(db);
    if (!read) storeCompanyReads.set(db, (read = buildStoreCompany(db)));
    return new Map((await read.execute({ code: codes[0] })).map((r) => [r.storeCode, r.companyCode]));
  }
  const rows = await db
    .select({ storeCode: stores.storeCode, companyCode: stores.companyCode })
    .from(stores)
    .where(inArray(stores.storeCode, codes));
  return new Map(rows.map((r) => [r.storeCode, r.companyCode]));
}

/**
 * The store a lookup without a store code reads (console-core §9.11 says only "a default store"; NOTES.md 12): the
 * first store by code of the first company by code among the stores the member may use. Never a store outside the
 * member's scope, so another company's data cannot answer; the same store every time, so the answer is predictable.
 */
// spec: core §9.11 — the default store of an empty store code
export async function defaultStoreCode(db: Db, scope: StoreScope): Promise<string | undefined> {
  const [row] = await db
    .select({ storeCode: stores.storeCode })
    .from(stores)
    .where(inScope(stores.storeCode, scope))
    .orderBy(asc(stores.companyCode), asc(stores.storeCode))
    .limit(1);
  return row?.storeCode;
}

export type StoreRow = typeof stores.$inferSelect;
/** The settings a store create or update writes (defaults filled in by the caller). */
export type StoreSettings = Omit<typeof stores.$inferInsert, 'storeCode' | 'companyCode' | 'status' | 'createdAt' | 'updatedAt'>;

export function storeConfigAnswer(row: StoreRow): StoreConfig {
  const { latitude, longitude, status: _status, createdAt: _created, updatedAt: _updated, ...rest } = row;
  return {
    ...rest,
    address: row.address ?? '',
    timeServerIp: row.timeServerIp ?? '',
    panId: row.panId ?? '',
    position: latitude !== null && longitude !== null ? { latitude, longitude } : null,
  };
}

const listColumns = { companyCode: stores.companyCode, storeCode: stores.storeCode, storeName: stores.storeName, address: stores.address };

/** One page of the store config list over the stores in the member's scope; global_companyCode narrows it. */
export async function storeConfigPage(db: Db, scope: StoreScope, body: Record<string, unknown>): Promise<TablePage<StoreConfig>> {
  const company =
    typeof body.global_companyCode === 'string' && body.global_companyCode ? eq(stores.companyCode, body.global_companyCode) : undefined;
  const page = await queryTable<StoreRow, keyof typeof listColumns>(
    db,
    wideTable(STORE_CONFIG_TABLE),
    body,
    { table: stores, columns: listColumns, uniqueColumn: stores.storeCode, base: [inScope(stores.storeCode, scope), company] },
    getTableColumns(stores),
  );
  return { ...page, data: page.data.map(storeConfigAnswer) };
}

export async function findStore(db: Db, storeCode: string): Promise<StoreRow | undefined> {
  const [row] = await db.select().from(stores).where(eq(stores.storeCode, storeCode));
  return row;
}

/** false when the store code is taken (by any company: store codes are unique on the server). */
export async function insertStore(db: Db, storeCode: string, companyCode: string, settings: StoreSettings): Promise<boolean> {
  const rows = await db
    .insert(stores)
    .values({ storeCode, companyCode, ...settings })
    .onConflictDoNothing()
    .returning({ storeCode: stores.storeCode });
  return rows.length > 0;
}

export async function updateStore(db: Db, storeCode: string, settings: StoreSettings): Promise<boolean> {
  const rows = await db
    .update(stores)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(stores.storeCode, storeCode))
    .returning({ storeCode: stores.storeCode });
  return rows.length > 0;
}

/** Removes the store with everything that hangs on it (the schema cascades). */
export async function deleteStore(db: Db, storeCode: string): Promise<boolean> {
  const rows = await db.delete(stores).where(eq(stores.storeCode, storeCode)).returning({ storeCode: stores.storeCode });
  return rows.length > 0;
}

export async function storeSensorConfig(db: Db, storeCode: string): Promise<Record<string, number>> {
  const [row] = await db.select({ config: sensorConfigs.config }).from(sensorConfigs).where(eq(sensorConfigs.storeCode, storeCode));
  return row?.config ?? {};
}

/** Replaces the store's sensor config; only non-zero entries are kept (console-admin §7). */
export async function saveStoreSensorConfig(db: Db, storeCode: string, config: Record<string, number>): Promise<void> {
  const kept = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== 0));
  const now = new Date();
  await db
    .insert(sensorConfigs)
    .values({ storeCode, config: kept, updatedAt: now })
    .onConflictDoUpdate({ target: sensorConfigs.storeCode, set: { config: kept, updatedAt: now } });
}

/** Command of a tag status check started from the store config (the collecting list names it). */
export const MANUAL_STATUS_CHECK_CMD = 'TAG_STATUS_CHECK';

/** Starts a tag status check of every tag of the store; false while one is already running there. */
export async function startTagStatusCheck(db: Db, storeCode: string, companyCode: string): Promise<boolean> {
  const running = await db
    .select({ id: collectingItems.id })
    .from(collectingItems)
    .where(
      and(
        eq(collectingItems.storeCode, storeCode),
        eq(collectingItems.kind, 'statusCheck'),
        isNull(collectingItems.finishedAt),
        isNull(collectingItems.stoppedAt),
      ),
    )
    .limit(1);
  if (running.length) return false;
  const [{ n }] = await db.select({ n: count() }).from(tags).where(eq(tags.storeCode, storeCode));
  await db.insert(collectingItems).values({ storeCode, companyCode, kind: 'statusCheck', cmd: MANUAL_STATUS_CHECK_CMD, total: n });
  return true;
}
