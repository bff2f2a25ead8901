import { expect, test, type Page } from '@playwright/test';
import { AppShell, SESSION_KEY } from './page-models/app-shell';
import { ExceptionsModel } from './page-models/exceptions-page';
import { PwaModel } from './page-models/pwa';
import { StorePage } from './page-models/store-page';
import { apiLogin } from './fixtures/api';

/*
 * Issue 10, finding 5: a manager in a basement with no signal reloads the dashboard, the exceptions and the store
 * list. Each shows the last answers with "Offline, as of hh:mm" (the console keeps them per member:
 * src/platform/swr-cache.ts), the footer keeps the server's version, and another member on the same device sees none
 * of it. The token never goes to localStorage.
 */

const MANAGER = 'admin@shelfpad.test';
const OTHER = 'viewer@shelfpad.test';
test.use({ serviceWorkers: 'allow' });

/** A fresh start of the app on `path` (a reload, as the manager does; no in-app navigation). */
async function startOn(page: Page, path: string): Promise<void> {
  await page.goto(`/#${path}`);
  await page.reload();
}

const notice = (page: Page) => page.getByTestId('offline-notice');

test('offline reload of dashboard, exceptions and store shows the last data "as of", per member', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const shell = new AppShell(page);
  const pwa = new PwaModel(page);
  const exceptions = new ExceptionsModel(page);
  const store = new StorePage(page);
  const { session } = await shell.signIn(request, MANAGER);

  // Online, once: each screen's answers arrive (and are kept).
  await startOn(page, '/dashboard');
  const storeCount = page.getByTestId('dash-store-count');
  await expect(storeCount).toBeVisible({ timeout: 30_000 });
  const storesShown = await storeCount.getAttribute('data-value');
  await expect(shell.footer).toContainText('Version');
  const version = (await shell.footer.innerText()).trim();
  await pwa.waitForActiveWorker();
  await pwa.waitForController();
  await startOn(page, '/exceptions');
  await expect(exceptions.gauges).toBeVisible({ timeout: 30_000 });
  const excStore = await exceptions.gauges.getAttribute('data-store');
  await startOn(page, '/store');
  await expect(store.rows.first()).toBeVisible({ timeout: 30_000 });
  const storeRows = await store.rowKeys();
  await expect(notice(page)).toBeHidden();

  await context.setOffline(true);
  for (const path of ['/dashboard', '/exceptions', '/store']) {
    await startOn(page, path);
    await expect(notice(page), path).toHaveText(/^Offline, as of \d\d:\d\d$/);
    await expect(shell.footer, path).toHaveText(version);
  }
  expect(await store.rowKeys()).toEqual(storeRows);
  await startOn(page, '/exceptions');
  await expect(exceptions.gauges).toHaveAttribute('data-store', excStore!);
  await startOn(page, '/dashboard');
  await expect(storeCount).toHaveAttribute('data-value', storesShown!);

  // What was kept holds no secret: the token is in sessionStorage only.
  const stored = await page.evaluate(() =>
    Object.keys(localStorage)
      .map((key) => `${key}=${localStorage.getItem(key)}`)
      .join('\n'),
  );
  expect(stored).toContain('shelfpad.swr.');
  expect(stored).not.toContain(session.accessToken as string);

  // Another member on the same device, still offline: none of the manager's answers.
  await context.setOffline(false);
  const other = await apiLogin(request, OTHER);
  await context.setOffline(true);
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [SESSION_KEY, JSON.stringify(other.session)] as const);
  await startOn(page, '/dashboard');
  // The footer has its name and no version: that answer, too, was the manager's.
  await expect(shell.footer).toHaveText('Shelfpad');
  await expect(notice(page)).toBeHidden();
  await expect(storeCount).toBeHidden();
});
