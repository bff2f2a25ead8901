import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Tag } from '../../contract/schemas/tags';
import type { StoreTagRow } from '../../contract/schemas/status';
import type { TagUpdateHistoryRow } from '../../contract/schemas/tag-history';
import { apiLogin } from './fixtures/api';
import { TagsPageModel } from './page-models/tags-page';

/*
 * Issue 5, tag status: the screens show what the API answers for the same request (the simulator is off), and
 * the writes change what the server stores. Runs on a phone (cards) and a desktop (table).
 */
const STORE = 'TKY001';
type Page<Row> = { data: Row[]; recordsFiltered: number };

async function operator(request: Parameters<typeof apiLogin>[0]) {
  const api = await apiLogin(request, 'operator@shelfpad.test');
  const list = async (body: Record<string, unknown>) => {
    const res = await api.post(`/tag/list/store/${STORE}`, { draw: 1, start: 0, length: 25, ...body });
    expect(res.status()).toBe(200);
    return (await res.json()) as Page<Tag>;
  };
  return { ...api, list };
}

test('the store list shows the API tag stats', async ({ page, request }) => {
  const api = await operator(request);
  const answer = (await (await api.post('/status/store/pagination/tag', { draw: 1, start: 0, length: 10 })).json()) as Page<StoreTagRow>;
  const tags = new TagsPageModel(page);
  await tags.signIn(api.session);
  await tags.open('/tag');
  expect(await tags.rowKeys()).toEqual(answer.data.map((s) => s.storeCode));
  for (const store of answer.data) {
    for (const field of ['total', 'success', 'inprogress', 'error', 'todayUpdated'] as const) {
      await expect(tags.cell(store.storeCode, field).locator('[data-value]')).toHaveAttribute('data-value', String(store[field]));
    }
  }
  await tags.row(STORE).click();
  await expect(page).toHaveURL(new RegExp(`#/tag/detail/${STORE}$`));
  await expect(tags.rows.first()).toBeVisible();
});

test('~ and == filters narrow the tag list exactly as the API does', async ({ page, request }) => {
  const api = await operator(request);
  const all = await api.list({});
  const sample = all.data[3];
  const tags = new TagsPageModel(page);
  await tags.signIn(api.session);
  await tags.open(`/tag/detail/${STORE}`);
  expect(await tags.rowKeys()).toEqual(all.data.map((t) => t.tagMac));

  const part = sample.barcode.slice(-3);
  const contains = await api.list({ filter_barcode: part, condition_barcode: '~' });
  await tags.filter('Tag ID', '~', part);
  await expect(tags.range).toContainText(`of ${contains.recordsFiltered}`);
  expect(await tags.rowKeys()).toEqual(contains.data.map((t) => t.tagMac));

  const equals = await api.list({ filter_barcode: sample.barcode, condition_barcode: '==' });
  expect(equals.recordsFiltered).toBe(1);
  await tags.filter('Tag ID', '==', sample.barcode);
  await expect(tags.range).toContainText('of 1');
  expect(await tags.rowKeys()).toEqual([sample.tagMac]);
  await tags.page.locator('form.data-table-filters ion-button', { hasText: 'Clear' }).click();
});

// spec: core §2.40 — deassign confirms '{n} tags will be deassigned.' and the server deassigns
test('deassign needs a selection, confirms the count and changes the server', async ({ page, request }) => {
  const api = await operator(request);
  const tags = new TagsPageModel(page);
  await tags.signIn(api.session);
  await tags.open(`/tag/detail/${STORE}`);

  await tags.button('Deassign').click();
  await expect(tags.alert()).toContainText('No row selected. Please select one or more rows.');
  await tags.confirm();

  const first = await api.list({});
  const picked = first.data.filter((t) => t.operation === 1 && t.status !== 'DEASSIGN').slice(0, 2);
  expect(picked).toHaveLength(2);
  await tags.select(picked.map((t) => t.tagMac));
  await tags.button('Deassign').click();
  await expect(tags.alert()).toContainText('2 tags will be deassigned.');
  await tags.confirm();
  await expect(page.locator('ion-toast.toast-bottom-right')).toBeVisible();

  const after = await api.list({ tagMacList: picked.map((t) => t.tagMac) });
  expect(after.data.map((t) => t.operation)).toEqual([0, 0]);
  for (const tag of picked)
    await expect(tags.cell(tag.tagMac, 'status').locator('[data-status]')).toHaveAttribute(
      'data-status',
      after.data.find((t) => t.tagMac === tag.tagMac)!.status,
    );
});

// spec: core §2.40 — tag list status check
test('status check starts a tag status collection', async ({ page, request }) => {
  const api = await operator(request);
  const tags = new TagsPageModel(page);
  await tags.signIn(api.session);
  await tags.open(`/tag/detail/${STORE}`);
  const [firstKey] = await tags.rowKeys();
  await tags.select([firstKey]);
  await tags.button('Status check').click();
  await expect(page.locator('ion-toast.toast-bottom-right')).toContainText('Start tag status collection');
});

// spec: core §2.40, core §4.6 — tag list download through a download task, holding the filtered tags
test('a tag list download holds what the filter selects', async ({ page, request }) => {
  const api = await operator(request);
  const tags = new TagsPageModel(page);
  await tags.signIn(api.session);
  await tags.open(`/tag/detail/${STORE}`);
  const all = await api.list({});
  const part = all.data[5].barcode.slice(-2);
  const expected = await api.list({ filter_barcode: part, condition_barcode: '~', length: -1 });
  await tags.filter('Tag ID', '~', part);
  await expect(tags.range).toContainText(`of ${expected.recordsFiltered}`);
  const download = page.waitForEvent('download');
  await tags.button('Download').click();
  const file = await readFile(await (await download).path(), 'utf8');
  const lines = file.trim().split(/\r?\n/);
  expect(lines.length - 1).toBe(expected.recordsFiltered);
  for (const tag of expected.data) expect(file).toContain(tag.barcode);
});

// spec: core §2.40, core §2.41 — preview shows the main image and rotates by 90 degrees
test('preview shows the tag image and rotates it', async ({ page, request }) => {
  const api = await operator(request);
  const tags = new TagsPageModel(page);
  await tags.signIn(api.session);
  await tags.open(`/tag/detail/${STORE}`);
  const tag = (await api.list({})).data[0];
  await tags.row(tag.tagMac).getByTestId(`tag-preview-${tag.barcode}`).click();
  const image = page.getByTestId('tag-preview-image');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.locator('ion-modal[data-testid="tag-preview"] ion-button', { hasText: 'Rotate' }).click();
  await expect(image).toHaveAttribute('data-rotation', '90');
});

// spec: core §2.42 — the update history screen keeps time descending
test('the update history shows the API rows newest first', async ({ page, request }) => {
  const api = await operator(request);
  const tag = (await api.list({ filter_operation: 1 })).data[0];
  const res = await api.post(`/history/store/${STORE}/tag/${tag.tagMac}/update`, { draw: 1, start: 0, length: 25 });
  const history = (await res.json()) as Page<TagUpdateHistoryRow>;
  const tags = new TagsPageModel(page);
  await tags.signIn(api.session);
  await page.goto(`/#/tag/${tag.companyCode}/${STORE}/${tag.tagMac}/${tag.barcode}/update/history`);
  await expect(page.getByTestId('tag-history-head')).toContainText(tag.tagMac);
  if (!history.data.length) return expect(page.locator('.data-table-empty')).toBeVisible();
  // Newest first is the server's order (a row still in progress sorts by its task's start): the screen keeps it.
  const done = history.data.filter((r) => r.updatedAt).map((r) => r.updatedAt!);
  expect([...done].sort().reverse()).toEqual(done);
  await expect(tags.rows).toHaveCount(history.data.length);
  expect(await tags.rowKeys()).toEqual(history.data.map((r) => `${r.taskId}-${r.prCode}`));
});

test("the company-wide tag download holds every tag of the member's stores", async ({ page, request }) => {
  const api = await operator(request);
  const stores = (await (await api.post('/status/store/pagination/tag', { draw: 1, start: 0, length: -1 })).json()) as Page<StoreTagRow>;
  const perStore = await Promise.all(
    stores.data.map(
      async (s) =>
        ((await (await api.post(`/tag/list/store/${s.storeCode}`, { draw: 1, start: 0, length: 1 })).json()) as Page<Tag>).recordsFiltered,
    ),
  );
  const tags = new TagsPageModel(page);
  await tags.signIn(api.session);
  await tags.open('/tag');
  const download = page.waitForEvent('download');
  await tags.button('Download company tags').click();
  const file = await readFile(await (await download).path(), 'utf8');
  expect(stores.data.length).toBeGreaterThan(1);
  expect(file.trim().split(/\r?\n/).length - 1).toBe(perStore.reduce((a, b) => a + b, 0));
});
