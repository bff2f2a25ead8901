import { restartWithThreadPool } from './threadpool';
import { loadConfig } from './config';
import { vacuumAnalyze } from './db/maintenance';
import { buildApp } from './app';
import { PushHub } from './push/hub';
import { startPushServer } from './push/socket';
import { DEMO_LOGINS } from './seed/index';
import { configureHashing } from './lib/password';
import { relayPushThroughPostgres } from './scale/push-relay';
import { prepareDatabase, startSharedSimulator } from './scale/setup';
import { isClusterWorker, runAsClusterPrimary } from './scale/workers';

// The compiled server's entry (start.ts) has sized the thread pool already; under tsx (development, tests) a process
// without UV_THREADPOOL_SIZE in its environment only waits for a copy of itself that has it.
if (!restartWithThreadPool()) await start();

// config → database (migrations) → demo data when empty → API → push → simulator → listen.
// WORKERS=N: this process only prepares the database and keeps N copies of itself serving (scale/workers.ts).
async function start() {
  const config = loadConfig();
  configureHashing({ concurrency: config.hashConcurrency });
  const primary = await runAsClusterPrimary(config, async () => void (await prepareDatabase(config)).database.close()).catch(
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
  if (primary) return;
  const { database, seeded } = await prepareDatabase(config);
  const deps = { db: database.db, config, push: new PushHub() };
  // Several processes on PostgreSQL: what one publishes reaches the sockets of all (scale/push-relay.ts).
  const relay =
    database.kind === 'postgres' && config.databaseUrl
      ? await relayPushThroughPostgres(deps.push, database.db, config.databaseUrl)
      : undefined;
  const app = await buildApp(deps, { logger: process.env.LOG === '1', loginRateLimit: config.loginRateLimit });
  const push = await startPushServer(deps, config.pushPort, config.host);
  const simOptions = {
    seed: config.simSeed,
    speed: config.simSpeed,
    modules: config.simModules,
    tagStores: config.simTagStores,
    otaSpeed: config.simOtaSpeed,
  };
  const sim = config.sim === 'on' ? startSharedSimulator(deps, database.kind, simOptions) : undefined;
  await app.listen({ port: config.port, host: config.host });
  // PGlite runs no autovacuum; a quarter-hourly pass keeps the tag list's index-only paging fast.
  const maintenance =
    database.kind === 'pglite' ? setInterval(() => void vacuumAnalyze(database.db).catch(console.error), 15 * 60_000) : undefined;

  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  if (isClusterWorker()) console.log(`API process ${process.pid} ready`);
  else
    console.log(`
Shelfpad reference ESL server
  console   http://localhost:${config.port}/
  API       http://localhost:${config.port}${config.apiBase}
  push      ws://localhost:${config.pushPort}/
  database  ${where}${seeded ? ' (demo data created)' : ''}
  simulator ${sim ? `on ${sim.where} (seed ${config.simSeed}, speed ×${config.simSpeed}${config.simModules ? `, only ${config.simModules.join(', ')}` : ''}${config.simTagStores ? `, tags of ${config.simTagStores.join(', ')}` : ''})` : 'off'}

Demo logins:
${DEMO_LOGINS.map((m) => `  ${m.email.padEnd(34)} ${m.password.padEnd(16)} ${m.role}`).join('\n')}
`);

  async function shutdown() {
    await sim?.stop();
    clearInterval(maintenance);
    await app.close();
    await push.close();
    await relay?.close();
    await database.close();
    process.exit(0);
  }
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
