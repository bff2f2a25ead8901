import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { wideTable } from '../../contract/schemas/common';
import { TASK_DETAIL_TABLE, TASK_TABLE, type Task, type TaskDetailRow, type TaskHistory } from '../../contract/schemas/tasks';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { companies, productUpdates, stores, tags, taskItems, updateTasks } from '../db/schema/index';
import { badRequest, conflict, notFound } from '../lib/errors';
import { queryTable } from '../lib/table-sql';
import { applyProductUpdate, type UpdateOutcome, type UpdateScope } from './product-update';
import { inScope, type StoreScope } from './stats';
import { prInfoText } from './tag-history';

type Body = Record<string, unknown>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const epochOf = (column: PgColumn | SQL) => sql<number>`extract(epoch from ${column})`;
/** Below 0 means "nothing to show" (console-admin §4): a task without tags. */
const progressOf = (updated: PgColumn, total: PgColumn) =>
  sql<number>`case when ${total} > 0 then floor(${updated} * 100.0 / ${total})::int else -1 end`;

export const taskNotFound = (storeCode: string, taskId: string) => notFound(`Task ${taskId} does not exist in store ${storeCode}.`);

/** /task: the tasks of the member's stores, newest first; global_companyCode narrows to one company. */
export async function taskPage(db: Db, scope: StoreScope, body: Body): Promise<TablePage<Task>> {
  const u = updateTasks;
  const company =
    typeof body.global_companyCode === 'string' && body.global_companyCode ? eq(u.companyCode, body.global_companyCode) : undefined;
  const rows = db
    .select({
      id: u.id,
      taskId: u.taskId,
      internalTaskId: u.internalTaskId,
      companyCode: u.companyCode,
      companyName: companies.companyName,
      storeCode: u.storeCode,
      storeName: stores.storeName,
      taskType: u.taskType,
      layoutId: sql<string>`coalesce(${u.layoutId}, '')`.as('layout'),
      progress: progressOf(u.updatedTags, u.totalTags).as('progress'),
      totalTags: u.totalTags,
      updatedTags: u.updatedTags,
      startTime: u.startTime,
      endTime: u.endTime,
      refreshed: u.refreshed,
    })
    .from(u)
    .innerJoin(stores, eq(stores.storeCode, u.storeCode))
    .innerJoin(companies, eq(companies.companyCode, u.companyCode))
    .where(and(inScope(u.storeCode, scope), company))
    .as('task_rows');
  const r = rows as unknown as Record<string, PgColumn>;
  const columns = {
    taskId: r.taskId,
    companyCode: r.companyCode,
    storeCode: r.storeCode,
    storeName: r.storeName,
    taskType: r.taskType,
    layoutId: r.layoutId,
    progress: r.progress,
    totalTags: r.totalTags,
    startTime: epochOf(r.startTime),
    endTime: epochOf(r.endTime),
  };
  const select = Object.fromEntries(
    [
      'taskId',
      'internalTaskId',
      'companyCode',
      'companyName',
      'storeCode',
      'storeName',
      'taskType',
      'layoutId',
      'progress',
      'totalTags',
      'updatedTags',
      'startTime',
      'endTime',
      'refreshed',
    ].map((k) => [k, r[k]]),
  );
  const page = await queryTable<Record<string, unknown>, keyof typeof columns>(
    db,
    wideTable(TASK_TABLE),
    body,
    { table: rows as unknown as PgTable, columns, dateColumn: r.startTime, uniqueColumn: r.id, base: [] },
    select,
  );
  return {
    ...page,
    data: page.data.map((t) => ({
      taskId: t.taskId as string,
      internalTaskId: t.internalTaskId as number,
      companyCode: t.companyCode as string,
      companyName: t.companyName as string,
      storeCode: t.storeCode as string,
      storeName: t.storeName as string,
      taskType: t.taskType as string,
      layoutId: t.layoutId as string,
      progress: t.progress as number,
      totalTags: t.totalTags as number,
      updatedTags: t.updatedTags as number,
      startTime: new Date(t.startTime as string | Date).toISOString(),
      endTime: t.endTime ? new Date(t.endTime as string | Date).toISOString() : null,
      refreshed: Boolean(t.refreshed),
    })),
  };
}

async function requireTask(db: Db, where: SQL, what: () => Error) {
  const [task] = await db.select().from(updateTasks).where(where);
  if (!task) throw what();
  return task;
}

/** The tags of one task with their results; a cancelled row (status without a time) shows as CANCEL. */
export async function taskDetailPage(db: Db, storeCode: string, taskId: string, body: Body): Promise<TablePage<TaskDetailRow>> {
  await requireTask(db, and(eq(updateTasks.storeCode, storeCode), eq(updateTasks.taskId, taskId))!, () => taskNotFound(storeCode, taskId));
  const t = taskItems;
  const columns = {
    tagId: t.barcode,
    prCode: t.prCode,
    layout: t.layoutId,
    prInfo: prInfoText(t.prInfo),
    result: t.status,
    updatedAt: epochOf(t.updatedAt),
  };
  const page = await queryTable<typeof t.$inferSelect, keyof typeof columns>(
    db,
    wideTable(TASK_DETAIL_TABLE),
    body,
    { table: t, columns, dateColumn: t.updatedAt, uniqueColumn: t.id, base: [eq(t.storeCode, storeCode), eq(t.taskId, taskId)] },
    {
      id: t.id,
      barcode: t.barcode,
      prCode: t.prCode,
      layoutId: t.layoutId,
      prInfo: t.prInfo,
      status: t.status,
      updatedAt: t.updatedAt,
      refreshed: t.refreshed,
    },
  );
  return {
    ...page,
    data: page.data.map((r) => ({
      tagId: r.barcode,
      prCode: r.prCode ?? '',
      layout: r.layoutId ?? '',
      prInfo: r.prInfo,
      ...(r.status ? { result: r.status } : {}),
      updatedAt: iso(r.updatedAt),
      refreshed: Boolean(r.refreshed),
    })),
  };
}

/** Every result of a task with its time, for the task graph. */
export async function taskHistory(db: Db, storeCode: string, taskId: string): Promise<TaskHistory> {
  const task = await requireTask(db, and(eq(updateTasks.storeCode, storeCode), eq(updateTasks.taskId, taskId))!, () =>
    taskNotFound(storeCode, taskId),
  );
  const rows = await db
    .select({ status: taskItems.status, updatedAt: taskItems.updatedAt })
    .from(taskItems)
    .where(and(eq(taskItems.storeCode, storeCode), eq(taskItems.taskId, taskId)))
    .orderBy(asc(taskItems.updatedAt), asc(taskItems.id));
  return {
    taskId,
    totalTags: task.totalTags,
    data: rows.map((r) => ({ ...(r.status ? { result: r.status } : {}), updatedAt: iso(r.updatedAt) })),
  };
}

/**
 * Refresh (roles -1 and 0, console-admin §4): the task's tags that failed or never answered are sent again.
 * Their rows reopen marked as refreshed, the task is running again and counts them anew.
 */
export async function refreshTask(db: Db, storeCode: string, internalTaskId: number, now: Date): Promise<{ count: number }> {
  return db.transaction(async (tx) => {
    const task = await requireTask(tx, and(eq(updateTasks.storeCode, storeCode), eq(updateTasks.internalTaskId, internalTaskId))!, () =>
      notFound(`Task ${internalTaskId} does not exist in store ${storeCode}.`),
    );
    if (task.endTime || (task.totalTags > 0 && task.updatedTags >= task.totalTags))
      throw conflict('The task is finished: there is nothing to refresh.', 'TASK_FINISHED');
    const reopened = await tx
      .update(taskItems)
      .set({ status: null, updatedAt: null, refreshed: now })
      .where(
        and(
          eq(taskItems.storeCode, storeCode),
          eq(taskItems.taskId, task.taskId),
          or(isNull(taskItems.status), eq(taskItems.status, 'NG')),
        ),
      )
      .returning({ tagMac: taskItems.tagMac });
    const macs = [...new Set(reopened.map((r) => r.tagMac))];
    if (!macs.length) throw conflict('Every tag of the task has answered OK: there is nothing to refresh.', 'TASK_FINISHED');
    await tx
      .update(tags)
      .set({ status: 'UPDATE', updatedAt: now })
      .where(and(eq(tags.storeCode, storeCode), inArray(tags.tagMac, macs)));
    const answered = await answeredCount(tx, storeCode, task.taskId);
    await tx.update(updateTasks).set({ updatedTags: answered, endTime: null, refreshed: now }).where(eq(updateTasks.id, task.id));
    return { count: macs.length };
  });
}

/** Tags of a task that have answered (OK or NG); a tag with several rows (multi assign) counts once. */
async function answeredCount(db: Db, storeCode: string, taskId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${taskItems.tagMac})::int` })
    .from(taskItems)
    .where(and(eq(taskItems.storeCode, storeCode), eq(taskItems.taskId, taskId), inArray(taskItems.status, ['OK', 'NG'])));
  return row.n;
}

/**
 * Revert a product update task: the tags still waiting for it are cancelled, and each of its products gets back
 * the content it had before — as a new update, so the tags whose content changes get a task of their own.
 */
export async function revertTask(db: Db, scope: UpdateScope, taskId: string): Promise<UpdateOutcome> {
  return db.transaction((tx) => revertIn(tx, scope, taskId));
}

async function revertIn(db: Db, scope: UpdateScope, taskId: string): Promise<UpdateOutcome> {
  const { storeCode, now } = scope;
  const task = await requireTask(db, and(eq(updateTasks.storeCode, storeCode), eq(updateTasks.taskId, taskId))!, () =>
    taskNotFound(storeCode, taskId),
  );
  if (task.taskType !== 'UPDATE' || !task.updateId) throw badRequest('Only product update tasks can be reverted.', 'NOT_REVERTIBLE');
  const changed = await db
    .select()
    .from(productUpdates)
    .where(and(eq(productUpdates.storeCode, storeCode), eq(productUpdates.updateId, task.updateId)));
  const previous = [];
  for (const row of changed) {
    const [prior] = await db
      .select()
      .from(productUpdates)
      .where(
        and(
          eq(productUpdates.storeCode, storeCode),
          eq(productUpdates.prCode, row.prCode),
          or(lt(productUpdates.updatedAt, row.updatedAt), and(eq(productUpdates.updatedAt, row.updatedAt), lt(productUpdates.id, row.id))),
        ),
      )
      .orderBy(desc(productUpdates.updatedAt), desc(productUpdates.id))
      .limit(1);
    if (prior)
      previous.push({
        prCode: prior.prCode,
        type: prior.type ?? undefined,
        prInfo: prior.prInfo,
        layoutId: prior.layoutId ?? '',
        nfc: prior.nfc ?? undefined,
      });
  }
  const usable = previous.filter((p) => p.layoutId);
  if (!usable.length) throw conflict('The products of this task have no earlier version to go back to.', 'NOTHING_TO_REVERT');
  await db
    .update(taskItems)
    .set({ status: 'CANCEL' })
    .where(and(eq(taskItems.storeCode, storeCode), eq(taskItems.taskId, taskId), isNull(taskItems.status)));
  await db
    .update(updateTasks)
    .set({ endTime: sql`coalesce(${updateTasks.endTime}, ${now.toISOString()}::timestamptz)` })
    .where(eq(updateTasks.id, task.id));
  return applyProductUpdate(db, scope, usable);
}
