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
