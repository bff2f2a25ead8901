/*
 * The outbox's decisions, free of IndexedDB and fetch so that they are unit-tested on their own (docs/architecture.md §5):
 * how long to wait before a retry, which operations of a store go next (and together, in one request), what an
 * error means for them, and which part of a batch's answer is whose.
 */

import { TAG_LIST_MAX } from '../../contract/schemas/constants-core';
import { OPEN_STATES, type OutboxState } from './queued-work';

export type { OutboxState };

/** The first retry waits 1 s, each further one twice as long, never more than a minute. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;
/** ±25 %: handhelds of one store that lost the Wi-Fi together do not all come back in the same second. */
export const BACKOFF_JITTER = 0.25;

/**
 * Wait before attempt `attempts + 1`, after `attempts` failed ones (1 → ~1 s, 2 → ~2 s, 3 → ~4 s …, ≤ 60 s).
 * `random` is injectable for tests; it returns a number in [0, 1).
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  const nominal = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** exponent);
  const jittered = nominal * (1 - BACKOFF_JITTER + 2 * BACKOFF_JITTER * random());
  return Math.round(Math.min(BACKOFF_MAX_MS, jittered));
}

/** What a failed send means for the operation. */
export type FailureOutcome = 'final' | 'retry';

/** The parts of an ApiFailure the decision reads (src/platform/contract-client.ts). */
export interface FailureLike {
  status: number;
  code?: string | number;
  network?: boolean;
  message: string;
}

/**
 * A 4xx answer is final: the server has read the request and refused it, and sending it again would get the
 * same answer (unknown tag, product does not exist). Some 4xx are about the moment rather than the request and
 * are retried like network errors and 5xx:
 * - 401: the session ended (or the user is signing in again); the operation is sent once a session exists.
 * - 408, 425, 429: the server asks to come back later.
 * - 409 IDEMPOTENCY_IN_FLIGHT: the same operation is still being processed (a send cut short by a reload);
 *   the retry then gets its stored answer.
 * - 403 PASSWORD_CHANGE_REQUIRED: the member must change an expired or reset password first; the operation is
 *   sent once it has.
 * Anything that is not an HTTP failure at all (a bug, a thrown TypeError) is retried rather than lost.
 */
export function classifyFailure(error: unknown): FailureOutcome {
  const failure = error as Partial<FailureLike> | undefined;
  if (!failure || typeof failure.status !== 'number') return 'retry';
  if (failure.network || failure.status === 0 || failure.status >= 500) return 'retry';
  if (failure.status === 401 || failure.status === 408 || failure.status === 425 || failure.status === 429) return 'retry';
  if (failure.status === 409 && failure.code === 'IDEMPOTENCY_IN_FLIGHT') return 'retry';
  if (failure.status === 403 && failure.code === 'PASSWORD_CHANGE_REQUIRED') return 'retry';
  return failure.status >= 400 ? 'final' : 'retry';
}

/** The text kept on a failed operation: the server's message (ApiFailure already applies the spec's fallback). */
export function failureMessage(error: unknown): string {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : String(error);
}

/** The fields of an operation that ordering reads. */
export interface OrderedOp {
  storeCode: string;
  seq: number;
  state: OutboxState;
  nextAttemptAt: number;
}

/** Operations still to be sent: 'sending' counts, as after a reload it is an interrupted send (see batchToSend). */
export const isOpen = (op: { state: OutboxState }) => OPEN_STATES.includes(op.state);

/** Stores that have something to send, each once, in the order their oldest open operation was queued. */
export function storesWithWork(ops: readonly OrderedOp[]): string[] {
  const first = new Map<string, number>();
  for (const op of ops) {
    if (!isOpen(op)) continue;
    const seen = first.get(op.storeCode);
    if (seen === undefined || op.seq < seen) first.set(op.storeCode, op.seq);
  }
  return [...first].sort((a, b) => a[1] - b[1]).map(([store]) => store);
}

// ---- Batches of tag assigns ----

/**
 * At most this many queued assigns go in one POST /tag/assign. One request per operation costs ~10 ms of server
 * time each, so 1,000 queued assigns cannot replay in 10 s one by one (docs/architecture.md §8); 100 makes that 10 requests
 * of ~8 KB, each one short server transaction. A larger batch buys little more, while a refused batch is sent
 * again one operation at a time (up to this many requests) and the scan log waits longer for its first answers.
 */
export const OUTBOX_BATCH_MAX = 100;

/** What batching reads of an operation (OutboxOp in db.ts). */
export interface BatchableOp extends OrderedOp {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  /** The Idempotency-Key of the request the operation went in; its batch is sent again as it was. */
  batchKey?: string;
  /** Taken out of a refused batch: sent on its own from then on. */
  alone?: boolean;
}

/** The parts of a tagAssign body that batching reads (TagAssignBody, contract/schemas/tags.ts). */
export interface AssignPayload {
  taskId: number;
  priorTaskId: number;
  storeCode: string;
  tagList: { tagMac: string }[];
}

function assignPayload(op: BatchableOp): AssignPayload | undefined {
  if (op.kind !== 'tagAssign') return undefined;
  const p = op.payload as Partial<AssignPayload> | undefined;
  const ok =
    p && typeof p.taskId === 'number' && typeof p.priorTaskId === 'number' && typeof p.storeCode === 'string' && Array.isArray(p.tagList);
  return ok && p.tagList!.every((t) => typeof t?.tagMac === 'string') ? (p as AssignPayload) : undefined;
}

/**
 * Tag refs compared as the server resolves them: any case, with or without separators. (A tag named once by its
 * MAC and once by its barcode is not seen here; the server refuses that batch and its operations go one by one.)
 */
const normalRef = (ref: string) => ref.toUpperCase().replace(/[:_-]/g, '');
const refsOf = (payload: AssignPayload) => payload.tagList.map((t) => normalRef(t.tagMac));

/**
 * Goes on its own under its own id: taken out of a refused batch, or sent before batches existed (an operation
 * with attempts but no batch key) — its id may already hold the server's answer, so it must not join a batch.
 */
const goesAlone = (op: BatchableOp) => op.alone === true || (op.attempts > 0 && op.batchKey === undefined);

/**
 * The store's next request: its head (lowest open seq) and the operations that go with it, in seq order.
 * - A head carrying a batch key was sent before (the answer was lost, a reload cut it short, a 5xx): the same
 *   operations go again, whatever came later, so that the same key carries the same body.
 * - Otherwise a tagAssign head takes the consecutive due tagAssigns after it (same taskId, priorTaskId and
 *   store), up to `max`; the batch stops before any other kind (a deassign never overtakes the assign it undoes),
 *   before a tag already in the batch (the server refuses a tag listed twice, and the later assign must win),
 *   before an operation that goes alone, and before the contract's TAG_LIST_MAX tags.
 * Done and failed operations neither lead nor stop a batch. `due` is false while the head waits for its backoff:
 * that holds the whole store, so that its order is kept.
 */
export function batchToSend<T extends BatchableOp>(
  ops: readonly T[],
  storeCode: string,
  now: number,
  max: number,
): { ops: T[]; due: boolean } | undefined {
  const byId = new Map<string, T>();
  for (const op of ops) if (op.storeCode === storeCode && isOpen(op)) byId.set(op.id, op);
  const open = [...byId.values()].sort((a, b) => a.seq - b.seq);
  const head = open[0];
  if (!head) return undefined;
  const due = head.nextAttemptAt <= now;
  if (head.batchKey !== undefined) return { ops: open.filter((op) => op.batchKey === head.batchKey), due };
  const first = goesAlone(head) ? undefined : assignPayload(head);
  if (!due || !first) return { ops: [head], due };

  const batch = [head];
  const seen = new Set(refsOf(first));
  let tagCount = first.tagList.length;
  for (const op of open.slice(1)) {
    if (batch.length >= max || op.batchKey !== undefined || goesAlone(op) || op.nextAttemptAt > now) break;
    const payload = assignPayload(op);
    if (!payload || payload.taskId !== first.taskId || payload.priorTaskId !== first.priorTaskId || payload.storeCode !== first.storeCode)
      break;
    const refs = refsOf(payload);
    if (refs.some((ref) => seen.has(ref)) || new Set(refs).size !== refs.length || tagCount + refs.length > TAG_LIST_MAX) break;
    for (const ref of refs) seen.add(ref);
    tagCount += refs.length;
    batch.push(op);
  }
  return { ops: batch, due };
}

/** The one POST /tag/assign body of a batch: the first operation's task fields, every tagList in seq order. */
export function batchBody(payloads: readonly unknown[]): AssignPayload {
  const [first] = payloads as AssignPayload[];
  return {
    taskId: first.taskId,
    priorTaskId: first.priorTaskId,
    storeCode: first.storeCode,
    tagList: (payloads as AssignPayload[]).flatMap((p) => p.tagList),
  };
}

interface TagFailureLike {
  tagMac: string;
  message: string;
}

/**
 * Each operation's part of a batch answer (TagAssignAnswer): the refused tags (`failed`) that are its own, and
 * `assigned` counting its own tags that were taken, so that the scan log and the forms read an operation's answer
 * as if it had been sent alone. A refusal naming no tag of the batch cannot be placed: every operation keeps it
 * rather than losing it. A single operation keeps the answer as it came.
 */
export function splitAnswer(answer: unknown, payloads: readonly unknown[]): unknown[] {
  if (payloads.length === 1) return [answer];
  const whole = (answer ?? {}) as { failed?: unknown };
  const failed = (Array.isArray(whole.failed) ? whole.failed : []) as TagFailureLike[];
  const owners = payloads.map((p) => new Set(refsOf(p as AssignPayload)));
  const ref = (f: TagFailureLike) => normalRef(String(f?.tagMac ?? ''));
  const unplaced = failed.filter((f) => !owners.some((own) => own.has(ref(f))));
  return owners.map((own) => {
    const mine = [...failed.filter((f) => own.has(ref(f))), ...unplaced];
    const taken = Math.max(0, own.size - failed.filter((f) => own.has(ref(f))).length);
    return { ...(answer as object), assigned: taken, failed: mine };
  });
}
