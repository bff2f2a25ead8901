import { getSession } from '../platform/session';
import { db, OUTBOX_SEQ_KEY, type OutboxKind, type OutboxOp } from './db';
import { isOpen, storesWithWork, type OutboxState } from './outbox-policy';
import { newKey, OUTBOX_SEND_TIMEOUT_MS, sendNext, TARGETS, type Outcome } from './outbox-request';
import { knownProduct, productCacheInfo, refreshProductCache } from './product-cache';
import { OPEN_STATES, testHooksOn } from './queued-work';

export type { OutboxKind, OutboxOp, OutboxState };
export { OUTBOX_SEND_TIMEOUT_MS };
export type { Outcome };

/*
 * The outbox (docs/architecture.md §5): every handheld write is stored in IndexedDB first and sent afterwards under an
 * Idempotency-Key kept with it, so that a lost answer, a reload or a second tab never writes twice. A store's
 * operations go in the order they were queued, one request at a time; consecutive tag assigns share one request
 * (outbox-policy batchToSend), which is what lets 1,000 queued assigns replay within docs/architecture.md §8's 10 s. Stores
 * go in parallel.
 */

/** The timer trigger: picks up operations whose backoff ended in a tab that was asleep, and a late login. */
export const OUTBOX_TIMER_MS = 15_000;
/** Done operations are kept for the queue screen as long as the server keeps their idempotency keys (≥ 7 days). */
export const OUTBOX_KEEP_DONE_MS = 7 * 86_400_000;

type OutcomeListener = (op: OutboxOp, outcome: Outcome) => void;
const listeners = new Set<OutcomeListener>();

/** Told when an operation sent by this tab ends: done, or failed for good (a 4xx). Returns the unsubscribe. */
export function onOutcome(listener: OutcomeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(op: OutboxOp, outcome: Outcome): void {
  for (const listener of listeners) {
    try {
      listener(op, outcome);
    } catch (error) {
      console.error('outbox listener failed', error);
    }
  }
}

/**
 * Store an operation durably, then try to send it. Resolves with its id once it is in IndexedDB — not when it is
 * sent: follow it with onOutcome or the hooks of use-outbox.
 */
export async function enqueue(op: { kind: OutboxKind; storeCode: string; payload: unknown }): Promise<string> {
  if (!(op.kind in TARGETS)) throw new Error(`not an outbox operation: ${op.kind}`);
  const id = newKey();
  await db.transaction('rw', db.outbox, db.meta, async () => {
    // The counter lives in the database, so that two tabs (and a reload) never hand out the same seq.
    const last = (await db.meta.get(OUTBOX_SEQ_KEY))?.value;
    const seq = (typeof last === 'number' ? last : 0) + 1;
    await db.meta.put({ key: OUTBOX_SEQ_KEY, value: seq });
    await db.outbox.add({
      id,
      kind: op.kind,
      payload: op.payload,
      storeCode: op.storeCode,
      createdAt: Date.now(),
      seq,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
    });
  });
  void replayStore(op.storeCode).catch(reportError);
  return id;
}

/**
 * Send what is due, every store in parallel. `now` forgets the backoff (the network just came back, or the
 * user asked); otherwise an operation waiting for its backoff holds its store's queue.
 */
export async function replay(opts: { now?: boolean } = {}): Promise<void> {
  if (opts.now) await db.outbox.where('state').equals('pending').modify({ nextAttemptAt: 0 });
  const open = await db.outbox.where('state').anyOf(OPEN_STATES).toArray();
  await Promise.all(storesWithWork(open).map(replayStore));
}

/** A failed operation goes back to the queue (the user fixed the cause, e.g. added the product). */
export async function retry(id: string): Promise<boolean> {
  const op = await db.outbox.get(id);
  if (!op || op.state !== 'failed') return false;
  // A refusal (4xx) wrote nothing, and the server keeps it under the old key: only a new key sends it for real.
  await db.outbox.update(id, {
    state: 'pending',
    nextAttemptAt: 0,
    lastError: undefined,
    lastStatus: undefined,
    settledAt: undefined,
    batchKey: newKey(),
  });
  void replayStore(op.storeCode).catch(reportError);
  return true;
}

/**
 * Remove an operation; refused (false) while it is being sent, as the server may be writing it right now, and
 * while it belongs to a batch waiting to be sent again: the server may hold that batch's answer, and a batch
 * without it would be another request under the same key.
 */
export async function discard(id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const op = await db.outbox.get(id);
    if (!op || op.state === 'sending') return false;
    if (op.batchKey !== undefined && isOpen(op) && (await db.outbox.where('batchKey').equals(op.batchKey).filter(isOpen).count()) > 1)
      return false;
    await db.outbox.delete(id);
    return true;
  });
}

/** Delete done operations (settled before `olderThan`, epoch ms, when given). Answers how many went. */
export async function clearDone(olderThan?: number): Promise<number> {
  return db.outbox
    .where('state')
    .equals('done')
    .filter((op) => olderThan === undefined || (op.settledAt ?? op.createdAt) < olderThan)
    .delete();
}

// ---- Replay of one store ----

const running = new Map<string, Promise<void>>();
const again = new Set<string>();
const wakeTimers = new Map<string, ReturnType<typeof setTimeout>>();

/** One drain per store in this tab; a trigger during a drain runs it once more after (nothing is missed). */
function replayStore(storeCode: string): Promise<void> {
  const current = running.get(storeCode);
  if (current) {
    again.add(storeCode);
    return current;
  }
  const run = (async () => {
    try {
      do {
        again.delete(storeCode);
        await withStoreLock(storeCode, () => drainStore(storeCode));
      } while (again.has(storeCode));
    } finally {
      running.delete(storeCode);
    }
  })();
  running.set(storeCode, run);
  return run;
}

/** Web Locks keep two tabs from draining one store together (each would send the head operation). */
function withStoreLock(storeCode: string, fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(`shelfpad-outbox-${storeCode}`, fn).then(() => undefined) : fn();
}

async function drainStore(storeCode: string): Promise<void> {
  // Without a session every send is a 401; the timer tries again after the next login.
  if (!getSession()) return;
  for (;;) {
    const step = await sendNext(storeCode, emit);
    if (step === 'next') continue;
    if (step) wakeAt(storeCode, step.wakeAt);
    return;
  }
}

function wakeAt(storeCode: string, at: number): void {
  clearTimeout(wakeTimers.get(storeCode));
  const timer = setTimeout(
    () => {
      wakeTimers.delete(storeCode);
      void replayStore(storeCode).catch(reportError);
    },
    Math.max(0, at - Date.now()),
  );
  wakeTimers.set(storeCode, timer);
}

function reportError(error: unknown): void {
  console.error('outbox replay failed', error);
}

// ---- Start ----

export interface OutboxTestHook {
  enqueue: typeof enqueue;
  replay: typeof replay;
  retry: typeof retry;
  discard: typeof discard;
  clearDone: typeof clearDone;
  /** Every operation in seq order. */
  ops: () => Promise<OutboxOp[]>;
  refreshProductCache: typeof refreshProductCache;
  knownProduct: typeof knownProduct;
  productCacheInfo: typeof productCacheInfo;
}

declare global {
  interface Window {
    __shelfpadOutbox?: OutboxTestHook;
  }
}

let started = false;

/**
 * Call once at app start: resumes interrupted sends, replays now, on every 'online' event and on a timer. A send
 * cut short by a reload is found in state 'sending' and sent again; its idempotency key makes that safe.
 */
export function startOutbox(): void {
  if (started) return;
  started = true;
  void (async () => {
    await db.outbox.where('state').equals('sending').modify({ state: 'pending' });
    await clearDone(Date.now() - OUTBOX_KEEP_DONE_MS);
    await replay({ now: true });
  })().catch(reportError);
  window.addEventListener('online', () => void replay({ now: true }).catch(reportError));
  setInterval(() => void replay().catch(reportError), OUTBOX_TIMER_MS);
  // A test and diagnostics hook (localStorage 'shelfpad.testHooks' = '1'), off unless asked for: the e2e suite drives
  // the outbox through it, and support can inspect a handheld's queue from the console. It exposes nothing the page
  // could not already do.
  if (testHooksOn()) {
    window.__shelfpadOutbox = {
      enqueue,
      replay,
      retry,
      discard,
      clearDone,
      ops: () => db.outbox.orderBy('seq').toArray(),
      refreshProductCache,
      knownProduct,
      productCacheInfo,
    };
  }
}
