import type { Db } from './db/client';
import type { ServerConfig } from './config';
import type { PushHub } from './push/hub';
import type { JobRunner } from './scale/jobs';

/** What every route and the simulator share; built once in main.ts (or per test). */
export interface AppDeps {
  db: Db;
  config: ServerConfig;
  push: PushHub;
  /** The time of day for Plus playback and schedules (lib/clock.ts); unset, the wall clock. Tests set a moment. */
  clock?: () => Date;
  /** Durable jobs (scale/jobs.ts); buildApp makes one when the caller has not. */
  jobs?: JobRunner;
}
