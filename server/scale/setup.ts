import type { ServerConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import type { AppDeps } from '../deps';
import { seedIfEmpty } from '../seed/index';
import { startSimulator, type SimOptions, type Simulator } from '../sim/index';
import { SETUP_LOCK, SIMULATOR_LOCK, whileLeader, withLock } from './leader';

/**
 * The database brought up to date and given its demo data when empty. On PostgreSQL several processes may start at
 * once: one migrates and seeds under a lock while the others wait, then find both done.
 */
export async function prepareDatabase(config: ServerConfig): Promise<{ database: Database; seeded: boolean }> {
  const open = async () => {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    return { database, seeded: await seedIfEmpty(database.db, { seed: config.seed, dataDir: config.dataDir }) };
  };
  return config.databaseUrl ? withLock(config.databaseUrl, SETUP_LOCK, open) : open();
}

export interface SharedSimulator {
  /** Where it runs, for the start banner. */
  where: string;
  stop(): Promise<void>;
}

/**
 * One simulated world per database (docs/architecture.md §6): on PGlite this process runs it; on PostgreSQL the process holding
 * the simulator's advisory lock does, and another takes over within seconds of its death (scale/leader.ts).
 */
export function startSharedSimulator(deps: AppDeps, kind: Database['kind'], opts: SimOptions): SharedSimulator {
  if (kind === 'pglite' || !deps.config.databaseUrl) {
    const sim = startSimulator(deps, opts);
    return { where: 'in this process', stop: async () => sim.stop() };
  }
  const leadership = whileLeader<Simulator>(deps.config.databaseUrl, SIMULATOR_LOCK, {
    start: () => {
      // Tests of the hand-over read this line to learn which process runs the simulator.
      console.log(`simulator: running in process ${process.pid}`);
      return startSimulator(deps, opts);
    },
    stop: (sim) => {
      console.log(`simulator: stopped in process ${process.pid}`);
      sim.stop();
    },
  });
  return { where: 'in the one process holding its lock', stop: () => leadership.close() };
}
