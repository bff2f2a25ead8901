import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { PgBoss, fromPglite } from 'pg-boss';
import { openDatabase, type Database } from '../../server/db/client';
import { badRequest } from '../../server/lib/errors';
import { rowsOf } from '../../server/lib/rows';
import { noteJob } from '../../server/repos/jobs';
import { JobRunner, queueOf } from '../../server/scale/jobs';
import { sql } from 'drizzle-orm';

/*
 * The durable job queue (server/scale/jobs.ts, on pg-boss) on PGlite — the same code PostgreSQL runs; tests/server-pg
 * kill real processes. A process that died mid-job is played here by a bare pg-boss instance that takes the job and
 * is never heard of again: its heartbeat is set in the past rather than waited for.
 */
let database: Database;
const runners: JobRunner[] = [];
const runner = (opts: { heartbeatSeconds?: number } = {}) => {
  const r = new JobRunner(database.db, { superviseSeconds: 1, pollSeconds: 0.5, ...opts });
  runners.push(r);
  return r;
};
beforeAll(async () => {
  database = await openDatabase();
});
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await database?.close();
});

type StoredJob = { state: string; retry_count: number };
const stateOf = async (id: string) =>
  rowsOf<StoredJob>(await database.db.execute(sql`select state, retry_count from pgboss.job where id = ${id}::uuid`))[0];
const until = async <T>(read: () => Promise<T | undefined>, ms: number, what: string): Promise<T> => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const value = await read();
    if (value) return value;
  }
  throw new Error(`Timed out waiting for ${what}`);
};

/** A job taken by a process that then died: its last heartbeat a minute ago. */
async function orphan(kind: { name: string; maxAttempts: number }, data: Record<string, unknown>, notes?: Record<string, unknown>) {
  const dead = new PgBoss({
    db: fromPglite((database.db as unknown as { $client: PGlite }).$client),
    backend: 'pglite',
    schema: 'pgboss',
    supervise: false,
    schedule: false,
  });
  dead.on('error', () => undefined);
  await dead.start();
  const queue = queueOf(kind);
  await dead.createQueue(queue.deadLetter, { notify: true });
  await dead.createQueue(kind.name, { ...queue.options, notify: true, deadLetter: queue.deadLetter });
  const id = (await dead.send(kind.name, data, queue.options))!;
  const [taken] = await dead.fetch(kind.name);
  expect(taken.id).toBe(id);
  if (notes) await noteJob(database.db, id, notes);
  await dead.stop({ close: false, graceful: false });
  await database.db.execute(sql`update pgboss.job set heartbeat_on = now() - interval '1 minute' where id = ${id}::uuid`);
  return id;
}

describe('durable jobs', () => {
  it('runs a sent job and answers its result to whoever waits', async () => {
    const r = runner();
    r.define<{ n: number }>({ name: 'double', maxAttempts: 1, run: async ({ n }) => ({ doubled: n * 2 }) });
    const id = await r.send('double', { n: 21 });
    expect(await r.wait('double', id)).toEqual({ doubled: 42 });
    expect((await stateOf(id)).state).toBe('completed');
  });

  it('picks a sent job up at once, not at its next poll', async () => {
    const r = new JobRunner(database.db, { pollSeconds: 30 });
    runners.push(r);
    let started = 0;
    r.define({ name: 'quick', maxAttempts: 1, run: async () => void (started = Date.now()) });
    await r.prepare();
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // its workers have looked once and sleep for 30 s
    const sent = Date.now();
    await r.wait('quick', await r.send('quick', {}));
    expect(started - sent).toBeLessThan(2_000);
  });

  it('fails a client error at once, without a second attempt, and the waiter gets that 4xx', async () => {
    const r = runner();
    let runs = 0;
    const failed: unknown[] = [];
    r.define({
      name: 'refuse',
      maxAttempts: 3,
      run: async () => {
        runs += 1;
        throw badRequest('The file is not a CSV text file.', 'NOT_TEXT');
      },
      onFailed: async (_data, failure) => void failed.push(failure),
    });
    const id = await r.send('refuse', {});
    await expect(r.wait('refuse', id)).rejects.toMatchObject({
      status: 400,
      code: 'NOT_TEXT',
      message: 'The file is not a CSV text file.',
    });
    expect(runs).toBe(1);
    expect(failed).toEqual([{ status: 400, code: 'NOT_TEXT', message: 'The file is not a CSV text file.' }]);
    expect(await until(async () => ((await stateOf(id)).state === 'failed' ? 'failed' : undefined), 5_000, 'the job to be failed')).toBe(
      'failed',
    );
    // Its dead letter copy does not tell onFailed a second time.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(failed).toHaveLength(1);
  });

  it('runs again a job that failed with a server error while attempts remain', async () => {
    const r = runner();
    let runs = 0;
    r.define({
      name: 'flaky',
      maxAttempts: 2,
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('disk full');
        return 'written';
      },
    });
    const id = await r.send('flaky', {});
    expect(await r.wait('flaky', id)).toBe('written');
    expect(runs).toBe(2);
    expect(await stateOf(id)).toMatchObject({ state: 'completed', retry_count: 1 });
  });

  it('takes over a job whose process died (its heartbeat stopped) and finishes it, with what it remembered', async () => {
    const kind = { name: 'write-file', maxAttempts: 2 };
    const id = await orphan(kind, { file: 'tags.csv' }, { written: 10 });
    const seen: unknown[] = [];
    const r = runner();
    r.define<{ file: string }>({ ...kind, run: async (data) => void seen.push(data) });
    await r.wait(kind.name, id);
    expect(seen).toEqual([{ file: 'tags.csv', written: 10 }]);
    expect(await stateOf(id)).toMatchObject({ state: 'completed', retry_count: 1 });
  });

  it('fails visibly a job whose process died with no attempt left, telling its failure handler what it remembered', async () => {
    const kind = { name: 'import', maxAttempts: 1 };
    const id = await orphan(kind, { fileName: 'tags.csv' }, { historyId: 7 });
    const failed: unknown[] = [];
    let runs = 0;
    const r = runner();
    r.define<{ historyId?: number }>({
      ...kind,
      run: async () => void (runs += 1),
      onFailed: async (data, failure) => void failed.push({ data, failure }),
    });
    await expect(r.wait(kind.name, id)).rejects.toMatchObject({ code: 'JOB_INTERRUPTED' });
    await until(async () => failed.length > 0, 10_000, 'the failure handler');
    expect(runs).toBe(0);
    expect(failed).toEqual([
      {
        data: { fileName: 'tags.csv', historyId: 7 },
        failure: { status: 500, code: 'JOB_INTERRUPTED', message: 'The server stopped while this work ran.' },
      },
    ]);
    expect((await stateOf(id)).state).toBe('failed');
  });

  it('keeps a running job to its process while its heartbeat goes on: a second runner does not take it', async () => {
    const [first, second] = [runner(), runner()];
    let release!: () => void;
    const runsBy: string[] = [];
    const kind = (who: string) => ({
      name: 'slow',
      maxAttempts: 2,
      run: () =>
        new Promise<void>((resolve) => {
          runsBy.push(who);
          release = resolve;
        }),
    });
    first.define(kind('first'));
    const id = await first.send('slow', {});
    await until(async () => runsBy.length > 0, 5_000, 'the job to start');
    second.define(kind('second'));
    await new Promise((r) => setTimeout(r, 12_000)); // longer than a heartbeat (10 s), the monitor looking every second
    release();
    await first.wait('slow', id);
    expect(runsBy).toEqual(['first']);
    expect((await stateOf(id)).retry_count).toBe(0);
  }, 30_000);
});
