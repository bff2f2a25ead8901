import { expect, test } from '@playwright/test';
import type { StoreStatusDetail } from '../../contract/schemas/status';
import type { Tag } from '../../contract/schemas/tags';
import { apiLogin } from './fixtures/api';
import { ListScreenModel } from './page-models/list-screen';
import { StorePage } from './page-models/store-page';
import { TagsPageModel } from './page-models/tags-page';
import { refusal } from './fixtures/refusals';

/*
 * console-core §6 and §8: what the console does when the server refuses. The refusals are made in the browser
 * (page.route), so that no test changes the shared data; each one carries a message of its own, which the screen
 * must show as it came.
 */
const STORE = 'TKY001';

test.skip(({ isMobile }) => isMobile, 'the same dialogs on a phone; these are the console flows of a desk');

// spec: core §6.5, core §8.6 — a store list that fails to load: 'Error' with the message, then logout and a reload to login
test('a store list the server fails to answer shows its message, then logs out', async ({ page, request }) => {
  const store = new StorePage(page);
  await store.shell.signIn(request, 'admin@shelfpad.test');
  await page.route(/\/api\/status\/store(\?.*)?$/, (route) => route.fulfill(refusal(500, 'Store status is not available now.')));
  await store.shell.goto('/store');
  expect(await store.readAlert()).toEqual({ title: 'Error', message: 'Store status is not available now.' });
  // The logout reloads the page: read the stored session once the reload has reached login.
  await expect.poll(() => store.shell.path(), { timeout: 15_000 }).toMatch(/^\/login/);
  await expect.poll(() => store.shell.storedSession().catch(() => 'still loading')).toBeNull();
});

// spec: core §8.11 — a failed gateway delete shows the server's message
test("a gateway delete the server refuses shows the server's message and keeps the gateway", async ({ page, request }) => {
  const store = new StorePage(page);
  const admin = await store.shell.signIn(request, 'admin@shelfpad.test');
  const [gw] = (await admin.get<StoreStatusDetail>(`/status/store/${STORE}`)).gwList;
  await page.route(/\/api\/config\/gw\/store\/[^/]+\/gw\/[^/]+$/, (route) =>
    route.request().method() === 'DELETE' ? route.fulfill(refusal(409, 'The gateway still serves tags.')) : route.fallback(),
  );
  await store.open(`/store/${STORE}/gw/${gw.gwMac}`);
  await store.action('gw-delete').click();
  const confirm = page.locator('ion-alert', { hasText: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'OK' }).click();
  const failure = page.locator('ion-alert', { hasText: 'The gateway still serves tags.' });
  await expect(failure.locator('.alert-title')).toHaveText('Error');
  await expect(failure.locator('.alert-message')).toHaveText('The gateway still serves tags.');
  await failure.getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('ion-alert')).toHaveCount(0);
  await store.shell.expectPath(`/store/${STORE}/gw/${gw.gwMac}`);
  expect((await admin.get<StoreStatusDetail>(`/status/store/${STORE}`)).gwList.map((g) => g.gwMac)).toContain(gw.gwMac);
});

// spec: core §8.15 — a failed tag preview shows the server's message
test("a tag preview the server cannot draw shows the server's message", async ({ page, request }) => {
  const login = await apiLogin(request, 'operator@shelfpad.test');
  const tags = new TagsPageModel(page);
  await tags.signIn(login.session);
  const list = (await (await login.post(`/tag/list/store/${STORE}`, { draw: 1, start: 0, length: 25 })).json()) as { data: Tag[] };
  const tag = list.data[0];
  await page.route(/\/api\/preview\/store\/[^/]+\/tag\/[^/]+$/, (route) => route.fulfill(refusal(500, 'The preview renderer is busy.')));
  await tags.open(`/tag/detail/${STORE}`);
  await tags.row(tag.tagMac).getByTestId(`tag-preview-${tag.barcode}`).click();
  await expect(page.locator('ion-modal[data-testid="tag-preview"]').getByRole('alert')).toHaveText('The preview renderer is busy.');
});

// spec: core §5.9 — removing unused products asks for confirmation ('You cannot undo this action.') first
test('remove unused products asks first; Cancel sends nothing and keeps the product', async ({ page, request }) => {
  const products = new ListScreenModel(page);
  await products.shell.signIn(request, 'admin@shelfpad.test');
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/api/product/unused/remove') && sent.push(r.url()));
  await products.open(`/product/list/${STORE}`);
  await expect(products.rows.first()).toBeVisible();
  const code = (await products.rowKeys())[0];
  await products.selectRow(code);
  await products.table.locator('.data-table-toolbar ion-button', { hasText: 'Remove unused products' }).click();
  await expect(products.alert).toContainText('You cannot undo this action.');
  await products.alert.getByRole('button', { name: 'Cancel' }).click();
  await expect(products.alert).toHaveCount(0);
  expect(sent).toEqual([]);
  await expect(products.row(code)).toBeVisible();
});
