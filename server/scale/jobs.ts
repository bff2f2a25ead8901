/*
 * Why this queue is still hand-written (issue 34 §2, measured 2026-11-28 on Node 24.21, pg-boss 12.38, PGlite 0.3.16,
 * the 2-core machine at load average 15–30, one run each: compare the rows with each other, not with a quiet machine).
 * 1,000 jobs sent one by one, then worked by 4 workers; "RSS added" is the process's growth from starting the queue.
 *
 *   queue / database                          start (schema)    send 1,000   work 1,000   RSS added
 *   pg-boss, PostgreSQL                       0.5–1.6 s          8.5–18.7 s    2.5 s        +20 MB
 *   pg-boss, PGlite in-process (fromPglite)   3.3 s (7.4 s on    16.6 s        3.3 s        +27 MB
 *                                             disk; 0.5 s warm)
 *   pg-boss, PGlite via pglite-socket 0.0.22  4.9 s              38.6 s        9.7 s        +42 MB   (pool of 1)
 *   pg-boss, PGlite via socket, pool of 4     — did not finish in 200 s (not traced; the socket server runs one
 *                                               client's transaction at a time and holds the others' queries)
 *   this file, PostgreSQL                     in our migrations  27.8 s        15.5 s       ±0
 *   this file, PGlite                         in our migrations  11.7 s        39.2 s       +26 MB
 *
 * pg-boss works "batchSize: 10, burstWhenBatchFull"; with one job per handler call (what this file's kinds are) a
 * pg-boss worker waits its polling interval (≥ 0.5 s) after every job: 960 of 1,000 done after 120 s.
 *
 * So pg-boss 12 DOES serve both: PostgreSQL by its pool, PGlite through its own in-process adapter (`fromPglite`,
 * `backend: 'pglite'`; each statement or multi-statement block waits for PGlite's transaction lock, so it never lands
 * inside one of the app's transactions). The socket path is the one to avoid (slower, and hangs with a pool of more
 * than one connection). graphile-worker 0.18 takes a `pg` pool only, so on PGlite it has the socket path alone (not
 * measured).
 * It is not switched yet because the switch is more than this file: the `jobs` table leaves through a migration and
 * server/repos/jobs.ts goes (another change was reworking both), `remember()` — the product import's history row,
 * which onFailed needs after a crash — has no pg-boss counterpart (it would go to a table of the import's own), and
 * pg-boss's own schema costs 3.3–7.4 s on every fresh PGlite (each in-memory test database) and 0.5 s on a warm start.
 * Its heartbeat (heartbeatSeconds ≥ 10) now notices a dead worker as our 10 s lease does, which was the old reason.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/client';
import { ApiError } from '../lib/errors';
import { claimJob, endJob, findJob, insertJob, mergeJobData, purgeJobs, renewJobLease, type JobRow } from '../repos/jobs';

/** What a failed job left for whoever waits on it: the error the request would have answered. */
export interface JobFailure {
  status: number;
  code: string | number;
  message: string;
}

export interface JobKind<D extends Record<string, unknown>> {
  name: string;
  /** Runs after a process died mid-job count as attempts: 1 fails such a job visibly, more resume it from the start. */
  maxAttempts: number;
  run(data: D, job: JobContext<D>): Promise<unknown>;
  /** Told once when the job has failed for good (a client error, or its attempts spent), to mark its work failed. */
  onFailed?(data: D, failure: JobFailure): Promise<void>;
}

export interface JobContext<D> {
  id: number;
  /** Kept with the job, so that onFailed after a crash still knows it (e.g. the history row the work created). */
  remember(patch: Partial<D>): Promise<void>;
}

export interface JobRunnerOptions {
  /** Jobs this process runs at once. */
  concurrency?: number;
  /** How often an idle process looks for queued jobs and for jobs whose process died. */
  pollMs?: number;
  /** A running job's lease; its process renews it every third of this. A dead process's job is taken over after it. */
  leaseMs?: number;
}

const INTERRUPTED = 'The server stopped while this work ran.';
const PURGE_AFTER_MS = 86_400_000;

const failureOf = (error: unknown): JobFailure =>
  error instanceof ApiError ? { status: error.status, code: error.code, message: error.message } : { status: 500, code: 'JOB_FAILED', message: (error as Error)?.message ?? String(error) };

/**
 * Durable jobs on the database (DESIGN.md §3 "beyond one process"): the work is a row first, so any process may run
 * it and a crash does not lose it — the lease runs out and the next process resumes it, or fails it visibly once its
 * attempts are spent. PGlite and PostgreSQL run the very same code; with one process the runner is simply alone.
 * (pg-boss 12 was measured as a replacement: see the note at the top of this file.)
 */
export class JobRunner {
  readonly worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private kinds = new Map<string, JobKind<Record<string, unknown>>>();
  private running = new Set<Promise<void>>();
  private waiters = new Map<number, Set<(row: JobRow) => void>>();
  private timer?: NodeJS.Timeout;
  private claiming?: Promise<void>;
  private stopped = false;
  /** A stopped runner takes no jobs: an app built again on the same deps (a test's restart) makes a new one. */
  get isStopped(): boolean {
    return this.stopped;
  }
  private polls = 0;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;

  constructor(
    private db: Db,
    opts: JobRunnerOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? 4;
    this.pollMs = opts.pollMs ?? 1_000;
    this.leaseMs = opts.leaseMs ?? 10_000;
  }

  define<D extends Record<string, unknown>>(kind: JobKind<D>): void {
    this.kinds.set(kind.name, kind as unknown as JobKind<Record<string, unknown>>);
    if (!this.timer && !this.stopped) {
      this.timer = setInterval(() => this.poll(), this.pollMs);
      this.timer.unref();
    }
    this.kick();
  }

  /** Stores the job and lets this process take it at once when it has room; answers the job's id. */
  async send<D extends Record<string, unknown>>(name: string, data: D): Promise<number> {
    const kind = this.kinds.get(name);
    if (!kind) throw new Error(`Unknown job kind ${name}`);
    const id = await insertJob(this.db, name, data, kind.maxAttempts);
    this.kick();
    return id;
  }

  /** The job's answer once it is done, whichever process ran it; a failed job throws its error (an ApiError for a 4xx). */
  async wait(id: number, pollMs = 250): Promise<unknown> {
    for (;;) {
      const row = await findJob(this.db, id);
      if (!row) throw new Error(`Job ${id} is gone`);
      if (row.state === 'done') return row.result;
      if (row.state === 'failed') {
        const failure = row.result as JobFailure;
        throw new ApiError(failure.status >= 400 && failure.status < 500 ? failure.status : 500, failure.code, failure.message);
      }
      // Run here: told at once. Run elsewhere: the row is read again shortly.
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.get(id)?.delete(done);
          resolve();
        };
        const timer = setTimeout(done, pollMs);
        const set = this.waiters.get(id) ?? new Set();
        set.add(done);
        this.waiters.set(id, set);
      });
    }
  }

  /** No new jobs are taken; the running ones finish (a stopping process hands nothing half-done to the lease). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.claiming;
    await Promise.allSettled([...this.running]);
  }

  private poll() {
    if (++this.polls % 600 === 0) void purgeJobs(this.db, new Date(Date.now() - PURGE_AFTER_MS)).catch(() => undefined);
    this.kick();
  }

  private kick() {
    if (this.stopped || this.claiming || !this.kinds.size) return;
    this.claiming = this.claimWhileRoom()
      .catch((error) => console.warn(`jobs: ${(error as Error).message}`))
      .finally(() => (this.claiming = undefined));
  }

  private async claimWhileRoom() {
    while (!this.stopped && this.running.size < this.concurrency) {
      const row = await claimJob(this.db, [...this.kinds.keys()], this.worker, this.leaseMs);
      if (!row) return;
      const job = this.execute(row).finally(() => {
        this.running.delete(job);
        for (const wake of this.waiters.get(row.id) ?? []) wake(row);
        this.kick();
      });
      this.running.add(job);
    }
  }

  private async execute(row: JobRow) {
    const kind = this.kinds.get(row.name)!;
    const fail = async (failure: JobFailure) => {
      await endJob(this.db, row.id, this.worker, 'failed', failure);
      await kind.onFailed?.(row.data, failure).catch((error) => console.warn(`jobs: ${row.name} ${row.id}: ${(error as Error).message}`));
    };
    // Claimed again after its process died, with no attempt left: failed where everyone sees it.
    if (row.attempts > row.maxAttempts) return fail({ status: 500, code: 'JOB_INTERRUPTED', message: INTERRUPTED });
    const renew = setInterval(() => void renewJobLease(this.db, row.id, this.worker, this.leaseMs).catch(() => undefined), this.leaseMs / 3);
    try {
      const result = await kind.run(row.data, { id: row.id, remember: (patch) => mergeJobData(this.db, row.id, patch) });
      await endJob(this.db, row.id, this.worker, 'done', result ?? null);
    } catch (error) {
      const failure = failureOf(error);
      // A client's mistake fails at once; anything else may run again while attempts remain.
      if (failure.status < 500 || row.attempts >= row.maxAttempts) await fail(failure);
      else await endJob(this.db, row.id, this.worker, 'queued', failure);
    } finally {
      clearInterval(renew);
    }
  }
}
