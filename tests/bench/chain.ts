/**
 * The product at chain scale (issue 32 §3): the calls a chain's staff make most, timed in-process (fastify.inject:
 * routing, auth, validation, SQL, serialisation) on a PostgreSQL database that `npm run seed:chain` filled, with the
 * budget beside each.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/chain npm run seed:chain -- --stores 1000 --tags-per-store 10000
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/chain npx tsx tests/bench/chain.ts
 * `npm run bench` runs it on a small chain of its own (CHAIN_BENCH_STORES, default 20 stores of 10,000 tags).
 * CHAIN_BENCH_DOWNLOAD=0 leaves out the company tag download (minutes at a million tags) when only the calls matter.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { configureHashing } from '../../server/lib/password';
import { PushHub } from '../../server/push/hub';
import { chainStoreCode, seedChain } from '../../server/scale/seed-chain';
import { seedIfEmpty } from '../../server/seed/index';

const SAMPLES = Number(process.env.CHAIN_BENCH_SAMPLES ?? 50);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const round = (n: number) => Math.round(n * 10) / 10;

interface Call {
  name: string;
  budgetMs: number;
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
}

async function time(app: FastifyInstance, headers: Record<string, string>, call: Call) {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 3; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: call.method, url: `/api${call.url}`, headers, payload: call.payload });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${call.name} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    if (i >= 3) times.push(ms); // the first calls warm the plans, the caches and the JIT
  }
  times.sort((a, b) => a - b);
  const p95 = quantile(times, 0.95);
  return { p50_ms: round(quantile(times, 0.5)), p95_ms: round(p95), budget_p95_ms: call.budgetMs, within: p95 <= call.budgetMs };
}

/** The figures on a chain database that is already seeded (DATABASE_URL). */
export async function chainFigures(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl });
  const deps = { db: database.db, config: { ...loadConfig({}), apiBase: '/api', databaseUrl }, push: new PushHub() };
  const app = await buildApp(deps, { serveStatic: false, loginRateLimit: 1_000_000 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counts = (
      await client.query(
        `SELECT (SELECT count(*) FROM stores)::int AS stores, (SELECT count(*) FROM tags)::int AS tags, (SELECT count(*) FROM products)::int AS products`,
      )
    ).rows[0];
    const login = (
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'acme-admin@shelfpad.test', password: 'Shelfpad#2026' },
      })
    ).json();
    const headers = { 'access-token': login.accessToken, 'access-email': login.email };
    const store = chainStoreCode(1);
    const [{ n: storeTags }] = (await client.query(`SELECT count(*)::int AS n FROM tags WHERE store_code = $1`, [store])).rows;
    const list = (start: number) => ({ draw: 1, start, length: 25, columns: [{ data: 'barcode' }], order: [{ column: 0, dir: 'asc' }] });
    const calls: Call[] = [
      { name: 'tag list, first page', budgetMs: 50, method: 'POST', url: `/tag/list/store/${store}`, payload: list(0) },
      {
        name: 'tag list, deep page',
        budgetMs: 50,
        method: 'POST',
        url: `/tag/list/store/${store}`,
        payload: list(Math.max(0, storeTags - 50)),
      },
      { name: 'dashboard statistics (company)', budgetMs: 300, method: 'GET', url: '/stats/dashboard' },
      { name: 'exceptions of a store', budgetMs: 100, method: 'GET', url: `/stats/exceptions/store/${store}` },
      { name: 'store status list (company)', budgetMs: 100, method: 'GET', url: '/status/store' },
    ];
    const figures: Record<string, unknown> = { ...counts, store, store_tags: storeTags, samples: SAMPLES };
    for (const call of calls) figures[call.name] = await time(app, headers, call);

    // The company-wide tag download is a job: asked, then polled until its file is ready (CHAIN_BENCH_DOWNLOAD=0 skips it).
    if (process.env.CHAIN_BENCH_DOWNLOAD === '0') return figures;
    const t0 = performance.now();
    const task = (await app.inject({ method: 'POST', url: '/api/file/download', headers, payload: { type: 5 } })).json() as {
      taskId: string;
    };
    for (;;) {
      const status = (await app.inject({ method: 'POST', url: `/api/file/download/task/${task.taskId}`, headers })).json() as {
        finishedAt?: string;
        error?: string;
      };
      if (status.finishedAt || status.error) {
        figures['company tag download'] = {
          seconds: round((performance.now() - t0) / 1000),
          ...(status.error ? { error: status.error } : {}),
        };
        break;
      }
      if (performance.now() - t0 > 600_000) {
        figures['company tag download'] = { error: 'not ready within 10 minutes' };
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    return figures;
  } finally {
    await client.end();
    await app.close();
    await database.close();
  }
}

/** `npm run bench`: a small chain in a database of its own, seeded, measured, dropped. */
export async function smallChainFigures(baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') {
  const stores = Number(process.env.CHAIN_BENCH_STORES ?? 20);
  const name = `shelfpad_chain_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    configureHashing({ concurrency: 2 });
    const database = await openDatabase({ databaseUrl: url.toString() });
    await seedIfEmpty(database.db, { seed: 42, scale: 'test' });
    const seeded = await seedChain(database.db, { stores, tagsPerStore: 10_000, companyCode: 'ACME', batchStores: 10 });
    await database.close();
    return { seed_s: round(seeded.seconds), ...(await chainFigures(url.toString())) };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = process.env.DATABASE_URL ? await chainFigures(process.env.DATABASE_URL) : await smallChainFigures();
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}
