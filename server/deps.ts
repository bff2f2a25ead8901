import type { Db } from './db/client';
import type { ServerConfig } from './config';
import type { PushHub } from './push/hub';

/** What every route and the simulator share; built once in main.ts (or per test). */
export interface AppDeps {
  db: Db;
  config: ServerConfig;
  push: PushHub;
}
