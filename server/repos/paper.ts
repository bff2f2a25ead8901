import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { wideTable } from '../../contract/schemas/common';
import {
  PAPER_TASK_DETAIL_TABLE,
  PAPER_TASK_TABLE,
  PAPER_UPLOAD_HISTORY_TABLE,
  type PaperStore,
  type PaperTask,
  type PaperTaskDetail,
  type PaperUploadHistory,
  type PaperUploadHistoryDetail,
} from '../../contract/schemas/paper';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { companies, paperTaskDetails, paperTasks, paperUploadHistory, products, stores } from '../db/schema/index';
import { notFound } from '../lib/errors';
import { queryTable } from '../lib/table-sql';
import { inScope, todayStart, type StoreScope } from './stats';
import { prInfoText } from './tag-history';

type Body = Record<string, unknown>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const epochOf = (column: PgColumn | SQL) => sql<number>`extract(epoch from ${column})`;
const companyOf = (body: Body, column: PgColumn) =>
  typeof body.global_companyCode === 'string' && body.global_companyCode ? eq(column, body.global_companyCode) : undefined;

/** A task is complete once every label has an answer (printed or failed). */
const isComplete = sql`${paperTasks.complete} >= ${paperTasks.total}`;
const countIf = (cond: SQL) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);

/** /paper: every store the member sees, with its status and its print tasks counted (all time and today). */
export async function paperStores(db: Db, scope: StoreScope, now: Date): Promise<PaperStore[]> {
  const since = todayStart(now);
  const counts = db
    .select({
      storeCode: paperTasks.storeCode,
      total: count().as('p_total'),
      totalComplete: countIf(isComplete).as('p_total_complete'),
      today: countIf(sql`${paperTasks.createdAt} >= ${since}`).as('p_today'),
      todayComplete: countIf(sql`${isComplete} and ${paperTasks.updatedAt} >= ${since}`).as('p_today_complete'),
    })
    .from(paperTasks)
    .where(inScope(paperTasks.storeCode, scope))
    .groupBy(paperTasks.storeCode)
    .as('paper_counts');
  const rows = await db
    .select({
      companyCode: stores.companyCode,
      companyName: companies.companyName,
      storeCode: stores.storeCode,
      storeName: stores.storeName,
      latitude: stores.latitude,
      longitude: stores.longitude,
      status: stores.status,
      total: counts.total,
      totalComplete: counts.totalComplete,
      today: counts.today,
      todayComplete: counts.todayComplete,
    })
    .from(stores)
    .innerJoin(companies, eq(companies.companyCode, stores.companyCode))
    .leftJoin(counts, eq(counts.storeCode, stores.storeCode))
    .where(inScope(stores.storeCode, scope))
    .orderBy(asc(stores.storeName), asc(stores.storeCode));
  return rows.map((r) => ({
    companyCode: r.companyCode,
    companyName: r.companyName,
    storeCode: r.storeCode,
    storeName: r.storeName,
    position: r.latitude != null && r.longitude != null ? { latitude: r.latitude, longitude: r.longitude } : null,
    status: r.status,
    totalTaskCount: Number(r.total ?? 0),
    totalCompleteCount: Number(r.totalComplete ?? 0),
    todayTaskCount: Number(r.today ?? 0),
    todayCompleteCount: Number(r.todayComplete ?? 0),
  }));
}

/** /paper/upload/history: the uploads of the member's stores, newest first; global_companyCode narrows to one company. */
export async function paperUploadHistoryPage(db: Db, scope: StoreScope, body: Body): Promise<TablePage<PaperUploadHistory>> {
  const h = paperUploadHistory;
  const company = companyOf(body, stores.companyCode);
  const inCompany = company ? sql`${h.storeCode} in (select ${stores.storeCode} from ${stores} where ${company})` : undefined;
  const columns = {
    fileName: h.fileName,
    storeCode: h.storeCode,
    taskId: sql`coalesce(${h.taskId}, '')`,
    taskDes: sql`coalesce(${h.taskDes}, '')`,
    count: h.count,
    received: epochOf(h.received),
  };
  const page = await queryTable<typeof h.$inferSelect, keyof typeof columns>(
    db,
    wideTable(PAPER_UPLOAD_HISTORY_TABLE),
    body,
    { table: h, columns, dateColumn: h.received, uniqueColumn: h.id, base: [inScope(h.storeCode, scope), inCompany] },
    {
      id: h.id,
      storeCode: h.storeCode,
      fileName: h.fileName,
      taskId: h.taskId,
      taskDes: h.taskDes,
      count: h.count,
      error: h.error,
      received: h.received,
      finished: h.finished,
    },
  );
  return {
    ...page,
    data: page.data.map((r) => ({
      _id: String(r.id),
      fileName: r.fileName,
      storeCode: r.storeCode,
      taskId: r.taskId ?? '',
      taskDes: r.taskDes ?? '',
      count: r.count,
      error: r.error,
      received: iso(r.received)!,
      finished: iso(r.finished),
    })),
  };
}

/** The store (and company) an upload belongs to, for the ownership check; undefined when there is no such upload. */
export async function paperUploadOwner(db: Db, historyId: string): Promise<{ storeCode: string; companyCode: string } | undefined> {
  if (!/^\d{1,15}$/.test(historyId)) return undefined;
  const [row] = await db
    .select({ storeCode: paperUploadHistory.storeCode, companyCode: stores.companyCode })
    .from(paperUploadHistory)
    .innerJoin(stores, eq(stores.storeCode, paperUploadHistory.storeCode))
    .where(eq(paperUploadHistory.id, Number(historyId)));
  return row;
}

/** The rows an upload put into its print task, in file order. */
export async function paperUploadDetail(db: Db, historyId: string): Promise<PaperUploadHistoryDetail> {
  const [upload] = /^\d{1,15}$/.test(historyId)
    ? await db
        .select()
        .from(paperUploadHistory)
        .where(eq(paperUploadHistory.id, Number(historyId)))
    : [];
  if (!upload) throw notFound(`Paper upload ${historyId} does not exist.`);
  const rows = upload.taskId
    ? await db
        .select({ prCode: paperTaskDetails.prCode, prInfo: paperTaskDetails.prInfo })
        .from(paperTaskDetails)
        .where(and(eq(paperTaskDetails.storeCode, upload.storeCode), eq(paperTaskDetails.taskId, upload.taskId)))
        .orderBy(asc(paperTaskDetails.id))
    : [];
  return { fileName: upload.fileName, storeCode: upload.storeCode, data: rows };
}

const progressOf = sql<number>`case when ${paperTasks.total} > 0 then floor(${paperTasks.complete} * 100.0 / ${paperTasks.total})::int else 100 end`;

/** /paper/task/{storeCode}: the store's print tasks with their progress, newest first. */
export async function paperTaskPage(db: Db, storeCode: string, body: Body): Promise<TablePage<PaperTask>> {
  const t = paperTasks;
  const columns = {
    taskId: t.taskId,
    taskDes: sql`coalesce(${t.taskDes}, '')`,
    total: t.total,
    complete: t.complete,
    progress: progressOf,
    updatedAt: epochOf(t.updatedAt),
  };
  const page = await queryTable<
    { taskId: string; taskDes: string | null; total: number; complete: number; progress: number; updatedAt: Date },
    keyof typeof columns
  >(
    db,
    wideTable(PAPER_TASK_TABLE),
    body,
    { table: t, columns, dateColumn: t.updatedAt, uniqueColumn: t.id, base: [eq(t.storeCode, storeCode)] },
    { taskId: t.taskId, taskDes: t.taskDes, total: t.total, complete: t.complete, progress: progressOf, updatedAt: t.updatedAt },
  );
  return {
    ...page,
    data: page.data.map((r) => ({
      taskId: r.taskId,
      taskDes: r.taskDes ?? '',
      total: r.total,
      complete: r.complete,
      progress: Number(r.progress),
      updatedAt: iso(new Date(r.updatedAt))!,
    })),
  };
}

/** console-admin §4 in SQL, so that the detail list filters and sorts by the result the screen shows. */
const resultOf = sql`case when ${paperTaskDetails.resultCode} is null then 'NONE' when ${paperTaskDetails.resultCode} = 1 then 'SUCCESS' else 'FAIL' end`;

/** /paper/task/{storeCode}/{taskId}: one row per label with the printer's answer. */
export async function paperTaskDetailPage(db: Db, storeCode: string, taskId: string, body: Body): Promise<TablePage<PaperTaskDetail>> {
  const [task] = await db
    .select({ id: paperTasks.id })
    .from(paperTasks)
    .where(and(eq(paperTasks.storeCode, storeCode), eq(paperTasks.taskId, taskId)));
  if (!task) throw notFound(`Paper task ${taskId} does not exist in store ${storeCode}.`);
  const d = paperTaskDetails;
  const columns = {
    prCode: d.prCode,
    prInfo: prInfoText(d.prInfo),
    printerIp: sql`coalesce(${d.printerIp}, '')`,
    printerName: sql`coalesce(${d.printerName}, '')`,
    result: resultOf,
    printedTime: epochOf(d.printedTime),
    updatedAt: epochOf(d.updatedAt),
  };
  const page = await queryTable<typeof d.$inferSelect, keyof typeof columns>(
    db,
    wideTable(PAPER_TASK_DETAIL_TABLE),
    body,
    { table: d, columns, dateColumn: d.updatedAt, uniqueColumn: d.id, base: [eq(d.storeCode, storeCode), eq(d.taskId, taskId)] },
    {
      id: d.id,
      storeCode: d.storeCode,
      taskId: d.taskId,
      prCode: d.prCode,
      prInfo: d.prInfo,
      printerIp: d.printerIp,
      printerName: d.printerName,
      resultCode: d.resultCode,
      resultMsg: d.resultMsg,
      printedTime: d.printedTime,
      updatedAt: d.updatedAt,
    },
  );
  return {
    ...page,
    data: page.data.map((r) => ({
      _id: String(r.id),
      prCode: r.prCode,
      prInfo: r.prInfo,
      printerIp: r.printerIp ?? '',
      printerName: r.printerName ?? '',
      ...(r.resultCode !== null ? { resultCode: r.resultCode } : {}),
      ...(r.resultMsg !== null ? { resultMsg: r.resultMsg } : {}),
      printedTime: iso(r.printedTime),
      updatedAt: iso(r.updatedAt)!,
    })),
  };
}

/** The product info of the store's known products, for label rows that name only a product code. */
export async function storeProductInfo(db: Db, storeCode: string, prCodes: string[]): Promise<Map<string, string[]>> {
  if (!prCodes.length) return new Map();
  const rows = await db
    .select({ prCode: products.prCode, prInfo: products.prInfo })
    .from(products)
    .where(and(eq(products.storeCode, storeCode), inArray(products.prCode, [...new Set(prCodes)])));
  return new Map(rows.map((r) => [r.prCode, r.prInfo]));
}

export interface NewPaperTask {
  storeCode: string;
  fileName: string;
  taskDes: string;
  /** Rows read from the file, good and bad. */
  count: number;
  errors: string[];
  labels: { prCode: string; prInfo: string[] }[];
  now: Date;
}

/**
 * One upload: its history row, its print task and one detail row per label, all or nothing. Task ids count up per
 * store (P-<store>-0001, …); the printers (the simulator, or real ones) fill in the answers later.
 */
export async function createPaperTask(db: Db, task: NewPaperTask): Promise<{ historyId: string; taskId: string }> {
  return db.transaction(async (tx) => {
    // One upload at a time per store, so that two cannot take the same task number.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`paper:${task.storeCode}`}))`);
    const [{ n }] = await tx
      .select({ n: sql<number>`coalesce(max(substring(${paperTasks.taskId} from '(\\d+)$')::int), 0)`.mapWith(Number) })
      .from(paperTasks)
      .where(eq(paperTasks.storeCode, task.storeCode));
    const taskId = `P-${task.storeCode}-${String(n + 1).padStart(4, '0')}`;
    const [history] = await tx
      .insert(paperUploadHistory)
      .values({
        storeCode: task.storeCode,
        fileName: task.fileName,
        taskId,
        taskDes: task.taskDes,
        count: task.count,
        error: task.errors,
        received: task.now,
      })
      .returning({ id: paperUploadHistory.id });
    await tx.insert(paperTasks).values({
      storeCode: task.storeCode,
      taskId,
      taskDes: task.taskDes,
      total: task.labels.length,
      complete: 0,
      createdAt: task.now,
      updatedAt: task.now,
    });
    const CHUNK = 1000;
    for (let i = 0; i < task.labels.length; i += CHUNK) {
      await tx
        .insert(paperTaskDetails)
        .values(
          task.labels
            .slice(i, i + CHUNK)
            .map((l) => ({ storeCode: task.storeCode, taskId, prCode: l.prCode, prInfo: l.prInfo, updatedAt: task.now })),
        );
    }
    return { historyId: String(history.id), taskId };
  });
}
