import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobNotes } from '../db/schema/index';
import { rowsOf } from '../lib/rows';

/*
 * What a running job remembers beside its pg-boss row (server/scale/jobs.ts): pg-boss keeps a job's data as it was
 * sent, and a later attempt or the failure handler after its process died must still know what the work had made.
 */

export async function noteJob(db: Db, jobId: string, patch: Record<string, unknown>): Promise<void> {
  await db
    .insert(jobNotes)
    .values({ jobId, data: patch })
    .onConflictDoUpdate({ target: jobNotes.jobId, set: { data: sql`${jobNotes.data} || excluded.data` } });
}

export async function jobNotesOf(db: Db, jobId: string): Promise<Record<string, unknown>> {
  const [row] = await db.select({ data: jobNotes.data }).from(jobNotes).where(eq(jobNotes.jobId, jobId));
  return row?.data ?? {};
}

export async function forgetJobNotes(db: Db, jobId: string): Promise<void> {
  await db.delete(jobNotes).where(eq(jobNotes.jobId, jobId));
}

/** Notes of jobs that never finished anywhere (pg-boss has long removed them). */
export async function purgeJobNotes(db: Db, before: Date): Promise<void> {
  await db.delete(jobNotes).where(lt(jobNotes.createdAt, before));
}

/** Whether pg-boss has been installed in this database (by any process). */
export async function jobQueueInstalled(db: Db, schema: string): Promise<boolean> {
  const [row] = rowsOf<{ installed: boolean }>(await db.execute(sql`select to_regclass(${`${schema}.version`}) is not null as installed`));
  return row?.installed === true;
}
