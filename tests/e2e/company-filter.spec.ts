import { expect, test, type Locator } from '@playwright/test';
import type { StoreStatusRow, StoreTagRow } from '../../contract/schemas/status';
import type { TablePage } from '../../contract/table';
import { CompanySwitch } from './page-models/company-switch';
import { StorePage } from './page-models/store-page';

/*
 * Issue 5, the global company selection (console-core §2 "A global company selection filters the store lists",
 * §6 "The company column shows only for users with more than one company"). The super admin of the test data
 * belongs to every company; a company admin to one. What each list should hold is read from the server.
 */

const ADMIN = 'admin@shelfpad.test';
const ONE_COMPANY_ADMIN = 'acme-admin@shelfpad.test';
const PICK = 'NORD';

const keysOf = (rows: Locator) => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-row-key') ?? ''));

// spec: core §2.34 — the global company selection filters the store lists; company column with several companies
test('picking a company narrows the store and tag lists to its stores, for the rest of the browser session', async ({ page, request }) => {
  const store = new StorePage(page);
  const company = new CompanySwitch(page);
  const login = await store.shell.signIn(request, ADMIN);
  const companies = Object.keys(login.session.companyInfo as Record<string, string>);
  expect(companies.length, 'the super admin has several companies').toBeGreaterThan(1);
  expect(companies).toContain(PICK);

  const all = await login.get<StoreStatusRow[]>('/status/store');
  const picked = await login.get<StoreStatusRow[]>(`/status/store?global_companyCode=${PICK}`);
  expect(picked.length, `the test data has ${PICK} stores`).toBeGreaterThan(0);
  expect(picked.length).toBeLessThan(all.length);
  expect(picked.map((s) => s.storeCode).sort()).toEqual(
    all
      .filter((s) => s.companyCode === PICK)
      .map((s) => s.storeCode)
      .sort(),
  );

  await store.open('/store');
  await expect(store.rows).toHaveCount(all.length);
  expect((await company.choices()).sort()).toEqual(['', ...companies].sort());
  // More than one company: the company column is there.
  await expect(store.cell(all[0].storeCode, 'companyName')).toHaveText(all[0].companyName);

  await company.pick(PICK);
  await expect(store.rows).toHaveCount(picked.length);
  expect((await keysOf(store.rows)).sort()).toEqual(picked.map((s) => s.storeCode).sort());

  // The tag status list asks the server with global_companyCode; its first page is the server's first page.
  const tagPage = (await (
    await login.post('/status/store/pagination/tag', { start: 0, length: 10, global_companyCode: PICK })
  ).json()) as TablePage<StoreTagRow>;
  expect(tagPage.data.every((r) => r.companyCode === PICK)).toBe(true);
  await store.shell.goto('/tag');
  const tagRows = store.shell.current.locator('[data-table-id="tag-stores"] [data-row-key]');
  await expect(tagRows).toHaveCount(tagPage.data.length);
  expect(await keysOf(tagRows)).toEqual(tagPage.data.map((r) => r.storeCode));
  await expect(store.shell.current.getByTestId('table-range')).toHaveText(`1–${tagPage.data.length} of ${tagPage.recordsFiltered}`);

  // Remembered for the browser session: a reload keeps the pick.
  await page.reload();
  await expect(company.button).toHaveAttribute('data-company', PICK);
  await expect(tagRows).toHaveCount(tagPage.data.length);
  expect(await keysOf(tagRows)).toEqual(tagPage.data.map((r) => r.storeCode));

  // All companies again: the tag list is the whole list.
  await company.pick('');
  await expect(store.shell.current.getByTestId('table-range')).toHaveText(new RegExp(`of ${all.length}$`));
});

// spec: core §2.34, core §6.3 — no company column (store and tag lists) for a member of one company
// spec: admin §6.7 — no company column for a member of one company (on /store and /tag)
test('a member of one company gets neither the company selection nor the company column', async ({ page, request }) => {
  const store = new StorePage(page);
  const company = new CompanySwitch(page);
  const login = await store.shell.signIn(request, ONE_COMPANY_ADMIN);
  expect(Object.keys(login.session.companyInfo as Record<string, string>)).toHaveLength(1);
  const stores = await login.get<StoreStatusRow[]>('/status/store');
  expect(stores.length).toBeGreaterThan(0);

  await store.open('/store');
  await expect(store.rows).toHaveCount(stores.length);
  await expect(company.button).toHaveCount(0);
  await expect(store.table.locator('[data-field="companyName"]')).toHaveCount(0);

  await store.shell.goto('/tag');
  const tagRows = store.shell.current.locator('[data-table-id="tag-stores"] [data-row-key]');
  await expect(tagRows.first()).toBeVisible();
  await expect(store.shell.current.locator('[data-table-id="tag-stores"] [data-field="companyName"]')).toHaveCount(0);
});
