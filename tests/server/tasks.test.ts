import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { products, tags, taskItems, updateTasks } from '../../server/db/schema/index';
import { login, startTestServer, type AuthHeaders, type TestServer } from './harness';

/* The task calls of /task (console-admin §2, §4): list, detail, graph data, refresh and revert. */
const STORE = 'TKY001';
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord' | 'operator' | 'viewer', AuthHeaders>;

// Seeding and five scrypt logins: a generous timeout for a shared, busy machine (the harness default is 120 s).
beforeAll(async () => {
  sut = await startTestServer();
  const names = ['admin', 'acme', 'nord', 'operator', 'viewer'] as const;
  const headers = await Promise.all(
    names.map((n) => login(sut.app, n === 'acme' || n === 'nord' ? `${n}-admin@shelfpad.test` : `${n}@shelfpad.test`, 'Shelfpad#2026')),
  );
  as = Object.fromEntries(names.map((n, i) => [n, headers[i]])) as typeof as;
}, 600_000);
afterAll(async () => sut?.close());

const post = (url: string, payload: object, headers: AuthHeaders = as.admin) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
const page = { draw: 1, start: 0, length: 100 };
/** The seed's running task of a store (its newest, with tags still waiting). */
const runningTask = async (storeCode = STORE) =>
  (
    await sut.deps.db
      .select()
      .from(updateTasks)
      .where(and(eq(updateTasks.storeCode, storeCode), isNull(updateTasks.endTime)))
      .orderBy(asc(updateTasks.id))
  )[0];

describe('POST /task/list', () => {
  // spec: admin §1.0b — a store-limited role sees its stores' tasks only, a company admin its company's
  it("lists the tasks of the member's stores only, with progress", async () => {
    const viewer = await post('/task/list', page, as.viewer);
    expect(viewer.statusCode).toBe(200);
    const stores = new Set(viewer.json().data.map((t: { storeCode: string }) => t.storeCode));
    expect([...stores].every((s) => ['TKY001', 'TKY002', 'SEL001'].includes(s as string))).toBe(true);
    const nord = await post('/task/list', page, as.nord);
    expect(nord.json().data.every((t: { companyCode: string }) => t.companyCode === 'NORD')).toBe(true);
    const t = viewer.json().data.find((r: { totalTags: number }) => r.totalTags > 0);
    expect(t.progress).toBe(Math.floor((t.updatedTags * 100) / t.totalTags));
  });

  // spec: admin §7.6 — task list with optional global_companyCode
  it('narrows to the global company and refuses members without task read (403)', async () => {
    const res = await post('/task/list', { ...page, global_companyCode: 'NORD' });
    expect(res.json().data.length).toBeGreaterThan(0);
    expect(res.json().data.every((t: { companyCode: string }) => t.companyCode === 'NORD')).toBe(true);
    expect((await post('/task/list', page, as.operator)).statusCode).toBe(403);
    expect((await post('/task/list', { ...page, filter_progress: 'x', condition_progress: '>=' })).statusCode).toBe(400);
  });
});

describe('task detail and graph', () => {
  // spec: admin §7.6 — task detail list (store, taskId)
  it('answers the tags of a task with their results; 404 for an unknown task, 403 for another company', async () => {
    const task = await runningTask();
    const res = await post(`/task/detail/store/${STORE}/task/${encodeURIComponent(task.taskId)}`, page, as.viewer);
    expect(res.statusCode).toBe(200);
    const stored = await sut.deps.db
      .select()
      .from(taskItems)
      .where(and(eq(taskItems.storeCode, STORE), eq(taskItems.taskId, task.taskId)));
    expect(res.json().recordsTotal).toBe(stored.length);
    expect(res.json().data.filter((r: { result?: string }) => r.result === 'OK').length).toBe(
      stored.filter((s) => s.status === 'OK').length,
    );
    expect((await post(`/task/detail/store/${STORE}/task/NOPE`, page)).statusCode).toBe(404);
    expect((await post(`/task/detail/store/${STORE}/task/${task.taskId}`, page, as.nord)).statusCode).toBe(403);
  });

  // spec: admin §7.7 — all task history for the graph
  it('answers every result with its time for the graph', async () => {
    const task = await runningTask();
    const res = await sut.app.inject({ method: 'GET', url: `/api/task/history/store/${STORE}/task/${task.taskId}`, headers: as.viewer });
    expect(res.json()).toMatchObject({ taskId: task.taskId, totalTags: task.totalTags });
    expect(res.json().data.length).toBeGreaterThan(0);
  });
});

describe('POST /task/refresh', () => {
  // spec: admin §4.2, admin §6.1 — task refresh only for roles -1 and 0
  it('is for roles -1 and 0 only', async () => {
    const task = await runningTask();
    const body = { storeCode: STORE, internalTaskId: task.internalTaskId };
    expect((await post('/task/refresh', body, as.viewer)).statusCode).toBe(403);
    expect((await post('/task/refresh', body, as.operator)).statusCode).toBe(403);
    expect((await post('/task/refresh', body, as.nord)).statusCode).toBe(403);
    expect((await post('/task/refresh', { storeCode: STORE, internalTaskId: 0 })).statusCode).toBe(400);
    expect((await post('/task/refresh', { storeCode: STORE, internalTaskId: 999_999 })).statusCode).toBe(404);
  });

  // spec: admin §7.7 — refresh by storeCode and internalTaskId
  it('sends the failed and waiting tags again: their rows reopen as refreshed, the task runs again', async () => {
    const task = await runningTask();
    const before = await sut.deps.db
      .select()
      .from(taskItems)
      .where(and(eq(taskItems.storeCode, STORE), eq(taskItems.taskId, task.taskId)));
    const resend = before.filter((i) => i.status === null || i.status === 'NG');
    const res = await post('/task/refresh', { storeCode: STORE, internalTaskId: task.internalTaskId }, as.acme);
    expect(res.statusCode).toBe(200);
    const after = await sut.deps.db
      .select()
      .from(taskItems)
      .where(and(eq(taskItems.storeCode, STORE), eq(taskItems.taskId, task.taskId)));
    const reopened = after.filter((i) => i.refreshed !== null);
    expect(reopened.map((i) => i.tagMac).sort()).toEqual(resend.map((i) => i.tagMac).sort());
    expect(reopened.every((i) => i.status === null)).toBe(true);
    const sent = await sut.deps.db
      .select({ status: tags.status })
      .from(tags)
      .where(
        inArray(
          tags.tagMac,
          resend.map((i) => i.tagMac),
        ),
      );
    expect(sent.every((t) => t.status === 'UPDATE')).toBe(true);
    const [stored] = await sut.deps.db.select().from(updateTasks).where(eq(updateTasks.id, task.id));
    expect(stored.refreshed).not.toBeNull();
    expect(stored.updatedTags).toBe(after.filter((i) => i.status === 'OK' || i.status === 'NG').length);
  });

  it('refuses a finished task (409)', async () => {
    const [done] = await sut.deps.db
      .select()
      .from(updateTasks)
      .where(and(eq(updateTasks.storeCode, STORE), eq(updateTasks.taskType, 'LAYOUT')));
    const res = await post('/task/refresh', { storeCode: STORE, internalTaskId: done.internalTaskId });
    expect(res.statusCode).toBe(409);
  });
});

describe('POST /task/revert', () => {
  // spec: admin §7.7 — revert task (store, task)
  it('gives the products of an update task their earlier content back, as a new update', async () => {
    const [p] = await sut.deps.db.select().from(products).where(eq(products.storeCode, STORE)).orderBy(asc(products.prCode)).limit(1);
    const first = await post('/product/update', {
      taskId: -1,
      priorTaskId: -1,
      storeCode: STORE,
      productList: [{ prCode: p.prCode, prInfo: ['Before', '100'], layoutId: p.layoutId }],
    });
    const second = await post('/product/update', {
      taskId: -1,
      priorTaskId: -1,
      storeCode: STORE,
      productList: [{ prCode: p.prCode, prInfo: ['After', '200'], layoutId: p.layoutId }],
    });
    expect(first.statusCode).toBe(200);
    const res = await post('/task/revert', { storeCode: STORE, taskId: second.json().taskId }, as.acme);
    expect(res.statusCode).toBe(200);
    const [now] = await sut.deps.db
      .select()
      .from(products)
      .where(and(eq(products.storeCode, STORE), eq(products.prCode, p.prCode)));
    expect(now.prInfo).toEqual(['Before', '100']);
    const open = await sut.deps.db
      .select()
      .from(taskItems)
      .where(and(eq(taskItems.taskId, second.json().taskId), isNull(taskItems.status)));
    expect(open).toHaveLength(0);
  });

  it('refuses other task types (400), members without task write (403) and unknown tasks (404)', async () => {
    const [layout] = await sut.deps.db
      .select()
      .from(updateTasks)
      .where(and(eq(updateTasks.storeCode, STORE), eq(updateTasks.taskType, 'LAYOUT')));
    expect((await post('/task/revert', { storeCode: STORE, taskId: layout.taskId })).statusCode).toBe(400);
    expect((await post('/task/revert', { storeCode: STORE, taskId: layout.taskId }, as.viewer)).statusCode).toBe(403);
    expect((await post('/task/revert', { storeCode: STORE, taskId: 'NOPE' })).statusCode).toBe(404);
    expect((await post('/task/revert', { storeCode: STORE })).statusCode).toBe(400);
  });
});
