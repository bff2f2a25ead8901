import { and, asc, eq, isNull, type Column, type SQL } from 'drizzle-orm';
import type { CollectingItem, CollectingList } from '../../contract/schemas/collecting';
import type { Db } from '../db/client';
import { collectingItems, stores } from '../db/schema/index';
import { inScope, type StoreScope } from './stats';

/** Most items listed: the header shows a short list (our choice, the simulator's running limit). */
const COLLECTING_LIST_MAX = 500;

const running = and(isNull(collectingItems.finishedAt), isNull(collectingItems.stoppedAt));

/** Unfinished, unstopped items in the order they started, with what the simulator moves them on by (sim/collecting.ts). */
export async function runningCollectingItems(db: Db, scope: StoreScope = 'all') {
  return db
    .select({
      id: collectingItems.id,
      storeCode: collectingItems.storeCode,
      storeName: stores.storeName,
      companyCode: collectingItems.companyCode,
      cmd: collectingItems.cmd,
      kind: collectingItems.kind,
      otaType: collectingItems.otaType,
      total: collectingItems.total,
      done: collectingItems.done,
    })
    .from(collectingItems)
    .innerJoin(stores, eq(stores.storeCode, collectingItems.storeCode))
    .where(and(running, inScope(collectingItems.storeCode, scope)))
    .orderBy(asc(collectingItems.id))
    .limit(COLLECTING_LIST_MAX);
}

export type RunningCollectingItem = Awaited<ReturnType<typeof runningCollectingItems>>[number];

/** One item in the shape of the push message (type 1) and the collecting list. */
export function listedCollecting(item: RunningCollectingItem): CollectingItem {
  return {
    storeCode: item.storeCode,
    storeName: item.storeName,
    detail: {
      cmd: item.cmd,
      companyCode: item.companyCode,
      ...(item.otaType != null ? { otaType: item.otaType } : {}),
      _id: String(item.id),
    },
  };
}

/** Unfinished, unstopped items in the order they started, in the shape of the push message (type 1). */
export async function runningCollecting(db: Db, scope: StoreScope = 'all'): Promise<CollectingList> {
  return (await runningCollectingItems(db, scope)).map(listedCollecting);
}

/** Whether a store has a status check or an OTA job running: the simulator starts a check only where none runs. */
export const collectingRunsIn = (storeCode: SQL | Column) => and(eq(collectingItems.storeCode, storeCode), running);

export type StopResult = 'stopped' | 'already' | 'finished' | 'unknown';

/** Stops one item of the store; an item that ran to its end cannot be stopped any more. */
export async function stopCollecting(db: Db, storeCode: string, id: number, now = new Date()): Promise<StopResult> {
  const [item] = await db
    .select({ finishedAt: collectingItems.finishedAt, stoppedAt: collectingItems.stoppedAt })
    .from(collectingItems)
    .where(and(eq(collectingItems.id, id), eq(collectingItems.storeCode, storeCode)));
  if (!item) return 'unknown';
  if (item.stoppedAt) return 'already';
  if (item.finishedAt) return 'finished';
  // The running guard keeps an item the simulator finished meanwhile as it is.
  const done = await db
    .update(collectingItems)
    .set({ stoppedAt: now })
    .where(and(eq(collectingItems.id, id), running))
    .returning({ id: collectingItems.id });
  return done.length ? 'stopped' : 'finished';
}
