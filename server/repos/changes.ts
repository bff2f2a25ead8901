import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { CHANGE_HISTORY_TABLE, type ChangeConfig, type ChangeConfigBody, type ChangeHistoryRow } from '../../contract/schemas/settings';
import type { TablePage } from '../../contract/table';
import { wideTable } from '../../contract/schemas/common';
import type { Db } from '../db/client';
import { changeHistory, serverConfig } from '../db/schema/index';
import { queryTable } from '../lib/table-sql';
import { isSuperAdmin, type SessionUser } from '../lib/privileges';
import { getServerConfig } from './system-config';

/** The company and store of a change to what no company owns (plus-signage §2.8 shows it translated). */
export const SYSTEM_OWNER = 'SYSTEM';

export interface ChangeRecord {
  company: string | null;
  store: string;
  category: string;
  operation: string;
  method: string;
  path: string;
  items: unknown[];
  email: string;
}

export async function recordChange(db: Db, change: ChangeRecord): Promise<void> {
  await db.insert(changeHistory).values(change);
}

/** The stored config; flat in the column (category → recorded?, plus displayCompany), as the seed writes it. */
export async function getChangeConfig(db: Db): Promise<ChangeConfig> {
  const { changeConfig } = await getServerConfig(db);
  const { displayCompany, ...rest } = changeConfig;
  const categories = Object.fromEntries(Object.entries(rest).filter(([, v]) => typeof v === 'boolean')) as ChangeConfig['categories'];
  return { displayCompany: displayCompany !== false, categories };
}

export async function saveChangeConfig(db: Db, body: ChangeConfigBody): Promise<void> {
  const current = await getChangeConfig(db);
  const next = { ...current.categories, ...body.categories, displayCompany: body.displayCompany ?? current.displayCompany };
  await getServerConfig(db); // makes sure the one row exists
  await db.update(serverConfig).set({ changeConfig: next }).where(eq(serverConfig.id, 1));
}

/** A category is recorded unless the config turns it off: a category added later is never silently dropped. */
export async function isCategoryRecorded(db: Db, category: string): Promise<boolean> {
  const { categories } = await getChangeConfig(db);
  return (categories as Record<string, boolean | undefined>)[category] !== false;
}

const columns = {
  company: changeHistory.company,
  store: changeHistory.store,
  category: changeHistory.category,
  operation: changeHistory.operation,
  method: changeHistory.method,
  path: changeHistory.path,
  email: changeHistory.email,
  updatedAt: changeHistory.updatedAt,
};

/**
 * What a member may see (server/lib/ownership.ts): role -1 everything; others the system's changes and those of
 * their companies — of a store only when they may act on that store (role 0 and whole-store members: all of it).
 */
function visibleTo(user: SessionUser): SQL | undefined {
  if (isSuperAdmin(user)) return undefined;
  const system = eq(changeHistory.company, SYSTEM_OWNER);
  if (!user.companies.length) return system;
  const ofCompany = inArray(changeHistory.company, user.companies);
  const wholeStore = user.roleId === 0 || user.enableWholeStore;
  const storeOk = wholeStore
    ? undefined
    : or(
        isNull(changeHistory.store),
        eq(changeHistory.store, SYSTEM_OWNER),
        user.stores.length ? inArray(changeHistory.store, user.stores) : sql`false`,
      );
  return or(system, storeOk ? and(ofCompany, storeOk) : ofCompany);
}

export async function changeHistoryPage(db: Db, user: SessionUser, body: Record<string, unknown>): Promise<TablePage<ChangeHistoryRow>> {
  const base = [visibleTo(user)];
  // The console's company choice (the table protocol's global_companyCode).
  if (typeof body.global_companyCode === 'string' && body.global_companyCode) base.push(eq(changeHistory.company, body.global_companyCode));
  const page = await queryTable<
    { [K in keyof typeof columns]: K extends 'updatedAt' ? Date : string | null } & { id: number | string; items: unknown },
    keyof typeof columns
  >(
    db,
    wideTable(CHANGE_HISTORY_TABLE),
    body,
    { table: changeHistory, columns, dateColumn: changeHistory.updatedAt, uniqueColumn: changeHistory.id, base },
    { ...columns, id: changeHistory.id, items: changeHistory.items },
  );
  return {
    ...page,
    data: page.data.map((r) => ({
      id: String(r.id),
      company: r.company ?? '',
      store: r.store ?? '',
      category: r.category ?? '',
      operation: r.operation ?? '',
      method: r.method ?? '',
      path: r.path ?? '',
      items: r.items,
      email: r.email ?? '',
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}
