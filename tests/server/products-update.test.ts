import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { productUpdates, products, tags, taskItems, updateTasks } from '../../server/db/schema/index';
import { startSimulator } from '../../server/sim/index';
import { login, startTestServer, type AuthHeaders, type TestServer } from './harness';

/* The product update pipeline and the product screens' calls (console-admin §2, §7 "Products and tasks"). */
const STORE = 'TKY001';
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord' | 'operator' | 'viewer', AuthHeaders>;
let shown: string; // a product that assigned tags show
let shownTags: number;

// Seeding and five scrypt logins: a generous timeout for a shared, busy machine (the harness default is 120 s).
beforeAll(async () => {
  sut = await startTestServer();
  const names = ['admin', 'acme', 'nord', 'operator', 'viewer'] as const;
  const headers = await Promise.all(
    names.map((n) => login(sut.app, n === 'acme' || n === 'nord' ? `${n}-admin@shelfpad.test` : `${n}@shelfpad.test`, 'Shelfpad#2026')),
  );
  as = Object.fromEntries(names.map((n, i) => [n, headers[i]])) as typeof as;
  const [row] = await sut.deps.db
    .select({ prCode: tags.prCode, n: sql<number>`count(*)::int` })
    .from(tags)
    .where(and(eq(tags.storeCode, STORE), eq(tags.operation, 1), isNotNull(tags.prCode)))
    .groupBy(tags.prCode)
    .orderBy(sql`count(*) desc`, asc(tags.prCode))
    .limit(1);
  shown = row.prCode!;
  shownTags = row.n;
}, 600_000);
afterAll(async () => sut?.close());

const post = (url: string, payload: object, headers: AuthHeaders = as.admin) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
const update = (list: object[], headers: AuthHeaders = as.admin, storeCode = STORE) =>
  post('/product/update', { taskId: -1, priorTaskId: -1, storeCode, productList: list }, headers);
const productRow = async (code: string) =>
  (
    await sut.deps.db
      .select()
      .from(products)
      .where(and(eq(products.storeCode, STORE), eq(products.prCode, code)))
  )[0];
const taskOf = async (taskId: string) => (await sut.deps.db.select().from(updateTasks).where(eq(updateTasks.taskId, taskId)))[0];

describe('POST /product/update', () => {
  it('refuses a product without layout, an empty list and a wrong task id with 400', async () => {
    expect((await update([{ prCode: 'X1', prInfo: [] }])).statusCode).toBe(400);
    expect((await update([])).statusCode).toBe(400);
    const wrong = await post('/product/update', {
      taskId: 5,
      priorTaskId: -1,
      storeCode: STORE,
      productList: [{ prCode: 'X1', prInfo: [], layoutId: 'L' }],
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('refuses members without product write or without the store (403)', async () => {
    const item = [{ prCode: 'P-DENIED', prInfo: ['x'], layoutId: 'STD_PRICE' }];
    expect((await update(item, as.viewer)).statusCode).toBe(403);
    expect((await update(item, as.nord)).statusCode).toBe(403);
    expect((await update(item, as.operator, 'SEL001')).statusCode).toBe(403);
    expect(await productRow('P-DENIED')).toBeUndefined();
  });

  // spec: admin §7.8 — update product with taskId -1, priorTaskId -1, storeCode, product list
  it('upserts the product, records its history and sends the new content to the tags showing it', async () => {
    const before = await productRow(shown);
    const prInfo = [...before.prInfo];
    prInfo[1] = '999';
    const res = await update([{ prCode: shown, prInfo, layoutId: before.layoutId! }], as.operator);
    expect(res.statusCode).toBe(200);
    const { taskId } = res.json() as { taskId: string };
    expect((await productRow(shown)).prInfo[1]).toBe('999');
    const task = await taskOf(taskId);
    expect(task).toMatchObject({
      taskType: 'UPDATE',
      storeCode: STORE,
      totalTags: shownTags,
      updatedTags: 0,
      productCount: 1,
      endTime: null,
    });
    expect(task.internalTaskId).toBeGreaterThan(0);
    const history = await sut.deps.db.select().from(productUpdates).where(eq(productUpdates.updateId, task.updateId!));
    expect(history.map((h) => [h.prCode, h.prInfo[1], h.taskId])).toEqual([[shown, '999', taskId]]);
    const items = await sut.deps.db.select().from(taskItems).where(eq(taskItems.taskId, taskId));
    expect(items).toHaveLength(shownTags);
    expect(items.every((i) => i.status === null && i.prInfo[1] === '999')).toBe(true);
    const pending = await sut.deps.db
      .select({ status: tags.status })
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), eq(tags.prCode, shown)));
    expect(pending.every((t) => t.status === 'UPDATE')).toBe(true);
  });

  it('starts no tag task when the rendered content does not change: "No tags to update"', async () => {
    const p = await productRow(shown);
    const res = await update([{ prCode: shown, prInfo: [...p.prInfo, '', ''], layoutId: p.layoutId! }]);
    const task = await taskOf(res.json().taskId);
    expect(task).toMatchObject({ totalTags: 0, internalTaskId: 0, productCount: 1 });
    expect(task.endTime).not.toBeNull();
  });

  // spec: admin §7.8 — product list item with prCode, prInfo, layoutId, nfc stored
  it('creates a new product (no tags: a task without tags)', async () => {
    const res = await update([{ prCode: 'NEW-001', prInfo: ['New thing', '120'], layoutId: 'STD_PRICE', nfc: 'https://example.test/n1' }]);
    expect(res.statusCode).toBe(200);
    expect(await productRow('NEW-001')).toMatchObject({
      prInfo: ['New thing', '120'],
      layoutId: 'STD_PRICE',
      nfc: 'https://example.test/n1',
    });
    expect((await taskOf(res.json().taskId)).totalTags).toBe(0);
  });

  it('lets the simulator carry the task to the tags: every tag answers and the task ends', async () => {
    const p = await productRow(shown);
    const res = await update([{ prCode: shown, prInfo: [p.prInfo[0], '1234'], layoutId: p.layoutId! }]);
    const { taskId } = res.json();
    const sim = startSimulator(sut.deps, { seed: 3, speed: 1, manual: true, modules: ['tags'], tagStores: [STORE], failureRate: 0 });
    await sim.advance(90_000);
    sim.stop();
    const task = await taskOf(taskId);
    expect(task.updatedTags).toBe(task.totalTags);
    expect(task.endTime).not.toBeNull();
    const results = await sut.deps.db.select({ status: taskItems.status }).from(taskItems).where(eq(taskItems.taskId, taskId));
    expect(results.every((r) => r.status === 'OK')).toBe(true);
  });
});

describe('product reads', () => {
  // spec: admin §7.8 — GET product (store, prCode)
  it('GET product detail: the product, or 404 for an unknown code', async () => {
    const res = await sut.app.inject({ method: 'GET', url: `/api/product/store/${STORE}/code/${shown}/detail`, headers: as.viewer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ prCode: shown, tagCount: shownTags });
    const missing = await sut.app.inject({ method: 'GET', url: `/api/product/store/${STORE}/code/NOPE-1/detail`, headers: as.viewer });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This product does not exist');
  });

  // spec: admin §7.2 — product update history (store, prCode) with filter_* fields
  it('update history: newest first, filtered by update id', async () => {
    const res = await post(`/history/store/${STORE}/product/${shown}/update`, { draw: 1, start: 0, length: 25 }, as.viewer);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { updateId: string; prInfo: string[]; updatedAt: string }[];
    expect(rows[0].prInfo[1]).toBe('1234');
    expect([...rows].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).map((r) => r.updatedAt)).toEqual(rows.map((r) => r.updatedAt));
    const one = await post(
      `/history/store/${STORE}/product/${shown}/update`,
      { draw: 1, start: 0, length: 25, filter_updateId: rows[0].updateId, condition_updateId: '==' },
      as.viewer,
    );
    expect(one.json().data).toHaveLength(1);
  });

  // spec: admin §7.3, admin §3.8 — update task list (taskId, updateId, internalTaskId, tagCount, productCount) and detail
  it('update task list and detail: the update, its product and its task', async () => {
    const [latest] = await sut.deps.db
      .select()
      .from(updateTasks)
      .where(eq(updateTasks.storeCode, STORE))
      .orderBy(desc(updateTasks.id))
      .limit(1);
    const list = await post(`/product/update/task/list/store/${STORE}`, { draw: 1, start: 0, length: 25 }, as.viewer);
    expect(list.json().data[0]).toMatchObject({
      taskId: latest.taskId,
      updateId: latest.updateId,
      internalTaskId: latest.internalTaskId,
      tagCount: latest.totalTags,
      productCount: 1,
    });
    const detail = await post(
      `/product/update/task/store/${STORE}/update/${latest.updateId}`,
      { draw: 1, start: 0, length: 25 },
      as.viewer,
    );
    expect(detail.json().data.map((r: { prCode: string }) => r.prCode)).toEqual([shown]);
  });

  // spec: admin §7.1 — tag list by product code answers prInfo and prCode
  it('tag list by product code: the tags showing it, with the product info', async () => {
    const res = await post(`/product/tag/list/store/${STORE}/code/${shown}`, { draw: 1, start: 0, length: 25 }, as.viewer);
    expect(res.json().recordsTotal).toBe(shownTags);
    expect(res.json().data[0]).toMatchObject({ prCode: shown, prInfo: [expect.any(String), '1234'] });
  });

  // spec: admin §7.9 — preview with layoutId (prefix_layout), prInfo, prCode, companyCode: a base64 bitmap
  it('preview: a PNG of the label; another company is refused', async () => {
    const res = await post(
      '/product/preview',
      { layoutId: '1A_STD', prInfo: ['Milk', '199'], prCode: 'M1', companyCode: 'ACME' },
      as.viewer,
    );
    expect(res.statusCode).toBe(200);
    expect(Buffer.from(res.json().encodedImage, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(
      (await post('/product/preview', { layoutId: '1A_STD', prInfo: [], prCode: 'M1', companyCode: 'NORD' }, as.acme)).statusCode,
    ).toBe(403);
  });

  // spec: admin §7.10, admin §3.7 — tag prefixes used in a store, flagged in use; the tag image call
  it('tag image and tag types of the store', async () => {
    const [tag] = await sut.deps.db
      .select()
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), eq(tags.prCode, shown)))
      .limit(1);
    const img = await sut.app.inject({
      method: 'GET',
      url: `/api/tag/${tag.tagMac}/store/${STORE}/image?tagType=${tag.tagType}`,
      headers: as.viewer,
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const types = await sut.app.inject({ method: 'GET', url: `/api/tag/type/store/${STORE}`, headers: as.viewer });
    expect(types.json().find((t: { prefix: string }) => t.prefix === tag.tagType!.toUpperCase())).toMatchObject({ inUse: true });
  });

  it("alias items with their chart flags, only within the member's companies", async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/api/config/alias/company/ACME', headers: as.viewer });
    expect(
      res
        .json()
        .filter((a: { chart: boolean }) => a.chart)
        .map((a: { name: string }) => a.name),
    ).toEqual(['PRICE', 'PROMO']);
    expect((await sut.app.inject({ method: 'GET', url: '/api/config/alias/company/NORD', headers: as.viewer })).statusCode).toBe(403);
  });
});

describe('LED, page control and removing unused products', () => {
  const codes = (...c: string[]) => c.map((prCode) => ({ prCode }));
  // spec: admin §7.10 — LED control and page control with storeCode and product list
  it('LED and page control answer "no matching tags" (404) when no tag shows the products', async () => {
    for (const [url, extra] of [
      ['/product/led', {}],
      ['/product/page', { pageNo: 1 }],
    ] as const) {
      const none = await post(url, { storeCode: STORE, productList: codes('NEW-001'), ...extra });
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe('no matching tags');
      const ok = await post(url, { storeCode: STORE, productList: codes(shown), ...extra }, as.operator);
      expect(ok.json()).toMatchObject({ success: true, message: `${shownTags} tags` });
    }
    expect((await post('/product/led', { storeCode: STORE, productList: codes(shown), duration: 0 })).statusCode).toBe(400);
    expect((await post('/product/led', { storeCode: STORE, productList: codes(shown) }, as.viewer)).statusCode).toBe(403);
  });

  // spec: admin §7.13 — remove unused products: list of prCodes
  it('removes the listed products no tag shows, and keeps the shown ones', async () => {
    const res = await post('/product/unused/remove', { storeCode: STORE, prCodeList: ['NEW-001', shown] }, as.operator);
    expect(res.json()).toEqual({ success: true, count: 1 });
    expect(await productRow('NEW-001')).toBeUndefined();
    expect(await productRow(shown)).toBeDefined();
    expect((await post('/product/unused/remove', { storeCode: STORE, prCodeList: [] })).statusCode).toBe(400);
  });
});
