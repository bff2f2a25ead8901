import { expect, test } from '@playwright/test';
import type { Product } from '../../contract/schemas/products';
import { refusal } from './fixtures/refusals';
import { ProductsPage } from './page-models/products-page';

/*
 * Issue 33 §2: a failed product update is titled "Modified Error" (console-admin §8), with the server's message, or
 * the status text and code when the answer has none. The refusals are made by this page's own route: the update
 * never reaches the server, so nothing changes and no other test sees it.
 */
const STORE = 'TKY001';
const WRITER = 'admin@shelfpad.test';

// spec: admin §8.1 — a failed product update is titled "Modified Error" with the server's message
// spec: admin §8.2 — without a message: status text plus status code
test('a product update the server refuses is titled "Modified Error", with its message or the status text and code', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name === 'phone', 'the same dialog on a phone; the desktop covers it');
  const products = new ProductsPage(page);
  const api = await products.shell.signIn(request, WRITER);
  const product = ((await (await api.post(`/product/list/store/${STORE}`, { start: 0, length: 1 })).json()) as { data: Product[] }).data[0];
  expect(product, 'the store has products').toBeTruthy();
  const answers = [
    refusal(400, 'The product was not modified.'),
    { status: 502, contentType: 'text/html', body: '<html>bad gateway</html>' },
  ];
  let sent = 0;
  await page.route('**/api/product/update', (route) => route.fulfill(answers[Math.min(sent++, answers.length - 1)]));

  await products.open(`/product/list/${STORE}`);
  await products.filter('Product Code', '==', product.prCode);
  await products.expectRows([product.prCode]);
  await products.openEdit(product.prCode);

  await products.save();
  await expect(products.alert.locator('.alert-title')).toHaveText('Modified Error');
  await expect(products.alert.locator('.alert-message')).toHaveText('The product was not modified.');
  await products.alert.getByRole('button', { name: 'OK' }).click();
  await expect(products.alert).toHaveCount(0);
  await expect(products.form).toBeVisible();

  await products.save();
  await expect(products.alert.locator('.alert-title')).toHaveText('Modified Error');
  await expect(products.alert.locator('.alert-message')).toHaveText(/^(Bad Gateway|Error) \(502\)$/);
  await products.alert.getByRole('button', { name: 'OK' }).click();
  await expect(products.alert).toHaveCount(0);
  expect(sent).toBe(2);
});
