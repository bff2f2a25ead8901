import { expect, test } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { AppShell } from './page-models/app-shell';
import { PageStart } from './page-models/page-start';
import { ScanPageModel } from './page-models/scan-page';

/*
 * Issue 10 (Lighthouse on a phone): a lean route's chunks are asked for by the page while it is still being read,
 * not only once the entry chunk has arrived and run — and the page's policy allows the script that does it.
 */
test('a cold start on /scan asks for the handheld’s chunks before any module has run', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'phone', 'the handheld is a phone');
  const start = new PageStart(page);
  await start.watch();
  await new ScanPageModel(page).open((await apiLogin(request, 'operator@shelfpad.test')).session);
  const { violations, earlyPreloads } = await start.watched();
  expect(violations).toEqual([]);
  expect(earlyPreloads.some((href) => /\/assets\/handheld-app-[^/]+\.js$/.test(href)), earlyPreloads.join(' ')).toBe(true);
  // Only the handheld's: the other lean apps' chunks are not wanted here.
  expect(earlyPreloads.filter((href) => /lean-(login|dashboard)-app/.test(href))).toEqual([]);
});

test('a desktop start on /dashboard asks early for no lean dashboard: the console draws it there', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'the sidebar width');
  const start = new PageStart(page);
  await start.watch();
  const shell = new AppShell(page);
  await shell.signIn(request, 'admin@shelfpad.test');
  await shell.goto('/dashboard');
  await shell.expectReady();
  const { violations, earlyPreloads } = await start.watched();
  expect(violations).toEqual([]);
  // The page's own entry preloads are there; no lean app's chunk is.
  expect(earlyPreloads.length).toBeGreaterThan(0);
  expect(earlyPreloads.filter((href) => /(lean-dashboard|lean-login|handheld)-app/.test(href))).toEqual([]);
});
