import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { configureHashing } from '../../server/lib/password';
import { rowsOf } from '../../server/lib/rows';
import { PushHub } from '../../server/push/hub';
import { seedIfEmpty } from '../../server/seed/index';
import type { AppDeps } from '../../server/deps';

/**
 * A fresh database per test file: in-memory PGlite, or — under `npm run test:pg` — a new PostgreSQL database
 * created from TEST_DATABASE_URL and dropped afterwards. A seeded database is a copy of the one the run seeded once
 * (tests/server/seed-once.global.ts: a PGlite dump, or a PostgreSQL template), its times moved forward as if it had
 * been seeded just now.
 */
async function freshDatabase(seeded: boolean): Promise<{ database: Database; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const copy = seeded ? inject('seededDatabase') : null;
    const database = copy ? await openDatabase({ loadDataDir: new Blob([readFileSync(copy.path)]) }) : await openDatabase();
    if (copy) await moveTimesForward(database, Date.now() - copy.seededAt);
    return { database, drop: () => database.close() };
  }
  const name = `shelfpad_t_${randomBytes(6).toString('hex')}`;
  const template = seeded ? inject('seededTemplate') : null;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template.name}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  if (template) await moveTimesForward(database, Date.now() - template.seededAt);
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The demo data's times are relative to the moment of seeding (a gateway last seen 5 minutes ago, a lock ending in
 * a day): every timestamp column moves by the copy's age, so that statuses computed against now read as fresh.
 */
async function moveTimesForward(database: Database, ms: number): Promise<void> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await database.db.execute(sql`SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type = 'timestamp with time zone'`),
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  const shift = `${Math.round(ms)} milliseconds`;
  for (const [table, names] of byTable) {
    const sets = names.map((c) => `"${c}" = "${c}" + interval '${shift}'`).join(', ');
    await database.db.execute(sql.raw(`UPDATE "${table}" SET ${sets}`));
  }
}

export interface TestServer {
  app: FastifyInstance;
  deps: AppDeps;
  close: () => Promise<void>;
}

const TEST_HASH_CONCURRENCY = 4;

/**
 * A data folder of the test's own under the system's temp folder: uploads, stored files and the simulator's camera
 * pictures never land in the checkout's ./data (the config's default), nor in another test file's folder.
 */
export function temporaryDataDir(): { dataDir: string; remove: () => Promise<void> } {
  const dataDir = mkdtempSync(join(tmpdir(), 'shelfpad-test-'));
  return { dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

export async function startTestServer(
  opts: { seed?: 'test' | 'none'; loginRateLimit?: number; config?: Partial<ServerConfig> } = {},
): Promise<TestServer> {
  // Test files already run side by side: hashing four at a time (libuv's default pool) keeps seeding and the
  // logins of beforeAll as fast as before the production bound; a test of the bound sets hashConcurrency itself.
  configureHashing({ concurrency: TEST_HASH_CONCURRENCY });
  const { database, drop } = await freshDatabase(opts.seed !== 'none');
  if (opts.seed !== 'none') await seedIfEmpty(database.db, { seed: 7, scale: 'test' });
  const own = opts.config?.dataDir ? undefined : temporaryDataDir();
  const config = {
    ...loadConfig({}),
    apiBase: '/api',
    hashConcurrency: TEST_HASH_CONCURRENCY,
    ...(own && { dataDir: own.dataDir }),
    ...opts.config,
  };
  const deps: AppDeps = { db: database.db, config, push: new PushHub() };
  configureHashing({ concurrency: deps.config.hashConcurrency });
  const app = await buildApp(deps, { serveStatic: false, loginRateLimit: opts.loginRateLimit ?? 1000 });
  await app.ready();
  return {
    app,
    deps,
    close: async () => {
      await app.close();
      await drop();
      await own?.remove();
    },
  };
}

export type AuthHeaders = { 'access-token': string; 'access-email': string };

/** Log in through the real call and return the two headers every authenticated call carries. */
export async function login(app: FastifyInstance, email: string, password: string): Promise<AuthHeaders> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { accessToken: string; email: string };
  return { 'access-token': body.accessToken, 'access-email': body.email };
}

/** The demo members every test file signs in as (server/seed/people.ts), by a short name. */
export const DEMO_MEMBERS = {
  admin: 'admin@shelfpad.test',
  acme: 'acme-admin@shelfpad.test',
  nord: 'nord-admin@shelfpad.test',
  coop: 'coop-admin@shelfpad.test',
  operator: 'operator@shelfpad.test',
  viewer: 'viewer@shelfpad.test',
} as const;
export type DemoMember = keyof typeof DEMO_MEMBERS;
export const DEMO_PASSWORD = 'Shelfpad#2026';

/**
 * Start a fresh server and sign in the named demo members at once:
 * `const { sut, as } = await startWithLogins(['admin', 'acme']); as.acme` → the headers of ACME's admin.
 */
export async function startWithLogins<const K extends DemoMember>(
  names: readonly K[],
  opts: Parameters<typeof startTestServer>[0] = {},
): Promise<{ sut: TestServer; as: Record<K, AuthHeaders> }> {
  const sut = await startTestServer(opts);
  const headers = await Promise.all(names.map((name) => login(sut.app, DEMO_MEMBERS[name], DEMO_PASSWORD)));
  return { sut, as: Object.fromEntries(names.map((name, i) => [name, headers[i]])) as Record<K, AuthHeaders> };
}

/** A multipart body built by hand, so that a test controls every part (used for CSV and file uploads). */
export function multipartBody(fields: Record<string, string>, file?: { name: string; content: string | Buffer }) {
  const boundary = '----shelfpad-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
