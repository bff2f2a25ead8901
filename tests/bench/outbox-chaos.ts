/**
 * Issue 10 "Also": the outbox under chaos. OPS tag assigns across several stores are queued in Chromium's real
 * IndexedDB through the outbox's diagnostics hook, while the bench takes the network away at random, reloads the
 * page, restarts the reference server on its data, and answers 30 % of the assign requests with a 503 — half of
 * them before the server saw the request, half after it had written it (the answer lost on the way back, the case
 * that writes twice without idempotency keys). At the end every operation must be on the server exactly once:
 * the task items the server wrote since the start, counted per (store, tag, product) in its database, equal what
 * was queued. Long and random by design, so not part of `npm test`:
 *
 *   npx tsx tests/bench/outbox-chaos.ts        (CHAOS_OPS=10000 CHAOS_SEED=1 CHAOS_PORT=8401)
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { chromium, type BrowserContext, type Page, type Route } from '@playwright/test';
import { pgliteOptions } from '../../server/db/client';
import type { OutboxOp } from '../../src/offline/db';
import { referenceDataDir, startReferenceServer, type ReferenceServer } from './reference-server';

const OPS = Number(process.env.CHAOS_OPS ?? 10_000);
const SEED = Number(process.env.CHAOS_SEED ?? 1);
const PORT = Number(process.env.CHAOS_PORT ?? 8401);
const FAILURE_RATE = 0.3;
const STORES = ['TKY001', 'TKY002', 'OSK001'];
const MEMBER = { email: 'admin@shelfpad.test', password: 'Shelfpad#2026' };
/** Operations queued between two chaos events. */
const CHUNK = 250;
const DRAIN_TIMEOUT_MS = 15 * 60_000;
const DIST = resolve('.e2e-data/chaos-dist');

/** mulberry32: the same seed gives the same operations and the same chaos. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];

interface QueuedAssign {
  storeCode: string;
  barcode: string;
  prCode: string;
}

const counts = { offline: 0, reloads: 0, restarts: 0, failedBefore: 0, failedAfter: 0, requests: 0 };

async function apiPost<T>(baseURL: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** What the bench may queue: each store's tags (by barcode, as a scanner reads them) and products. */
async function material(baseURL: string, headers: Record<string, string>) {
  const out: Record<string, { barcodes: string[]; products: string[] }> = {};
  for (const store of STORES) {
    const tags = await apiPost<{ data: { barcode: string }[] }>(baseURL, `/tag/list/store/${store}`, { start: 0, length: 300 }, headers);
    const products = await apiPost<{ data: { prCode: string }[] }>(
      baseURL,
      `/product/list/store/${store}`,
      { start: 0, length: 200 },
      headers,
    );
    if (!tags.data.length || !products.data.length) throw new Error(`store ${store} has no tags or products`);
    out[store] = { barcodes: tags.data.map((t) => t.barcode), products: products.data.map((p) => p.prCode) };
  }
  return out;
}

/** 30 % of the assign requests fail: half never reach the server, half are written there and the answer is lost. */
async function chaoticAnswer(route: Route): Promise<void> {
  if (!/\/api\/tag\/assign/.test(route.request().url())) return route.continue();
  counts.requests++;
  const roll = random();
  if (roll < FAILURE_RATE / 2) {
    counts.failedBefore++;
    return route.fulfill({ status: 503, body: 'chaos: unavailable' });
  }
  try {
    const answer = await route.fetch();
    if (roll < FAILURE_RATE) {
      counts.failedAfter++;
      return route.fulfill({ status: 503, body: 'chaos: answer lost' });
    }
    return route.fulfill({ response: answer });
  } catch {
    // The server is restarting, or the page went away: the request never got an answer.
    return route.abort('connectionrefused').catch(() => undefined);
  }
}

async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await page.waitForFunction(() => Boolean(window.__shelfpadOutbox), undefined, { timeout: 60_000 });
}

const outboxOps = (page: Page): Promise<OutboxOp[]> => page.evaluate(() => window.__shelfpadOutbox!.ops());

async function enqueue(page: Page, list: QueuedAssign[]): Promise<void> {
  const ops = list.map((a) => ({
    kind: 'tagAssign' as const,
    storeCode: a.storeCode,
    payload: { taskId: -1, priorTaskId: -1, storeCode: a.storeCode, tagList: [{ tagMac: a.barcode, prCode: a.prCode, degree: 0 }] },
  }));
  await page.evaluate(async (all) => {
    for (const op of all) await window.__shelfpadOutbox!.enqueue(op);
  }, ops);
}

/** One random event between two chunks: a dead spot, a reload, a server restart, or nothing. */
async function chaosEvent(page: Page, context: BrowserContext, restart: () => Promise<void>): Promise<void> {
  const roll = random();
  if (roll < 0.3) {
    counts.offline++;
    await context.setOffline(true);
    await sleep(500 + random() * 3000);
    await context.setOffline(false);
  } else if (roll < 0.5) {
    counts.reloads++;
    await page.reload();
    await page.waitForFunction(() => Boolean(window.__shelfpadOutbox), undefined, { timeout: 60_000 });
  } else if (roll < 0.65) {
    counts.restarts++;
    await restart();
  }
}

/** What the server wrote since `since`: task items per store, tag and product, read from its own database. */
async function writtenSince(dataDir: string, since: Date): Promise<Map<string, number>> {
  // The server's own start options: its tables are in template1 (server/db/client.ts).
  const db = new PGlite({ ...pgliteOptions, dataDir: `${dataDir}/pglite` });
  try {
    const { rows } = await db.query<{ store_code: string; barcode: string; pr_code: string; n: number }>(
      'select store_code, barcode, pr_code, count(*)::int as n from task_items where created_at >= $1 group by 1, 2, 3',
      [since.toISOString()],
    );
    return new Map(rows.map((r) => [`${r.store_code}|${r.barcode}|${r.pr_code}`, r.n]));
  } finally {
    await db.close();
  }
}

export async function outboxChaos() {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', DIST, '--emptyOutDir'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  const dataDir = referenceDataDir(PORT);
  rmSync(dataDir, { recursive: true, force: true });
  const start = () => startReferenceServer({ port: PORT, pushPort: PORT + 1, distDir: DIST, keepData: true, startTimeoutMs: 240_000 });
  let server: ReferenceServer = await start();
  const restart = async () => {
    await server.stop();
    server = await start();
  };
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const session = await apiPost<{ accessToken: string; email: string }>(server.baseURL, '/auth/login', MEMBER);
    const headers = { 'access-token': session.accessToken, 'access-email': session.email };
    const stock = await material(server.baseURL, headers);
    const since = new Date(Date.now() - 1000);

    // Service workers blocked: page.route must see the requests (the worker would take /api first).
    const context = await browser.newContext({ baseURL: server.baseURL, serviceWorkers: 'block' });
    await context.addInitScript((value) => {
      sessionStorage.setItem('shelfpad.session', value);
      localStorage.setItem('shelfpad.testHooks', '1');
    }, JSON.stringify(session));
    await context.route('**/api/**', chaoticAnswer);
    const page = await context.newPage();
    await openApp(page);

    const queued: QueuedAssign[] = [];
    const t0 = performance.now();
    while (queued.length < OPS) {
      const chunk = Array.from({ length: Math.min(CHUNK, OPS - queued.length) }, () => {
        const storeCode = pick(STORES);
        return { storeCode, barcode: pick(stock[storeCode].barcodes), prCode: pick(stock[storeCode].products) };
      });
      await enqueue(page, chunk);
      queued.push(...chunk);
      await chaosEvent(page, context, restart);
    }
    const queuedSeconds = (performance.now() - t0) / 1000;

    // Calm: everything left must drain by itself (the outbox's own triggers), helped by an 'online' replay.
    await context.setOffline(false);
    await page.evaluate(() => window.__shelfpadOutbox!.replay({ now: true }));
    let ops = await outboxOps(page);
    while (ops.some((o) => o.state === 'pending' || o.state === 'sending') && performance.now() - t0 < DRAIN_TIMEOUT_MS) {
      await sleep(2000);
      ops = await outboxOps(page);
    }
    const drainedSeconds = (performance.now() - t0) / 1000;
    const states = ops.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o.state]: (acc[o.state] ?? 0) + 1 }), {});
    await context.close();
    await server.stop();

    const expected = new Map<string, number>();
    for (const a of queued)
      expected.set(`${a.storeCode}|${a.barcode}|${a.prCode}`, (expected.get(`${a.storeCode}|${a.barcode}|${a.prCode}`) ?? 0) + 1);
    const written = await writtenSince(dataDir, since);
    let missing = 0;
    let duplicated = 0;
    for (const key of new Set([...expected.keys(), ...written.keys()])) {
      const diff = (written.get(key) ?? 0) - (expected.get(key) ?? 0);
      if (diff > 0) duplicated += diff;
      else missing -= diff;
    }
    return {
      operations: OPS,
      stores: STORES.length,
      seed: SEED,
      outbox_states: states,
      on_server: [...written.values()].reduce((a, b) => a + b, 0),
      missing,
      duplicated,
      exactly_once: missing === 0 && duplicated === 0 && states.done === OPS,
      chaos: { ...counts },
      queued_s: Math.round(queuedSeconds),
      drained_s: Math.round(drainedSeconds),
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('tests/bench/outbox-chaos.ts')) {
  outboxChaos()
    .then((figures) => {
      console.log(JSON.stringify(figures, null, 2));
      process.exit(figures.exactly_once ? 0 : 1);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
