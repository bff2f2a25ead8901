/*
 * The job queue is pg-boss 12.38.0 (issue 34 §2), on both databases the app runs on: PostgreSQL through a pool of
 * pg-boss's own (4 connections, and one held for LISTEN), PGlite in-process through pg-boss's `fromPglite` adapter
 * (`backend: 'pglite'`; each of its statements waits for PGlite's transaction lock, so none lands inside one of the
 * app's transactions). The hand-written `jobs` table and its lease code are gone (migration 0016); what a running job
 * remembers for its failure handler is a row of `job_notes` (server/repos/jobs.ts), which pg-boss has no room for.
 *
 * Measured 2026-11-29 on Node 24.21, PGlite 0.3, the 2-core machine at load average 11–15 (other sessions' tests):
 *   - pg-boss's schema is installed by the first job a database ever gets, not at server start: on a fresh in-memory
 *     PGlite that first send took 1.6 s (install and start; 2.2 s in a standalone run, its DDL alone 1.4 s), on
 *     PostgreSQL 0.8 s. Starting on a database where it is installed: 0.41 s (PGlite), 0.45 s (PostgreSQL). A server
 *     (or a test file) that sends no job pays one `to_regclass` query every 5 s and nothing else. Tests that time an
 *     upload call `prepare()` first, so that the one-time install is not counted as the upload's.
 *   - A job sent here is picked up at once (this process's worker is woken by `notifyWorker`, the others by pg-boss's
 *     LISTEN/NOTIFY, `notify: true` on each queue): send to answer 22–180 ms on PGlite, 27–194 ms on PostgreSQL
 *     (10 jobs one after another); tests/server/jobs.test.ts checks a pickup under 2 s with a 30 s poll.
 *   - A process that dies mid-job: its heartbeat (10 s, touched every 5 s) stops; any process's monitor (every 5 s)
 *     then retries the job or, its attempts spent, fails it into the kind's dead letter queue, whose worker (any
 *     process, polling every 5 s: a retry or a dead letter sends no NOTIFY) runs onFailed with the notes. In
 *     tests/server-pg/multi-process.test.ts a killed download was finished by another process and a killed import's
 *     history row closed "Import stopped: The server stopped while this work ran.", each within 45 s (the download
 *     now has 75 s: with two copies of the file running at load average 15, its retry took longer than 45 s).
 *   - Any process may take a job, not only the one whose request sent it: the NOTIFY wakes the idle workers of all
 *     of them, and one of another process is often first. In the loaded PostgreSQL pass an import sent by a process
 *     was run by another (the revert's failure, and 2 of 2 runs instrumented under load): the test killed the
 *     sender, the import went on elsewhere and closed its history row whole and with no error. The test now pauses
 *     the other processes until the job is taken (SIGSTOP), so that it kills the process that runs it; the queue
 *     itself was right.
 *   - Again on 2026-11-29 (load average 13–17): the demo PGlite upgraded from migration 0015 booted in 8 s, its first
 *     job (install and run) answered in 3.3 s, the next in 0.5 s; a fresh demo's first in 0.8 s, the next 0.2 s. A
 *     demo PostgreSQL database made by the server before (a download left in `jobs`) booted in 10 s, dropped `jobs`,
 *     and answered its first download in 0.9 s, the next in 0.4 s. The compiled server (build:server): 0.8 s, 0.2 s.
 *   - The server test files that use jobs (jobs, product-file-import, product-upload, files, exception-downloads,
 *     code-scripts-uploads, upload-budgets, tag-counts) on PGlite: 280.7 s wall / 294.6 s of tests before, 184.0 s /
 *     269.1 s after — the machine's load moved more than the change did; jobs.test.ts itself went from 14.3 s to
 *     28.9 s, 12.5 s of it a heartbeat that must outlive 10 s.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { ConstructorOptions, Job, JobResult, JobWithMetadata, PgBoss } from 'pg-boss';
import type { Db } from '../db/client';
import { ApiError } from '../lib/errors';
import { onFirstUse } from '../lib/native-modules';
import { forgetJobNotes, jobNotesOf, jobQueueInstalled, noteJob, purgeJobNotes } from '../repos/jobs';

/*
 * pg-boss (~22 MB resident when imported alone, issue 34 §4) is required when the queue starts here — the first job,
 * or another process having installed it — not at server start: a server whose database never had a job runs
 * without it. A static import would not wait (the compiled server hoists package imports to its top).
 */
const pgBoss = onFirstUse<typeof import('pg-boss')>('pg-boss');

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
  id: string;
  /** Kept beside the job, so that a later attempt or onFailed after a crash still knows it (e.g. the history row the work created). */
  remember(patch: Partial<D>): Promise<void>;
}

export interface JobRunnerOptions {
  /** Jobs of each kind this process runs at once. */
  concurrency?: number;
  /**
   * How often a process looks for jobs whose process died (pg-boss's monitor), and — while pg-boss does not run here
   * yet — whether another process has installed the queue (then this one starts too, to take over their jobs).
   */
  superviseSeconds?: number;
  /** A running job's process touches it every half of this; a job not touched for this long is taken as its process's death (pg-boss: ≥ 10). */
  heartbeatSeconds?: number;
  /** How often an idle worker looks for jobs that no notification announced (a retry after a death); ≥ 0.5. */
  pollSeconds?: number;
}

/** pg-boss's own schema, beside the app's tables. */
const SCHEMA = 'pgboss';
const INTERRUPTED: JobFailure = { status: 500, code: 'JOB_INTERRUPTED', message: 'The server stopped while this work ran.' };
/** A job running longer than this is failed as if its process died; the heartbeat is what notices a death. */
const MAX_RUN_SECONDS = 12 * 3600;
const NOTES_KEPT_MS = 7 * 86_400_000;

/** The queue a kind's jobs go to, and where pg-boss puts them when they fail for good (whoever sees it runs onFailed). */
export const queueOf = (kind: { name: string; maxAttempts: number }, heartbeatSeconds = 10) => ({
  name: kind.name,
  deadLetter: `${kind.name}.failed`,
  options: { retryLimit: Math.max(0, kind.maxAttempts - 1), retryDelay: 0, heartbeatSeconds, expireInSeconds: MAX_RUN_SECONDS },
});

type Outcome = { ok: true; result: unknown } | { ok: false; failure: JobFailure };
type Data = Record<string, unknown>;

const failureOf = (error: unknown): JobFailure =>
  error instanceof ApiError
    ? { status: error.status, code: error.code, message: error.message }
    : { status: 500, code: 'JOB_FAILED', message: (error as Error)?.message ?? String(error) };
/** What a failed job's output says: our handler's failure, or pg-boss's own (a heartbeat or run time out: its process died). */
const failureIn = (output: unknown): JobFailure => {
  const o = output as Partial<JobFailure> | null;
  return o && typeof o.status === 'number' && o.code !== undefined && typeof o.message === 'string'
    ? { status: o.status, code: o.code, message: o.message }
    : INTERRUPTED;
};
const answer = (outcome: Outcome): unknown => {
  if (outcome.ok) return outcome.result;
  const { status, code, message } = outcome.failure;
  throw new ApiError(status >= 400 && status < 500 ? status : 500, code, message);
};

/**
 * Durable jobs on pg-boss (docs/architecture.md §3 "beyond one process"), on the app's own database: PostgreSQL through a pool
 * of pg-boss's, PGlite in-process (`fromPglite`). The work is a job row first, so any process may run it and a crash
 * does not lose it — its heartbeat stops, and pg-boss retries it elsewhere or, its attempts spent, fails it into the
 * kind's dead letter queue, whose worker runs onFailed. pg-boss starts on the first job sent here, or as soon as
 * another process has installed it; a database that never had a job never gets its schema.
 */
export class JobRunner {
  private kinds = new Map<string, JobKind<Data>>();
  /** The kinds whose queues exist and whose workers run here (or are being set up). */
  private served = new Map<string, Promise<void>>();
  private workers = new Map<string, string>();
  private waiters = new Map<string, Set<(outcome: Outcome) => void>>();
  private boss?: PgBoss;
  private starting?: Promise<PgBoss>;
  private watch?: NodeJS.Timeout;
  private stopped = false;
  /** A stopped runner takes no jobs: an app built again on the same deps (a test's restart) makes a new one. */
  get isStopped(): boolean {
    return this.stopped;
  }
  private readonly concurrency: number;
  private readonly superviseSeconds: number;
  private readonly heartbeatSeconds: number;
  private readonly pollSeconds: number;

  constructor(
    private db: Db,
    opts: JobRunnerOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? 4;
    this.superviseSeconds = opts.superviseSeconds ?? 5;
    this.heartbeatSeconds = opts.heartbeatSeconds ?? 10;
    this.pollSeconds = opts.pollSeconds ?? 5;
  }

  define<D extends Data>(kind: JobKind<D>): void {
    this.kinds.set(kind.name, kind as unknown as JobKind<Data>);
    if (this.boss) void this.serving(this.boss, kind.name).catch((error) => console.warn(`jobs: ${(error as Error).message}`));
    else this.watchForQueue();
  }

  /** Stores the job (starting pg-boss here if it is not yet) and wakes this process's worker; answers the job's id. */
  async send<D extends Data>(name: string, data: D): Promise<string> {
    const kind = this.kinds.get(name);
    if (!kind) throw new Error(`Unknown job kind ${name}`);
    const boss = await this.started();
    await this.serving(boss, name);
    const id = await boss.send(name, data, queueOf(kind, this.heartbeatSeconds).options);
    if (!id) throw new Error(`jobs: ${name} was not queued`);
    const worker = this.workers.get(name);
    if (worker) boss.notifyWorker(worker);
    return id;
  }

  /** The job's answer once it is done, whichever process ran it; a failed job throws its error (an ApiError for a 4xx). */
  async wait(name: string, id: string, pollMs = 250): Promise<unknown> {
    const boss = await this.started();
    for (;;) {
      const [job] = await boss.findJobs(name, { id });
      if (!job) throw new Error(`Job ${id} is gone`);
      if (job.state === 'completed') return (job.output as { result?: unknown } | null)?.result;
      if (job.state === 'failed' || job.state === 'cancelled') return answer({ ok: false, failure: failureIn(job.output) });
      // Run here: told at once. Run elsewhere (or a retry pending): the job is read again shortly.
      const told = await new Promise<Outcome | undefined>((resolve) => {
        const set = this.waiters.get(id) ?? new Set();
        const done = (outcome?: Outcome) => {
          clearTimeout(timer);
          set.delete(done);
          if (!set.size) this.waiters.delete(id);
          resolve(outcome);
        };
        const timer = setTimeout(done, pollMs);
        set.add(done);
        this.waiters.set(id, set);
      });
      if (told) return answer(told);
    }
  }

  /** Starts pg-boss here now (installing it in the database if no process has yet), rather than on the first job sent. */
  async prepare(): Promise<void> {
    await this.started();
  }

  /** No new jobs are taken; the running ones finish (a stopping process hands nothing half-done to the heartbeat). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.watch);
    const boss = this.boss ?? (await this.starting?.catch(() => undefined));
    await boss?.stop({ graceful: true, timeout: MAX_RUN_SECONDS * 1000 });
  }

  /** Starts pg-boss here once, installing its schema in the database if no process has yet. */
  private started(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('jobs: stopped'));
    this.starting ??= this.start().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  private async start(): Promise<PgBoss> {
    clearInterval(this.watch);
    const boss = new (pgBoss().PgBoss)({
      ...this.connection(),
      schema: SCHEMA,
      // A job sent in any process wakes the workers of every process at once (NOTIFY); polling is the backstop.
      useListenNotify: true,
      schedule: false,
      superviseIntervalSeconds: this.superviseSeconds,
      monitorIntervalSeconds: this.superviseSeconds,
    });
    boss.on('error', (error: Error) => console.warn(`jobs: ${error.message}`));
    await boss.start();
    if (this.stopped) {
      await boss.stop({ graceful: false });
      throw new Error('jobs: stopped');
    }
    this.boss = boss;
    await purgeJobNotes(this.db, new Date(Date.now() - NOTES_KEPT_MS)).catch(() => undefined);
    for (const name of [...this.kinds.keys()]) await this.serving(boss, name);
    return boss;
  }

  /** PostgreSQL: a small pool of pg-boss's own on the app's database. PGlite: the app's instance itself. */
  private connection(): ConstructorOptions {
    const client = (this.db as unknown as { $client: unknown }).$client;
    if (client instanceof PGlite) return { db: pgBoss().fromPglite(client), backend: 'pglite' };
    if (client instanceof pg.Pool) return { connectionString: client.options.connectionString, max: 4 };
    throw new Error('jobs: the database is neither PGlite nor a PostgreSQL pool');
  }

  /** While pg-boss does not run here: it starts as soon as another process (or an earlier run) has installed it. */
  private watchForQueue() {
    if (this.watch || this.stopped || this.starting) return;
    const look = async () => {
      if (this.stopped || this.starting) return clearInterval(this.watch);
      if (await jobQueueInstalled(this.db, SCHEMA)) await this.started();
    };
    const tick = () => void look().catch((error) => console.warn(`jobs: ${(error as Error).message}`));
    this.watch = setInterval(tick, this.superviseSeconds * 1000);
    this.watch.unref();
    tick();
  }

  private serving(boss: PgBoss, name: string): Promise<void> {
    let serving = this.served.get(name);
    if (!serving) {
      serving = this.serve(boss, name);
      this.served.set(name, serving);
      serving.catch(() => this.served.delete(name));
    }
    return serving;
  }

  /** The kind's queue and its dead letter queue, and this process's workers on both. */
  private async serve(boss: PgBoss, name: string): Promise<void> {
    const kind = this.kinds.get(name)!;
    const queue = queueOf(kind, this.heartbeatSeconds);
    await boss.createQueue(queue.deadLetter, { notify: true, retryLimit: 2 });
    await boss.createQueue(name, { ...queue.options, notify: true, deadLetter: queue.deadLetter });
    const polling = { pollingIntervalSeconds: this.pollSeconds, notifyPollingIntervalSeconds: this.pollSeconds };
    const worker = await boss.work(
      name,
      { ...polling, batchSize: 1, localConcurrency: this.concurrency, perJobResults: true as const },
      async ([job]: Job<Data>[]) => [await this.execute(boss, kind, job)],
    );
    this.workers.set(name, worker);
    await boss.work(
      queue.deadLetter,
      { ...polling, batchSize: 1, includeMetadata: true as const },
      async ([job]: JobWithMetadata<Data>[]) => this.afterDeath(kind, job),
    );
  }

  private async execute(boss: PgBoss, kind: JobKind<Data>, job: Job<Data>): Promise<JobResult> {
    // A retry after its process died resumes with what the earlier attempt remembered.
    const data = { ...job.data, ...(await jobNotesOf(this.db, job.id)) };
    let output: { result: unknown };
    try {
      const result = await kind.run(data, { id: job.id, remember: (patch) => noteJob(this.db, job.id, patch) });
      output = { result: result ?? null };
      // Settled before the waiter is told, so that the job reads completed from then on (pg-boss's own settling
      // after this handler finds it so and leaves it).
      await boss.complete(kind.name, { id: job.id, retryCount: job.retryCount }, output);
    } catch (error) {
      const failure = failureOf(error);
      // A client's mistake fails at once; anything else may run again while attempts remain.
      if (failure.status >= 500 && job.retryCount + 1 < kind.maxAttempts) return { id: job.id, status: 'failed', output: failure };
      await this.failed(kind, data, failure, job.id);
      this.tell(job.id, { ok: false, failure });
      // Dead-lettered at once (no retry left); its dead letter worker sees that onFailed has run here.
      return { id: job.id, status: 'deadletter', output: { ...failure, told: true } };
    }
    await forgetJobNotes(this.db, job.id).catch(() => undefined);
    this.tell(job.id, { ok: true, result: output.result });
    return { id: job.id, status: 'completed', output };
  }

  /** A job that failed for good without its handler saying so: its process died (the heartbeat stopped) with no attempt left. */
  private async afterDeath(kind: JobKind<Data>, job: JobWithMetadata<Data>): Promise<void> {
    if ((job.sourceOutput as { told?: boolean } | null)?.told) return;
    const notes = job.sourceId ? await jobNotesOf(this.db, job.sourceId) : {};
    await this.failed(kind, { ...job.data, ...notes }, failureIn(job.sourceOutput), job.sourceId ?? undefined);
  }

  private async failed(kind: JobKind<Data>, data: Data, failure: JobFailure, id?: string) {
    await kind.onFailed?.(data, failure).catch((error) => console.warn(`jobs: ${kind.name} ${id}: ${(error as Error).message}`));
    if (id) await forgetJobNotes(this.db, id).catch(() => undefined);
  }

  private tell(id: string, outcome: Outcome) {
    for (const done of [...(this.waiters.get(id) ?? [])]) done(outcome);
  }
}
