import { and, eq, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import { stores, tags, taskItems, updateTasks, type TagStatus } from '../db/schema/index';
import { PUSH_TAG_STATUS } from '../push/hub';
import { raiseSystemAlarms, raiseTagAlarms, type SystemAlarmInput } from './alarms';
import { groupBy, type SimModule, type TickContext } from './context';
import { Rng, streamSeed, unitHash } from './rng';

/** Statuses the radio still has to answer: an assign/reassign (WIP) or a content update (UPDATE). */
const PENDING: TagStatus[] = ['WIP', 'UPDATE'];
/** At most one update-failure system alarm per store in this much simulated time. */
const FAILURE_ALARM_GAP_MS = 60_000;

export interface TagStatusChange {
  storeCode: string;
  tagMac: string;
  barcode: string;
  status: TagStatus;
  updatedAt: string;
}

/**
 * WIP/UPDATE tags answer OK or NG after a per-tag delay (batteries.ts drains their batteries). The delay is fixed
 * by the tag and its open update row, never by the wall clock, so two runs on the same data answer the same tags
 * in the same ticks; outcomes then come from the module's own stream in a fixed order.
 */
export function tagsModule(): SimModule {
  let storeCodes: string[] = [];
  const lastFailureAlarm = new Map<string, number>();
  let outcomes: Rng | undefined;

  async function refreshCaches(ctx: TickContext) {
    const all = (await ctx.deps.db.select({ storeCode: stores.storeCode }).from(stores)).map((r) => r.storeCode);
    storeCodes = ctx.tagStores ? all.filter((code) => ctx.tagStores!.includes(code)) : all;
  }

  return {
    name: 'tags',
    async tick(ctx) {
      if (ctx.due('tags.cache', ctx.settings.cacheEveryMs)) await refreshCaches(ctx);
      outcomes ??= new Rng(streamSeed(ctx.seed, 'tags.outcome'));
      await answerPendingTags(ctx, storeCodes, outcomes, lastFailureAlarm);
    },
  };
}

async function answerPendingTags(ctx: TickContext, storeCodes: string[], outcomes: Rng, lastFailureAlarm: Map<string, number>) {
  const { db } = ctx.deps;
  const s = ctx.settings;
  if (!storeCodes.length) return;
  const nowMs = ctx.now.getTime();
  const cutoff = new Date(nowMs - s.tagResponseMinMs);
  // The (storeCode, status, ...) index finds pending tags without reading the rest. No ORDER BY and no time
  // condition in SQL: either would read every pending tag (50,000 after a reassign-all) on every tick; with a
  // bare LIMIT a tick reads at most one batch, and those not due yet are sorted out below.
  const candidates = (
    await db
      .select({
        tagMac: tags.tagMac,
        storeCode: tags.storeCode,
        companyCode: tags.companyCode,
        barcode: tags.barcode,
        updatedAt: tags.updatedAt,
      })
      .from(tags)
      .where(and(inArray(tags.storeCode, storeCodes), inArray(tags.status, PENDING)))
      .limit(s.tagBatchSize)
  ).sort((a, b) => (a.updatedAt?.getTime() ?? 0) - (b.updatedAt?.getTime() ?? 0) || (a.tagMac < b.tagMac ? -1 : 1));
  if (!candidates.length) return;

  const openItems = await db
    .select({ tagMac: taskItems.tagMac, id: max(taskItems.id) })
    .from(taskItems)
    .where(and(...ofTags(candidates), isNull(taskItems.status)))
    .groupBy(taskItems.tagMac);
  const itemOf = new Map(openItems.map((r) => [r.tagMac, r.id]));

  const answered = { OK: [] as string[], NG: [] as string[] };
  for (const tag of candidates) {
    // The open update row tells one request of a tag from the next.
    const delay =
      s.tagResponseMinMs +
      unitHash(ctx.seed, 'delay', tag.tagMac, itemOf.get(tag.tagMac) ?? '') * (s.tagResponseMaxMs - s.tagResponseMinMs);
    if ((tag.updatedAt?.getTime() ?? 0) + delay > nowMs) continue;
    answered[outcomes.chance(s.failureRate) ? 'NG' : 'OK'].push(tag.tagMac);
  }

  const changes: TagStatusChange[] = [];
  for (const status of ['OK', 'NG'] as const) {
    if (!answered[status].length) continue;
    // The cutoff guard leaves alone a tag that was requested again since it was read.
    const rows = await db
      .update(tags)
      .set({ status, respondedAt: ctx.now })
      .where(and(inArray(tags.tagMac, answered[status]), inArray(tags.status, PENDING), lte(tags.updatedAt, cutoff)))
      .returning({ storeCode: tags.storeCode, tagMac: tags.tagMac, barcode: tags.barcode });
    for (const r of rows) changes.push({ ...r, status, updatedAt: ctx.now.toISOString() });
    if (rows.length) await closeTaskItems(ctx, rows, status);
  }
  if (!changes.length) return;

  const byStore = groupBy(changes, (c) => c.storeCode);
  for (const [storeCode, data] of byStore) ctx.deps.push.publish({ type: PUSH_TAG_STATUS, storeCode, data });

  const failed = changes.filter((c) => c.status === 'NG');
  await raiseTagAlarms(
    db,
    failed.map((c) => ({ storeCode: c.storeCode, tagMac: c.tagMac, alarmType: 'UPDATE_FAILURE' })),
    ctx.now,
  );
  const companyOf = new Map(candidates.map((c) => [c.storeCode, c.companyCode]));
  const alarms: SystemAlarmInput[] = [];
  for (const [storeCode, list] of groupBy(failed, (c) => c.storeCode)) {
    if (nowMs - (lastFailureAlarm.get(storeCode) ?? -Infinity) < FAILURE_ALARM_GAP_MS) continue;
    lastFailureAlarm.set(storeCode, nowMs);
    alarms.push({
      type: 'TAG_UPDATE_FAILURE',
      location: storeCode,
      companyCode: companyOf.get(storeCode),
      data: { count: list.length, tagMacs: list.slice(0, 20).map((c) => c.tagMac) },
    });
  }
  await raiseSystemAlarms(db, alarms, ctx.now);
}

/**
 * Update rows of these tags. Tag addresses are unique across stores; the store list only lets the
 * (storeCode, tagMac) index work. Flat IN lists, never a row-value list: PGlite's stack overflows on
 * a thousand `(a, b)` pairs.
 */
function ofTags(rows: { storeCode: string; tagMac: string }[]) {
  return [
    inArray(taskItems.storeCode, [...new Set(rows.map((r) => r.storeCode))]),
    inArray(
      taskItems.tagMac,
      rows.map((r) => r.tagMac),
    ),
  ];
}

/** The open update rows of the answered tags get their result; their tasks count them. */
async function closeTaskItems(ctx: TickContext, rows: { storeCode: string; tagMac: string }[], status: 'OK' | 'NG') {
  const { db } = ctx.deps;
  const closed = await db
    .update(taskItems)
    .set({ status, updatedAt: ctx.now })
    .where(and(...ofTags(rows), isNull(taskItems.status)))
    .returning({ storeCode: taskItems.storeCode, taskId: taskItems.taskId, tagMac: taskItems.tagMac });
  const perTask = groupBy(closed, (r) => `${r.storeCode}\u0000${r.taskId}`);
  for (const list of perTask.values()) {
    const { storeCode, taskId } = list[0];
    // A task counts tags; a multi assign gives a tag one row per product shown.
    const n = new Set(list.map((r) => r.tagMac)).size;
    await db
      .update(updateTasks)
      .set({
        updatedTags: sql`least(${updateTasks.totalTags}, ${updateTasks.updatedTags} + ${n})`,
        endTime: sql`case when ${updateTasks.endTime} is null and ${updateTasks.updatedTags} + ${n} >= ${updateTasks.totalTags} then ${ctx.now.toISOString()}::timestamptz else ${updateTasks.endTime} end`,
      })
      .where(and(eq(updateTasks.storeCode, storeCode), eq(updateTasks.taskId, taskId)));
  }
}
