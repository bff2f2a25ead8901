import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { wideTable } from '../../contract/schemas/common';
import {
  PRODUCT_UPDATE_HISTORY_TABLE,
  UPDATE_TASK_DETAIL_TABLE,
  UPDATE_TASK_TABLE,
  type ProductUpdateHistoryRow,
  type UpdateTaskDetailRow,
  type UpdateTaskRecord,
} from '../../contract/schemas/products';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { productUpdates, updateTasks } from '../db/schema/index';
import { queryTable } from '../lib/table-sql';
import { prInfoText } from './tag-history';

type Body = Record<string, unknown>;
const epochOf = (column: PgColumn | SQL) => sql<number>`extract(epoch from ${column})`;
const h = productUpdates;
type HistoryRow = typeof h.$inferSelect;
const historyColumns = {
  updateId: h.updateId,
  prCode: h.prCode,
  layoutId: h.layoutId,
  prInfo: prInfoText(h.prInfo),
  nfc: h.nfc,
  updatedAt: epochOf(h.updatedAt),
};
const historySelect = {
  id: h.id,
  updateId: h.updateId,
  prCode: h.prCode,
  layoutId: h.layoutId,
  prInfo: h.prInfo,
  nfc: h.nfc,
  updatedAt: h.updatedAt,
};
const historyOut = (r: Pick<HistoryRow, 'updateId' | 'prCode' | 'layoutId' | 'prInfo' | 'nfc' | 'updatedAt'>) => ({
  updateId: r.updateId,
  prCode: r.prCode,
  layoutId: r.layoutId ?? '',
  prInfo: r.prInfo,
  nfc: r.nfc ?? '',
  updatedAt: r.updatedAt.toISOString(),
});

/** /product/{company}/{store}/{prCode}/update/history: every recorded version of one product, newest first. */
export async function productUpdateHistoryPage(
  db: Db,
  storeCode: string,
  prCode: string,
  body: Body,
): Promise<TablePage<ProductUpdateHistoryRow>> {
  const page = await queryTable<HistoryRow, keyof typeof PRODUCT_UPDATE_HISTORY_TABLE.fields>(
    db,
    wideTable(PRODUCT_UPDATE_HISTORY_TABLE),
    body,
    {
      table: h,
      columns: historyColumns,
      dateColumn: h.updatedAt,
      uniqueColumn: h.id,
      base: [eq(h.storeCode, storeCode), eq(h.prCode, prCode)],
    },
    historySelect,
  );
  return { ...page, data: page.data.map(historyOut) };
}

/** The products of one update (update task detail); `taskId` narrows to the rows that task sent. */
export async function updateTaskDetailPage(
  db: Db,
  storeCode: string,
  updateId: string,
  body: Body,
): Promise<TablePage<UpdateTaskDetailRow>> {
  const taskId = typeof body.taskId === 'string' && body.taskId ? eq(h.taskId, body.taskId) : undefined;
  const page = await queryTable<HistoryRow, keyof typeof UPDATE_TASK_DETAIL_TABLE.fields>(
    db,
    wideTable(UPDATE_TASK_DETAIL_TABLE),
    body,
    {
      table: h,
      columns: historyColumns,
      dateColumn: h.updatedAt,
      uniqueColumn: h.id,
      base: [eq(h.storeCode, storeCode), eq(h.updateId, updateId), taskId],
    },
    historySelect,
  );
  return {
    ...page,
    data: page.data.map((r) => {
      const { updateId: _updateId, ...row } = historyOut(r);
      return row;
    }),
  };
}

/** /product/{store}/update/task/list: one row per product update of the store and the tag task it started. */
export async function updateTaskPage(db: Db, storeCode: string, body: Body): Promise<TablePage<UpdateTaskRecord>> {
  const u = updateTasks;
  const columns = {
    taskId: u.taskId,
    updateId: u.updateId,
    productCount: u.productCount,
    tagCount: u.totalTags,
    updatedAt: epochOf(u.startTime),
  };
  const page = await queryTable<typeof u.$inferSelect, keyof typeof columns>(
    db,
    wideTable(UPDATE_TASK_TABLE),
    body,
    { table: u, columns, dateColumn: u.startTime, uniqueColumn: u.id, base: [eq(u.storeCode, storeCode), sql`${u.updateId} is not null`] },
    {
      id: u.id,
      taskId: u.taskId,
      internalTaskId: u.internalTaskId,
      productCount: u.productCount,
      totalTags: u.totalTags,
      updateId: u.updateId,
      startTime: u.startTime,
    },
  );
  return {
    ...page,
    data: page.data.map((r) => ({
      taskId: r.taskId,
      internalTaskId: r.internalTaskId,
      productCount: r.productCount,
      tagCount: r.totalTags,
      updateId: r.updateId ?? '',
      updatedAt: r.startTime.toISOString(),
    })),
  };
}
