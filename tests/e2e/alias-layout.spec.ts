import { expect, test, type TestInfo } from '@playwright/test';
import type { AliasItem, LayoutConfig } from '../../contract/schemas/settings-alias';
import { chooseOption, inputOf, setTicked, chosenText } from './page-models/fields';
import { AliasLayoutPage } from './page-models/alias-layout-page';
import { ProductsPage } from './page-models/products-page';

/*
 * Issue 15 part 1: a company's aliases, defined on /setting/alias-config, name the info columns of its product
 * lists; a layout type and a layout config made on /setting/layout-config are offered by the product create modal.
 * NORD is the company (its PRICE alias, which products.spec.ts edits, is left as it is); the new alias takes a
 * free slot. The writes run on the desktop only; the phone project looks at the alias screen's cards.
 */

const COMPANY = 'NORD';
const STORE = 'BER001';
const ALIAS = 'E2E_SHELF';
const desktopOnly = (info: TestInfo) =>
  test.skip(info.project.name !== 'desktop', 'a write to what every project shares: once, on the desktop');

// spec: admin §4.14 — switching the company (ACME first, then NORD) asks for confirmation and shows that company's aliases (through chooseCompany)
test('an alias added for a company is kept after a reload and names a column of its product list', async ({ page, request }, info) => {
  desktopOnly(info);
  const screen = new AliasLayoutPage(page);
  const api = await screen.shell.signIn(request, 'admin@shelfpad.test');
  await screen.openAlias();
  await screen.chooseCompany('alias-company', COMPANY);
  await expect.poll(() => screen.aliasNames()).toContain('PRICE');
  const before = await screen.aliasNames();

  await screen.byTestId('alias-add').click();
  const row = screen.aliasRows.last();
  await expect(row).toHaveClass(/edit-grid-new/);
  await inputOf(row.getByTestId('alias-name')).fill(ALIAS);
  await chooseOption(row.getByTestId('alias-type'), /^Number$/);
  await setTicked(row.getByTestId('alias-chart'));
  await expect(inputOf(row.getByTestId('alias-length'))).toHaveValue('10');
  // A blank row is dropped on save.
  await screen.byTestId('alias-add').click();
  await expect(screen.byTestId('alias-dirty')).toBeVisible();
  await screen.byTestId('alias-save').click();
  await screen.expectToast('Saved.');

  const stored = await api.get<AliasItem[]>(`/config/alias/company/${COMPANY}`);
  expect(stored.map((a) => a.name)).toEqual([...before, ALIAS]);
  expect(stored.at(-1)).toMatchObject({ index: before.length, type: 'NUMBER', chart: true, key: false, dataTypeLength: 10 });

  await page.reload();
  await expect(screen.aliasRows.first()).toBeVisible({ timeout: 30_000 });
  await screen.chooseCompany('alias-company', COMPANY);
  await expect.poll(() => screen.aliasNames()).toEqual([...before, ALIAS]);
  await expect(screen.byTestId('alias-dirty')).toHaveCount(0);

  const products = new ProductsPage(page);
  await products.open(`/product/list/${STORE}`);
  await expect(products.table.getByRole('columnheader', { name: 'PRICE' })).toBeVisible({ timeout: 30_000 });
  // Info columns after the third are hidden until chosen: the chooser offers the new one by its alias name.
  await products.current.getByRole('button', { name: 'Columns' }).click();
  await setTicked(products.current.getByRole('checkbox', { name: ALIAS, exact: true }));
  await expect(products.table.getByRole('columnheader', { name: ALIAS, exact: true })).toBeVisible();
});

// spec: admin §5.14 — an imported alias file must be valid JSON
test('an import that is not JSON, or not an alias file, is refused with a message and changes nothing', async ({ page, request }, info) => {
  desktopOnly(info);
  const screen = new AliasLayoutPage(page);
  await screen.shell.signIn(request, 'admin@shelfpad.test');
  await screen.openAlias();
  const names = await screen.aliasNames();
  await screen.importFile('broken.json', '{"alias": [');
  const broken = await screen.readAlert();
  expect(broken.title).toBe('Import Error');
  expect(broken.message).toMatch(/^The file is not valid JSON: /);
  await screen.importFile('other.json', JSON.stringify({ alias: [{ index: 'first', name: 'X', type: 'STRING', key: false }] }));
  expect(await screen.readAlert()).toEqual({
    title: 'Import Error',
    message: expect.stringMatching(/^The file is not an alias export: \/alias\/0\/index/),
  });
  expect(await screen.aliasNames()).toEqual(names);
  await expect(screen.byTestId('alias-dirty')).toHaveCount(0);
});

test('a layout type and a layout config made on the layout screen are offered by the product create modal', async ({
  page,
  request,
}, info) => {
  desktopOnly(info);
  const screen = new AliasLayoutPage(page);
  const api = await screen.shell.signIn(request, 'admin@shelfpad.test');
  await screen.open('/setting/layout-config');
  await screen.chooseCompany('layout-company', COMPANY);
  await expect(screen.layoutRow('PROMO_RED')).toBeVisible({ timeout: 30_000 });

  await screen.byTestId('layout-types-open').click();
  const modal = screen.layoutTypeModal;
  await expect(modal).toBeVisible();
  await expect(screen.layoutTypeRow('PROMOTION').getByTestId('layout-type-in-use')).toBeVisible();
  await expect(screen.layoutTypeRow('PROMOTION').getByTestId('layout-type-delete')).toHaveCount(0);
  await modal.getByTestId('layout-type-add').click();
  await inputOf(modal.getByTestId('layout-type-name')).fill('E2E_WIDE');
  await modal.getByTestId('layout-type-save').click();
  await expect(screen.layoutTypeRow('E2E_WIDE')).toBeVisible();
  await expect(screen.layoutTypeRow('E2E_WIDE').getByTestId('layout-type-delete')).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  await screen.byTestId('layout-add').click();
  const row = screen.byTestId('layout-configs-row').last();
  await inputOf(row.getByTestId('layout-id')).fill('E2E_WIDE_1');
  await chooseOption(row.getByTestId('layout-type'), /^E2E_WIDE$/);
  await screen.byTestId('layout-save').click();
  await screen.expectToast('Saved.');
  await expect(screen.layoutRow('E2E_WIDE_1')).toBeVisible();
  expect(await api.get<LayoutConfig[]>(`/config/layout/company/${COMPANY}`)).toContainEqual({
    layoutId: 'E2E_WIDE_1',
    companyCode: COMPANY,
    layoutType: 'E2E_WIDE',
  });

  const products = new ProductsPage(page);
  await products.open(`/product/list/${STORE}`);
  await products.openCreate();
  await expect(products.layoutField.locator('ion-select-option', { hasText: 'E2E_WIDE_1 (E2E_WIDE)' })).toHaveCount(1);
  await products.chooseLayout('E2E_WIDE_1');
  await expect(chosenText(products.layoutField)).toHaveText('E2E_WIDE_1 (E2E_WIDE)');
});

test('phone: the alias screen shows each alias as a card of labelled fields', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'phone', 'the layout that differs on a phone');
  const screen = new AliasLayoutPage(page);
  await screen.shell.signIn(request, 'admin@shelfpad.test');
  await screen.openAlias();
  await expect(screen.byTestId('alias-table').locator('thead')).toBeHidden();
  const first = screen.aliasRows.first();
  const box = await first.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box!.width).toBeLessThanOrEqual(width);
  const input = first.getByTestId('alias-name');
  await expect(input).toBeVisible();
  expect((await input.boundingBox())!.width).toBeGreaterThan(width / 3);
  await page.screenshot({ path: info.outputPath('alias-phone.png') });
});
