import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** What one call may use. The worker enforces them; the pool kills a worker that overruns time by GRACE_MS. */
export interface SandboxLimits {
  timeMs: number;
  memoryBytes: number;
  stackBytes: number;
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
}

export interface SandboxFailure {
  code: 'SCRIPT_TIMEOUT' | 'SCRIPT_MEMORY' | 'SCRIPT_STACK' | 'SCRIPT_SYNTAX' | 'SCRIPT_ERROR' | 'SCRIPT_NO_ENTRY' | 'SCRIPT_OUTPUT' | 'SANDBOX_BUSY' | 'SANDBOX_FAULT';
  message: string;
  line?: number;
  column?: number;
}

export type SandboxAnswer = ({ ok: true; outputJson?: string } | { ok: false; error: SandboxFailure }) & { logs: string[]; ms: number };

/** A worker that has not answered this long after its deadline is stuck outside QuickJS's interrupt checks. */
const GRACE_MS = 2_000;
/** Jobs waiting for a worker at most; beyond it a call is refused at once rather than queued without bound. */
const QUEUE_MAX = 1_000;
/** The worker thread's own V8 heap (the QuickJS heap is bounded by the job's memory limit inside the wasm memory). */
const WORKER_HEAP_MB = 256;

interface Pending {
  job: SandboxJob;
  resolve: (answer: SandboxAnswer) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy?: { id: number; pending: Pending; timer?: NodeJS.Timeout };
}

const WORKER_URL = new URL('./worker.mjs', import.meta.url);

/**
 * A few worker threads that run sandboxed scripts one at a time each, so that a script — even one that loops until
 * its deadline — never blocks the server's event loop. Workers are started on first use and do not keep the
 * process alive while idle.
 */
export class SandboxPool {
  private slots: Slot[] = [];
  private queue: Pending[] = [];
  private nextId = 1;

  constructor(private readonly size: number) {}

  run(job: SandboxJob): Promise<SandboxAnswer> {
    return new Promise((resolve) => {
      if (this.queue.length >= QUEUE_MAX) {
        resolve({ ok: false, error: { code: 'SANDBOX_BUSY', message: 'Too many scripts are waiting to run; try again shortly.' }, logs: [], ms: 0 });
        return;
      }
      this.queue.push({ job, resolve });
      this.pump();
    });
  }

  /** Stops every worker (tests, shutdown). */
  async close(): Promise<void> {
    const slots = this.slots;
    this.slots = [];
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
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
    worker.on('message', (m: { id?: number; ms: number; ok: boolean; outputJson?: string; error?: SandboxFailure; logs?: string[]; recycle?: boolean }) => {
      if (!slot.busy || m.id !== slot.busy.id) return;
      const { pending, timer } = slot.busy;
      clearTimeout(timer);
      slot.busy = undefined;
      worker.unref();
      if (m.recycle) this.drop(slot);
      pending.resolve(m.ok ? { ok: true, outputJson: m.outputJson, logs: m.logs ?? [], ms: m.ms } : { ok: false, error: m.error!, logs: m.logs ?? [], ms: m.ms });
      this.pump();
    });
    worker.on('error', (error) => this.retire(slot, { code: 'SCRIPT_MEMORY', message: `The script stopped its sandbox: ${error.message}` }));
    worker.on('exit', () => this.retire(slot, { code: 'SCRIPT_ERROR', message: 'The sandbox stopped unexpectedly.' }));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, pending: Pending): void {
    const id = this.nextId++;
    slot.busy = { id, pending };
    slot.worker.ref();
    void slot.ready.then(() => {
      if (slot.busy?.id !== id) return;
      const started = Date.now();
      // The deadline counts from the moment the worker gets the job (its first start loads the engine first).
      slot.busy.timer = setTimeout(
        () => this.retire(slot, { code: 'SCRIPT_TIMEOUT', message: `The script ran longer than its limit of ${pending.job.limits.timeMs} ms and was stopped.` }, Date.now() - started),
        pending.job.limits.timeMs + GRACE_MS,
      );
      slot.busy.timer.unref();
      slot.worker.postMessage({ id, ...pending.job });
    });
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
    const busy = slot.busy;
    slot.busy = undefined;
    if (busy) {
      clearTimeout(busy.timer);
      busy.pending.resolve({ ok: false, error, logs: [], ms });
    }
    this.pump();
  }
}

/** Two cores are common on a store server: one worker per core, at least one, at most four. */
export const sandboxPool = new SandboxPool(Math.max(1, Math.min(4, Number(process.env.SANDBOX_WORKERS) || availableParallelism())));
