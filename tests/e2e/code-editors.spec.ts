import { expect, test } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { CodeEditorScreen } from './page-models/code-editor-page';

/*
 * Issue 15, code editors: the super administrator writes a tag data decorator; a syntax error is marked in the
 * editor, the test pane runs the script on the server and shows its output, and the saved script is there
 * again after a reload. Desktop only: the editor is laid out the same on a phone.
 */

const DECORATOR = [
  'function decorate(product) {',
  '  return { ...product, prInfo: product.prInfo.map((s) => s.toUpperCase()) };',
  '}',
].join('\n');

let saved: unknown;
test.afterEach(async ({ request }) => {
  if (saved === undefined) return;
  const admin = await apiLogin(request, 'admin@shelfpad.test');
  expect((await admin.post('/config/decorator/tag', saved)).ok()).toBe(true);
  saved = undefined;
});

test('write, check, test-run and save a tag data decorator', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'a write to what every project shares: once, on the desktop');
  const screen = new CodeEditorScreen(page);
  const api = await screen.shell.signIn(request, 'admin@shelfpad.test');
  // The decorator changes every label the server draws: what was there goes back after the test (test.afterEach below).
  saved = await api.get('/config/decorator/tag');
  await screen.open('/system/tag-data-decorator');
  await screen.expectLoaded();

  // A broken script: the grammar's error is marked, and the server's run names the line.
  await screen.write('function decorate(product) {\n  return product +;\n}');
  await expect(screen.errorMarks.first()).toBeVisible({ timeout: 15_000 });
  await screen.run();
  await expect(screen.error).toHaveText("SyntaxError: unexpected token in expression: ';' (line 2, column 19)");

  await screen.write(DECORATOR);
  await expect(screen.errorMarks).toHaveCount(0, { timeout: 15_000 });
  await screen.setTestInput('[{"prCode": "4901234567894", "prInfo": ["green tea", "128"]}]');
  await screen.run();
  await expect(screen.output).toHaveText(JSON.stringify({ prCode: '4901234567894', prInfo: ['GREEN TEA', '128'] }, null, 2));

  await screen.byTestId('code-use-type').click();
  await page.locator('ion-popover ion-radio, ion-popover ion-item').filter({ hasText: /^On$/ }).first().click();
  await expect(screen.byTestId('code-use-type')).toHaveText(/On/);
  await screen.save();
  await screen.expectToast('The script is saved.');

  await page.reload();
  await screen.expectLoaded();
  await expect.poll(() => screen.text()).toBe(DECORATOR);
  await expect(screen.byTestId('code-use-type')).toHaveText(/On/);
  expect(await api.get('/config/decorator/tag')).toEqual({ code: DECORATOR, useType: 1 });
});
