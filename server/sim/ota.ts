import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { OTA_RESULT } from '../../contract/schemas/constants-admin';
import { collectingItems, otaDetails, otaTasks, tags } from '../db/schema/index';
import { PUSH_COLLECTING } from '../push/hub';
import { runningCollecting } from '../repos/collecting';
import { endIfAllFinished, type GwResults } from '../repos/ota';
import type { SimModule, TickContext } from './context';
import { unitHash } from './rng';

/** Tags one gateway serves in one transmission round (a broadcast reaches the tags awake in that window). */
export const OTA_TAGS_PER_ROUND = 50;
/** Most running jobs moved in one tick (one per store at most, so this is plenty). */
const MAX_RUNNING = 100;

type TaskRow = typeof otaTasks.$inferSelect;

/**
 * OTA jobs over simulated time (docs/architecture.md §6). The task's own parameters are seconds of OTA time, which runs at
 * settings.otaSpeed × the simulated clock:
 * - otaStartTime: the wake-up broadcast; nothing is sent before it ends;
 * - then rounds of otaTransmissionTime + otaSleepMinTime + otaSleepDistTime: in each round every unfinished gateway
 *   sends the firmware to its next OTA_TAGS_PER_ROUND waiting tags (by barcode), repeating it repeatCnt times; a tag
 *   stays on its old version only when every repeat fails (settings.failureRate each, decided by a seeded hash);
 * - a gateway whose tags are all done is finished; when every gateway is, the task and its collecting item end.
 * Updated tags get the firmware's version in the tags table. Stopped tasks are left alone.
 */
export function otaModule(): SimModule {
  /** OTA milliseconds run per task; a task first seen (after a restart) counts from its start time. */
  const elapsed = new Map<number, number>();
  const startedRound = new Map<number, number>();
  return {
    name: 'ota',
    async tick(ctx) {
      const { db } = ctx.deps;
      const running = await db
        .select()
        .from(otaTasks)
        .where(and(isNull(otaTasks.endTime), isNull(otaTasks.stoppedAt)))
        .orderBy(asc(otaTasks.id))
        .limit(MAX_RUNNING);
      const alive = new Set(running.map((t) => t.id));
      for (const id of elapsed.keys()) {
        if (alive.has(id)) continue;
        elapsed.delete(id);
        startedRound.delete(id);
      }
      for (const task of running) {
        const before = elapsed.get(task.id);
        const ms =
          before === undefined
            ? Math.max(0, ctx.now.getTime() - task.startTime.getTime()) * ctx.settings.otaSpeed
            : before + ctx.dt * ctx.settings.otaSpeed;
        elapsed.set(task.id, ms);
        await advance(ctx, task, ms / 1000, startedRound);
      }
    },
  };
}

async function advance(ctx: TickContext, task: TaskRow, seconds: number, startedRound: Map<number, number>): Promise<void> {
  if (seconds < task.otaStartTime) return;
  const { db } = ctx.deps;
  const round = Math.max(1, task.otaTransmissionTime + task.otaSleepMinTime + task.otaSleepDistTime);
  const roundsDone = Math.floor((seconds - task.otaStartTime) / round);
  const results: GwResults = structuredClone(task.gwResult as GwResults);
  let changed = false;
  for (const gw of Object.values(results)) {
    if (gw.finished) continue;
    const need = Math.min(gw.total, roundsDone * OTA_TAGS_PER_ROUND) - gw.done;
    if (need > 0) {
      gw.done += await sendRound(ctx, task, gw.gwIp, need);
      gw.finished = gw.done >= gw.total;
      changed = true;
    }
  }
  if (startedRound.get(task.id) !== roundsDone) {
    startedRound.set(task.id, roundsDone);
    await markSending(ctx, task, results);
  }
  if (!changed) return;
  const updated = Object.values(results).reduce((s, g) => s + g.done, 0);
  // The running guard keeps a task stopped meanwhile as it is.
  await db
    .update(otaTasks)
    .set({ gwResult: results, updatedTags: updated })
    .where(and(eq(otaTasks.id, task.id), isNull(otaTasks.stoppedAt), isNull(otaTasks.endTime)));
  if (task.collectingItemId) await db.update(collectingItems).set({ done: updated }).where(eq(collectingItems.id, task.collectingItemId));
  if (await endIfAllFinished(db, task.id, ctx.now)) ctx.deps.push.publish({ type: PUSH_COLLECTING, data: await runningCollecting(db) });
}

/** Ends the next `need` waiting tags of one gateway; answers how many there were. */
async function sendRound(ctx: TickContext, task: TaskRow, gwIp: string, need: number): Promise<number> {
  const { db } = ctx.deps;
  const waiting = await db
    .select({ id: otaDetails.id, tagMac: otaDetails.tagMac })
    .from(otaDetails)
    .where(and(eq(otaDetails.otaTaskId, task.id), eq(otaDetails.gwIp, gwIp), eq(otaDetails.result, OTA_RESULT.inProgress)))
    .orderBy(asc(otaDetails.barcode), asc(otaDetails.id))
    .limit(need);
  if (!waiting.length) return 0;
  const failed = (id: number) =>
    Array.from({ length: task.repeatCnt }, (_, k) => unitHash(ctx.seed, 'ota', id, k)).every((u) => u < ctx.settings.failureRate);
  const ok = waiting.filter((d) => !failed(d.id));
  const bad = waiting.filter((d) => failed(d.id));
  const now = ctx.now;
  if (ok.length) {
    await db
      .update(otaDetails)
      .set({
        result: OTA_RESULT.updated,
        version: task.tagVersion,
        endTime: now,
        startTime: sql`coalesce(${otaDetails.startTime}, ${now.toISOString()}::timestamptz)`,
      })
      .where(
        inArray(
          otaDetails.id,
          ok.map((d) => d.id),
        ),
      );
    await db
      .update(tags)
      .set({ version: task.tagVersion })
      .where(
        inArray(
          tags.tagMac,
          ok.map((d) => d.tagMac),
        ),
      );
  }
  if (bad.length) {
    await db
      .update(otaDetails)
      .set({
        result: OTA_RESULT.failed,
        endTime: now,
        startTime: sql`coalesce(${otaDetails.startTime}, ${now.toISOString()}::timestamptz)`,
      })
      .where(
        inArray(
          otaDetails.id,
          bad.map((d) => d.id),
        ),
      );
  }
  return waiting.length;
}

/** The tags of the round now on the air get their start time (the detail page shows them in progress since then). */
async function markSending(ctx: TickContext, task: TaskRow, results: GwResults): Promise<void> {
  const { db } = ctx.deps;
  for (const gw of Object.values(results)) {
    if (gw.finished) continue;
    const next = db
      .select({ id: otaDetails.id })
      .from(otaDetails)
      .where(and(eq(otaDetails.otaTaskId, task.id), eq(otaDetails.gwIp, gw.gwIp), eq(otaDetails.result, OTA_RESULT.inProgress)))
      .orderBy(asc(otaDetails.barcode), asc(otaDetails.id))
      .limit(OTA_TAGS_PER_ROUND);
    await db
      .update(otaDetails)
      .set({ startTime: ctx.now })
      .where(and(inArray(otaDetails.id, next), isNull(otaDetails.startTime)));
  }
}
