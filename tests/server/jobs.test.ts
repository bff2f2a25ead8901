import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/client';
import { jobs } from '../../server/db/schema/index';
import { badRequest } from '../../server/lib/errors';
import { JobRunner } from '../../server/scale/jobs';

/*
 * The durable job queue (server/scale/jobs.ts) on PGlite — the same code PostgreSQL runs; tests/server-pg kill real
 * processes. A job of a process that died is a row left 'running' under a lease that ran out: written here directly.
 */
let database: Database;
const runners: JobRunner[] = [];
const runner = (leaseMs = 300) => {
  const r = new JobRunner(database.db, { pollMs: 50, leaseMs });
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

const orphan = async (name: string, data: Record<string, unknown>, attempts: number, maxAttempts: number, worker = 'dead-process') => {
  const [row] = await database.db
    .insert(jobs)
    .values({ name, data, state: 'running', attempts, maxAttempts, worker, leaseUntil: new Date(Date.now() - 1_000) })
    .returning({ id: jobs.id });
  return row.id;
};
const stateOf = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe('durable jobs', () => {
  it('runs a sent job and answers its result to whoever waits', async () => {
    const r = runner();
    r.define<{ n: number }>({ name: 'double', maxAttempts: 1, run: async ({ n }) => ({ doubled: n * 2 }) });
    const id = await r.send('double', { n: 21 });
    expect(await r.wait(id)).toEqual({ doubled: 42 });
    expect((await stateOf(id)).state).toBe('done');
  });

  it("fails a client error at once, without a second attempt, and the waiter gets that 4xx", async () => {
    const r = runner();
    let runs = 0;
    r.define({ name: 'refuse', maxAttempts: 3, run: async () => { runs += 1; throw badRequest('The file is not a CSV text file.', 'NOT_TEXT'); } });
    const id = await r.send('refuse', {});
    await expect(r.wait(id)).rejects.toMatchObject({ status: 400, code: 'NOT_TEXT', message: 'The file is not a CSV text file.' });
    expect(runs).toBe(1);
  });

  it('takes over a job whose process died (its lease ran out) and finishes it', async () => {
    const r = runner();
    const seen: unknown[] = [];
    r.define<{ file: string }>({ name: 'write-file', maxAttempts: 2, run: async (data) => void seen.push(data) });
    const id = await orphan('write-file', { file: 'tags.csv' }, 1, 2);
    await r.wait(id);
    expect(seen).toEqual([{ file: 'tags.csv' }]);
    expect(await stateOf(id)).toMatchObject({ state: 'done', attempts: 2, worker: r.worker });
  });

  it('fails visibly a job whose process died with no attempt left, telling its failure handler what it remembered', async () => {
    const r = runner();
    const failed: unknown[] = [];
    let runs = 0;
    r.define<{ historyId?: number }>({
      name: 'import',
      maxAttempts: 1,
      run: async () => void (runs += 1),
      onFailed: async (data, failure) => void failed.push({ data, failure }),
    });
    const id = await orphan('import', { historyId: 7 }, 1, 1);
    await expect(r.wait(id)).rejects.toMatchObject({ code: 'JOB_INTERRUPTED' });
    expect(runs).toBe(0);
    expect(failed).toEqual([{ data: { historyId: 7 }, failure: expect.objectContaining({ code: 'JOB_INTERRUPTED', message: 'The server stopped while this work ran.' }) }]);
    expect((await stateOf(id)).state).toBe('failed');
  });

  it('never starts its own running job again when its renewal came late (the lease ran out on a busy process)', async () => {
    const r = runner();
    let runs = 0;
    r.define({ name: 'own', maxAttempts: 3, run: async () => void (runs += 1) });
    const id = await orphan('own', {}, 1, 3, r.worker);
    await new Promise((resolve) => setTimeout(resolve, 400)); // eight polls
    expect(runs).toBe(0);
    expect(await stateOf(id)).toMatchObject({ state: 'running', attempts: 1, worker: r.worker });
    await database.db.delete(jobs).where(eq(jobs.id, id));
  });

  it('keeps a running job to its process while the lease is renewed: a second runner does not take it', async () => {
    // A lease long enough that a busy machine's late timer does not let it run out between two renewals.
    const [first, second] = [runner(1_000), runner(1_000)];
    let release!: () => void;
    const runsBy: string[] = [];
    const kind = (who: string) => ({ name: 'slow', maxAttempts: 2, run: () => new Promise<void>((resolve) => { runsBy.push(who); release = resolve; }) });
    first.define(kind('first'));
    const id = await first.send('slow', {});
    await new Promise((r) => setTimeout(r, 100));
    second.define(kind('second'));
    await new Promise((r) => setTimeout(r, 3_500)); // more than three leases
    release();
    await first.wait(id);
    expect(runsBy).toEqual(['first']);
  });
});
