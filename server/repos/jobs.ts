import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs, type JobState } from '../db/schema/index';

export interface JobRow {
  id: number;
  name: string;
  data: Record<string, unknown>;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  result: unknown;
}

const columns = { id: jobs.id, name: jobs.name, data: jobs.data, state: jobs.state, attempts: jobs.attempts, maxAttempts: jobs.maxAttempts, result: jobs.result };

export async function insertJob(db: Db, name: string, data: Record<string, unknown>, maxAttempts: number): Promise<number> {
  const [row] = await db.insert(jobs).values({ name, data, maxAttempts }).returning({ id: jobs.id });
  return row.id;
}

/**
 * Takes the oldest job of these names that is queued, or running under a lease that ran out (its process died), and
 * leases it to this worker. SKIP LOCKED: two processes claiming at once take two different jobs, never the same.
 */
export async function claimJob(db: Db, names: string[], worker: string, leaseMs: number, now = new Date()): Promise<JobRow | undefined> {
  if (!names.length) return undefined;
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    // A running job whose lease ran out belongs to a process presumed dead — never to this one: a renewal late on a
    // busy process must not make it start its own running job a second time.
    .where(and(inArray(jobs.name, names), sql`(${jobs.state} = 'queued' or (${jobs.state} = 'running' and ${jobs.leaseUntil} < ${now} and ${jobs.worker} <> ${worker}))`))
    .orderBy(jobs.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({ state: 'running', attempts: sql`${jobs.attempts} + 1`, leaseUntil: new Date(now.getTime() + leaseMs), worker, updatedAt: now })
    .where(eq(jobs.id, sql`(${next})`))
    .returning(columns);
  return row;
}

/** The worker still holds the job: its lease moves on. False when another process has taken it over meanwhile. */
export async function renewJobLease(db: Db, id: number, worker: string, leaseMs: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(and(eq(jobs.id, id), eq(jobs.worker, worker), eq(jobs.state, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function endJob(db: Db, id: number, worker: string, state: 'done' | 'failed' | 'queued', result: unknown, now = new Date()): Promise<void> {
  await db
    .update(jobs)
    .set({ state, result: sql`${JSON.stringify(result ?? null)}::jsonb`, leaseUntil: null, updatedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.worker, worker)));
}

/** Adds to a running job's data what a later attempt or its failure handler must know (e.g. the row it created). */
export async function mergeJobData(db: Db, id: number, patch: Record<string, unknown>): Promise<void> {
  await db.update(jobs).set({ data: sql`${jobs.data} || ${JSON.stringify(patch)}::jsonb` }).where(eq(jobs.id, id));
}

export async function findJob(db: Db, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select(columns).from(jobs).where(eq(jobs.id, id));
  return row;
}

/** Finished jobs are kept a day for anyone still waiting on them, then removed. */
export async function purgeJobs(db: Db, before: Date): Promise<void> {
  await db.delete(jobs).where(and(inArray(jobs.state, ['done', 'failed']), lt(jobs.updatedAt, before)));
}
