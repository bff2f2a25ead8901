import { expect, test } from '@playwright/test';
import type { AliasItem, LayoutConfig } from '../../contract/schemas/settings-alias';
import type { StoreStatusDetail, StoreStatusRow } from '../../contract/schemas/status';
import { TAG_MODES, type Tag } from '../../contract/schemas/tags';
import { apiLogin } from './fixtures/api';
import { refusal } from './fixtures/refusals';
import { LoginPage } from './page-models/login-page';
import { ProductsPage } from './page-models/products-page';
import { StorePage } from './page-models/store-page';
import { TagAssignModalModel } from './page-models/tag-assign-modal';
import { TagsPageModel } from './page-models/tags-page';

/*
 * console-core §8's one-word messages as a user sees them — the dialog's title and message — and §4's tag mode and
 * battery status in the tag list. Failures the server makes on demand are the server's own; those it never makes
 * (the older answer form with code 0, a download task that fails) are made in the browser (page.route), so that no
 * test changes shared data.
 */
const STORE = 'TKY001';

test.skip(({ isMobile }) => isMobile, 'the same dialogs on a phone; these are the console flows of a desk');

// spec: core §8.5 — forgot password answer code 0: 'Error' with the server message; otherwise the modal closes
test("find password: an answer with code 0 is 'Error' with the server's message and the modal stays; another answer closes it", async ({
  page,
}) => {
  const login = new LoginPage(page);
  let oldForm = true;
  await page.route(/\/api\/auth\/forget\/password$/, (route) =>
    oldForm
      ? route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, code: 0, message: 'No member uses this address.' }),
        })
      : route.fallback(),
  );
  await login.goto();
  await login.findPasswordLink.click();
  await login.findPasswordModal.getByLabel('Email').fill('nobody@shelfpad.test');
  await login.findPasswordModal.getByRole('button', { name: 'Send' }).click();
  await login.dialogs.expectError('Error', 'No member uses this address.');
  await expect(login.findPasswordModal).toBeVisible();

  // The server's own answer (no code 0) closes the modal.
  oldForm = false;
  await login.findPasswordModal.getByLabel('Email').fill('operator@shelfpad.test');
  await login.findPasswordModal.getByRole('button', { name: 'Send' }).click();
  await expect(login.findPasswordModal).toBeHidden();
});

/** A NORMAL and an OFFLINE gateway of the test data, with their stores. */
async function gateways(api: Awaited<ReturnType<typeof apiLogin>>) {
  const stores = await api.get<StoreStatusRow[]>('/status/store');
  const all = (await Promise.all(stores.map((s) => api.get<StoreStatusDetail>(`/status/store/${s.storeCode}`)))).flatMap((d) =>
    d.gwList.map((g) => ({ ...g, storeCode: d.storeCode })),
  );
  const online = all.find((g) => g.status === 'NORMAL' && g.timeSync !== 0) ?? all.find((g) => g.status === 'NORMAL');
  const offline = all.find((g) => g.status === 'OFFLINE');
  expect(online && offline, 'the test data has a NORMAL and an OFFLINE gateway').toBeTruthy();
  return { online: online!, offline: offline! };
}

// spec: core §8.8 — link check: success 'Success'; failure 'Fail' with "Can't connect to the GW"
test("link check: 'Success' for a gateway that answers, 'Fail' / \"Can't connect to the GW\" for one that does not", async ({
  page,
  request,
}) => {
  const store = new StorePage(page);
  await store.shell.signIn(request, 'admin@shelfpad.test');
  const { online, offline } = await gateways(await apiLogin(request, 'admin@shelfpad.test'));

  await store.open(`/store/${online.storeCode}/gw/${online.gwMac}`);
  const answer = page.waitForResponse((r) => r.url().includes(`/api/check/link/gw/${online.gwMac}`));
  await store.action('gw-link-check').click();
  expect(await (await answer).json()).toMatchObject({ success: true });
  await store.expectToast('Success');
  await expect(store.alert).toHaveCount(0);

  await store.open(`/store/${offline.storeCode}/gw/${offline.gwMac}`);
  await store.action('gw-link-check').click();
  expect(await store.readAlert()).toEqual({ title: 'Fail', message: "Can't connect to the GW" });
});

// spec: core §8.7 — file download failure: 'Error' with the message; polling stops
test("a gateway log download whose task fails shows 'Error' with the task's message and stops polling", async ({ page, request }) => {
  const store = new StorePage(page);
  await store.shell.signIn(request, 'admin@shelfpad.test');
  const { online } = await gateways(await apiLogin(request, 'admin@shelfpad.test'));
  // The task is the server's; its first status answer is made to report a failure, as a failed task's does.
  const polls: string[] = [];
  const files: string[] = [];
  await page.route(/\/api\/file\/download\/task\/[^/?]+$/, async (route) => {
    if (route.request().method() !== 'POST') {
      files.push(route.request().url());
      return route.fallback();
    }
    polls.push(route.request().url());
    const real = await route.fetch();
    const { finishedAt: _finished, ...status } = (await real.json()) as Record<string, unknown>;
    await route.fulfill({ response: real, json: { ...status, error: 'The gateway did not send its log.' } });
  });
  await store.open(`/store/${online.storeCode}/gw/${online.gwMac}`);
  await store.action('gw-log-download').click();
  expect(await store.readAlert()).toEqual({ title: 'Error', message: 'The gateway did not send its log.' });
  expect(polls).toHaveLength(1);
  // Polling is every second: three seconds later it has still not asked again, and no file was fetched.
  await page.waitForTimeout(3_000);
  expect(polls).toHaveLength(1);
  expect(files).toEqual([]);
  await expect(store.alert).toHaveCount(0);

  // A download the server refuses to start is the same 'Error' with its message, and nothing is polled.
  await page.route(/\/api\/file\/download$/, (route) => route.fulfill(refusal(503, 'Downloads are paused for maintenance.')));
  await store.action('gw-log-download').click();
  expect(await store.readAlert()).toEqual({ title: 'Error', message: 'Downloads are paused for maintenance.' });
  await page.waitForTimeout(1_500);
  expect(polls).toHaveLength(1);
});

// spec: core §8.16 — CSV or file assign failure: the generic 'Error' dialog
test("a file assign the server refuses is the generic 'Error' dialog with its message, and nothing is assigned", async ({
  page,
  request,
}) => {
  const api = await apiLogin(request, 'operator@shelfpad.test');
  const list = async () =>
    ((await (await api.post(`/tag/list/store/${STORE}`, { start: 0, length: 1, tagIdList: [tag.barcode] })).json()) as { data: Tag[] })
      .data[0];
  const [tag] = (
    (await (await api.post(`/tag/list/store/${STORE}`, { start: 0, length: 400, filter_operation: 1 })).json()) as { data: Tag[] }
  ).data.slice(-1);
  const products = (
    (await (await api.post(`/product/list/store/${STORE}`, { start: 40, length: 2 })).json()) as { data: { prCode: string }[] }
  ).data;
  const other = products.find((p) => p.prCode !== tag.prCode)!.prCode;
  const before = await list();

  // From the tag list's Assign action, as at a desk.
  const tags = new TagsPageModel(page);
  await tags.signIn(api.session);
  await tags.open(`/tag/detail/${STORE}`);
  await tags.page.getByTestId('tag-assign-open').click();
  const modal = new TagAssignModalModel(page);
  await expect(modal.modal.locator('ion-title')).toContainText('Tag Assign');
  await modal.part('File');
  // The second line has three values: the server refuses the whole file.
  await modal.chooseCsv('assign.csv', `${tag.barcode},${other}\n${tag.barcode},${other},extra\n`);
  await modal.fill('Default Product Code', other);
  await modal.assign('File');
  const alert = page.locator('ion-alert');
  await expect(alert.locator('.alert-title')).toHaveText('Error');
  await expect(alert.locator('.alert-message')).toHaveText('Line 2: expected "tag id,product code", found 3 values.');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toHaveCount(0);
  const after = await list();
  expect({ prCode: after.prCode, status: after.status, updatedAt: after.updatedAt }).toEqual({
    prCode: before.prCode,
    status: before.status,
    updatedAt: before.updatedAt,
  });
});

// spec: core §4.4 — the tag list shows each tag's battery status (OK, NG, other) and tag mode (Normal, Assign, Active)
test("the tag list shows each tag's battery status and its tag mode from the operation number", async ({ page, request }) => {
  const api = await apiLogin(request, 'operator@shelfpad.test');
  const tags = new TagsPageModel(page);
  await tags.signIn(api.session);
  const first = ((await (await api.post(`/tag/list/store/${STORE}`, { start: 0, length: 25 })).json()) as { data: Tag[] }).data;
  expect(first.some((t) => t.operation === 1)).toBe(true);
  await tags.open(`/tag/detail/${STORE}`);
  await expect(page.getByRole('columnheader', { name: 'Tag mode' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Battery status' })).toBeVisible();
  for (const t of first.slice(0, 10)) {
    const mode = TAG_MODES[t.operation];
    await expect(tags.cell(t.tagMac, 'operation').locator('[data-mode]')).toHaveAttribute('data-mode', mode);
    await expect(tags.cell(t.tagMac, 'operation')).toHaveText(mode);
    if (t.battStatus) await expect(tags.cell(t.tagMac, 'battStatus').locator('[data-batt]')).toHaveText(t.battStatus);
  }
  const assigned = first.find((t) => t.operation === 1)!;
  await expect(tags.cell(assigned.tagMac, 'operation')).toHaveText('Assign');
});

// spec: core §7.9 — layout config count, layout names and alias config by company, as the product form uses them
test("the product form offers the company's layout names, names its info fields by the company's aliases, and takes free text when the company has no layout", async ({
  page,
  request,
}) => {
  const products = new ProductsPage(page);
  const api = await products.shell.signIn(request, 'acme-admin@shelfpad.test');
  const company = (await api.get<StoreStatusDetail>(`/status/store/${STORE}`)).companyCode;
  const layouts = await api.get<LayoutConfig[]>(`/config/layout/company/${company}`);
  const alias = await api.get<AliasItem[]>(`/config/alias/company/${company}`);
  expect(layouts.length, 'the company has layouts').toBeGreaterThan(0);
  expect(alias.length, 'the company has aliases').toBeGreaterThan(0);

  await products.open(`/product/list/${STORE}`);
  await products.openCreate();
  const options = products.layoutField.locator('ion-select-option');
  // One choice per configured layout (the count), each its layout name, after the empty choice.
  await expect(options).toHaveCount(layouts.length + 1);
  expect((await options.evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''))).slice(1)).toEqual(
    layouts.map((l) => `${l.layoutId} (${l.layoutType})`),
  );
  // The create form opens the first 10 info slots and every named one beyond them (admin §3, §9), each labelled by its
  // alias or else by its number.
  const named = new Map(alias.map((a) => [a.index, a.name]));
  const slots = [...new Set([...alias.map((a) => a.index), ...Array.from({ length: 10 }, (_, i) => i)])].sort((a, b) => a - b);
  await expect.poll(() => products.infoLabels()).toEqual(slots.map((i) => named.get(i) ?? `#${i + 1}`));
  await products.form.getByRole('button', { name: 'Close' }).first().click();
  await expect(products.form).toBeHidden();

  // A company with no layout configured (count 0): the Layout ID is typed.
  await page.route(/\/api\/config\/layout\/company\/[^/?]+(\?.*)?$/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  );
  await page.reload();
  await expect(products.rows.first()).toBeVisible();
  await products.openCreate();
  await expect(products.field('Layout ID')).toBeEditable();
  await expect(products.layoutField.locator('ion-select-option')).toHaveCount(0);
});
