import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { apiLogin } from './fixtures/api';
import { LANGUAGE_KEY } from './page-models/app-shell';
import { PrintPage } from './page-models/print-page';

/*
 * Issue 33 §7: the server refuses in English a preview whose template the store's company no longer has
 * (TEMPLATE_NOT_FOUND, server/routes/print.ts); the print screen says it in the member's language. The refusal is
 * the server's own: the test adds a template of its own to the company, the member picks it on the print screen
 * (reached through the menu), the template is removed meanwhile, and the member asks for the preview.
 */
const STORE = 'SYD001';
const COMPANY = 'ACME';
const MEMBER = 'admin@shelfpad.test';
const SHOTS = process.env.E2E_SHOTS;
const words = (lang: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../locales/${lang}/print.json`, import.meta.url), 'utf8')) as {
      messages: { templateNotFound: string };
    }
  ).messages.templateNotFound;

for (const lang of ['en_US', 'ja_JP'] as const) {
  // spec: plus §9.14 — a print refusal in the member's language: the template the company no longer has
  test(`a preview of a template removed meanwhile is refused in the member’s language (${lang})`, async ({ page, request }, info) => {
    test.setTimeout(90_000);
    const api = await apiLogin(request, MEMBER);
    const [product] = (
      (await (await api.post(`/product/list/store/${STORE}`, { start: 0, length: 1 })).json()) as { data: { prCode: string }[] }
    ).data;
    const [layout] = await api.get<{ layoutId: string; layoutType: string }[]>(`/config/layout/company/${COMPANY}`);
    const template = `E2E_GONE_${lang}_${info.project.name}_${Date.now().toString(36)}`.toUpperCase();
    const added = await api.post('/config/layout', {
      companyCode: COMPANY,
      layoutConfig: [{ layoutId: template, layoutType: layout.layoutType }],
    });
    expect(added.ok(), await added.text()).toBe(true);
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_KEY, lang] as const);

    const screen = new PrintPage(page);
    await screen.shell.signIn(request, MEMBER);
    await screen.shell.goto('/dashboard');
    await screen.shell.expectReady();
    await screen.shell.navigate(menuLabel(lang));
    await screen.arrived('/print');
    await screen.row(STORE).locator('a[data-row-link]').click();
    await screen.expectOnly(`/print/edit/${STORE}`);
    await screen.addCode(product.prCode);
    await expect(screen.items).toHaveCount(1);
    await screen.chooseTemplate(template);
    // Issue 33 §6 (screenshots): the label sheet's fields read whole — in Japanese the right and down offsets were
    // both cut to "プリンターのずれ …" on a desk and on a phone.
    const cut = await screen
      .byTestId('print-sheet')
      .locator('.print-number .label-text')
      .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));
    expect(cut).toEqual([]);

    const removed = await request.delete(`/api/config/layout/company/${COMPANY}/layout/${encodeURIComponent(template)}`, {
      headers: api.headers,
    });
    expect(removed.ok(), await removed.text()).toBe(true);
    await screen.byTestId('print-preview-button').click();
    await expect(screen.alert.locator('.alert-message')).toHaveText(words(lang).replace('{{template}}', template));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/print-refusal-${lang}-${info.project.name}.png` });
    await screen.alert.getByRole('button', { name: 'OK' }).click();
    await expect(screen.alert).toHaveCount(0);
  });
}

function menuLabel(lang: 'en_US' | 'ja_JP'): string {
  const layout = JSON.parse(readFileSync(new URL(`../../locales/${lang}/layout.json`, import.meta.url), 'utf8')) as {
    menu: { items: { printLabels: string } };
  };
  return layout.menu.items.printLabels;
}
