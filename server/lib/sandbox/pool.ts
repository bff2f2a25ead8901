import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { FairQueue } from './fair-queue';

/** What one call may use. The worker enforces them; the pool kills a worker that overruns time by GRACE_MS. */
export interface SandboxLimits {
  timeMs: number;
  memoryBytes: number;
  stackBytes: number;
  /** The most characters of JSON the answer may take (the worker refuses a larger one before it leaves the worker). */
  answerChars?: number;
}

export interface SandboxJob {
  code: string;
  /** The function the script must define (parse, decorate, authenticate). */
  entry: string;
  /** The arguments of the entry function, as JSON of an array. */
  inputJson: string;
  limits: SandboxLimits;
  /** Only compile (the syntax check on save). */
  compileOnly?: boolean;
  /** inputJson is a list of argument lists; the answer is the list of the entry's answers. */
  batch?: boolean;
  /** The most rows an answer that is a list may have (a parser's, from the size of its input). */
  answerRows?: number;
  /** Whose share of the pool the job uses: a company code, or a name for system-wide work ('system', 'login'). */
  tenant?: string;
}

export interface SandboxFailure {
  code:
    | 'SCRIPT_TIMEOUT'
    | 'SCRIPT_MEMORY'
    | 'SCRIPT_STACK'
    | 'SCRIPT_SYNTAX'
    | 'SCRIPT_ERROR'
    | 'SCRIPT_NO_ENTRY'
    | 'SCRIPT_OUTPUT'
    | 'SCRIPT_ANSWER_TOO_LARGE'
    | 'SANDBOX_BUSY'
    | 'SANDBOX_FAULT';
  message: string;
  line?: number;
  column?: number;
  /** SANDBOX_BUSY: when a new call is likely to get a worker. */
  retryAfterS?: number;
}

export type SandboxAnswer = ({ ok: true; outputJson?: string } | { ok: false; error: SandboxFailure }) & { logs: string[]; ms: number };

/** A worker that has not answered this long after its deadline is stuck outside QuickJS's interrupt checks. */
const GRACE_MS = 2_000;
/**
 * Jobs waiting for a worker, per tenant and in all. Short on purpose: a job waits at most its own time limit
 * anyway, so a long queue only holds inputs in memory to answer "busy" later; beyond it a call is refused at once.
 */
export const QUEUE_PER_TENANT = 8;
export const QUEUE_MAX = 32;
/** A job is started only with at least this share of its time limit left (the rest went waiting). */
const MIN_RUN_SHARE = 0.1;
/** The worker thread's own V8 heap (the QuickJS heap is bounded by the job's memory limit inside the wasm memory). */
const WORKER_HEAP_MB = 256;

interface Pending {
  job: SandboxJob;
  tenant: string;
  /** When the call was asked: its time limit counts from here, waiting included. */
  askedAt: number;
  /** Set while it waits: answers "busy" when the wait used up the job's whole time limit. */
  waitTimer?: NodeJS.Timeout;
  resolve: (answer: SandboxAnswer) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy?: { id: number; pending: Pending; deadlineAt: number; timer?: NodeJS.Timeout };
}

const WORKER_URL = new URL('./worker.mjs', import.meta.url);
const busy = (message: string, retryAfterS: number): SandboxAnswer => ({
  ok: false,
  error: { code: 'SANDBOX_BUSY', message, retryAfterS },
  logs: [],
  ms: 0,
});

/**
 * A few worker threads that run sandboxed scripts one at a time each, so that a script — even one that loops until
 * its deadline — never blocks the server's event loop. Workers are started on first use and do not keep the
 * process alive while idle.
 *
 * Fair share: a tenant (company) runs at most half the workers at once (at least one), and waiting tenants take
 * turns, so one company's endless loops cannot hold the sandbox for another's decorator or login.
 */
export class SandboxPool {
  private slots: Slot[] = [];
  private queue = new FairQueue<Pending>();
  private running = new Map<string, number>();
  private nextId = 1;

  constructor(private size: number) {}

  /** How many workers the pool runs at most. */
  get capacity(): number {
    return this.size;
  }

  /** Jobs running and waiting now (monitoring, tests). */
  stats(): { running: number; waiting: number } {
    return { running: this.slots.filter((s) => s.busy).length, waiting: this.queue.size };
  }

  /** How many workers one tenant may use at once. */
  get share(): number {
    return Math.max(1, Math.floor(this.size / 2));
  }

  run(job: SandboxJob): Promise<SandboxAnswer> {
    return new Promise((resolve) => {
      const tenant = job.tenant ?? 'system';
      if (this.queue.size >= QUEUE_MAX || this.queue.sizeOf(tenant) >= QUEUE_PER_TENANT) {
        const retryAfterS = this.retryAfterS();
        resolve(busy(`Too many scripts are waiting to run; try again in ${retryAfterS} s.`, retryAfterS));
        return;
      }
      const pending: Pending = { job, tenant, askedAt: Date.now(), resolve };
      this.queue.push(tenant, pending);
      this.pump();
      if (this.queue.has(tenant, pending)) {
        pending.waitTimer = setTimeout(() => this.giveUpWaiting(pending), job.limits.timeMs);
        pending.waitTimer.unref();
      }
    });
  }

  /** Changes the number of workers (tests; the default follows the cores). Extra idle workers stop. */
  resize(size: number): void {
    this.size = Math.max(1, size);
    for (const slot of this.slots.filter((s) => !s.busy).slice(this.size)) this.drop(slot);
    this.pump();
  }

  /** Stops every worker (tests, shutdown). */
  async close(): Promise<void> {
    const slots = this.slots;
    this.slots = [];
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private pump(): void {
    const underShare = (tenant: string) => (this.running.get(tenant) ?? 0) < this.share;
    while (this.queue.hasNext(underShare)) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const pending = this.queue.takeNext(underShare)!;
      clearTimeout(pending.waitTimer);
      // A job that waited away nearly all of its time would only be stopped as soon as it starts, under a
      // message that blames the script: it is answered "busy", and the worker goes to the next one.
      if (Date.now() - pending.askedAt > pending.job.limits.timeMs * (1 - MIN_RUN_SHARE)) this.answerBusyAfterWaiting(pending);
      else this.start(slot, pending);
    }
  }

  private giveUpWaiting(pending: Pending): void {
    if (this.queue.remove(pending.tenant, pending)) this.answerBusyAfterWaiting(pending);
  }

  private answerBusyAfterWaiting(pending: Pending): void {
    pending.resolve(
      busy(
        `The sandbox was too busy to run the script within its time limit of ${pending.job.limits.timeMs} ms; try again shortly.`,
        this.retryAfterS(),
      ),
    );
  }

  /** Seconds until the first running job must have ended: a worker is free by then at the latest. */
  private retryAfterS(): number {
    const deadlines = this.slots.flatMap((s) => (s.busy ? [s.busy.deadlineAt] : []));
    const soonest = deadlines.length ? Math.min(...deadlines) : Date.now();
    return Math.max(1, Math.ceil((soonest - Date.now()) / 1000));
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    worker.unref();
    const slot: Slot = {
      worker,
      ready: new Promise((resolve) => {
        const onReady = (m: { ready?: boolean }) => {
          if (m?.ready) {
            worker.off('message', onReady);
            resolve();
          }
        };
        worker.on('message', onReady);
      }),
    };
    worker.on(
      'message',
      (m: { id?: number; ms: number; ok: boolean; outputJson?: string; error?: SandboxFailure; logs?: string[]; recycle?: boolean }) => {
        if (!slot.busy || m.id !== slot.busy.id) return;
        const { pending } = this.release(slot);
        worker.unref();
        if (m.recycle) this.drop(slot);
        pending.resolve(
          m.ok
            ? { ok: true, outputJson: m.outputJson, logs: m.logs ?? [], ms: m.ms }
            : { ok: false, error: m.error!, logs: m.logs ?? [], ms: m.ms },
        );
        if (m.recycle) this.replace();
        else this.pump();
      },
    );
    worker.on('error', (error) =>
      this.retire(slot, { code: 'SCRIPT_MEMORY', message: `The script stopped its sandbox: ${error.message}` }),
    );
    worker.on('exit', () => this.retire(slot, { code: 'SCRIPT_ERROR', message: 'The sandbox stopped unexpectedly.' }));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, pending: Pending): void {
    const id = this.nextId++;
    const assignedAt = Date.now();
    const { limits } = pending.job;
    // Until the worker is ready the deadline is a guess; it is set for real below.
    slot.busy = { id, pending, deadlineAt: assignedAt + limits.timeMs };
    this.running.set(pending.tenant, (this.running.get(pending.tenant) ?? 0) + 1);
    slot.worker.ref();
    void slot.ready.then(() => {
      if (slot.busy?.id !== id) return;
      // The time spent waiting for other jobs counts against the limit; a new worker's engine start does not.
      const deadlineAt = Date.now() + limits.timeMs - (assignedAt - pending.askedAt);
      const started = Date.now();
      slot.busy.deadlineAt = deadlineAt;
      slot.busy.timer = setTimeout(
        () =>
          this.retire(
            slot,
            { code: 'SCRIPT_TIMEOUT', message: `The script ran longer than its limit of ${limits.timeMs} ms and was stopped.` },
            Date.now() - started,
          ),
        deadlineAt - started + GRACE_MS,
      );
      slot.busy.timer.unref();
      slot.worker.postMessage({ id, deadlineAt, ...pending.job });
    });
  }

  /** Frees a slot of its job and the job's tenant of one running job. */
  private release(slot: Slot): NonNullable<Slot['busy']> {
    const current = slot.busy!;
    clearTimeout(current.timer);
    slot.busy = undefined;
    const left = (this.running.get(current.pending.tenant) ?? 1) - 1;
    if (left > 0) this.running.set(current.pending.tenant, left);
    else this.running.delete(current.pending.tenant);
    return current;
  }

  /** Takes a worker out of the pool for good. */
  private drop(slot: Slot): boolean {
    const index = this.slots.indexOf(slot);
    if (index < 0) return false;
    this.slots.splice(index, 1);
    void slot.worker.terminate();
    return true;
  }

  /** A worker that died or overran: answer its job, drop it, and let the next job start a new one. */
  private retire(slot: Slot, error: SandboxFailure, ms = 0): void {
    if (!this.drop(slot)) return;
    if (slot.busy) this.release(slot).pending.resolve({ ok: false, error, logs: [], ms });
    this.pump();
  }

  /**
   * A healthy worker that asked to be replaced (its memory grew): the new one starts its engine now, while idle,
   * rather than when the next call needs it. (A worker that died is replaced on demand only, so that one that
   * cannot start is not restarted in a loop.)
   */
  private replace(): void {
    if (!this.queue.size && this.slots.length < this.size) this.spawn();
    this.pump();
  }
}

/** Two cores are common on a store server: one worker per core, at least one, at most four. */
export const sandboxPool = new SandboxPool(Math.max(1, Math.min(4, Number(process.env.SANDBOX_WORKERS) || availableParallelism())));
