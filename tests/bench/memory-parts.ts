/**
 * Where an idle server's memory goes (issue 34 §4): the parts `npm start` assembles, added one at a time in one
 * process on a copy of a demo data folder, with process.memoryUsage() after each (after a GC, so that the figure is
 * what the part keeps, not what it passed through). Run with --expose-gc:
 *   node --expose-gc --import tsx tests/bench/memory-parts.ts [dataDir]
 * Without a data folder it seeds one first (a minute or two), which is not counted.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { configureHashing } from '../../server/lib/password';
import { PushHub } from '../../server/push/hub';
import { seedIfEmpty } from '../../server/seed/index';
import { startSimulator } from '../../server/sim/index';

const mb = (n: number) => Math.round(n / 1048576);

function sample(part: string, rows: object[]) {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  const previous = rows.at(-1) as { rss_mb: number } | undefined;
  rows.push({
    part,
    rss_mb: mb(m.rss),
    added_mb: previous ? mb(m.rss) - previous.rss_mb : mb(m.rss),
    heap_used_mb: mb(m.heapUsed),
    external_mb: mb(m.external),
    array_buffers_mb: mb(m.arrayBuffers),
  });
}

export async function memoryParts(sourceDir?: string) {
  const work = mkdtempSync(join(tmpdir(), 'shelfpad-memory-'));
  try {
    if (sourceDir) cpSync(sourceDir, work, { recursive: true });
    else {
      const seeding = await openDatabase({ dataDir: work });
      await seedIfEmpty(seeding.db, { seed: 42 });
      await seeding.close();
    }
    const rows: object[] = [];
    sample('node and the server code loaded', rows);
    const database = await openDatabase({ dataDir: work });
    sample('PGlite opened on the demo data', rows);
    configureHashing({ concurrency: 1 });
    const deps = { db: database.db, config: { ...loadConfig({}), dataDir: work }, push: new PushHub() };
    const app = await buildApp(deps, { serveStatic: false });
    await app.ready();
    sample('API (Fastify, 261 routes, plugins)', rows);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@shelfpad.test', password: 'Shelfpad#2026' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/tag/list/store/TKY001',
      headers: { 'access-token': login.json().accessToken, 'access-email': 'admin@shelfpad.test' },
      payload: { start: 0, length: 25 },
    });
    sample('a login and a tag list answered', rows);
    const sim = startSimulator(deps, { seed: 42, speed: 1 });
    await sleep(20_000);
    sample('simulator running 20 s', rows);
    sim.stop();
    await app.close();
    await database.close();
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await memoryParts(process.argv[2]));
  process.exit(0);
}
