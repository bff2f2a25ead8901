import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_TYPE } from '../../contract/schemas/constants-core';
import { loginTo, sharedDatabase, startProcess, type ServerProcess } from './processes';

/*
 * Issue 19's "done when": two API processes on one PostgreSQL database behave as one server — push, idempotency,
 * the one simulator, durable jobs and the login rate limit all hold across them. Real processes (server/main.ts),
 * killed for real.
 */
const STORE = 'TKY001';
let database: { url: string; drop: () => Promise<void> };
let dataDir: string;
let sql: pg.Client;
let a: ServerProcess;
let b: ServerProcess;
const extra: ServerProcess[] = [];

// One file store for both (DATA_DIR must be shared storage when processes share the work); the rate limit counts
// per address, which each test picks through X-Forwarded-For.
const env = () => ({ DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1', LOGIN_RATE_LIMIT: '5' });

beforeAll(async () => {
  database = await sharedDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'shelfpad-mp-'));
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  [a, b] = await Promise.all([startProcess('A', database.url, env()), startProcess('B', database.url, env())]);
}, 180_000);

afterAll(async () => {
  await Promise.allSettled([a, b, ...extra].filter(Boolean).map((p) => p.stop('SIGKILL')));
  await sql?.end();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let address = 0;
/** Each login comes from its own address, so that only the rate limit test fills one address's window. */
const as = async (proc: ServerProcess) => loginTo(proc, undefined, `10.9.0.${++address}`);

async function assignableTag(skip = 0): Promise<{ tagMac: string; prCode: string }> {
  const { rows } = await sql.query<{ tag_mac: string; pr_code: string }>(
    `select tag_mac, pr_code from tags where store_code = $1 and operation = 1 and pr_code is not null order by tag_mac offset $2 limit 1`,
    [STORE, skip],
  );
  return { tagMac: rows[0].tag_mac, prCode: rows[0].pr_code };
}
const assignBody = (tag: { tagMac: string; prCode: string }) => ({
  taskId: -1,
  priorTaskId: -1,
  storeCode: STORE,
  tagList: [{ tagMac: tag.tagMac, prCode: tag.prCode, degree: 0 }],
});

function pushSocket(
  proc: ServerProcess,
  headers: Record<string, string>,
): Promise<{ messages: { type: number; data: unknown }[]; close: () => void }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${proc.pushPort}/`);
    const messages: { type: number; data: unknown }[] = [];
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: headers['access-token'], email: headers['access-email'] })));
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: number; data: unknown };
      if (message.type === 0) resolve({ messages, close: () => socket.close() });
      else messages.push(message);
    });
  });
}

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Runs `start` (which sends a job and waits until it runs) with the processes that must not take the job paused
 * (SIGSTOP): any process may take a job — pg-boss wakes the workers of all of them at once — and a test that kills the
 * job's process must know which one that is. Once the job is taken, the others go on and may take it over when it dies.
 */
async function othersPaused<T>(others: ServerProcess[], start: () => Promise<T>): Promise<T> {
  for (const p of others) p.child.kill('SIGSTOP');
  try {
    return await start();
  } finally {
    for (const p of others) p.child.kill('SIGCONT');
  }
}

describe('two API processes on one PostgreSQL database', () => {
  it('a tag assigned through process A is pushed on a socket held by process B, to that store’s members only', async () => {
    const [adminAtA, adminAtB, nordAtB] = [
      await as(a),
      await as(b),
      await loginTo(b, { email: 'nord-admin@shelfpad.test', password: 'Shelfpad#2026' }, '10.9.1.1'),
    ];
    const [admin, nord] = [await pushSocket(b, adminAtB), await pushSocket(b, nordAtB)];
    const tag = await assignableTag();
    const res = await a.api('/tag/assign', { body: assignBody(tag), headers: adminAtA });
    expect(res.status).toBe(200);
    const pushed = await until(
      () => admin.messages.find((m) => m.type === 2 && JSON.stringify(m.data).includes(tag.tagMac)),
      5_000,
      'the push at B',
    );
    expect(pushed.data).toEqual(expect.arrayContaining([expect.objectContaining({ tagMac: tag.tagMac })]));
    // NORD's administrator holds a socket at B too, but TKY001 is ACME's: nothing of it reaches that socket.
    await new Promise((r) => setTimeout(r, 500));
    expect(nord.messages.filter((m) => JSON.stringify(m.data).includes(tag.tagMac))).toEqual([]);
    admin.close();
    nord.close();
  });

  it('20 concurrent requests with one Idempotency-Key spread over both processes make exactly one assign', async () => {
    const tag = await assignableTag(5);
    const [atA, atB] = [await as(a), await as(b)];
    const items = async () =>
      Number((await sql.query(`select count(*)::int as n from task_items where tag_mac = $1`, [tag.tagMac])).rows[0].n);
    const before = await items();
    const key = `mp-${Date.now()}-assign`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? b : a).api('/tag/assign', { body: assignBody(tag), headers: { ...(i % 2 ? atB : atA), 'idempotency-key': key } }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    // One carried out; the others replay its answer or are told it is still running — none assigns again.
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(answers.filter((r) => r.status === 200 && !r.headers.get('idempotent-replayed')).length).toBe(1);
    expect(await items()).toBe(before + 1);
    const replay = await b.api('/tag/assign', { body: assignBody(tag), headers: { ...atB, 'idempotency-key': key } });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await items()).toBe(before + 1);
  });

  it('counts the login rate limit across both: 5 per minute from one address, whichever process answers', async () => {
    const from = '10.9.9.9';
    const attempt = (proc: ServerProcess, i: number) =>
      proc.api('/auth/login', {
        body: { email: `nobody-${i}@shelfpad.test`, password: 'wrong-password' },
        headers: { 'x-forwarded-for': from },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(i % 2 ? b : a, i)).status);
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(statuses[5]).toBe(429);
    // Another address still gets through at either process.
    expect(
      (await b.api('/auth/login', { body: { email: 'nobody@shelfpad.test', password: 'x' }, headers: { 'x-forwarded-for': '10.9.9.10' } }))
        .status,
    ).not.toBe(429);
  });

  // With REDIS_URL in the environment of `npm run test:pg` (the development machines have Redis on 127.0.0.1:6379).
  it.skipIf(!process.env.REDIS_URL)(
    'counts the rate limit in Redis across two processes when REDIS_URL is set',
    async () => {
      const withRedis = { ...env(), REDIS_URL: process.env.REDIS_URL! };
      const [p, q] = await Promise.all([startProcess('R1', database.url, withRedis), startProcess('R2', database.url, withRedis)]);
      extra.push(p, q);
      const from = `10.8.${Date.now() % 250}.${Math.floor(Math.random() * 250)}`;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await (i % 2 ? q : p).api('/auth/login', {
          body: { email: `redis-${i}@shelfpad.test`, password: 'wrong-password' },
          headers: { 'x-forwarded-for': from },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
      expect(statuses[5]).toBe(429);
      // Counted in Redis, not in the database table.
      expect((await sql.query(`select count(*)::int as n from rate_limit_hits where key like $1`, [`%${from}`])).rows[0].n).toBe(0);
      await Promise.all([p.stop(), q.stop()]);
    },
    120_000,
  );

  it('a download interrupted by a kill is finished by the other process', async () => {
    // Enough tags that writing the file takes a moment: the process is killed while it writes.
    await sql.query(`insert into tags (tag_mac, store_code, company_code, barcode, operation, status)
      select 'D0' || lpad(to_hex(i), 10, '0'), 'TKY001', company_code, 'D0' || lpad(to_hex(i), 10, '0'), 0, 'OK'
      from generate_series(1, 150000) i, (select company_code from stores where store_code = 'TKY001') s`);
    const victim = await startProcess('C', database.url, env());
    extra.push(victim);
    const [atVictim, atA] = [await as(victim), await as(a)];
    let taskId = '';
    // The job as pg-boss keeps it (server/scale/jobs.ts).
    const job = async () =>
      (await sql.query(`select state, retry_count from pgboss.job where name = 'file-download' and data->>'taskId' = $1`, [taskId]))
        .rows[0] as { state: string; retry_count: number } | undefined;
    await othersPaused([a, b], async () => {
      const res = await victim.api('/file/download', { body: { type: DOWNLOAD_TYPE.TAG_LIST, storeCode: STORE }, headers: atVictim });
      expect(res.status).toBe(200);
      taskId = (res.json() as { taskId: string }).taskId;
      await until(async () => (await job())?.state === 'active', 10_000, 'the job to run');
    });
    const status = async () =>
      (await a.api(`/file/download/task/${taskId}`, { method: 'POST', headers: atA })).json() as { finishedAt?: unknown };
    await victim.stop('SIGKILL');
    expect((await job())?.state).toBe('active');
    // Its heartbeat (10 s) stops, and A or B takes the job over; the member gets the whole file. 75 s: heartbeat, monitor
    // and poll take up to 20 s, and writing 150 000 lines again took over 45 s in all at load average 15.
    await until(async () => ((await job())?.state === 'completed' ? true : undefined), 75_000, 'the job to be finished elsewhere');
    expect((await job())?.retry_count).toBe(1);
    const file = await fetch(`http://127.0.0.1:${a.port}/api/file/download/task/${taskId}`, { headers: atA });
    expect(file.status).toBe(200);
    const lines = (await file.text()).trim().split('\r\n');
    expect(lines.length).toBeGreaterThan(150_000);
    expect((await status()).finishedAt).toBeTruthy();
  }, 150_000);

  it('a product import interrupted by a kill is marked failed in its upload history, where the member sees it', async () => {
    const victim = await startProcess('D', database.url, env());
    extra.push(victim);
    const headers = await as(victim);
    const rows = Array.from({ length: 100_000 }, (_, i) => `${STORE},MP-${i},,STD_PRICE,,Tea ${i},${100 + (i % 50)}`).join('\n');
    const form = new FormData();
    form.append('file', new Blob([rows], { type: 'text/csv' }), 'killed-import.csv');
    const history = async () =>
      (await sql.query(`select count, error, finished from upload_history where file_name = 'killed-import.csv'`)).rows[0] as
        { count: number; error: string[]; finished: Date | null } | undefined;
    // Killed while it imports: some rows are in, the row is not finished.
    const { upload } = await othersPaused([a, b], async () => {
      // Wrapped: the answer comes only when the import ends, and this must not wait for it.
      const sent = {
        upload: fetch(`http://127.0.0.1:${victim.port}/api/product/file?companyCode=ACME`, { method: 'POST', body: form, headers }).catch(
          () => undefined,
        ),
      };
      await until(async () => ((await history())?.count ?? 0) > 0, 60_000, 'the import to start');
      return sent;
    });
    await victim.stop('SIGKILL');
    await upload;
    const cut = await history();
    expect(cut?.finished).toBeNull();
    // One attempt only: once its heartbeat has stopped another process fails the job and closes the history row with the reason.
    const closed = await until(async () => ((await history())?.finished ? history() : undefined), 45_000, 'the history row to be closed');
    expect(closed!.error).toContain('Import stopped: The server stopped while this work ran.');
    expect(closed!.count).toBeLessThan(100_000);
    const job = (await sql.query(`select state from pgboss.job where name = 'product-import' and data->>'fileName' = 'killed-import.csv'`))
      .rows[0] as { state: string };
    expect(job.state).toBe('failed');
  }, 150_000);

  it('runs the simulator in exactly one process, and hands it over within 10 s of that process being killed', async () => {
    const [p, q] = await Promise.all([
      startProcess('S1', database.url, { ...env(), SIM: 'on', SIM_MODULES: 'servers' }),
      startProcess('S2', database.url, { ...env(), SIM: 'on', SIM_MODULES: 'servers' }),
    ]);
    extra.push(p, q);
    const running = /simulator: running in process/;
    const leader = await until(() => [p, q].find((x) => x.output.some((l) => running.test(l))), 15_000, 'a process to run the simulator');
    const other = leader === p ? q : p;
    await new Promise((r) => setTimeout(r, 3_000));
    expect(other.output.some((l) => running.test(l))).toBe(false);
    const killedAt = Date.now();
    await leader.stop('SIGKILL');
    await other.waitFor(running, 10_000);
    expect(Date.now() - killedAt).toBeLessThan(10_000);
  }, 120_000);
});
