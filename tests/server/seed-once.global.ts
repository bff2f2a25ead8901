import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { configureHashing } from '../../server/lib/password';
import { seedIfEmpty } from '../../server/seed/index';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory with the test-scale demo data (tarball), and when it was seeded (epoch ms). */
    seededDatabase: { path: string; seededAt: number } | null;
  }
}

/*
 * Migrating and seeding a database costs a server test file 10–15 s, most of it scrypt hashing the demo members'
 * passwords. The server project seeds one PGlite database before its files start and each file opens a copy of it
 * (tests/server/harness.ts), so files stay isolated from each other. On PostgreSQL (npm run test:pg) every file
 * still migrates and seeds its own database.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('seededDatabase', null);
    return () => {};
  }
  configureHashing({ concurrency: 4 });
  const database = await openDatabase();
  const seededAt = Date.now();
  await seedIfEmpty(database.db, { seed: 7, scale: 'test' });
  const dump = await database.dump!();
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'shelfpad-seed-'));
  const path = join(dir, 'seeded.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('seededDatabase', { path, seededAt });
  return () => rmSync(dir, { recursive: true, force: true });
}
