import { expect, test, type Page, type TestInfo } from '@playwright/test';
import type { OutboxKind, OutboxOp } from '../../src/offline/db';
import { apiLogin } from './fixtures/api';

/*
 * Issue 4, item 5: the outbox against the real IndexedDB of Chromium and the reference server. The scan screen
 * is built elsewhere, so the test drives the outbox through its diagnostics hook (window.__shelfpadOutbox, on
 * when localStorage 'shelfpad.testHooks' is '1') and checks what the server stored through the API.
 */

const STORE = 'TKY001';
const OPERATOR = 'operator@shelfpad.test';
// page.route must see the /api calls: a service worker would take them first (its /api rule).
test.use({ serviceWorkers: 'block' });

type Api = Awaited<ReturnType<typeof apiLogin>>;
interface TagRow {
  tagMac: string;
  barcode: string;
  prCode?: string;
}

/** Disjoint tags per test and per project: the two projects run in parallel against one server. */
async function pickTags(api: Api, info: TestInfo, slot: number, count: number): Promise<TagRow[]> {
  const res = await api.post(`/tag/list/store/${STORE}`, {
    start: 0,
    length: 400,
    columns: [{ data: 'barcode' }],
    order: [{ column: 0, dir: 'asc' }],
  });
  const all = ((await res.json()) as { data: TagRow[] }).data;
  const offset = (info.project.name === 'phone' ? 0 : 180) + slot * 60;
  const tags = all.slice(offset, offset + count);
  expect(tags).toHaveLength(count);
  return tags;
}

async function pickProducts(api: Api, count: number): Promise<string[]> {
  const res = await api.post(`/product/list/store/${STORE}`, { start: 0, length: count });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { prCode: string }[] }).data.map((p) => p.prCode);
}

const assignOp = (tagRef: string, prCode: string) => ({
  kind: 'tagAssign' as const,
  storeCode: STORE,
  payload: { taskId: -1, priorTaskId: -1, storeCode: STORE, tagList: [{ tagMac: tagRef, prCode, degree: 0 }] },
});

async function openApp(page: Page, api: Api) {
  await page.addInitScript((session) => {
    sessionStorage.setItem('shelfpad.session', session);
    localStorage.setItem('shelfpad.testHooks', '1');
  }, JSON.stringify(api.session));
  await page.goto('/');
  await page.waitForFunction(() => Boolean(window.__shelfpadOutbox));
}

const ops = (page: Page) => page.evaluate(() => window.__shelfpadOutbox!.ops());
const enqueueAll = (page: Page, list: { kind: OutboxKind; storeCode: string; payload: unknown }[]) =>
  page.evaluate(async (all) => {
    const ids: string[] = [];
    for (const op of all) ids.push(await window.__shelfpadOutbox!.enqueue(op));
    return ids;
  }, list);

/** What each tag shows now, read through the tag list. */
async function prCodes(api: Api, tags: TagRow[]): Promise<Map<string, string | undefined>> {
  const res = await api.post(`/tag/list/store/${STORE}`, { start: 0, length: -1, tagIdList: tags.map((t) => t.barcode) });
  const rows = ((await res.json()) as { data: TagRow[] }).data;
  return new Map(rows.map((r) => [r.barcode, r.prCode]));
}

/** Task items (one per assign of one product) a tag received since `since`, from its update history. */
async function assignsSince(api: Api, tag: TagRow, since: number): Promise<number> {
  const res = await api.post(`/history/store/${STORE}/tag/${tag.tagMac}/update`, { start: 0, length: 10, filter_startDate: since });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { recordsFiltered: number }).recordsFiltered;
}

test('online: five queued assigns reach the server, each once, in order', async ({ page, request }, info) => {
  const api = await apiLogin(request, OPERATOR);
  const tags = await pickTags(api, info, 0, 5);
  const products = await pickProducts(api, 5);
  const since = Math.floor(Date.now() / 1000) - 1;
  await openApp(page, api);

  const ids = await enqueueAll(
    page,
    tags.map((t, i) => assignOp(t.barcode, products[i])),
  );
  await expect.poll(async () => (await ops(page)).map((o) => o.state), { timeout: 20_000 }).toEqual(Array(5).fill('done'));
  const done = await ops(page);
  expect(done.map((o) => o.id)).toEqual(ids);
  expect(done.every((o) => (o.answer as { assigned: number }).assigned === 1)).toBe(true);

  const shown = await prCodes(api, tags);
  tags.forEach((t, i) => expect(shown.get(t.barcode)).toBe(products[i]));
  for (const t of tags) expect(await assignsSince(api, t, since)).toBe(1);
});

test('offline: 50 assigns queued, a reload in the middle of the replay, exactly 50 assignments once online', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(120_000);
  const api = await apiLogin(request, OPERATOR);
  const tags = await pickTags(api, info, 1, 50);
  const products = await pickProducts(api, 7);
  const since = Math.floor(Date.now() / 1000) - 1;
  await openApp(page, api);

  await context.setOffline(true);
  const list = tags.map((t, i) => assignOp(t.barcode, products[i % products.length]));
  // The first one is tried while offline before the others are queued: it stays pending with a backoff, under
  // its own id, and goes alone; the 49 behind it then leave together as one batch.
  const [firstId] = await enqueueAll(page, list.slice(0, 1));
  await expect.poll(async () => (await ops(page))[0].attempts).toBeGreaterThan(0);
  const ids = [firstId, ...(await enqueueAll(page, list.slice(1)))];
  await expect.poll(async () => (await ops(page)).filter((o) => o.state === 'pending' || o.state === 'sending').length).toBe(50);
  expect((await ops(page)).some((o) => o.state === 'failed')).toBe(false);

  // The server writes every request at once; the answer to the batch never reaches the page, which is reloaded
  // while waiting for it — the case the idempotency key is for.
  const sent: { key: string; replayed: boolean; tags: string[] }[] = [];
  let reloadNow!: () => void;
  const reloadSignal = new Promise<void>((resolve) => (reloadNow = resolve));
  await page.route('**/api/tag/assign', async (route) => {
    const body = route.request().postDataJSON() as { tagList: { tagMac: string }[] };
    // Only what reached the server: a backoff retry could still fire while the context is offline.
    const response = await route.fetch().catch(() => undefined);
    if (!response) return route.abort('internetdisconnected');
    sent.push({
      key: route.request().headers()['idempotency-key'],
      replayed: response.headers()['idempotent-replayed'] === 'true',
      tags: body.tagList.map((t) => t.tagMac),
    });
    if (sent.length === 2) return reloadNow();
    await route.fulfill({ response }).catch(() => undefined);
  });

  await context.setOffline(false); // the 'online' event starts the replay
  await reloadSignal;
  const before = await ops(page);
  expect(before[0]).toMatchObject({ id: firstId, state: 'done', batchKey: firstId });
  expect(sent[0]).toMatchObject({ key: firstId, tags: [tags[0].barcode] });
  // The 49 others went as one request under one key, and wait for its answer.
  expect(sent[1].tags).toEqual(tags.slice(1).map((t) => t.barcode));
  expect(before.slice(1).map((o) => [o.state, o.batchKey])).toEqual(Array(49).fill(['sending', sent[1].key]));
  await page.reload();
  await page.waitForFunction(() => Boolean(window.__shelfpadOutbox));

  await expect.poll(async () => (await ops(page)).filter((o) => o.state === 'done').length, { timeout: 60_000 }).toBe(50);
  const after = await ops(page);
  expect(after.map((o) => o.id)).toEqual(ids);
  // The interrupted batch went again, the same operations under the same key, and got the first answer back
  // instead of a second write.
  expect(sent).toHaveLength(3);
  expect(sent[2]).toEqual({ key: sent[1].key, replayed: true, tags: sent[1].tags });
  expect(sent[0].replayed || sent[1].replayed).toBe(false);
  // Each operation holds its own part of the batch's answer: its one tag, taken.
  for (const op of after) expect(op.answer).toMatchObject({ success: true, assigned: 1, failed: [] });

  const shown = await prCodes(api, tags);
  tags.forEach((t, i) => expect(shown.get(t.barcode), t.barcode).toBe(products[i % products.length]));
  const counts = await Promise.all(tags.map((t) => assignsSince(api, t, since)));
  expect(counts).toEqual(Array(50).fill(1));
});

test("a batch keeps the store's order: it stops before a deassign and before a tag it already holds", async ({
  page,
  context,
  request,
}, info) => {
  const api = await apiLogin(request, OPERATOR);
  const tags = (await pickTags(api, info, 2, 14)).slice(10); // the unknown-tag test below takes the first two
  const products = await pickProducts(api, 3);
  const [a, b, c, d] = tags.map((t) => t.barcode);
  await openApp(page, api);

  await context.setOffline(true);
  const [head] = await enqueueAll(page, [assignOp(a, products[0])]);
  await expect.poll(async () => (await ops(page)).find((o) => o.id === head)?.attempts).toBeGreaterThan(0);
  const rest = await enqueueAll(page, [
    assignOp(b, products[0]),
    { kind: 'tagDeassign' as const, storeCode: STORE, payload: { storeCode: STORE, tagList: [b] } },
    assignOp(c, products[1]),
    assignOp(d, products[1]),
    assignOp(c, products[2]),
    assignOp(a, products[2]),
  ]);
  const sent: string[] = [];
  await page.route(/\/api\/tag\/(assign|deassign)$/, async (route) => {
    const body = route.request().postDataJSON() as { tagList: (string | { tagMac: string; prCode: string })[] };
    const items = body.tagList.map((t) => (typeof t === 'string' ? t : `${t.tagMac}=${t.prCode}`));
    // Only what reached the server: a backoff retry could still fire while the context is offline.
    const response = await route.fetch().catch(() => undefined);
    if (!response) return route.abort('internetdisconnected');
    sent.push(`${new URL(route.request().url()).pathname.replace(/.*\/tag\//, '')} ${items.join(' ')}`);
    await route.fulfill({ response });
  });
  await context.setOffline(false);
  const mine = [head, ...rest];
  await expect
    .poll(async () => (await ops(page)).filter((o) => mine.includes(o.id)).map((o) => o.state), { timeout: 20_000 })
    .toEqual(Array(7).fill('done'));

  // The head that was tried offline goes alone; the deassign neither joins nor is overtaken; c's second assign
  // starts a new batch. (A resend of the same request after a lost answer would repeat a line: none here.)
  expect(sent).toEqual([
    `assign ${a}=${products[0]}`,
    `assign ${b}=${products[0]}`,
    `deassign ${b}`,
    `assign ${c}=${products[1]} ${d}=${products[1]}`,
    `assign ${c}=${products[2]} ${a}=${products[2]}`,
  ]);
  const shown = await prCodes(api, tags);
  expect([a, c, d].map((t) => shown.get(t))).toEqual([products[2], products[2], products[1]]);
  expect(shown.get(b)).toBeFalsy();
});

test("an unknown tag fails with the server's message; the store's later operations still go through", async ({ page, request }, info) => {
  const api = await apiLogin(request, OPERATOR);
  const tags = await pickTags(api, info, 2, 2);
  const products = await pickProducts(api, 2);
  await openApp(page, api);

  const [first, unknown, last] = await enqueueAll(page, [
    assignOp(tags[0].barcode, products[0]),
    assignOp('NOSUCHTAG0001', products[0]),
    assignOp(tags[1].barcode, products[1]),
  ]);
  await expect.poll(async () => (await ops(page)).map((o) => o.state), { timeout: 20_000 }).toEqual(['done', 'failed', 'done']);
  const byId = new Map((await ops(page)).map((o): [string, OutboxOp] => [o.id, o]));
  expect(byId.get(unknown)).toMatchObject({
    state: 'failed',
    lastError: `Tag NOSUCHTAG0001 does not exist in store ${STORE}.`,
    lastStatus: 404,
  });
  expect(byId.get(first)?.state).toBe('done');
  expect(byId.get(last)?.state).toBe('done');
  const shown = await prCodes(api, tags);
  expect(shown.get(tags[1].barcode)).toBe(products[1]);

  // Retry sends it again (the same refusal); discard removes it for good.
  expect(await page.evaluate((id) => window.__shelfpadOutbox!.retry(id), unknown)).toBe(true);
  await expect.poll(async () => (await ops(page)).find((o) => o.id === unknown)?.attempts).toBe(2);
  await expect.poll(async () => (await ops(page)).find((o) => o.id === unknown)?.state).toBe('failed');
  expect(await page.evaluate((id) => window.__shelfpadOutbox!.discard(id), unknown)).toBe(true);
  expect((await ops(page)).map((o) => o.id)).toEqual([first, last]);
});

test("the product copy answers offline: known, unknown, and 'cannot tell' before the first refresh", async ({ page, context, request }) => {
  const api = await apiLogin(request, OPERATOR);
  const [known] = await pickProducts(api, 1);
  const total = ((await (await api.post(`/product/list/store/${STORE}`, { start: 0, length: 1 })).json()) as { recordsTotal: number })
    .recordsTotal;
  await openApp(page, api);

  const ask = (code: string) => page.evaluate(([store, c]) => window.__shelfpadOutbox!.knownProduct(store, c), [STORE, code] as const);
  expect(await ask(known)).toBeUndefined();
  expect(await page.evaluate((store) => window.__shelfpadOutbox!.refreshProductCache(store), STORE)).toBe(total);
  expect(await page.evaluate((store) => window.__shelfpadOutbox!.productCacheInfo(store), STORE)).toMatchObject({ count: total });

  await context.setOffline(true);
  expect(await ask(known)).toBe(true);
  expect(await ask('NO-SUCH-PRODUCT')).toBe(false);
  // A failed refresh keeps the complete older copy.
  await expect(page.evaluate((store) => window.__shelfpadOutbox!.refreshProductCache(store), STORE)).rejects.toThrow();
  expect(await ask(known)).toBe(true);
});
