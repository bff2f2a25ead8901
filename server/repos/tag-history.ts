import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { wideTable } from '../../contract/schemas/common';
import { GATEWAY_ALARM_HISTORY_TABLE, type AlarmHistoryRow } from '../../contract/schemas/gateways';
import {
  TAG_ALARM_HISTORY_TABLE,
  TAG_BATTERY_HISTORY_TABLE,
  TAG_RESET_HISTORY_TABLE,
  TAG_TEMPERATURE_HISTORY_TABLE,
  TAG_UPDATE_HISTORY_TABLE,
  TASK_FAIL_TABLE,
  type TagAlarmHistoryRow,
  type TagBatteryHistoryRow,
  type TagResetHistoryRow,
  type TagTemperatureHistoryRow,
  type TagUpdateHistoryRow,
  type TaskFailRow,
} from '../../contract/schemas/tag-history';
import type { TableDef, TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import {
  aliases,
  gatewayAlarmHistory,
  gateways,
  products,
  tagAlarmHistory,
  tagBatteryHistory,
  tagResetHistory,
  tagTemperatureHistory,
  tagTypes,
  tags,
  taskItems,
  updateTasks,
  type AlarmClass,
} from '../db/schema/index';
import { notFound } from '../lib/errors';
import { withoutNulls } from '../lib/rows';
import { queryTable } from '../lib/table-sql';
import { normalizeMac } from './gateways';

/*
 * The histories of one tag (console-core §2: tables of 25 rows, newest first) and of one gateway, and the
 * failed tags of an update task. Every list is the table protocol over a whitelist of columns.
 */

const iso = (d: Date) => d.toISOString();
/** prInfo slots as one text, so that '~' finds a word in any slot. */
export const prInfoText = (column: PgColumn) =>
  sql<string>`(select coalesce(string_agg(v, ' '), '') from jsonb_array_elements_text(${column}) as v)`;
/** A table whose contract declares a time field 'number' compares epoch seconds (NOTES.md 10). */
const epochOf = (column: PgColumn) => sql<number>`extract(epoch from ${column})`;

type Body = Record<string, unknown>;

/** Update history: one row per update task that sent content to the tag. */
export async function tagUpdateHistory(db: Db, storeCode: string, tagMac: string, body: Body): Promise<TablePage<TagUpdateHistoryRow>> {
  // In progress and cancelled rows have no updatedAt: they sort and filter by the time their task started.
  const time = sql`coalesce(${taskItems.updatedAt}, ${taskItems.createdAt})`;
  const columns = {
    taskId: taskItems.taskId,
    prCode: taskItems.prCode,
    layoutId: taskItems.layoutId,
    prInfo: prInfoText(taskItems.prInfo),
    nfc: taskItems.nfc,
    status: taskItems.status,
    updatedAt: time,
  };
  const page = await queryTable<
    Pick<typeof taskItems.$inferSelect, 'taskId' | 'prCode' | 'layoutId' | 'prInfo' | 'nfc' | 'status' | 'updatedAt'>,
    keyof typeof columns
  >(
    db,
    wideTable(TAG_UPDATE_HISTORY_TABLE),
    body,
    {
      table: taskItems,
      columns,
      dateColumn: time,
      uniqueColumn: taskItems.id,
      base: [eq(taskItems.storeCode, storeCode), eq(taskItems.tagMac, tagMac)],
    },
    {
      taskId: taskItems.taskId,
      prCode: taskItems.prCode,
      layoutId: taskItems.layoutId,
      prInfo: taskItems.prInfo,
      nfc: taskItems.nfc,
      status: taskItems.status,
      updatedAt: taskItems.updatedAt,
    },
  );
  return {
    ...page,
    data: page.data.map((r) => ({
      taskId: r.taskId,
      prCode: r.prCode ?? '',
      layoutId: r.layoutId ?? '',
      prInfo: r.prInfo,
      ...(r.nfc !== null ? { nfc: r.nfc } : {}),
      ...(r.status !== null ? { status: r.status } : {}),
      // CANCEL is "a status without updatedAt" (console-core §2), whatever time the row may carry.
      ...(r.updatedAt && r.status !== 'CANCEL' ? { updatedAt: iso(r.updatedAt) } : {}),
    })),
  };
}

/** The simple histories: one value and its time per row. */
async function valueHistory<Row>(
  db: Db,
  def: TableDef,
  table: typeof tagBatteryHistory | typeof tagTemperatureHistory | typeof tagResetHistory | typeof tagAlarmHistory,
  columns: Record<string, PgColumn>,
  time: PgColumn,
  scope: { storeCode: string; tagMac: string },
  body: Body,
): Promise<TablePage<Row>> {
  const page = await queryTable<Record<string, unknown>, string>(
    db,
    def,
    body,
    {
      table,
      columns,
      dateColumn: time,
      uniqueColumn: table.id,
      base: [eq(table.storeCode, scope.storeCode), eq(table.tagMac, scope.tagMac)],
    },
    columns,
  );
  return {
    ...page,
    data: page.data.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? iso(v) : v])) as Row),
  };
}

type TagScope = { storeCode: string; tagMac: string };

export const tagBatteryPage = (db: Db, scope: TagScope, body: Body) =>
  valueHistory<TagBatteryHistoryRow>(
    db,
    wideTable(TAG_BATTERY_HISTORY_TABLE),
    tagBatteryHistory,
    { battery: tagBatteryHistory.battery, updatedAt: tagBatteryHistory.updatedAt },
    tagBatteryHistory.updatedAt,
    scope,
    body,
  );

export const tagResetPage = (db: Db, scope: TagScope, body: Body) =>
  valueHistory<TagResetHistoryRow>(
    db,
    wideTable(TAG_RESET_HISTORY_TABLE),
    tagResetHistory,
    { cnt: tagResetHistory.cnt, last_time: tagResetHistory.lastTime },
    tagResetHistory.lastTime,
    scope,
    body,
  );

export const tagTemperaturePage = (db: Db, scope: TagScope, body: Body) =>
  valueHistory<TagTemperatureHistoryRow>(
    db,
    wideTable(TAG_TEMPERATURE_HISTORY_TABLE),
    tagTemperatureHistory,
    { temperature: tagTemperatureHistory.temperature, updatedAt: tagTemperatureHistory.updatedAt },
    tagTemperatureHistory.updatedAt,
    scope,
    body,
  );

export const tagAlarmPage = (db: Db, scope: TagScope, body: Body) =>
  valueHistory<TagAlarmHistoryRow>(
    db,
    wideTable(TAG_ALARM_HISTORY_TABLE),
    tagAlarmHistory,
    { alarmType: tagAlarmHistory.alarmType, alarmTime: tagAlarmHistory.alarmTime },
    tagAlarmHistory.alarmTime,
    scope,
    body,
  );

/** The gateway of a store, by any spelling of its address; undefined when the store has no such gateway. */
export async function gatewayInStore(db: Db, storeCode: string, gwMac: string): Promise<string | undefined> {
  const [row] = await db
    .select({ gwMac: gateways.gwMac })
    .from(gateways)
    .where(and(eq(gateways.storeCode, storeCode), eq(gateways.gwMac, normalizeMac(gwMac))));
  return row?.gwMac;
}

/** Alarm history of a gateway (10 rows a page in the console). type and class are codes, compared as text. */
export async function gatewayAlarmPage(db: Db, storeCode: string, gwMac: string, body: Body): Promise<TablePage<AlarmHistoryRow>> {
  const h = gatewayAlarmHistory;
  const columns = { type: sql`${h.type}::text`, class: sql`${h.class}::text`, location: h.location, updatedAt: epochOf(h.updatedAt) };
  const page = await queryTable<{ location: string; type: number; class: AlarmClass; updatedAt: Date }, keyof typeof columns>(
    db,
    wideTable(GATEWAY_ALARM_HISTORY_TABLE),
    body,
    { table: h, columns, dateColumn: h.updatedAt, uniqueColumn: h.id, base: [eq(h.storeCode, storeCode), eq(h.gwMac, gwMac)] },
    { location: h.location, type: h.type, class: h.class, updatedAt: h.updatedAt },
  );
  return {
    ...page,
    data: page.data.map((r) => ({ location: r.location, type: String(r.type), class: r.class, updatedAt: iso(r.updatedAt) })),
  };
}

/** Tags that failed (NG) in one update task of a store; 404 when the store has no such task. */
export async function taskFailPage(db: Db, storeCode: string, taskId: string, body: Body): Promise<TablePage<TaskFailRow>> {
  const [task] = await db
    .select({ id: updateTasks.id })
    .from(updateTasks)
    .where(and(eq(updateTasks.storeCode, storeCode), eq(updateTasks.taskId, taskId)));
  if (!task) throw notFound(`Task ${taskId} does not exist in store ${storeCode}.`);
  const t = taskItems;
  const columns = {
    barcode: t.barcode,
    tagMac: t.tagMac,
    prCode: t.prCode,
    layoutId: t.layoutId,
    status: t.status,
    updatedAt: t.updatedAt,
  };
  const page = await queryTable<Pick<typeof t.$inferSelect, keyof typeof columns>, keyof typeof columns>(
    db,
    wideTable(TASK_FAIL_TABLE),
    body,
    {
      table: t,
      columns,
      dateColumn: t.updatedAt,
      uniqueColumn: t.id,
      base: [eq(t.storeCode, storeCode), eq(t.taskId, taskId), eq(t.status, 'NG')],
    },
    columns,
  );
  return {
    ...page,
    data: page.data.map(({ updatedAt, status, ...rest }) => ({
      ...withoutNulls(rest),
      status: status ?? '',
      ...(updatedAt ? { updatedAt: iso(updatedAt) } : {}),
    })),
  };
}

// ---- Preview ----

export interface PreviewData {
  tagMac: string;
  barcode: string;
  /** The tag's company: its layout config chooses the label style. */
  companyCode: string;
  /** The tag's layout, else its product's. */
  layoutId: string | null;
  /** Pixels of the tag's screen, when its type is known. */
  size?: { width: number; height: number };
  /** Two-character tag type code: the size and whether it has a third colour. */
  tagType: string | null;
  aliasNames: { index: number; name: string }[];
  /** The products the tag shows, first the main one; empty when it shows none. */
  pages: { prCode: string; prInfo: string[] }[];
}

/**
 * What the tag shows: its product (the stored prInfo), and for a multi assign the further products of the
 * task that last sent it content. A product code that names no product of the store counts as no product.
 */
export async function previewData(db: Db, storeCode: string, tagMac: string): Promise<PreviewData> {
  const [tag] = await db
    .select({
      tagMac: tags.tagMac,
      barcode: tags.barcode,
      prCode: tags.prCode,
      layoutId: tags.layoutId,
      tagType: tags.tagType,
      companyCode: tags.companyCode,
    })
    .from(tags)
    .where(and(eq(tags.storeCode, storeCode), eq(tags.tagMac, tagMac)));
  if (!tag) throw notFound(`Tag ${tagMac} does not exist in store ${storeCode}.`);
  const [type] = tag.tagType
    ? await db
        .select({ width: tagTypes.width, height: tagTypes.height })
        .from(tagTypes)
        .where(eq(tagTypes.prefix, tag.tagType.toUpperCase()))
    : [];
  const aliasNames = await db
    .select({ index: aliases.index, name: aliases.name })
    .from(aliases)
    .where(eq(aliases.companyCode, tag.companyCode))
    .orderBy(asc(aliases.index));
  const pages: PreviewData['pages'] = [];
  let layoutId = tag.layoutId;
  if (tag.prCode) {
    const [product] = await db
      .select({ prCode: products.prCode, prInfo: products.prInfo, layoutId: products.layoutId })
      .from(products)
      .where(and(eq(products.storeCode, storeCode), eq(products.prCode, tag.prCode)));
    if (product) {
      pages.push({ prCode: product.prCode, prInfo: product.prInfo });
      pages.push(...(await furtherProducts(db, storeCode, tag.tagMac, tag.prCode)));
      layoutId = tag.layoutId ?? product.layoutId;
    }
  }
  return {
    tagMac: tag.tagMac,
    barcode: tag.barcode,
    companyCode: tag.companyCode,
    layoutId,
    tagType: tag.tagType,
    ...(type?.width && type.height ? { size: { width: type.width, height: type.height } } : {}),
    aliasNames,
    pages,
  };
}

/** The other products of the tag's latest task, when that task sent several (a multi assign) led by prCode. */
async function furtherProducts(db: Db, storeCode: string, tagMac: string, prCode: string): Promise<{ prCode: string; prInfo: string[] }[]> {
  const mine = and(eq(taskItems.storeCode, storeCode), eq(taskItems.tagMac, tagMac));
  const [latest] = await db
    .select({ taskId: taskItems.taskId })
    .from(taskItems)
    .where(mine)
    .orderBy(desc(taskItems.createdAt), desc(taskItems.id))
    .limit(1);
  if (!latest) return [];
  const rows = await db
    .select({ prCode: taskItems.prCode, prInfo: taskItems.prInfo })
    .from(taskItems)
    .where(and(mine, eq(taskItems.taskId, latest.taskId)))
    .orderBy(asc(taskItems.id));
  if (rows.length < 2 || rows[0].prCode !== prCode) return [];
  return rows.slice(1).flatMap((r) => (r.prCode ? [{ prCode: r.prCode, prInfo: r.prInfo }] : []));
}
