/**
 * Issue 32 §4: the tag list's Node CPU per request, in-process (fastify.inject: routing, auth, validation, SQL,
 * serialisation, brotli), on the 50,000-tag store, with the code of another checkout (CPU_BEFORE_ROOT, e.g. a git
 * worktree of the previous commit) alternated with this one in the same process, on the same database:
 *   CPU_DB=postgres|pglite CPU_BEFORE_ROOT=/tmp/before npx tsx tests/bench/tag-list-cpu.ts
 * CPU is process.cpuUsage (user + system) ÷ calls: on PostgreSQL that is the Node side only, on PGlite it includes
 * the database (it runs in the process). Calls are sequential; pages spread over the store as in scale.ts.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../../server/db/client';
import { vacuumAnalyze } from '../../server/db/maintenance';
import { stores } from '../../server/db/schema/index';
import { loadConfig } from '../../server/config';
import { PushHub } from '../../server/push/hub';
import { configureHashing } from '../../server/lib/password';
import { seedIfEmpty, seedStoreTags } from '../../server/seed/index';
import { BIG_STORE, BIG_STORE_TAGS } from './tag-detail';

const CALLS = Number(process.env.CPU_CALLS ?? 400);
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 4);
const kind = process.env.CPU_DB === 'pglite' ? 'pglite' : 'postgres';
const beforeRoot = process.env.CPU_BEFORE_ROOT;
const round = (n: number) => Math.round(n * 100) / 100;

const CASES: Record<string, (i: number) => Record<string, unknown>> = {
  filter_status_sort_barcode: (i) => ({
    draw: 1,
    start: (i % 400) * 25,
    length: 25,
    columns: [{ data: 'barcode' }],
    order: [{ column: 0, dir: 'asc' }],
    filter_status: 'OK',
  }),
  unfiltered_sort_barcode: (i) => ({
    draw: 1,
    start: (i % 400) * 25,
    length: 25,
    columns: [{ data: 'barcode' }],
    order: [{ column: 0, dir: 'asc' }],
  }),
};

async function main() {
  configureHashing({ concurrency: 2 });
  let admin: pg.Client | undefined;
  let name = '';
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    // CPU_DB_PREFIX: the scratch database's name prefix (a session may be told to use its own).
    name = `${process.env.CPU_DB_PREFIX ?? 'shelfpad_cpu'}_${process.pid}_${Date.now()}`;
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const database = await openDatabase({ databaseUrl });
  const extraDatabases: (typeof database)[] = [];
  try {
    const { db } = database;
    await seedIfEmpty(db, { seed: 7, scale: 'test' });
    const [anyStore] = await db.select().from(stores).limit(1);
    await db.insert(stores).values({
      storeCode: BIG_STORE,
      companyCode: anyStore.companyCode,
      storeName: 'Benchmark store',
      latitude: 35.68,
      longitude: 139.76,
    });
    await seedStoreTags(db, { storeCode: BIG_STORE, companyCode: anyStore.companyCode, count: BIG_STORE_TAGS, seed: 11 });
    await vacuumAnalyze(db);

    const deps = { db, config: { ...loadConfig({}), apiBase: '/api' }, push: new PushHub() };
    const roots: [string, string][] = [['after', '../..']];
    if (beforeRoot) roots.unshift(['before', beforeRoot]);
    const apps: [string, FastifyInstance][] = [];
    for (const [label, root] of roots) {
      const mod = (await import(
        root.startsWith('/') ? `${root}/server/app.ts` : `${root}/server/app`
      )) as typeof import('../../server/app');
      // On PostgreSQL each checkout gets its own pool: both name their prepared statements alike per query shape, and
      // a connection refuses a name it already holds for other SQL (a change to a shape's statement would answer 500).
      const own = kind === 'postgres' && label === 'before' ? await openDatabase({ databaseUrl }) : undefined;
      if (own) extraDatabases.push(own);
      apps.push([label, await mod.buildApp(own ? { ...deps, db: own.db } : deps, { serveStatic: false, loginRateLimit: 1_000_000 })]);
    }
    const login = (
      await apps[0][1].inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@shelfpad.test', password: 'Shelfpad#2026' },
      })
    ).json();
    const headers = { 'access-token': login.accessToken, 'access-email': login.email, 'accept-encoding': 'gzip, br' };
    const ask = async (app: FastifyInstance, payload: Record<string, unknown>) => {
      const res = await app.inject({ method: 'POST', url: `/api/tag/list/store/${BIG_STORE}`, headers, payload });
      if (res.statusCode !== 200) throw new Error(`tag list answered ${res.statusCode}: ${res.body}`);
      return res;
    };
    // Same answers from both checkouts (decompressed), before any figure counts.
    if (apps.length === 2) {
      for (const [c, make] of Object.entries(CASES)) {
        for (const i of [0, 7, 399]) {
          const [a, b] = await Promise.all(apps.map(([, app]) => ask(app, make(i)).then((r) => r.rawPayload)));
          const { brotliDecompressSync } = await import('node:zlib');
          if (!brotliDecompressSync(a).equals(brotliDecompressSync(b))) throw new Error(`${c} page ${i}: the answers differ`);
        }
      }
    }
    // CPU_PROFILE=<file>: a V8 CPU profile of the measured calls only (not the seeding), for chrome://inspect or a script.
    const profiler = process.env.CPU_PROFILE ? new (await import('node:inspector/promises')).Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const results: Record<string, Record<string, { cpu_ms: number[]; wall_ms: number[] }>> = {};
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 ? [...apps].reverse() : apps;
      for (const [c, make] of Object.entries(CASES)) {
        for (const [label, app] of order) {
          for (let i = 0; i < 50; i++) await ask(app, make(i)); // warm-up
          const cpu0 = process.cpuUsage();
          const t0 = performance.now();
          for (let i = 0; i < CALLS; i++) await ask(app, make(i));
          const wall = performance.now() - t0;
          const cpu = process.cpuUsage(cpu0);
          const entry = ((results[c] ??= {})[label] ??= { cpu_ms: [], wall_ms: [] });
          entry.cpu_ms.push(round((cpu.user + cpu.system) / 1000 / CALLS));
          entry.wall_ms.push(round(wall / CALLS));
        }
      }
    }
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      (await import('node:fs')).writeFileSync(process.env.CPU_PROFILE!, JSON.stringify(profile));
    }
    const { loadavg } = await import('node:os');
    console.log(
      JSON.stringify(
        { database: kind, calls_per_round: CALLS, rounds: ROUNDS, load_average_at_end: loadavg().map(round), results },
        null,
        1,
      ),
    );
    for (const [, app] of apps) await app.close();
  } finally {
    for (const extra of extraDatabases) await extra.close();
    await database.close();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}

await main();
