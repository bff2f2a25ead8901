/**
 * docs/architecture.md §8 "other calls' p95 during 60 parallel logins ≤ 2× their quiet p95" (issue 11 finding 4): the p95 of
 * two calls a member makes while others sign in — a JSON call (GET /status/store) and a file download (GET
 * /file/download/task/:id, read through libuv's thread pool like the 9 s download of the audit) — measured quiet,
 * then while 60 logins run at once. In-process (fastify.inject) on the seeded in-memory PGlite, with the hash
 * concurrency the server would choose on this machine. Runs alone with `npx tsx tests/bench/login-storm.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { configureHashing, hashQueue } from '../../server/lib/password';
import { PushHub } from '../../server/push/hub';
import { seedIfEmpty } from '../../server/seed/index';

const LOGINS = 60;
const QUIET_SAMPLES = 60;
const PASSWORD = 'Shelfpad#2026';

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const round = (n: number) => Math.round(n * 10) / 10;

type Call = { name: string; run: () => Promise<number> };

async function timed(call: Call): Promise<number> {
  const t0 = performance.now();
  const status = await call.run();
  if (status !== 200) throw new Error(`${call.name} answered ${status}`);
  return performance.now() - t0;
}

/** Sequential samples of each call until `done` says stop (or `count` samples when no storm runs). */
async function sample(calls: Call[], keepGoing: (i: number) => boolean): Promise<Record<string, number[]>> {
  const times: Record<string, number[]> = Object.fromEntries(calls.map((c) => [c.name, []]));
  for (let i = 0; keepGoing(i); i++) for (const call of calls) times[call.name].push(await timed(call));
  return times;
}

async function downloadReady(app: FastifyInstance, headers: Record<string, string>): Promise<string> {
  const start = await app.inject({ method: 'POST', url: '/api/file/download', headers, payload: { type: 0 } });
  if (start.statusCode !== 200) throw new Error(`download start answered ${start.statusCode}: ${start.body}`);
  const { taskId } = start.json() as { taskId: string | number };
  for (let i = 0; i < 200; i++) {
    const status = (await app.inject({ method: 'POST', url: `/api/file/download/task/${taskId}`, headers })).json() as {
      finishedAt?: string;
    };
    if (status.finishedAt) return String(taskId);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the download task did not finish');
}

export async function loginStormFigure() {
  const dataDir = mkdtempSync(join(tmpdir(), 'shelfpad-login-storm-'));
  const database = await openDatabase();
  try {
    await seedIfEmpty(database.db, { seed: 7, scale: 'test' });
    const config = { ...loadConfig({}), apiBase: '/api', dataDir };
    configureHashing({ concurrency: config.hashConcurrency });
    const app = await buildApp({ db: database.db, config, push: new PushHub() }, { serveStatic: false, loginRateLimit: 1_000_000 });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@shelfpad.test', password: PASSWORD },
    });
    const headers = { 'access-token': login.json().accessToken as string, 'access-email': 'admin@shelfpad.test' };
    const taskId = await downloadReady(app, headers);
    const calls: Call[] = [
      { name: 'status_store_list', run: async () => (await app.inject({ method: 'GET', url: '/api/status/store', headers })).statusCode },
      {
        name: 'file_download',
        run: async () => (await app.inject({ method: 'GET', url: `/api/file/download/task/${taskId}`, headers })).statusCode,
      },
    ];

    await sample(calls, (i) => i < 10); // warm-up: plans, JIT
    const quiet = await sample(calls, (i) => i < QUIET_SAMPLES);

    let loginsDone = 0;
    const t0 = performance.now();
    const storm = Array.from({ length: LOGINS }, (_, i) =>
      app
        .inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: i % 2 ? 'acme-admin@shelfpad.test' : 'nord-admin@shelfpad.test', password: PASSWORD },
        })
        .then((res) => {
          if (res.statusCode !== 200) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
          loginsDone++;
          return performance.now() - t0;
        }),
    );
    let mostWaiting = 0;
    const during = await sample(calls, () => {
      mostWaiting = Math.max(mostWaiting, hashQueue().waiting);
      return loginsDone < LOGINS;
    });
    const loginTimes = (await Promise.all(storm)).sort((a, b) => a - b);
    await app.close();

    const figure = (name: string) => {
      const q = [...quiet[name]].sort((a, b) => a - b);
      const d = [...during[name]].sort((a, b) => a - b);
      const quietP95 = quantile(q, 0.95);
      const duringP95 = quantile(d, 0.95);
      return {
        quiet_p95_ms: round(quietP95),
        during_p95_ms: round(duringP95),
        ratio: round(duringP95 / quietP95),
        samples_during: d.length,
      };
    };
    return {
      parallel_logins: LOGINS,
      hash_concurrency: config.hashConcurrency,
      most_logins_queued: mostWaiting,
      login_p50_s: round(quantile(loginTimes, 0.5) / 1000),
      login_max_s: round(loginTimes[loginTimes.length - 1] / 1000),
      other_calls: Object.fromEntries(calls.map((c) => [c.name, figure(c.name)])),
      budget_ratio: 2,
    };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(JSON.stringify(await loginStormFigure(), null, 2));
