import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OutboxOp } from './db';

/*
 * Live views of the outbox: useLiveQuery re-runs on every change of the table, in this tab and in others
 * (Dexie broadcasts its changes), so the header count and the queue screen follow a replay without polling.
 */

/** Operations not yet settled (pending + sending): the header's badge. 0 while the first read runs. */
export function usePendingCount(): number {
  return useLiveQuery(() => db.outbox.where('state').anyOf('pending', 'sending').count(), [], 0);
}

/** Every operation, newest first, for the queue screen; undefined while the first read runs. */
export function useOutboxOps(): OutboxOp[] | undefined {
  return useLiveQuery(() => db.outbox.orderBy('seq').reverse().toArray(), []);
}
