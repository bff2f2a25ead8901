import { liveQuery } from 'dexie';
import { db, type OutboxOp } from '../../offline/db';

export type OutboxResult = { kind: 'done'; op: OutboxOp } | { kind: 'failed'; message: string } | { kind: 'queued' };

/** A 200 answer can still list tags the server refused (TagAssignAnswer.failed). */
function refusal(op: OutboxOp): string | undefined {
  const failed = (op.answer as { failed?: { message: string }[] } | undefined)?.failed;
  return failed?.length ? failed.map((f) => f.message).join(', ') : undefined;
}

/** What an outbox operation's state means to a form waiting on it; undefined while it is still on its way. */
export function resultOf(op: OutboxOp | undefined, offline: boolean): OutboxResult | undefined {
  if (!op) return undefined;
  if (op.state === 'done') {
    const refused = refusal(op);
    return refused ? { kind: 'failed', message: refused } : { kind: 'done', op };
  }
  if (op.state === 'failed') return { kind: 'failed', message: op.lastError ?? '' };
  // No network, or a send that did not reach the server or met a 5xx: the outbox retries it with backoff.
  if (offline || (op.state === 'pending' && op.attempts > 0)) return { kind: 'queued' };
  return undefined;
}

/**
 * Wait for the first settled reading of an operation: done, refused, or parked in the queue until the network is
 * back. The form does not wait for a replay that may come hours later — the queue screen follows it from there.
 */
export function outboxResult(id: string): Promise<OutboxResult> {
  return new Promise((resolve) => {
    const subscription = liveQuery(() => db.outbox.get(id)).subscribe({
      next: (op) => {
        const result = resultOf(op, typeof navigator !== 'undefined' && !navigator.onLine);
        if (!result) return;
        subscription.unsubscribe();
        resolve(result);
      },
      error: (error: unknown) => resolve({ kind: 'failed', message: (error as Error).message }),
    });
  });
}
