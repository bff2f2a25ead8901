import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { configureHashing } from '../../server/lib/password';
import { seedIfEmpty } from '../../server/seed/index';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory with the test-scale demo data (tarball), and when it was seeded (epoch ms). */
    seededDatabase: { path: string; seededAt: number } | null;
    /** Under `npm run test:pg`: a PostgreSQL database holding the same data, for CREATE DATABASE … TEMPLATE. */
    seededTemplate: { name: string; seededAt: number } | null;
  }
}

/*
 * Migrating and seeding a database costs a server test file 10–15 s, most of it scrypt hashing the demo members'
 * passwords. The server project seeds one PGlite database before its files start and each file opens a copy of it
 * (tests/server/harness.ts), so files stay isolated from each other. On PostgreSQL (npm run test:pg) the run seeds
 * one template database and every file's database is a copy of it (CREATE DATABASE … TEMPLATE, a file copy).
 */
type Seeded = { kind: 'pglite'; value: { path: string; seededAt: number } } | { kind: 'pg'; value: { name: string; seededAt: number } };

/**
 * The seed is made once per run and shared by the projects that use it (the server files and the timing budgets,
 * vitest.config.ts), kept on globalThis because each project loads this module anew; the last teardown removes it.
 */
const shared = globalThis as typeof globalThis & {
  shelfpadSeed?: { seeded: Promise<{ seeded: Seeded; remove: () => Promise<void> | void }>; users: number };
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.shelfpadSeed ??= { seeded: seedOnce(), users: 0 };
  const entry = shared.shelfpadSeed;
  entry.users += 1;
  const { seeded, remove } = await entry.seeded;
  project.provide('seededDatabase', seeded.kind === 'pglite' ? seeded.value : null);
  project.provide('seededTemplate', seeded.kind === 'pg' ? seeded.value : null);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.shelfpadSeed = undefined;
    await remove();
  };
}

async function seedOnce(): Promise<{ seeded: Seeded; remove: () => Promise<void> | void }> {
  configureHashing({ concurrency: 4 });
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) return seedTemplate(baseUrl);
  const database = await openDatabase();
  const seededAt = Date.now();
  await seedIfEmpty(database.db, { seed: 7, scale: 'test' });
  const dump = await database.dump!();
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'shelfpad-seed-'));
  const path = join(dir, 'seeded.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  return { seeded: { kind: 'pglite', value: { path, seededAt } }, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

async function seedTemplate(baseUrl: string): Promise<{ seeded: Seeded; remove: () => Promise<void> }> {
  const name = `shelfpad_tpl_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  const seededAt = Date.now();
  await seedIfEmpty(database.db, { seed: 7, scale: 'test' });
  // A template must have no open connections while it is copied.
  await database.close();
  return {
    seeded: { kind: 'pg', value: { name, seededAt } },
    remove: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
