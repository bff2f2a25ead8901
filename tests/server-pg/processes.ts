import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { configureHashing } from '../../server/lib/password';
import { seedIfEmpty } from '../../server/seed/index';

/**
 * Real API processes (`server/main.ts`, as `npm run serve` starts it) on one PostgreSQL database of their own,
 * created from TEST_DATABASE_URL with the test-scale demo data and dropped afterwards.
 */
export interface ServerProcess {
  name: string;
  port: number;
  pushPort: number;
  child: ChildProcess;
  output: string[];
  /** Resolves when a line of the output matches (also one printed before the call). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  api(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; json: () => unknown; headers: Headers }>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function sharedDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('tests/server-pg need TEST_DATABASE_URL (npm run test:pg)');
  const name = `shelfpad_mp_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // Seeded here at test scale, so that the processes find the data and start at once.
  configureHashing({ concurrency: 4 });
  const database = await openDatabase({ databaseUrl: url.toString() });
  await seedIfEmpty(database.db, { seed: 7, scale: 'test' });
  await database.close();
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startProcess(name: string, databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const [port, pushPort] = [await freePort(), await freePort()];
  // node --import tsx: one process (no tsx launcher in between), so that a kill ends the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PUSH_PORT: String(pushPort),
      HOST: '127.0.0.1',
      UV_THREADPOOL_SIZE: '6',
      HASH_CONCURRENCY: '2',
      SIM: 'off',
      LOGIN_RATE_LIMIT: '100000',
      DATA_DIR: `.e2e-data/scale-${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const watchers = new Set<() => void>();
  const take = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    for (const w of watchers) w();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = output.find((l) => pattern.test(l));
        if (line === undefined) return;
        cleanup();
        resolve(line);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${name}: no line matching ${pattern} within ${timeoutMs} ms:\n${output.slice(-20).join('\n')}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        watchers.delete(check);
      };
      watchers.add(check);
      check();
    });
  const proc: ServerProcess = {
    name,
    port,
    pushPort,
    child,
    output,
    waitFor,
    api: async (path, init = {}) => {
      const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, json: () => JSON.parse(text) };
    },
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
  await waitFor(/Shelfpad reference ESL server|API process \d+ ready/, 90_000);
  return proc;
}

export const ADMIN = { email: 'admin@shelfpad.test', password: 'Shelfpad#2026' };

/** Signs in through the real call; `from` is the client address the process is told (it trusts 127.0.0.1's word). */
export async function loginTo(proc: ServerProcess, who = ADMIN, from?: string): Promise<Record<string, string>> {
  const res = await proc.api('/auth/login', { body: who, headers: from ? { 'x-forwarded-for': from } : {} });
  if (res.status !== 200) throw new Error(`login at ${proc.name}: ${res.status}`);
  const body = res.json() as { accessToken: string; email: string };
  return { 'access-token': body.accessToken, 'access-email': body.email };
}
