import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { apiLogin } from './fixtures/api';
import { LANGUAGE_KEY } from './page-models/app-shell';
import { PrintPage } from './page-models/print-page';

/*
 * Issue 33 §7: the server refuses a preview whose product has more info entries than a static label's template
 * takes (36, plus-signage §9; PRINFO_TOO_LONG, tests/server/print.test.ts) — in English. A member reading Japanese
 * is told in Japanese. The product's 40 entries and the refusal are made by this page's own routes: nothing is
 * stored, no other test sees them.
 */
const STORE = 'SYD001';
const MEMBER = 'admin@shelfpad.test';
const ja = JSON.parse(readFileSync(new URL('../../locales/ja_JP/print.json', import.meta.url), 'utf8')) as {
  messages: { prInfoTooLong: string };
};

// spec: plus §9.14 — a static label's 36 prInfo entries: the refusal in the member's language
test('a preview refused for a static label’s 36 info entries is explained in the member’s language', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'printing is a desk task; the phone test checks the screens’ layout');
  const api = await apiLogin(request, MEMBER);
  const [product] = (
    (await (await api.post(`/product/list/store/${STORE}`, { start: 0, length: 1 })).json()) as { data: { prCode: string }[] }
  ).data;
  const [template] = await api.get<string[]>(`/print/layout/names/store/${STORE}`);
  expect(product && template, 'the store has a product and a template').toBeTruthy();
  await page.route(`**/api/plus/product/list/store/${STORE}`, async (route) => {
    const answer = await route.fetch();
    const found = (await answer.json()) as { prCode: string; prInfo: string[] }[];
    await route.fulfill({
      response: answer,
      json: found.map((p) => ({ ...p, prInfo: Array.from({ length: 40 }, (_, i) => p.prInfo[i] ?? `info ${i + 1}`) })),
    });
  });
  let refused = 0;
  await page.route('**/api/print/preview', (route) => {
    refused++;
    // The server's own refusal (server/routes/print.ts), in English.
    const message = `Product ${product.prCode} has 40 info entries; template ${template} is a static label and takes at most 36.`;
    return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'PRINFO_TOO_LONG', message }) });
  });
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_KEY, 'ja_JP'] as const);

  const screen = new PrintPage(page);
  await screen.shell.signIn(request, MEMBER);
  await screen.open(`/print/edit/${STORE}`);
  await screen.addCode(product.prCode);
  await expect(screen.items).toHaveCount(1);
  await screen.choose(template, 'CROMA.A4');
  await screen.byTestId('print-preview-button').click();
  await screen.expectError(
    ja.messages.prInfoTooLong
      .replace('{{prCode}}', product.prCode)
      .replace('{{entries}}', '40')
      .replace('{{template}}', template)
      .replace('{{limit}}', '36'),
  );
  expect(refused).toBe(1);
});
