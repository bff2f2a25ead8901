import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './page-models/app-shell';

/*
 * Moves the browser makes on its own — a typed address, a bookmark, `location.hash = …`, back and forward — show
 * the page of the address every time (issue 10 §2: every second one used to show the page before).
 */
const ADMIN = 'admin@shelfpad.test';
const TITLES: Record<string, string> = {
  '/dashboard': 'Dashboard',
  '/scan': 'Scan',
  '/exceptions': 'Exceptions',
  '/store': 'Store status',
};

/** The one page on view and its title: Ionic keeps pages it left in the DOM, so a hidden one must not count. */
async function expectShown(shell: AppShell, path: string): Promise<void> {
  await shell.expectPath(path);
  await expect(shell.current).toHaveCount(1);
  await expect(shell.title).toHaveText(TITLES[path]);
  await expect(shell.title).toBeInViewport();
}

const setHash = (page: Page, path: string) => page.evaluate((p) => (window.location.hash = p), path);

test('hash changes, back and forward each show the page of the address', async ({ page, request }) => {
  test.slow(); // eleven page changes, each waited for
  const shell = new AppShell(page);
  await shell.signIn(request, ADMIN);
  await shell.goto('/dashboard');
  await expectShown(shell, '/dashboard');
  for (const path of ['/scan', '/exceptions', '/store']) {
    await setHash(page, path);
    await expectShown(shell, path);
  }
  for (const path of ['/exceptions', '/scan', '/dashboard']) {
    await page.goBack();
    await expectShown(shell, path);
  }
  for (const path of ['/scan', '/exceptions']) {
    await page.goForward();
    await expectShown(shell, path);
  }
  // A new address after going back (the browser drops the forward entries), then back again.
  await setHash(page, '/dashboard');
  await expectShown(shell, '/dashboard');
  await page.goBack();
  await expectShown(shell, '/exceptions');
});

test('a menu click between hash changes and back across it show the right pages', async ({ page, request }) => {
  const shell = new AppShell(page);
  await shell.signIn(request, ADMIN);
  await shell.goto('/exceptions');
  await expectShown(shell, '/exceptions');
  await shell.navigate('Dashboard');
  await expectShown(shell, '/dashboard');
  await setHash(page, '/store');
  await expectShown(shell, '/store');
  await page.goBack();
  await expectShown(shell, '/dashboard');
  await page.goBack();
  await expectShown(shell, '/exceptions');
});

test('from the lean handheld on /scan, typed addresses and back hand over to the console at the right page', async ({ page, request }) => {
  const shell = new AppShell(page);
  await shell.signIn(request, ADMIN);
  await shell.goto('/scan');
  await expect(page.getByRole('heading', { level: 1, name: 'Scan' })).toBeVisible();
  await setHash(page, '/exceptions');
  await expectShown(shell, '/exceptions');
  await setHash(page, '/store');
  await expectShown(shell, '/store');
  await page.goBack();
  await expectShown(shell, '/exceptions');
  await page.goBack();
  await expectShown(shell, '/scan');
});

test('a modal open when the address changes goes with its screen, and back does not bring it again', async ({ page, request }) => {
  const shell = new AppShell(page);
  await shell.signIn(request, ADMIN);
  await shell.goto('/dashboard');
  await expectShown(shell, '/dashboard');
  const account = await shell.openAccount();
  await setHash(page, '/store');
  await expectShown(shell, '/store');
  await expect(account).toBeHidden();
  await page.goBack();
  await expectShown(shell, '/dashboard');
  await expect(account).toBeHidden();
});
