import { and, asc, eq, isNull } from 'drizzle-orm';
import type { CollectingList } from '../../src/api/contract/collecting';
import type { Db } from '../db/client';
import { collectingItems, stores } from '../db/schema/index';
import { inScope, type StoreScope } from './stats';

/** Most items listed: the header shows a short list (our choice, the simulator's running limit). */
const COLLECTING_LIST_MAX = 500;

const running = and(isNull(collectingItems.finishedAt), isNull(collectingItems.stoppedAt));

/** Unfinished, unstopped items in the order they started, in the shape of the push message (type 1). */
export async function runningCollecting(db: Db, scope: StoreScope = 'all'): Promise<CollectingList> {
  const rows = await db
    .select({
      id: collectingItems.id,
      storeCode: collectingItems.storeCode,
      storeName: stores.storeName,
      companyCode: collectingItems.companyCode,
      cmd: collectingItems.cmd,
      otaType: collectingItems.otaType,
    })
    .from(collectingItems)
    .innerJoin(stores, eq(stores.storeCode, collectingItems.storeCode))
    .where(and(running, inScope(collectingItems.storeCode, scope)))
    .orderBy(asc(collectingItems.id))
    .limit(COLLECTING_LIST_MAX);
  return rows.map((r) => ({
    storeCode: r.storeCode,
    storeName: r.storeName,
    detail: { cmd: r.cmd, companyCode: r.companyCode, ...(r.otaType != null ? { otaType: r.otaType } : {}), _id: String(r.id) },
  }));
}

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
