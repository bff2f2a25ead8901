/**
 * Issue 19's figures, side by side in one run: the tag list page of a 50,000-tag store under 50 concurrent
 * connections for PGlite ×1, PostgreSQL ×1 and PostgreSQL ×2 processes (WORKERS=2, one port), and the delivery
 * latency of a tag status push from the process that assigned to a socket held by another process. Real server
 * processes over HTTP (the load generator shares the machine with them: the figures are relative, not absolute).
 * Issue 32 §4: the store status list and the dashboard under the same load too, and for each call the server's
 * CPU ms per request (the server process tree's utime + stime over the run ÷ requests), which the machine's
 * other work hardly moves.
 * `npx tsx tests/bench/scale.ts` prints them alone; `npm run bench` includes them.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import WebSocket from 'ws';
import { openDatabase } from '../../server/db/client';
import { vacuumAnalyze } from '../../server/db/maintenance';
import { stores } from '../../server/db/schema/index';
import { configureHashing } from '../../server/lib/password';
import { seedIfEmpty, seedStoreTags } from '../../server/seed/index';
import { loginTo, startProcess, type ServerProcess } from '../server-pg/processes';
import { BIG_STORE, BIG_STORE_TAGS } from './tag-detail';

const CONNECTIONS = 50;
const LOAD_SECONDS = Number(process.env.SCALE_BENCH_SECONDS ?? 15);
/** SCALE_BENCH_CALLS=tag_list (a comma list) measures only those calls; SCALE_BENCH_PUSH=0 leaves the push latency out. */
const ONLY_CALLS = process.env.SCALE_BENCH_CALLS?.split(',').filter(Boolean);
const PUSH = process.env.SCALE_BENCH_PUSH !== '0';
const PUSH_SAMPLES = 100;
const round = (n: number) => Math.round(n * 10) / 10;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** The demo data at test scale plus the benchmark store of 50,000 tags, in a PGlite folder or a PostgreSQL database. */
async function prepare(target: { dataDir?: string; databaseUrl?: string }): Promise<void> {
  const database = await openDatabase(target);
  try {
    await seedIfEmpty(database.db, { seed: 7, scale: 'test' });
    const [anyStore] = await database.db.select().from(stores).limit(1);
    const bigStore = { storeCode: BIG_STORE, companyCode: anyStore.companyCode };
    await database.db.insert(stores).values({ ...bigStore, storeName: 'Benchmark store', latitude: 35.68, longitude: 139.76 });
    await seedStoreTags(database.db, { ...bigStore, count: BIG_STORE_TAGS, seed: 11 });
    await vacuumAnalyze(database.db);
  } finally {
    await database.close();
  }
}

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ: 100 on Linux). */
const USER_HZ = 100;

/**
 * CPU time (ms) used so far by a server process and every process under it (WORKERS=2 forks API processes):
 * /proc/<pid>/stat utime + stime. CPU per request hardly moves with the machine's other load, unlike req/s.
 */
function treeCpuMs(root: number): number {
  const stats = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((pid) => {
      try {
        // Fields after the ")" that closes the command name: state ppid … utime(14) stime(15), numbered from 3.
        const after = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return { pid: Number(pid), ppid: Number(after[1]), ticks: Number(after[11]) + Number(after[12]) };
      } catch {
        return undefined; // gone meanwhile
      }
    })
    .filter((x) => x !== undefined);
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stats) {
      if (tree.has(s.pid) || !tree.has(s.ppid)) continue;
      tree.add(s.pid);
      grew = true;
    }
  }
  return (stats.filter((s) => tree.has(s.pid)).reduce((sum, s) => sum + s.ticks, 0) * 1000) / USER_HZ;
}

/** The calls measured under load: a tag list page (25 rows, a filter and a sort, pages spread over the store), the store status list, the dashboard. */
const CALLS = {
  tag_list: (port: number, i: number) => ({
    url: `http://127.0.0.1:${port}/api/tag/list/store/${BIG_STORE}`,
    init: {
      method: 'POST',
      body: JSON.stringify({
        draw: 1,
        start: (i % 400) * 25,
        length: 25,
        columns: [{ data: 'barcode' }],
        order: [{ column: 0, dir: 'asc' }],
        filter_status: 'OK',
      }),
    },
  }),
  store_status: (port: number) => ({ url: `http://127.0.0.1:${port}/api/status/store`, init: { method: 'GET' } }),
  dashboard: (port: number) => ({ url: `http://127.0.0.1:${port}/api/stats/dashboard`, init: { method: 'GET' } }),
};

/** 50 connections asking one call for LOAD_SECONDS: req/s, latency, and the server's CPU ms per request. */
async function callLoad(proc: ServerProcess, call: keyof typeof CALLS, seconds = LOAD_SECONDS) {
  const headers = { ...(await loginTo(proc)), 'content-type': 'application/json', 'accept-encoding': 'gzip, br' };
  const ask = async (i: number) => {
    const { url, init } = CALLS[call](proc.port, i);
    const res = await fetch(url, { ...init, headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${call} answered ${res.status}`);
  };
  for (let i = 0; i < CONNECTIONS; i++) await ask(i); // warm-up: plans, JIT, connections
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const started = performance.now();
  const cpu0 = treeCpuMs(proc.child.pid!);
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await ask(n++);
        times.push(performance.now() - t0);
      }
    }),
  );
  const cpuMs = treeCpuMs(proc.child.pid!) - cpu0;
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    requests_per_s: round(times.length / elapsed),
    p50_ms: round(quantile(times, 0.5)),
    p99_ms: round(quantile(times, 0.99)),
    requests: times.length,
    server_cpu_ms_per_request: round(cpuMs / times.length),
  };
}

/** The tag list (long), then the store status list and the dashboard (shorter runs) against one server. */
async function loads(proc: ServerProcess) {
  const short = Math.max(3, Math.round(LOAD_SECONDS / 3));
  const figures: Partial<Record<keyof typeof CALLS, Awaited<ReturnType<typeof callLoad>>>> = {};
  for (const call of ['tag_list', 'store_status', 'dashboard'] as const) {
    if (!ONLY_CALLS || ONLY_CALLS.includes(call)) figures[call] = await callLoad(proc, call, call === 'tag_list' ? LOAD_SECONDS : short);
  }
  return figures;
}

/** Assign through `via`, time until the tag's status change arrives on a socket held by `at` (p50/p95). */
async function pushLatency(via: ServerProcess, at: ServerProcess, databaseUrl: string, offset: number) {
  const headers = await loginTo(via);
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  const { rows } = await sql.query<{ tag_mac: string }>(
    `select tag_mac from tags where store_code = $1 order by tag_mac offset $3 limit $2`,
    [BIG_STORE, PUSH_SAMPLES, offset],
  );
  const codes = (await sql.query<{ pr_code: string }>(`select pr_code from products where store_code = $1 limit 2`, [BIG_STORE])).rows.map(
    (r) => r.pr_code,
  );
  await sql.end();
  const socket = new WebSocket(`ws://127.0.0.1:${at.pushPort}/`);
  const arrivals = new Map<string, number>();
  await new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: headers['access-token'], email: headers['access-email'] })));
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: number; data: { tagMac?: string }[] };
      if (message.type === 0) resolve();
      if (message.type === 2)
        for (const change of message.data)
          if (change.tagMac && !arrivals.has(change.tagMac)) arrivals.set(change.tagMac, performance.now());
    });
  });
  const times: number[] = [];
  for (const [i, { tag_mac }] of rows.entries()) {
    const sent = performance.now();
    const body = {
      taskId: -1,
      priorTaskId: -1,
      storeCode: BIG_STORE,
      tagList: [{ tagMac: tag_mac, prCode: codes[i % codes.length], degree: 0 }],
    };
    const res = await via.api('/tag/assign', { body, headers });
    if (res.status !== 200) throw new Error(`assign answered ${res.status}`);
    const deadline = performance.now() + 5_000;
    while (!arrivals.has(tag_mac) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 1));
    if (arrivals.has(tag_mac)) times.push(arrivals.get(tag_mac)! - sent);
  }
  socket.close();
  times.sort((a, b) => a - b);
  return {
    assign_sent_to_push_received_p50_ms: round(quantile(times, 0.5)),
    p95_ms: round(quantile(times, 0.95)),
    delivered: times.length,
    sent: rows.length,
  };
}

export async function scaleFigure() {
  configureHashing({ concurrency: 2 });
  const figures: Record<string, unknown> = { connections: CONNECTIONS, seconds_each: LOAD_SECONDS, store_tags: BIG_STORE_TAGS };

  const dataDir = mkdtempSync(join(tmpdir(), 'shelfpad-scale-'));
  await prepare({ dataDir });
  let proc = await startProcess('pglite-1', '', { DATABASE_URL: '', DATA_DIR: dataDir });
  try {
    figures.pglite_x1 = await loads(proc);
  } finally {
    await proc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const base = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `shelfpad_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const files = mkdtempSync(join(tmpdir(), 'shelfpad-scale-files-'));
  try {
    await prepare({ databaseUrl });
    proc = await startProcess('postgres-1', databaseUrl, { DATA_DIR: files });
    figures.postgres_x1 = await loads(proc).finally(() => proc.stop());
    proc = await startProcess('postgres-2', databaseUrl, { DATA_DIR: files, WORKERS: '2' });
    for (let i = 0; i < 600 && proc.output.filter((l) => /API process \d+ ready/.test(l)).length < 2; i++)
      await new Promise((r) => setTimeout(r, 100));
    figures.postgres_x2 = await loads(proc).finally(() => proc.stop());

    if (PUSH) {
      const [a, b] = [
        await startProcess('push-A', databaseUrl, { DATA_DIR: files }),
        await startProcess('push-B', databaseUrl, { DATA_DIR: files }),
      ];
      try {
        figures.push_latency_same_process = await pushLatency(a, a, databaseUrl, 0);
        figures.push_latency_across_processes = await pushLatency(a, b, databaseUrl, PUSH_SAMPLES);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(files, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await scaleFigure(), null, 2));
