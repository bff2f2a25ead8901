import cluster from 'node:cluster';
import type { ServerConfig } from '../config';

/** A worker that dies is started again after this (not at once: a worker failing at start would spin). */
const RESTART_DELAY_MS = 1_000;

export const PGLITE_SINGLE_PROCESS =
  'WORKERS above 1 needs DATABASE_URL (PostgreSQL): PGlite is an embedded database that one process owns. Unset WORKERS, or point DATABASE_URL at a PostgreSQL database.';

/**
 * WORKERS=N (README: Running at scale): this process becomes node's cluster primary — it prepares the database once
 * (`prepare`: migrations and demo data), then forks N API processes that share the HTTP and push ports, and starts a
 * dead one again. Answers true in the primary (which serves nothing itself), false where the caller should serve.
 */
export async function runAsClusterPrimary(config: ServerConfig, prepare: () => Promise<void>): Promise<boolean> {
  if (config.workers <= 1 || !cluster.isPrimary) return false;
  if (!config.databaseUrl) throw new Error(PGLITE_SINGLE_PROCESS);
  await prepare();
  let stopping = false;
  const fork = () => cluster.fork({ SHELFPAD_WORKER: '1' });
  for (let i = 0; i < config.workers; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
      return;
    }
    console.warn(`API process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    setTimeout(fork, RESTART_DELAY_MS);
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  console.log(`Shelfpad: ${config.workers} API processes on port ${config.port} (push ${config.pushPort}), one PostgreSQL`);
  return true;
}

/** Worker processes print no banner of their own but the first. */
export const isClusterWorker = () => cluster.isWorker;
