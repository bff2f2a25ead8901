import { expect, test } from '@playwright/test';
import type { Product } from '../../contract/schemas/products';
import { ProductsPage } from './page-models/products-page';

/*
 * Issue 33 §14: the LED and page control modals of a store's products (console-admin §2, §3, §9): the spec's
 * defaults (duration 5, state 0, brightness 1, blinking speed 2; page 0), a value out of range refused in the
 * field, and a sent command closing the modal with the server's answer. Both only send commands to tags, nothing
 * is stored; PAR001 is the NORD store whose tags the simulation answers (scripts/e2e-server.mjs).
 */
const STORE = 'PAR001';
const MEMBER = 'nord-admin@shelfpad.test';

// spec: admin §9.4, admin §3.18 — LED defaults 5/0/1/2 and page number 0 in the modals' fields
test('LED and page control open with the spec defaults, refuse out-of-range values and send', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'the same modals on a phone; the desktop covers them');
  const products = new ProductsPage(page);
  const api = await products.shell.signIn(request, MEMBER);
  const res = await api.post(`/product/list/store/${STORE}`, {
    start: 0,
    length: 1,
    filter_tagCount: 1,
    condition_tagCount: '>=',
    order: [{ column: 0, dir: 'desc' }],
    columns: [{ data: 'prCode' }],
  });
  const product = ((await res.json()) as { data: Product[] }).data[0];
  expect(product, 'the demo store has a product on tags').toBeTruthy();

  await products.open(`/product/list/${STORE}`);
  await products.filter('Product Code', '==', product.prCode);
  await products.expectRows([product.prCode]);
  await products.selectRow(product.prCode);

  await products.current.getByRole('button', { name: 'LED control', exact: true }).click();
  const led = page.locator('ion-modal[data-testid="product-led"]');
  await expect(led).toBeVisible();
  await expect(led.getByLabel('Duration', { exact: true })).toHaveValue('5');
  await expect(led.getByLabel('LED state', { exact: true })).toHaveValue('0');
  await expect(led.getByLabel('LED brightness', { exact: true })).toHaveValue('1');
  await expect(led.getByLabel('Blinking speed', { exact: true })).toHaveValue('2');
  await led.getByLabel('LED state', { exact: true }).fill('16');
  await led.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(led.getByRole('alert')).toHaveText('Enter a whole number from 0 to 15.');
  await expect(led).toBeVisible();
  await led.getByLabel('LED state', { exact: true }).fill('3');
  await led.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(led).toBeHidden();
  await expect(products.toast.filter({ visible: true }).first()).toContainText(/Sent to|No tag shows these products\./);

  await products.current.getByRole('button', { name: 'Page control', exact: true }).click();
  const pageControl = page.locator('ion-modal[data-testid="product-page"]');
  await expect(pageControl).toBeVisible();
  await expect(pageControl.getByLabel('Page number', { exact: true })).toHaveValue('0');
  await pageControl.getByLabel('Page number', { exact: true }).fill('-1');
  await pageControl.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(pageControl.getByRole('alert')).toHaveText('Enter a whole number from 0 to 15.');
  await pageControl.getByLabel('Page number', { exact: true }).fill('1');
  await pageControl.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(pageControl).toBeHidden();
});
