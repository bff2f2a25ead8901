/*
 * The outbox's decisions, free of IndexedDB and fetch so that they are unit-tested on their own (DESIGN.md §5):
 * how long to wait before a retry, which operation of a store goes next, and what an error means for it.
 */

export type OutboxState = 'pending' | 'sending' | 'done' | 'failed';

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

/** The parts of an ApiFailure the decision reads (src/api/client.ts). */
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
 * Anything that is not an HTTP failure at all (a bug, a thrown TypeError) is retried rather than lost.
 */
export function classifyFailure(error: unknown): FailureOutcome {
  const failure = error as Partial<FailureLike> | undefined;
  if (!failure || typeof failure.status !== 'number') return 'retry';
  if (failure.network || failure.status === 0 || failure.status >= 500) return 'retry';
  if (failure.status === 401 || failure.status === 408 || failure.status === 425 || failure.status === 429) return 'retry';
  if (failure.status === 409 && failure.code === 'IDEMPOTENCY_IN_FLIGHT') return 'retry';
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

/** Operations still to be sent: 'sending' counts, as after a reload it is an interrupted send (see nextToSend). */
export const isOpen = (op: { state: OutboxState }) => op.state === 'pending' || op.state === 'sending';

/**
 * The store's next step: the open operation with the lowest seq, and whether it may go now. A head operation
 * still waiting for its backoff holds back every later one of the store, so that per-store order is kept (a
 * deassign never overtakes the assign it undoes). Done and failed operations do not hold anything back.
 */
export function nextToSend<T extends OrderedOp>(ops: readonly T[], storeCode: string, now: number): { op: T; due: boolean } | undefined {
  let head: T | undefined;
  for (const op of ops) {
    if (op.storeCode !== storeCode || !isOpen(op)) continue;
    if (!head || op.seq < head.seq) head = op;
  }
  return head && { op: head, due: head.nextAttemptAt <= now };
}

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
