import { expect, test, type APIRequestContext, type TestInfo } from '@playwright/test';
import type { AliasItem } from '../../contract/schemas/settings-alias';
import type { Tag } from '../../contract/schemas/tags';
import { apiLogin } from './fixtures/api';
import { inputOf, setTicked } from './page-models/fields';
import { AliasLayoutPage } from './page-models/alias-layout-page';
import { CodeEditorScreen } from './page-models/code-editor-page';
import { ProductsPage } from './page-models/products-page';

/*
 * Issue 15, "done when": user scripts drive what the console shows. (a) An alias defined for ACME on
 * /setting/alias-config, a product file parser written on /system/product-file-parser for a pipe-separated
 * "code|name|price|aisle" format, a file of that format uploaded through the product upload modal: the products
 * are listed with those fields, the new alias naming its column. (b) A tag data decorator that upper-cases the
 * product info, written and switched on in /system/tag-data-decorator, changes the tag preview.
 * Both put back what they changed (aliases, parser, decorator): other specs share the demo data.
 */

// The two tests change what both read (the company's aliases, the parser, the decorator): one after the other.
test.describe.configure({ mode: 'default' });

const COMPANY = 'ACME';
const STORE = 'TKY001';
const ALIAS = 'AISLE';
const desktopOnly = (info: TestInfo) =>
  test.skip(info.project.name !== 'desktop', 'writes to what every project shares: once, on the desktop');

/** What a test changed, put back after it even when it failed or timed out (with a fresh sign-in: the page may be gone). */
let restore: ((api: Awaited<ReturnType<typeof apiLogin>>) => Promise<unknown>) | undefined;
test.afterEach(async ({ request }: { request: APIRequestContext }) => {
  if (!restore) return;
  const undo = restore;
  restore = undefined;
  await undo(await apiLogin(request, 'admin@shelfpad.test'));
});

const PARSER = [
  'function parse(text, context) {',
  '  return text.split("\\n").filter((l) => l.trim()).map((line) => {',
  '    const [code, name, price, aisle] = line.split("|");',
  `    return { storeCode: "${STORE}", prCode: code, layoutId: "STD_PRICE", prInfo: [name, price, "", "", "", "", "", aisle] };`,
  '  });',
  '}',
].join('\n');

test('an alias set, a parser written in the editor and a pipe-separated upload give products with those fields', async ({
  page,
  request,
}, info) => {
  desktopOnly(info);
  test.setTimeout(180_000);
  const aliasScreen = new AliasLayoutPage(page);
  const api = await aliasScreen.shell.signIn(request, 'admin@shelfpad.test');
  const aliasesBefore = await api.get<AliasItem[]>(`/config/alias/company/${COMPANY}`);
  const parserBefore = await api.get<{ code: string }>(`/config/parser/product?companyCode=${COMPANY}`);
  restore = async (admin) => {
    await admin.post(`/config/parser/product?companyCode=${COMPANY}`, { code: parserBefore.code });
    await admin.post('/config/alias', { companyCode: COMPANY, alias: aliasesBefore.map(({ isDisplay: _, ...a }) => a) });
  };
  // (1) The alias: slot 7 gets a name, so the product list can show it as a column.
  await aliasScreen.openAlias();
  await aliasScreen.chooseCompany('alias-company', COMPANY);
  await expect.poll(() => aliasScreen.aliasNames()).toEqual(aliasesBefore.map((a) => a.name));
  await aliasScreen.byTestId('alias-add').click();
  await inputOf(aliasScreen.aliasRows.last().getByTestId('alias-name')).fill(ALIAS);
  await aliasScreen.byTestId('alias-save').click();
  await aliasScreen.expectToast('Saved.');
  expect((await api.get<AliasItem[]>(`/config/alias/company/${COMPANY}`)).at(-1)).toMatchObject({
    index: aliasesBefore.length,
    name: ALIAS,
  });

  // (2) The parser, written first and then kept for the company: a user who types, then chooses the scope, is asked
  // and takes the text along — the company's template, arriving after, never replaces it.
  const editor = new CodeEditorScreen(page);
  await editor.open('/system/product-file-parser');
  await editor.expectLoaded();
  await editor.write(PARSER);
  const companyLoad = page.waitForResponse(
    (r) => r.url().includes('/config/parser/product') && new URL(r.url()).searchParams.get('companyCode') === COMPANY,
  );
  await editor.chooseCompanyScope(COMPANY, { takeText: true });
  await companyLoad;
  // Past the company script's load, the text is still the one typed.
  await expect.poll(() => editor.text()).toBe(PARSER);
  await expect(editor.errorMarks).toHaveCount(0, { timeout: 15_000 });
  await editor.save();
  await editor.expectToast('The script is saved.');
  expect((await api.get<{ code: string }>(`/config/parser/product?companyCode=${COMPANY}`)).code).toBe(PARSER);

  // (3) A file nothing but the parser reads, uploaded as a user does.
  const stamp = Date.now() % 100_000;
  const codes = [`PIPE-${stamp}-1`, `PIPE-${stamp}-2`];
  const file = `${codes[0]}|Pipe green tea|3.20|A7\n${codes[1]}|Pipe jasmine rice|1.50|B2\n`;
  const products = new ProductsPage(page);
  await products.open('/product/file/upload/history');
  await products.uploadFiles([{ name: `pipes-${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from(file) }]);
  const item = products.uploadItem(`pipes-${stamp}.txt`);
  await expect(item).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(item).toContainText('2 rows: 2 imported, 0 with errors');
  await products.closeUpload();

  // (4) The products with the parsed fields, the aisle under its alias name.
  await products.open(`/product/list/${STORE}`);
  await products.filter('Product Code', '~', `PIPE-${stamp}`);
  await expect.poll(async () => (await products.rowKeys()).sort(), { timeout: 30_000 }).toEqual(codes);
  await products.current.getByRole('button', { name: 'Columns' }).click();
  await setTicked(products.current.getByRole('checkbox', { name: ALIAS, exact: true }));
  await expect(products.table.getByRole('columnheader', { name: ALIAS, exact: true })).toBeVisible();
  await expect(products.cell(codes[0], 'prInfo-0')).toHaveText('Pipe green tea');
  await expect(products.cell(codes[0], 'prInfo-1')).toHaveText('3.20');
  await expect(products.cell(codes[0], 'prInfo-7')).toHaveText('A7');
  await expect(products.cell(codes[1], 'prInfo-7')).toHaveText('B2');
});

test('a tag data decorator that upper-cases the product info changes the tag preview', async ({ page, request }, info) => {
  desktopOnly(info);
  test.setTimeout(120_000);
  const editor = new CodeEditorScreen(page);
  const api = await editor.shell.signIn(request, 'admin@shelfpad.test');
  const before = await api.get<{ code: string; useType: number }>('/config/decorator/tag');
  restore = (admin) => admin.post('/config/decorator/tag', before);
  // Off to begin with (another spec may have left one on).
  expect((await api.post('/config/decorator/tag', { code: before.code, useType: 0 })).ok()).toBe(true);
  // A tag of the first page whose product name has lower-case text, so upper-casing shows: the name (info slot 0) is
  // drawn on every layout, other slots only on some.
  const list = (await (await api.post(`/tag/list/store/${STORE}`, { draw: 1, start: 0, length: 25 })).json()) as { data: Tag[] };
  let tag: Tag | undefined;
  let plain = '';
  for (const t of list.data) {
    const preview = await api.get<{ encodedImage: string; prInfo: string[] }>(`/preview/store/${STORE}/tag/${t.tagMac}`);
    const name = preview.prInfo[0] ?? '';
    if (name !== name.toUpperCase()) {
      tag = t;
      plain = preview.encodedImage;
      break;
    }
  }
  expect(tag, 'a tag showing lower-case product text').toBeDefined();

  const previewPath = `/preview/store/${STORE}/tag/${tag!.tagMac}`;
  /**
   * The member opens the tag's preview from its row and reads the main image and the product text under it; both are
   * what the server draws at that moment. Specs on the other worker change what a label shows (aliases name the sub
   * page's lines, products change), so the preview is opened afresh until it and a read of the server agree.
   */
  const expectPreviewAsServerDraws = async () => {
    await expect
      .poll(
        async () => {
          await editor.open(`/tag/detail/${STORE}`);
          await editor.row(tag!.tagMac).getByTestId(`tag-preview-${tag!.barcode}`).click();
          const modal = page.getByTestId('tag-preview');
          const main = modal.locator('[data-testid="tag-preview-image"][data-index="0"]');
          await expect(main).toBeVisible({ timeout: 30_000 });
          const [src, caption, server] = await Promise.all([
            main.getAttribute('src'),
            modal.locator('figcaption').innerText(),
            api.get<{ encodedImage: string; prInfo: string[] }>(previewPath),
          ]);
          await modal.getByRole('button', { name: 'Close', exact: true }).click();
          await expect(modal).toBeHidden();
          return {
            drawnAsServer: src === `data:image/png;base64,${server.encodedImage}`,
            nameShown: caption.includes(server.prInfo[0] ?? ''),
          };
        },
        { timeout: 90_000, intervals: [0] },
      )
      .toEqual({ drawnAsServer: true, nameShown: true });
  };
  await expectPreviewAsServerDraws();

  await editor.open('/system/tag-data-decorator');
  await editor.expectLoaded();
  await editor.write('function decorate(product) {\n  return { ...product, prInfo: product.prInfo.map((s) => s.toUpperCase()) };\n}');
  await editor.byTestId('code-use-type').click();
  await page.locator('ion-popover ion-radio, ion-popover ion-item').filter({ hasText: /^On$/ }).first().click();
  await editor.save();
  await editor.expectToast('The script is saved.');

  // The preview now draws the upper-cased text: another image, the one the server draws with the decorator on.
  const decorated = await api.get<{ encodedImage: string; prInfo: string[] }>(previewPath);
  expect(decorated.encodedImage).not.toBe(plain);
  await expectPreviewAsServerDraws();
});
