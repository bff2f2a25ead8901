-- Durable jobs move to pg-boss (server/scale/jobs.ts, issue 34): its tables live in its own schema "pgboss", made by
-- pg-boss on the first job a database sees. What a running job remembers for its failure handler stays here.
-- Jobs still queued in the old table when a deployment upgrades are not carried over (a waiting request died with
-- its process; a download task left pending is shown as such and can be asked for again).
DROP TABLE IF EXISTS "jobs";--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "job_notes" (
	"job_id" text PRIMARY KEY NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
