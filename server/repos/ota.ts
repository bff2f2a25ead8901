import { and, asc, count, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { OTA_RESULT } from '../../contract/schemas/constants-admin';
import {
  OTA_DETAIL_TABLE,
  OTA_HISTORY_TABLE,
  type OtaDetailRow,
  type OtaGateway,
  type OtaStore,
  type OtaTask,
} from '../../contract/schemas/ota';
import { wideTable } from '../../contract/schemas/common';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { collectingItems, firmwares, gateways, otaDetails, otaTasks, stores, tags } from '../db/schema/index';
import { queryTable } from '../lib/table-sql';
import { inScope, type StoreScope } from './stats';

type Body = Record<string, unknown>;
type TaskRow = typeof otaTasks.$inferSelect;
/** gwResult as stored: per gateway MAC. */
export type GwResults = Record<string, { gwIp: string; finished: boolean; total: number; done: number }>;

const OTA_CMD = 'OTA';
const runningTask = and(isNull(otaTasks.endTime), isNull(otaTasks.stoppedAt));
const epochOf = (column: PgColumn | SQL) => sql<number>`extract(epoch from ${column})`;
const progressOf = sql<number>`case when ${otaTasks.totalTags} > 0 then floor(${otaTasks.updatedTags} * 100.0 / ${otaTasks.totalTags})::int else -1 end`;
/** The address without the fixed port 8080: the console lists and sends gateway IPs either way. */
export const bareIp = (ip: string) => ip.replace(/:\d+$/, '');

export async function otaStores(db: Db, scope: StoreScope): Promise<OtaStore[]> {
  // Qualified by hand: inside a subquery Drizzle writes bare column names, and "store_code" would name the inner table's.
  const gwCount = sql<number>`(select count(*)::int from "gateways" g where g.store_code = "stores"."store_code")`;
  const running = sql<boolean>`exists (select 1 from "ota_tasks" o where o.store_code = "stores"."store_code" and o.end_time is null and o.stopped_at is null)`;
  return db
    .select({ storeCode: stores.storeCode, storeName: stores.storeName, companyCode: stores.companyCode, gatewayCount: gwCount, running })
    .from(stores)
    .where(inScope(stores.storeCode, scope))
    .orderBy(asc(stores.storeCode));
}

export async function otaGateways(db: Db, storeCode: string): Promise<OtaGateway[]> {
  const rows = await db
    .select({ gwMac: gateways.gwMac, ip: gateways.ip, status: gateways.status, otaCh: gateways.dataChannel })
    .from(gateways)
    .where(eq(gateways.storeCode, storeCode))
    .orderBy(asc(gateways.gwIndex), asc(gateways.gwMac));
  // The tags table is the truth about which tags a gateway serves (gateways' own tagCount is what they report).
  const counts = await db.select({ gwMac: tags.gwMac, n: count() }).from(tags).where(eq(tags.storeCode, storeCode)).groupBy(tags.gwMac);
  const byGw = new Map(counts.map((c) => [c.gwMac, c.n]));
  return rows.map((r) => ({ gwMac: r.gwMac, ip: bareIp(r.ip ?? ''), status: r.status, tagCount: byGw.get(r.gwMac) ?? 0, otaCh: r.otaCh }));
}

export function toOtaTask(row: TaskRow): OtaTask {
  const results = row.gwResult as GwResults;
  const otaType = row.otaType !== null && /^\d+$/.test(row.otaType) ? Number(row.otaType) : (row.otaType ?? '');
  return {
    taskId: String(row.id),
    storeCode: row.storeCode,
    totalTags: row.totalTags,
    updatedTags: row.updatedTags,
    progress: row.totalTags > 0 ? Math.floor((row.updatedTags * 100) / row.totalTags) : -1,
    startTime: new Date(row.startTime).toISOString(),
    endTime: row.endTime ? new Date(row.endTime).toISOString() : -1,
    detail: row.detail,
    gwResult: row.detail.map((g) => ({
      gwMac: g.gwMac,
      gwIp: g.gwIp,
      finished: results[g.gwMac]?.finished ?? false,
      total: results[g.gwMac]?.total ?? 0,
      done: results[g.gwMac]?.done ?? 0,
    })),
    fwName: row.fwName ?? '',
    fileName: row.fileName ?? '',
    otaType,
    tagVersion: row.tagVersion ?? 0,
    startVersion: row.startVersion ?? 0,
    endVersion: row.endVersion ?? 0,
    repeatCnt: row.repeatCnt,
    otaStartTime: row.otaStartTime,
    otaSleepMinTime: row.otaSleepMinTime,
    otaSleepDistTime: row.otaSleepDistTime,
    otaTransmissionTime: row.otaTransmissionTime,
  };
}

/** Ids are bigserial numbers; anything else names no task. */
export const taskIdOf = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : 0);

export async function findOtaTask(db: Db, storeCode: string, id: number): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(otaTasks)
    .where(and(eq(otaTasks.id, id), eq(otaTasks.storeCode, storeCode)));
  return row;
}

export async function runningOtaTask(db: Db, storeCode: string): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(otaTasks)
    .where(and(eq(otaTasks.storeCode, storeCode), runningTask))
    .orderBy(asc(otaTasks.id))
    .limit(1);
  return row;
}

export interface NewOtaTask {
  storeCode: string;
  companyCode: string;
  fwName: string;
  file: { fileName: string; filePath: string; size: number; checkSum: number };
  otaType: number;
  tagVersion: number;
  startVersion: number;
  endVersion: number;
  gateways: { gwIp: string; gwMac: string; otaCh: number }[];
  params: { repeatCnt: number; otaStartTime: number; otaSleepMinTime: number; otaSleepDistTime: number; otaTransmissionTime: number };
  now: Date;
}

/**
 * One task with a detail row for every tag under the chosen gateways whose version lies in the target range, and
 * its collecting item; all or nothing. Answers undefined when a job runs in the store already.
 */
export async function createOtaTask(db: Db, input: NewOtaTask): Promise<TaskRow | undefined> {
  return db.transaction(async (tx) => {
    // One job per store: the store row's lock keeps two starts from both passing the check.
    await tx.execute(sql`select 1 from ${stores} where ${stores.storeCode} = ${input.storeCode} for update`);
    const [busy] = await tx
      .select({ id: otaTasks.id })
      .from(otaTasks)
      .where(and(eq(otaTasks.storeCode, input.storeCode), runningTask))
      .limit(1);
    if (busy) return undefined;
    const [fw] = await tx
      .insert(firmwares)
      .values({
        fwName: input.fwName,
        otaType: String(input.otaType),
        fwVersion: input.tagVersion,
        targetStartVersion: input.startVersion,
        targetEndVersion: input.endVersion,
        targetCheckSum: input.file.checkSum.toString(16).padStart(8, '0'),
        fileName: input.file.fileName,
        filePath: input.file.filePath,
        size: input.file.size,
        createdAt: input.now,
      })
      .returning({ id: firmwares.id });
    const macs = input.gateways.map((g) => g.gwMac);
    const inRange = and(
      eq(tags.storeCode, input.storeCode),
      inArray(tags.gwMac, macs),
      sql`${tags.version} between ${input.startVersion} and ${input.endVersion}`,
    );
    const perGw = await tx.select({ gwMac: tags.gwMac, n: count() }).from(tags).where(inRange).groupBy(tags.gwMac);
    const totals = new Map(perGw.map((r) => [r.gwMac, r.n]));
    const total = perGw.reduce((s, r) => s + r.n, 0);
    const gwResult: GwResults = Object.fromEntries(
      input.gateways.map((g) => [g.gwMac, { gwIp: g.gwIp, total: totals.get(g.gwMac) ?? 0, done: 0, finished: !totals.get(g.gwMac) }]),
    );
    const [item] = await tx
      .insert(collectingItems)
      .values({
        storeCode: input.storeCode,
        companyCode: input.companyCode,
        kind: 'ota',
        cmd: OTA_CMD,
        otaType: String(input.otaType),
        total,
        startedAt: input.now,
        ...(total ? {} : { finishedAt: input.now }),
      })
      .returning({ id: collectingItems.id });
    const [task] = await tx
      .insert(otaTasks)
      .values({
        storeCode: input.storeCode,
        firmwareId: fw.id,
        fwName: input.fwName,
        fileName: input.file.fileName,
        otaType: String(input.otaType),
        tagVersion: input.tagVersion,
        startVersion: input.startVersion,
        endVersion: input.endVersion,
        totalTags: total,
        updatedTags: 0,
        detail: input.gateways,
        gwResult,
        ...input.params,
        startTime: input.now,
        endTime: total ? null : input.now,
        collectingItemId: item.id,
      })
      .returning();
    // The tag's gateway address is the one the console sent for that gateway.
    const ipOf = sql.join(
      input.gateways.map((g) => sql`when ${g.gwMac} then ${g.gwIp}`),
      sql` `,
    );
    await tx.execute(sql`
      insert into ${otaDetails} (ota_task_id, barcode, tag_mac, version, result, gw_ip)
      select ${task.id}, ${tags.barcode}, ${tags.tagMac}, ${tags.version}, ${OTA_RESULT.inProgress}, case ${tags.gwMac} ${ipOf} end
      from ${tags} where ${inRange}`);
    return task;
  });
}

/** Counts the detail rows again (what the gateways reported) and answers the task as it is then. */
export async function refreshOtaTask(db: Db, task: TaskRow): Promise<TaskRow> {
  const rows = await db
    .select({
      gwIp: otaDetails.gwIp,
      n: count(),
      done: sql<number>`count(*) filter (where ${otaDetails.result} <> ${OTA_RESULT.inProgress})`.mapWith(Number),
    })
    .from(otaDetails)
    .where(eq(otaDetails.otaTaskId, task.id))
    .groupBy(otaDetails.gwIp);
  const results = { ...(task.gwResult as GwResults) };
  for (const [mac, r] of Object.entries(results)) {
    const row = rows.find((x) => x.gwIp === r.gwIp);
    results[mac] = { ...r, total: row?.n ?? 0, done: row?.done ?? 0, finished: r.finished || (row?.n ?? 0) === (row?.done ?? 0) };
  }
  const updated = rows.reduce((s, r) => s + r.done, 0);
  const [row] = await db.update(otaTasks).set({ updatedTags: updated, gwResult: results }).where(eq(otaTasks.id, task.id)).returning();
  return row;
}

/** The gateway says it is done: its tags still waiting end as not updated. Answers false for a gateway not in the task. */
export async function finishOtaGateway(db: Db, task: TaskRow, gwMac: string, now: Date): Promise<boolean> {
  const results = task.gwResult as GwResults;
  const key = Object.keys(results).find((mac) => mac.toLowerCase() === gwMac.toLowerCase());
  if (!key) return false;
  await db
    .update(otaDetails)
    .set({ result: OTA_RESULT.failed, endTime: now })
    .where(and(eq(otaDetails.otaTaskId, task.id), eq(otaDetails.gwIp, results[key].gwIp), eq(otaDetails.result, OTA_RESULT.inProgress)));
  const fresh = await refreshOtaTask(db, task);
  const next = { ...(fresh.gwResult as GwResults) };
  next[key] = { ...next[key], finished: true };
  await db.update(otaTasks).set({ gwResult: next }).where(eq(otaTasks.id, task.id));
  await endIfAllFinished(db, task.id, now);
  return true;
}

/** Ends a task whose every gateway finished, with its collecting item. */
export async function endIfAllFinished(db: Db, taskId: number, now: Date): Promise<boolean> {
  const [task] = await db
    .select()
    .from(otaTasks)
    .where(and(eq(otaTasks.id, taskId), runningTask));
  if (!task || !Object.values(task.gwResult as GwResults).every((g) => g.finished)) return false;
  await db
    .update(otaTasks)
    .set({ endTime: now })
    .where(and(eq(otaTasks.id, taskId), runningTask));
  if (task.collectingItemId) {
    await db
      .update(collectingItems)
      .set({ done: task.updatedTags, finishedAt: now })
      .where(and(eq(collectingItems.id, task.collectingItemId), isNull(collectingItems.finishedAt), isNull(collectingItems.stoppedAt)));
  }
  return true;
}

/** Halts a running task: tags still waiting end as not updated. */
async function haltTask(db: Db, task: TaskRow, now: Date): Promise<void> {
  await db
    .update(otaTasks)
    .set({ stoppedAt: now, endTime: now })
    .where(and(eq(otaTasks.id, task.id), runningTask));
  await db
    .update(otaDetails)
    .set({ result: OTA_RESULT.failed, endTime: now })
    .where(and(eq(otaDetails.otaTaskId, task.id), eq(otaDetails.result, OTA_RESULT.inProgress)));
}

/**
 * otaStop: the store's running job — the one of the named collecting item when `collectingId` is given. Stops the
 * collecting item too. Answers the task stopped, or undefined when nothing ran.
 */
export async function stopOta(db: Db, storeCode: string, collectingId: number | undefined, now: Date): Promise<TaskRow | undefined> {
  const where = collectingId === undefined ? runningTask : and(runningTask, eq(otaTasks.collectingItemId, collectingId));
  const [task] = await db
    .select()
    .from(otaTasks)
    .where(and(eq(otaTasks.storeCode, storeCode), where))
    .limit(1);
  if (!task) return undefined;
  await haltTask(db, task, now);
  if (task.collectingItemId) {
    await db
      .update(collectingItems)
      .set({ stoppedAt: now })
      .where(and(eq(collectingItems.id, task.collectingItemId), isNull(collectingItems.finishedAt), isNull(collectingItems.stoppedAt)));
  }
  return task;
}

/** Stopping a collecting item from the header stops the OTA job it stands for. */
export async function stopOtaOfCollecting(db: Db, collectingId: number, now = new Date()): Promise<void> {
  const [task] = await db
    .select()
    .from(otaTasks)
    .where(and(eq(otaTasks.collectingItemId, collectingId), runningTask));
  if (task) await haltTask(db, task, now);
}

export async function otaHistoryPage(db: Db, storeCode: string, body: Body): Promise<TablePage<OtaTask>> {
  const t = otaTasks;
  const columns = {
    taskId: sql`${t.id}::text`,
    fwName: t.fwName,
    fileName: t.fileName,
    otaType: t.otaType,
    tagVersion: t.tagVersion,
    startVersion: t.startVersion,
    endVersion: t.endVersion,
    progress: progressOf,
    totalTags: t.totalTags,
    updatedTags: t.updatedTags,
    startTime: epochOf(t.startTime),
    endTime: epochOf(t.endTime),
  };
  const page = await queryTable<TaskRow, keyof typeof columns>(
    db,
    wideTable(OTA_HISTORY_TABLE),
    body,
    { table: t, columns, dateColumn: t.startTime, uniqueColumn: t.id, base: [eq(t.storeCode, storeCode)] },
    getTableColumns(t),
  );
  return { ...page, data: page.data.map((row) => toOtaTask(row)) };
}

export async function otaDetailPage(db: Db, taskId: number, body: Body): Promise<TablePage<OtaDetailRow>> {
  const d = otaDetails;
  const columns = {
    barcode: d.barcode,
    tagMac: d.tagMac,
    version: d.version,
    result: d.result,
    gwIp: d.gwIp,
    startTime: epochOf(d.startTime),
    endTime: epochOf(d.endTime),
  };
  const page = await queryTable<typeof d.$inferSelect, keyof typeof columns>(
    db,
    wideTable(OTA_DETAIL_TABLE),
    body,
    { table: d, columns, dateColumn: d.startTime, uniqueColumn: d.id, base: [eq(d.otaTaskId, taskId)] },
    {
      id: d.id,
      barcode: d.barcode,
      tagMac: d.tagMac,
      version: d.version,
      result: d.result,
      gwIp: d.gwIp,
      startTime: d.startTime,
      endTime: d.endTime,
    },
  );
  return {
    ...page,
    data: page.data.map((r) => ({
      barcode: r.barcode,
      tagMac: r.tagMac,
      version: r.version,
      result: r.result,
      gwIp: r.gwIp ?? '',
      startTime: r.startTime ? new Date(r.startTime).toISOString() : null,
      endTime: r.endTime ? new Date(r.endTime).toISOString() : null,
    })),
  };
}
