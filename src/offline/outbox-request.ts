import { Dexie } from 'dexie';
import type { EndpointDef } from '../../contract/endpoints/define';
import { plusEndpoints } from '../../contract/endpoints/plus';
import { tagsEndpoints } from '../../contract/endpoints/tags';
import { api } from '../platform/api';
import { db, type OutboxKind, type OutboxOp } from './db';
import { setNetworkSeenDown } from './network-seen';
import {
  backoffDelay,
  batchBody,
  batchToSend,
  classifyFailure,
  failureMessage,
  OUTBOX_BATCH_MAX,
  splitAnswer,
  type OutboxState,
} from './outbox-policy';

/*
 * One request of a store's queue (outbox.ts runs them in a loop under the store's lock): choose what goes and
 * mark it 'sending' under its Idempotency-Key, send, and write the outcome — two IndexedDB transactions per
 * request however many operations it carries, where one request per operation took four each.
 */

/** A send that hangs (a Wi-Fi that connects but carries nothing) must not hold the store's queue forever. */
export const OUTBOX_SEND_TIMEOUT_MS = 30_000;

/** Each kind's call. plusAssign/plusDeassign name the store in the path; the tag calls carry it in the body. */
export const TARGETS: Record<OutboxKind, { def: EndpointDef; storeInPath: boolean }> = {
  tagAssign: { def: tagsEndpoints.tagAssign, storeInPath: false },
  tagAssignMultiple: { def: tagsEndpoints.tagAssignMultiple, storeInPath: false },
  tagDeassign: { def: tagsEndpoints.tagDeassign, storeInPath: false },
  tagReassign: { def: tagsEndpoints.tagReassign, storeInPath: false },
  plusAssign: { def: plusEndpoints.plusAssign, storeInPath: true },
  plusDeassign: { def: plusEndpoints.plusDeassign, storeInPath: true },
};

/** crypto.randomUUID exists only in secure contexts; a handheld on http://<lan-ip> still needs unique keys. */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A store's first open operations in seq order, at most `limit` (under the lock a 'sending' one is an interrupted send). */
async function openHead(storeCode: string, limit: number): Promise<OutboxOp[]> {
  const first = (state: OutboxState) =>
    db.outbox
      .where('[state+storeCode+seq]')
      .between([state, storeCode, Dexie.minKey], [state, storeCode, Dexie.maxKey])
      .limit(limit)
      .toArray();
  const [pending, sending] = await Promise.all([first('pending'), first('sending')]);
  return [...pending, ...sending].sort((a, b) => a.seq - b.seq).slice(0, limit);
}

type Step = { wakeAt: number } | { ops: OutboxOp[]; key: string } | undefined;

/**
 * Choose the store's next request and mark its operations 'sending' under one key, in one transaction: read and
 * write together, so that a discard or another tab cannot slip between them. An operation already holding a key
 * keeps it (its batch is sent again as it was); a new batch of one is keyed by its operation's id.
 */
function claimNext(storeCode: string, now: number): Promise<Step> {
  return db.transaction('rw', db.outbox, async (): Promise<Step> => {
    const head = await openHead(storeCode, OUTBOX_BATCH_MAX);
    const key = head[0]?.batchKey;
    const members = key === undefined ? [] : await db.outbox.where('batchKey').equals(key).toArray();
    const next = batchToSend([...head, ...members], storeCode, now, OUTBOX_BATCH_MAX);
    if (!next) return undefined;
    if (!next.due) return { wakeAt: next.ops[0].nextAttemptAt };
    const batchKey = key ?? (next.ops.length === 1 ? next.ops[0].id : newKey());
    const ops = next.ops.map((op) => ({ ...op, state: 'sending' as const, batchKey }));
    await db.outbox.bulkPut(ops);
    return { ops, key: batchKey };
  });
}

/**
 * Write the outcome of a request to its operations in one transaction (re-read there, so that nothing written
 * meanwhile is lost; an operation gone meanwhile stays gone). Answers the rows as written.
 */
function settle(
  ops: readonly OutboxOp[],
  change: (op: OutboxOp, index: number) => Partial<OutboxOp>,
  drop: (keyof OutboxOp)[] = [],
): Promise<OutboxOp[]> {
  const index = new Map(ops.map((op, i) => [op.id, i]));
  return db.transaction('rw', db.outbox, async () => {
    const rows = (await db.outbox.bulkGet([...index.keys()])).flatMap((op) => {
      if (!op) return [];
      const row: OutboxOp = { ...op, ...change(op, index.get(op.id)!) };
      for (const field of drop) delete row[field];
      return [row];
    });
    await db.outbox.bulkPut(rows);
    return rows;
  });
}

/** One request: a batch of assigns as one POST /tag/assign, a single operation with its body as it was queued. */
function post(ops: readonly OutboxOp[], key: string): Promise<unknown> {
  const [head] = ops;
  const target = TARGETS[head.kind];
  const args = {
    params: target.storeInPath ? { storeCode: head.storeCode } : undefined,
    body: ops.length === 1 ? head.payload : batchBody(ops.map((op) => op.payload)),
    idempotencyKey: key,
    signal: AbortSignal.timeout(OUTBOX_SEND_TIMEOUT_MS),
  };
  // The payload was typed by the caller of enqueue; the stored copy is sent as it is.
  return api.call(target.def, args as never);
}

export type Outcome = 'done' | 'failed';

/**
 * Send the store's next request and write what came of it. Answers 'next' when the store may go on at once,
 * `{ wakeAt }` when it waits for a backoff, undefined when nothing is left. `emit` is told of each operation that
 * ended (after its row is written).
 */
export async function sendNext(
  storeCode: string,
  emit: (op: OutboxOp, outcome: Outcome) => void,
): Promise<'next' | { wakeAt: number } | undefined> {
  const step = await claimNext(storeCode, Date.now());
  if (!step || 'wakeAt' in step) return step;
  const { ops, key } = step;
  try {
    const answers = splitAnswer(
      await post(ops, key),
      ops.map((op) => op.payload),
    );
    setNetworkSeenDown(false);
    const settledAt = Date.now();
    const done = await settle(ops, (op, i) => ({ state: 'done', answer: answers[i], attempts: op.attempts + 1, settledAt }), [
      'lastError',
      'lastStatus',
    ]);
    for (const op of done) emit(op, 'done');
    return 'next';
  } catch (error) {
    const lastError = failureMessage(error);
    const lastStatus = (error as { status?: number }).status ?? 0;
    setNetworkSeenDown(lastStatus === 0);
    if (classifyFailure(error) === 'final') {
      if (ops.length > 1) {
        // The server wrote nothing of a refused batch (an assign is all or nothing): its operations go one by one
        // under their own ids, so that the one at fault fails alone with the server's message and the others go.
        await settle(ops, () => ({ state: 'pending', alone: true, nextAttemptAt: 0 }), ['batchKey']);
        return 'next';
      }
      // Final for this operation only: the store's later operations do not depend on it and go on.
      const [failed] = await settle(ops, (op) => ({
        state: 'failed',
        attempts: op.attempts + 1,
        lastError,
        lastStatus,
        settledAt: Date.now(),
      }));
      if (failed) emit(failed, 'failed');
      return 'next';
    }
    // Network, 5xx, a session to renew, the same key still in flight: the batch waits and goes again as it was.
    const nextAttemptAt = Date.now() + backoffDelay(ops[0].attempts + 1);
    await settle(ops, (op) => ({ state: 'pending', attempts: op.attempts + 1, lastError, lastStatus, nextAttemptAt }));
    return { wakeAt: nextAttemptAt };
  }
}
