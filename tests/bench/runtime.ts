/**
 * Start-up time and memory of the server as `npm start` runs it (issue 34): the compiled server (build/server, one
 * process) beside the way the previous release started (tsx on the sources, which re-ran itself to size the thread
 * pool), in one run. Each: a cold start (empty data folder: migrations and the demo data) and a warm one (the same
 * folder again), the time from spawn to the first answered request, the resident memory of every process of the
 * server after it has idled with the simulator on, and each process's peak.
 * Alone: npx tsx tests/bench/runtime.ts
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { referenceDataDir, startReferenceServer } from './reference-server';

const PORT = 8741;
const IDLE_MS = 20_000;
const BUILT_DIR = '.e2e-data/bench-server';

interface ProcessMemory {
  pid: number;
  command: string;
  rss_mb: number;
  peak_rss_mb: number;
}

const mb = (kb: number) => Math.round(kb / 1024);

function statusField(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? 0);
}

/** The process and all its descendants, read from /proc (the tsx start is three processes). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended while we looked
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

function memoryOf(root: number): ProcessMemory[] {
  return processTree(root).map((pid) => ({
    pid,
    command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(-2).join(' '),
    rss_mb: mb(statusField(pid, 'VmRSS')),
    peak_rss_mb: mb(statusField(pid, 'VmHWM')),
  }));
}

async function startAndMeasure(label: string, builtServerDir: string | undefined) {
  const t0 = performance.now();
  // keepData: the cold start's folder stays for the warm start after it.
  const server = await startReferenceServer({
    port: PORT,
    pushPort: PORT + 1,
    keepData: true,
    builtServerDir,
    env: { SIM: 'on' },
    startTimeoutMs: 600_000,
  });
  const startSeconds = (performance.now() - t0) / 1000;
  await sleep(IDLE_MS);
  const processes = memoryOf(server.pid);
  await server.stop();
  return {
    label,
    start_s: Math.round(startSeconds * 10) / 10,
    idle_rss_total_mb: processes.reduce((n, p) => n + p.rss_mb, 0),
    peak_rss_total_mb: processes.reduce((n, p) => n + p.peak_rss_mb, 0),
    processes,
  };
}

export async function runtimeFigures() {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', BUILT_DIR], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');
  const figures = [];
  for (const [name, dir] of [
    ['compiled (npm start)', BUILT_DIR],
    ['tsx (previous release)', undefined],
  ] as const) {
    rmSync(referenceDataDir(PORT), { recursive: true, force: true });
    figures.push(await startAndMeasure(`${name}, cold`, dir));
    figures.push(await startAndMeasure(`${name}, warm`, dir));
  }
  rmSync(referenceDataDir(PORT), { recursive: true, force: true });
  return { idle_after_ms: IDLE_MS, node: process.version, runs: figures };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await runtimeFigures(), null, 2));
}
