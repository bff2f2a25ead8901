import { useEffect, useState } from 'react';
import type { OutboxOp } from './db';
import { offlineLayer } from './lazy';
import { OPEN_STATES } from './queued-work';

type OutboxDb = Awaited<ReturnType<typeof offlineLayer>>['db'];

/*
 * Live views of the outbox: a Dexie liveQuery re-runs when what it read changes, in this tab and in others (Dexie
 * broadcasts its changes), so the header count, the queue screen and the scan log follow a replay without polling.
 * The query is read when the view subscribes, and again only when `key` changes; without a query the view keeps
 * its last reading.
 */
function useOutboxQuery<T>(query: ((db: OutboxDb) => Promise<T>) | undefined, initial: T, key = ''): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    if (!query) return;
    let subscription: { unsubscribe(): void } | undefined;
    let stopped = false;
    void offlineLayer().then(({ db, liveQuery }) => {
      if (!stopped) subscription = liveQuery(() => query(db)).subscribe({ next: setValue, error: () => {} });
    });
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: the key stands for the query
  }, [key]);
  return value;
}

const pendingCount = (db: OutboxDb) => db.outbox.where('state').anyOf(OPEN_STATES).count();
const allOps = (db: OutboxDb) => db.outbox.orderBy('seq').reverse().toArray();
const NO_OPS: ReadonlyMap<string, OutboxOp> = new Map();

/** Operations not yet settled (pending + sending): the header's badge. 0 while the first read runs. */
export const usePendingCount = (): number => useOutboxQuery(pendingCount, 0);

/** Every operation, newest first, for the queue screen; undefined while the first read runs. */
export const useOutboxOps = (): OutboxOp[] | undefined => useOutboxQuery<OutboxOp[] | undefined>(allOps, undefined);

/**
 * The given operations, by id, followed live: a liveQuery over bulkGet observes those rows only, so it re-runs
 * when one of them changes — not on every write of a 1,000-operation replay, as a view of the whole table would.
 * The scan log follows the operations it sent with it. Empty while the first read runs; a new list of ids reads
 * again and keeps showing the previous reading meanwhile; no ids (a cleared log) follow nothing.
 */
export function useOutboxOpsById(ids: readonly string[]): ReadonlyMap<string, OutboxOp> {
  // The ids' content, not the array's identity, decides when to subscribe again.
  const key = ids.join('\n');
  const byId = (db: OutboxDb) =>
    db.outbox
      .bulkGet(key.split('\n'))
      .then((rows): ReadonlyMap<string, OutboxOp> => new Map(rows.flatMap((op) => (op ? [[op.id, op] as const] : []))));
  return useOutboxQuery(key ? byId : undefined, NO_OPS, key);
}
