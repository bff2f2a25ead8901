import { and, asc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { DownloadStatus, DownloadType } from '../../contract/schemas/files';
import type { Db } from '../db/client';
import { aliases, companies, downloadTasks, layoutConfigs, products, stores, tags } from '../db/schema/index';
import { isNoProductTag } from './exceptions';
import { isErrorTag } from './stats';

/*
 * Download tasks (console-core §7) and the rows that only downloads read. The tag lists themselves come from
 * listTags, so a file holds exactly the tags the same filter lists.
 */

/** Random uuid task ids (download_tasks.id); anything else names no task. */
export const TASK_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DownloadTaskRow {
  id: string;
  memberEmail: string;
  type: DownloadType;
  status: 'pending' | 'running' | 'done' | 'error';
  message: string | null;
  fileName: string | null;
  filePath: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const taskColumns = {
  id: downloadTasks.id,
  memberEmail: downloadTasks.memberEmail,
  type: downloadTasks.type,
  status: downloadTasks.status,
  message: downloadTasks.message,
  fileName: downloadTasks.fileName,
  filePath: downloadTasks.filePath,
  createdAt: downloadTasks.createdAt,
  finishedAt: downloadTasks.finishedAt,
};

export async function createDownloadTask(
  db: Db,
  task: { memberEmail: string; type: DownloadType; storeCode?: string; filter: Record<string, unknown>; fileName: string; now: Date },
): Promise<string> {
  const [row] = await db
    .insert(downloadTasks)
    .values({
      memberEmail: task.memberEmail,
      type: task.type,
      storeCode: task.storeCode ?? null,
      filter: task.filter,
      fileName: task.fileName,
      createdAt: task.now,
    })
    .returning({ id: downloadTasks.id });
  return row.id;
}

/** A task of this member; another member's task is as unknown as a missing one. */
export async function findDownloadTask(db: Db, id: string, memberEmail: string): Promise<DownloadTaskRow | undefined> {
  if (!TASK_ID_PATTERN.test(id)) return undefined;
  const [row] = await db
    .select(taskColumns)
    .from(downloadTasks)
    .where(and(eq(downloadTasks.id, id), eq(downloadTasks.memberEmail, memberEmail)));
  return row;
}

export async function markDownloadRunning(db: Db, id: string): Promise<void> {
  await db.update(downloadTasks).set({ status: 'running' }).where(eq(downloadTasks.id, id));
}

export async function finishDownload(db: Db, id: string, filePath: string, now: Date): Promise<void> {
  await db.update(downloadTasks).set({ status: 'done', filePath, finishedAt: now }).where(eq(downloadTasks.id, id));
}

/** The error state: no finishedAt, so that a polling console stops on the error instead of fetching a file. */
export async function failDownload(db: Db, id: string, message: string): Promise<void> {
  await db.update(downloadTasks).set({ status: 'error', message }).where(eq(downloadTasks.id, id));
}

/** Tasks created before `before` are removed; answers their file keys so that the caller removes the files. */
export async function expireDownloads(db: Db, before: Date): Promise<string[]> {
  const rows = await db.delete(downloadTasks).where(lt(downloadTasks.createdAt, before)).returning({ filePath: downloadTasks.filePath });
  return rows.flatMap((r) => (r.filePath ? [r.filePath] : []));
}

export function downloadStatus(row: DownloadTaskRow): DownloadStatus {
  return {
    taskId: row.id,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    ...(row.status === 'done' && row.finishedAt ? { finishedAt: row.finishedAt.toISOString() } : {}),
    ...(row.fileName ? { fileName: row.fileName } : {}),
    ...(row.status === 'error' ? { error: row.message ?? 'The file could not be made.' } : {}),
  };
}

// ---- Tag list pre-filters (type 3) ----

/**
 * 'error' is the spec's: status not OK and not WIP, operation 1 (the exceptions' error tags). 'NoProduct' is
 * the exceptions' no-product rule. 'NoImage' (our reading): an assigned tag with a product whose layout — the
 * tag's, else the product's — is missing or not a layout of the company, so no image can be drawn for it.
 */
export const TAG_PRESET_SQL: Record<'error' | 'NoProduct' | 'NoImage', SQL> = {
  error: isErrorTag,
  NoProduct: isNoProductTag,
  NoImage: sql`(${tags.operation} = 1 and exists (
    select 1 from ${products} p where p.store_code = ${tags.storeCode} and p.pr_code = ${tags.prCode}
      and not exists (select 1 from ${layoutConfigs} lc where lc.company_code = ${tags.companyCode}
        and lc.layout_id = nullif(coalesce(${tags.layoutId}, p.layout_id), ''))))`,
};

/** Stores of a company in code order. */
export async function companyStores(db: Db, companyCode: string): Promise<string[]> {
  const rows = await db
    .select({ storeCode: stores.storeCode })
    .from(stores)
    .where(eq(stores.companyCode, companyCode))
    .orderBy(asc(stores.storeCode));
  return rows.map((r) => r.storeCode);
}

export async function companyExists(db: Db, companyCode: string): Promise<boolean> {
  return (await db.select({ code: companies.companyCode }).from(companies).where(eq(companies.companyCode, companyCode))).length > 0;
}

/** Alias names of a company by index, for the prInfo columns of a file. */
export async function aliasNames(db: Db, companyCode: string): Promise<Map<number, string>> {
  const rows = await db.select({ index: aliases.index, name: aliases.name }).from(aliases).where(eq(aliases.companyCode, companyCode));
  return new Map(rows.map((r) => [r.index, r.name]));
}

// ---- Products (types 4 and 6) ----

// The product files read the product list's own source.
export { productPage, type ProductFileRow } from './products';
