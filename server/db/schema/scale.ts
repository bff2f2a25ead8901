import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tstz } from './common';

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/**
 * Durable jobs (server/scale/jobs.ts): long work any process may run. A running job holds a lease that its process
 * renews; a lease that runs out means the process died, and the next process to look takes the job over (or fails it
 * visibly once its attempts are spent). The same table serves PGlite and PostgreSQL.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigId(),
    name: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    state: text().$type<JobState>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(1),
    leaseUntil: tstz(),
    worker: text(),
    /** What the job answered (done) or why it failed: `{ status, code, message }` of the error. */
    result: jsonb().$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('jobs_open_idx').on(t.state, t.id)],
);

/** Push messages too long for a NOTIFY payload (8,000 bytes): the notification carries only the row id. */
export const pushOverflow = pgTable('push_overflow', {
  id: bigId(),
  payload: jsonb().$type<unknown>().notNull(),
  createdAt: createdAt(),
});

/** Rate limit windows shared by every process (server/scale/rate-limit-store.ts): hits per key and window. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text().primaryKey(),
  hits: integer().notNull().default(0),
  windowEnd: tstz().notNull(),
});
