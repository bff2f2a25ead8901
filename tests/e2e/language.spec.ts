import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { AppShell, LANGUAGE_KEY } from './page-models/app-shell';
import { MENU_ROUTES } from '../../src/shell/routes';

const layoutOf = (language: string) => JSON.parse(readFileSync(`locales/${language}/layout.json`, 'utf8'));
const english = layoutOf('en_US');
/** The menu an administrator (every privilege) sees: every menu entry of the route table, in its order. */
const adminMenu = (layout: ReturnType<typeof layoutOf>) => MENU_ROUTES.map((route) => layout.menu.items[route.menu.labelKey]);

for (const language of ['ja_JP', 'ko_KR'] as const) {
  // spec: core §1.3 — the header switch reloads in the chosen language, kept in local storage
  test(`switching to ${language} in the header reloads the app in that language and keeps the choice`, async ({ page, request }) => {
    const translated = layoutOf(language);
    // The strings asserted below must really differ from English, or the test would prove nothing.
    expect(translated.menu.items.dashboard).not.toBe(english.menu.items.dashboard);

    const shell = new AppShell(page);
    await shell.signIn(request, 'admin@shelfpad.test');
    await shell.goto('/dashboard');
    await shell.expectReady();
    expect(await shell.menuLabels()).toEqual(adminMenu(english));
    // Ionic hands a button's aria-label to the inner native button: read it as the accessible name.
    await expect(await shell.accountButton(english.header.userMenu)).toBeVisible();

    await shell.switchLanguage(language);
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe(language);
    // Still signed in after the reload, now in the chosen language.
    await shell.expectPath('/dashboard');
    await shell.expectReady();
    expect(await shell.menuLabels()).toEqual(adminMenu(translated));
    await expect(await shell.accountButton(translated.header.userMenu)).toBeVisible();
    const menu = await shell.openUserMenu();
    await expect(menu.getByTestId('logout-item')).toHaveText(translated.header.logout);

    // A fresh start reads the stored choice again.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language.replace('_', '-'));
    expect(await shell.menuLabels()).toEqual(adminMenu(translated));
  });
}

// spec: core §1.3 — an unknown stored value falls back to English
test('an unknown stored language starts in English', async ({ page, request }) => {
  await page.addInitScript((key) => localStorage.setItem(key, 'xx_XX'), LANGUAGE_KEY);
  const shell = new AppShell(page);
  await shell.signIn(request, 'admin@shelfpad.test');
  await shell.goto('/dashboard');
  await shell.expectReady();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  expect(await shell.menuLabels()).toEqual(adminMenu(english));
});
