import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tstz } from './common';

/**
 * What a running job remembered (server/repos/jobs.ts), for a later attempt or its failure handler after its process
 * died. The jobs themselves are pg-boss's (server/scale/jobs.ts), in its own schema "pgboss", made on the first job.
 */
export const jobNotes = pgTable('job_notes', {
  jobId: text().primaryKey(),
  data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

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
