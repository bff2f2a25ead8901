/**
 * A reference server for the browser benchmarks: the built PWA (dist/) and the API on a fresh PGlite database with
 * the demo data, the simulator off (what the bench counts on the server is what the page sent). Started as its
 * own process, like `npm start`, so the browser measures the server the product ships.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * package.json's `start` and `start:built` flags (issue 34 §4): the young generation capped at 2 × 8 MB. V8 grows it
 * to 2 × 64 MB in the start-up burst and keeps it while idle; a 16 MB cap took ~135 MB off an idle PGlite server, and
 * 8 instead of 16 took ~40 MB more off a PostgreSQL API process (README, Memory and start-up).
 */
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=8'];

/**
 * package.json's `start` and `start:built` environment: glibc's malloc keeps up to 8 arenas per core, one per thread
 * that allocates (libuv's pool, libvips, Skia), and keeps what each arena freed for reuse there; 2 took ~55 MB off an idle PGlite server
 * with the simulator (README, Memory and start-up).
 */
export const PRODUCTION_ENV = { MALLOC_ARENA_MAX: '2' };

export interface ReferenceServer {
  baseURL: string;
  /** The process that was started (with tsx, the server runs in its descendants). */
  pid: number;
  stop(): Promise<void>;
}

export interface ReferenceServerOptions {
  port: number;
  pushPort: number;
  distDir?: string;
  startTimeoutMs?: number;
  /** Fill the fresh data folder before the server opens it (the server then seeds nothing itself). */
  prepare?(dataDir: string): Promise<void>;
  /** Start on the data folder a previous server on this port left (a restart, e.g. a redeploy) and leave it at stop. */
  keepData?: boolean;
  /** The compiled server in this folder (scripts/build-server.mjs), as `npm start` runs it; tsx on the sources otherwise. */
  builtServerDir?: string;
  /** Extra environment, e.g. SIM=on. */
  env?: NodeJS.ProcessEnv;
}

/** The data folder of the reference server on `port`. */
export const referenceDataDir = (port: number): string => resolve(`.e2e-data/bench-data-${port}`);

export async function startReferenceServer(opts: ReferenceServerOptions): Promise<ReferenceServer> {
  const dataDir = referenceDataDir(opts.port);
  if (!opts.keepData) {
    rmSync(dataDir, { recursive: true, force: true });
    await opts.prepare?.(dataDir);
  }
  // A server left on the port (a run stopped before its cleanup) would answer for this one, with its own build.
  const leftover = await fetch(`http://localhost:${opts.port}/config.json`).then(
    () => true,
    () => false,
  );
  if (leftover) throw new Error(`reference server: port ${opts.port} is taken by another server`);
  // The built server runs with the V8 flags `npm start` gives it (package.json), so the bench measures what ships.
  const args = opts.builtServerDir
    ? [...PRODUCTION_NODE_FLAGS, resolve(opts.builtServerDir, 'start.cjs')]
    : ['--import', 'tsx', 'server/main.ts'];
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true, // its own process group: stop() ends the server and nothing else
    env: {
      ...process.env,
      PORT: String(opts.port),
      PUSH_PORT: String(opts.pushPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: resolve(opts.distDir ?? 'dist'),
      SIM: 'off',
      LOGIN_RATE_LIMIT: '100000',
      ...(opts.builtServerDir ? PRODUCTION_ENV : {}),
      ...opts.env,
    },
  });
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  const baseURL = `http://localhost:${opts.port}`;

  const stop = async () => {
    if (exited !== undefined || child.pid === undefined) return;
    process.kill(-child.pid, 'SIGTERM');
    for (let i = 0; i < 50 && exited === undefined; i++) await sleep(100);
    if (exited === undefined) process.kill(-child.pid, 'SIGKILL');
    if (!opts.keepData) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (opts.startTimeoutMs ?? 180_000);
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`reference server exited (${exited}) before answering`);
    try {
      if ((await fetch(`${baseURL}/config.json`)).ok) return { baseURL, pid: child.pid as number, stop };
    } catch {
      // not listening yet: seeding the demo data takes a while
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`reference server on ${baseURL} did not answer within the start timeout`);
}
