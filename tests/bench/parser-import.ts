/**
 * Issue 15's figure: the rows/s of a 100,000-row product file imported through a company's parser script (run in
 * the sandbox, server/lib/sandbox/) next to the same file through the default parser, in one run on one database.
 * Both go through the real upload call (multipart, auth, batches of 1,000, upserts, history) with fresh product
 * codes, so that both write every row. `npx tsx tests/bench/parser-import.ts` prints JSON.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { PushHub } from '../../server/push/hub';
import { sandboxPool } from '../../server/lib/sandbox/pool';
import { seedIfEmpty } from '../../server/seed/index';

const ROWS = 100_000;
const BOUNDARY = '----shelfpad-bench-parser';
const COMPANY = 'ACME';
const STORE = 'TKY001';

/** The default format's job written as a parser script: what a company would save to read the same file itself. */
const CSV_PARSER = `function parse(text, context) {
  const rows = [];
  for (const line of text.split('\\n')) {
    if (!line || line.startsWith('storeCode,')) continue;
    const c = line.split(',');
    rows.push({ storeCode: c[0], prCode: c[1], type: c[2], layoutId: c[3], nfc: c[4], prInfo: c.slice(5) });
  }
  return rows;
}`;

/** A file in the default format (no quoted cells, so the script's plain split reads it as the default parser does). */
function multipartFile(prefix: string): Buffer {
  const lines = ['storeCode,prCode,type,layoutId,nfc,NAME,PRICE,ORIGIN,UNIT'];
  for (let i = 0; i < ROWS; i++)
    lines.push(`${STORE},${prefix}${String(i).padStart(7, '0')},FOOD,STD_PRICE,,Bench product ${i} 500 g,${(i % 997) / 10 + 1},Italy,pcs`);
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${prefix}.csv"\r\nContent-Type: text/csv\r\n\r\n${lines.join('\r\n')}\r\n--${BOUNDARY}--\r\n`,
  );
}

async function importSeconds(app: FastifyInstance, headers: Record<string, string>, prefix: string) {
  const payload = multipartFile(prefix);
  const t = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api/product/file?companyCode=${COMPANY}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });
  const seconds = (performance.now() - t) / 1000;
  if (res.statusCode !== 200) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  const answer = res.json() as { count: number; errorCount: number };
  if (answer.count !== ROWS || answer.errorCount) throw new Error(`imported ${answer.count} rows with ${answer.errorCount} errors`);
  return { seconds: Math.round(seconds * 10) / 10, rows_per_s: Math.round(ROWS / seconds) };
}

export async function parserImportFigure() {
  const database = await openDatabase();
  await seedIfEmpty(database.db, { seed: 7, scale: 'test' });
  const app = await buildApp(
    { db: database.db, config: { ...loadConfig({}), apiBase: '/api' }, push: new PushHub() },
    { serveStatic: false, loginRateLimit: 1_000_000 },
  );
  try {
    const login = (
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@shelfpad.test', password: 'Shelfpad#2026' } })
    ).json() as { accessToken: string; email: string };
    const headers = { 'access-token': login.accessToken, 'access-email': login.email };
    const defaultParser = await importSeconds(app, headers, 'D');
    const saved = await app.inject({
      method: 'POST',
      url: `/api/config/parser/product?companyCode=${COMPANY}`,
      headers,
      payload: { code: CSV_PARSER },
    });
    if (saved.statusCode !== 200) throw new Error(`parser save answered ${saved.statusCode}: ${saved.body}`);
    const scriptParser = await importSeconds(app, headers, 'S');
    return { rows: ROWS, default_parser: defaultParser, sandboxed_parser_script: scriptParser };
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await parserImportFigure(), null, 2));
  await sandboxPool.close();
}
