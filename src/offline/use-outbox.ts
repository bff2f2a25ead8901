import { useEffect, useState } from 'react';
import type { OutboxOp } from './db';
import { offlineLayer } from './lazy';

type OutboxDb = Awaited<ReturnType<typeof offlineLayer>>['db'];

/*
 * Live views of the outbox: a Dexie liveQuery re-runs on every change of the table, in this tab and in others
 * (Dexie broadcasts its changes), so the header count and the queue screen follow a replay without polling.
 * `query` must be a module-level function: it is read once, when the view subscribes.
 */
function useOutboxQuery<T>(query: (db: OutboxDb) => Promise<T>, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    let subscription: { unsubscribe(): void } | undefined;
    let stopped = false;
    void offlineLayer().then(({ db, liveQuery }) => {
      if (!stopped) subscription = liveQuery(() => query(db)).subscribe({ next: setValue, error: () => {} });
    });
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: the query is fixed per view
  }, []);
  return value;
}

const pendingCount = (db: OutboxDb) => db.outbox.where('state').anyOf('pending', 'sending').count();
const allOps = (db: OutboxDb) => db.outbox.orderBy('seq').reverse().toArray();

/** Operations not yet settled (pending + sending): the header's badge. 0 while the first read runs. */
export const usePendingCount = (): number => useOutboxQuery(pendingCount, 0);

/** Every operation, newest first, for the queue screen; undefined while the first read runs. */
export const useOutboxOps = (): OutboxOp[] | undefined => useOutboxQuery<OutboxOp[] | undefined>(allOps, undefined);

/**
 * The given operations, by id, followed live: a liveQuery over bulkGet observes those rows only, so it re-runs
 * when one of them changes — not on every write of a 1,000-operation replay, as a view of the whole table would.
 * The scan log follows the operations it sent with it. Empty while the first read runs; a new list of ids reads
 * again and keeps showing the previous reading meanwhile.
 */
export function useOutboxOpsById(ids: readonly string[]): ReadonlyMap<string, OutboxOp> {
  const [ops, setOps] = useState<ReadonlyMap<string, OutboxOp>>(() => new Map());
  // The ids' content, not the array's identity, decides when to subscribe again.
  const key = ids.join('\n');
  useEffect(() => {
    // No ids, nothing to follow (a cleared log): what was read last is looked up by no line.
    if (!key) return;
    const wanted = key.split('\n');
    let subscription: { unsubscribe(): void } | undefined;
    let stopped = false;
    void offlineLayer().then(({ db, liveQuery }) => {
      if (stopped) return;
      subscription = liveQuery(() => db.outbox.bulkGet(wanted)).subscribe({
        next: (rows) => setOps(new Map(rows.flatMap((op) => (op ? [[op.id, op] as const] : [])))),
        error: () => {},
      });
    });
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
  }, [key]);
  return ops;
}
