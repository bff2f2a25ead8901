import { Dexie } from 'dexie';
import type { EndpointDef } from '../api/endpoints/define';
import { plusEndpoints } from '../api/endpoints/plus';
import { tagsEndpoints } from '../api/endpoints/tags';
import { api } from '../app/api';
import { getSession } from '../app/session';
import { db, OUTBOX_SEQ_KEY, type OutboxKind, type OutboxOp } from './db';
import { knownProduct, productCacheInfo, refreshProductCache } from './product-cache';
import { backoffDelay, classifyFailure, failureMessage, nextToSend, storesWithWork, type OutboxState } from './outbox-policy';

export type { OutboxKind, OutboxOp, OutboxState };

/*
 * The outbox (DESIGN.md §5): every handheld write is stored in IndexedDB first and sent afterwards, with its id as
 * the Idempotency-Key, so that a lost answer, a reload or a second tab never writes twice. A store's operations
 * go one at a time in the order they were queued; stores go in parallel.
 */

/** The timer trigger: picks up operations whose backoff ended in a tab that was asleep, and a late login. */
export const OUTBOX_TIMER_MS = 15_000;
/** A send that hangs (a Wi-Fi that connects but carries nothing) must not hold the store's queue forever. */
export const OUTBOX_SEND_TIMEOUT_MS = 30_000;
/** Done operations are kept for the queue screen as long as the server keeps their idempotency keys (≥ 7 days). */
export const OUTBOX_KEEP_DONE_MS = 7 * 86_400_000;
/** localStorage flag that makes startOutbox() expose window.__shelfpadOutbox (e2e and field diagnostics). */
export const TEST_HOOKS_KEY = 'shelfpad.testHooks';

/** Each kind's call. plusAssign/plusDeassign name the store in the path; the tag calls carry it in the body. */
const TARGETS: Record<OutboxKind, { def: EndpointDef; storeInPath: boolean }> = {
  tagAssign: { def: tagsEndpoints.tagAssign, storeInPath: false },
  tagAssignMultiple: { def: tagsEndpoints.tagAssignMultiple, storeInPath: false },
  tagDeassign: { def: tagsEndpoints.tagDeassign, storeInPath: false },
  tagReassign: { def: tagsEndpoints.tagReassign, storeInPath: false },
  plusAssign: { def: plusEndpoints.plusAssign, storeInPath: true },
  plusDeassign: { def: plusEndpoints.plusDeassign, storeInPath: true },
};

export type Outcome = 'done' | 'failed';
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

/** crypto.randomUUID exists only in secure contexts; a handheld on http://<lan-ip> still needs unique keys. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Store an operation durably, then try to send it. Resolves with its id (the idempotency key) once it is in
 * IndexedDB — not when it is sent: follow it with onOutcome or the hooks of use-outbox.
 */
export async function enqueue(op: { kind: OutboxKind; storeCode: string; payload: unknown }): Promise<string> {
  if (!(op.kind in TARGETS)) throw new Error(`not an outbox operation: ${op.kind}`);
  const id = newKey();
  await db.transaction('rw', db.outbox, db.meta, async () => {
    // The counter lives in the database, so that two tabs (and a reload) never hand out the same seq.
    const last = (await db.meta.get(OUTBOX_SEQ_KEY))?.value;
    const seq = (typeof last === 'number' ? last : 0) + 1;
    await db.meta.put({ key: OUTBOX_SEQ_KEY, value: seq });
    await db.outbox.add({ id, kind: op.kind, payload: op.payload, storeCode: op.storeCode, createdAt: Date.now(), seq, state: 'pending', attempts: 0, nextAttemptAt: 0 });
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
  const open = await db.outbox.where('state').anyOf('pending', 'sending').toArray();
  await Promise.all(storesWithWork(open).map(replayStore));
}

/** A failed operation goes back to the queue (the user fixed the cause, e.g. added the product). */
export async function retry(id: string): Promise<boolean> {
  const op = await db.outbox.get(id);
  if (!op || op.state !== 'failed') return false;
  await db.outbox.update(id, { state: 'pending', nextAttemptAt: 0, lastError: undefined, lastStatus: undefined, settledAt: undefined });
  void replayStore(op.storeCode).catch(reportError);
  return true;
}

/** Remove an operation; refused (false) while it is being sent, as the server may be writing it right now. */
export async function discard(id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const op = await db.outbox.get(id);
    if (!op || op.state === 'sending') return false;
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

/** The store's head: its open operation with the lowest seq (under the lock a 'sending' one is an interrupted send). */
async function headOf(storeCode: string, now: number) {
  const first = (state: OutboxState) =>
    db.outbox.where('[state+storeCode+seq]').between([state, storeCode, Dexie.minKey], [state, storeCode, Dexie.maxKey]).first();
  const heads = (await Promise.all([first('pending'), first('sending')])).filter((op): op is OutboxOp => op !== undefined);
  return nextToSend(heads, storeCode, now);
}

async function drainStore(storeCode: string): Promise<void> {
  // Without a session every send is a 401; the timer tries again after the next login.
  if (!getSession()) return;
  for (;;) {
    const next = await headOf(storeCode, Date.now());
    if (!next) return;
    const { op, due } = next;
    if (!due) return wakeAt(storeCode, op.nextAttemptAt);
    await db.outbox.update(op.id, { state: 'sending' });
    try {
      const answer = await send(op);
      const settled = { state: 'done' as const, answer, attempts: op.attempts + 1, lastError: undefined, lastStatus: undefined, settledAt: Date.now() };
      await db.outbox.update(op.id, settled);
      emit({ ...op, ...settled }, 'done');
    } catch (error) {
      const attempts = op.attempts + 1;
      const lastError = failureMessage(error);
      const lastStatus = (error as { status?: number }).status ?? 0;
      if (classifyFailure(error) === 'final') {
        // Final for this operation only: the store's later operations do not depend on it and go on.
        const settled = { state: 'failed' as const, attempts, lastError, lastStatus, settledAt: Date.now() };
        await db.outbox.update(op.id, settled);
        emit({ ...op, ...settled }, 'failed');
        continue;
      }
      const nextAttemptAt = Date.now() + backoffDelay(attempts);
      await db.outbox.update(op.id, { state: 'pending', attempts, lastError, lastStatus, nextAttemptAt });
      return wakeAt(storeCode, nextAttemptAt);
    }
  }
}

function send(op: OutboxOp): Promise<unknown> {
  const target = TARGETS[op.kind];
  const args = {
    params: target.storeInPath ? { storeCode: op.storeCode } : undefined,
    body: op.payload,
    idempotencyKey: op.id,
    signal: AbortSignal.timeout(OUTBOX_SEND_TIMEOUT_MS),
  };
  // The payload was typed by the caller of enqueue; the stored copy is sent as it is.
  return api.call(target.def, args as never);
}

function wakeAt(storeCode: string, at: number): void {
  clearTimeout(wakeTimers.get(storeCode));
  const timer = setTimeout(() => {
    wakeTimers.delete(storeCode);
    void replayStore(storeCode).catch(reportError);
  }, Math.max(0, at - Date.now()));
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
  // A test and diagnostics hook, off unless asked for: the e2e suite drives the outbox through it, and support
  // can inspect a handheld's queue from the console. It exposes nothing the page could not already do.
  if (localStorage.getItem(TEST_HOOKS_KEY) === '1') {
    window.__shelfpadOutbox = {
      enqueue, replay, retry, discard, clearDone, ops: () => db.outbox.orderBy('seq').toArray(), refreshProductCache, knownProduct, productCacheInfo,
    };
  }
}
