import { expect, test } from '@playwright/test';
import type { Product } from '../../contract/schemas/products';
import { ProductsPage } from './page-models/products-page';

/*
 * Issue 33 §14: a member without product write gets the view magnifier instead of the edit pencil (console-admin
 * §2), and its modal shows the product's fields and its label image, which "Rotate" turns by 90° (console-admin
 * §2 modals). Read only: the viewer reads an ACME store's products and changes nothing.
 */
const STORE = 'TKY001';
const VIEWER = 'viewer@shelfpad.test';

test('the view magnifier opens the product read only, and its image rotates by 90°', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'the same modal on a phone; the desktop covers it');
  const products = new ProductsPage(page);
  const api = await products.shell.signIn(request, VIEWER);
  const res = await api.post(`/product/list/store/${STORE}`, { start: 0, length: 1 });
  const product = ((await res.json()) as { data: Product[] }).data[0];
  expect(product, 'the store has products').toBeTruthy();

  await products.open(`/product/list/${STORE}`);
  await products.filter('Product Code', '==', product.prCode);
  await products.expectRows([product.prCode]);
  await expect(products.current.getByTestId(`product-edit-${product.prCode}`)).toHaveCount(0);
  await products.current.getByRole('button', { name: `View product ${product.prCode}`, exact: true }).click();
  const detail = page.locator('ion-modal[data-testid="product-detail"]');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText(`Product ${product.prCode}`);
  await expect(detail.locator('dd').first()).toHaveText(product.prCode);
  await expect(detail.locator('dd').nth(1)).toHaveText(product.layoutId);
  await expect(detail.locator('input, textarea')).toHaveCount(0);

  const image = detail.getByRole('img', { name: `Label of product ${product.prCode}` });
  await expect(image).toBeVisible({ timeout: 20_000 });
  await expect(image).toHaveAttribute('data-rotation', '0');
  const rotate = detail.getByTestId('product-detail-image-rotate');
  for (const deg of ['90', '180', '270', '0']) {
    await rotate.click();
    await expect(image).toHaveAttribute('data-rotation', deg);
  }
  await rotate.click();
  await expect(image).toHaveCSS('transform', /matrix\(0, 1, -1, 0|matrix\(6\.1\d*e-17, 1, -1, 6\.1\d*e-17/);
});
