import { appendFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { PwaModel } from './page-models/pwa';

test.use({ serviceWorkers: 'allow' });

/*
 * Issue 3, PWA: the manifest carries every installability field, the service worker controls the page, the shell
 * starts offline after one visit, and a new version is offered through the update prompt.
 */

const ADMIN = 'admin@shelfpad.test';
/** The build the reference server serves in this suite (scripts/e2e-server.mjs names it after the port). */
const SERVED_SW = `.e2e-data/dist-${process.env.E2E_PORT ?? 8181}/sw.js`;

test('the manifest has every installability field, with icons that exist at their stated sizes', async ({ page, request }) => {
  const pwa = new PwaModel(page);
  await page.goto('/');
  const { url, contentType, body: manifest } = await pwa.manifest(request);

  expect(contentType).toMatch(/application\/(manifest\+)?json/);
  expect(manifest).toMatchObject({
    name: 'Shelfpad',
    short_name: 'Shelfpad',
    display: 'standalone',
    theme_color: '#0f5c4d',
    background_color: '#ffffff',
  });
  expect(manifest.description).toBeTruthy();
  expect(manifest.id).toBeTruthy();
  // start_url must lie inside the scope, or the browser ignores it and the app opens outside its own window.
  const start = new URL(manifest.start_url!, url);
  const scope = new URL(manifest.scope!, url);
  expect(start.href.startsWith(scope.href)).toBe(true);
  expect(start.hash).toBe('#/login');

  const icons = manifest.icons ?? [];
  const any = (size: string) =>
    icons.find((i) => i.sizes === size && i.type === 'image/png' && (i.purpose ?? 'any').split(' ').includes('any'));
  expect(any('192x192'), '192 px icon').toBeTruthy();
  expect(any('512x512'), '512 px icon').toBeTruthy();
  expect(
    icons.find((i) => i.purpose?.split(' ').includes('maskable')),
    'maskable icon',
  ).toBeTruthy();
  for (const icon of icons) {
    const png = await PwaModel.pngSize(request, new URL(icon.src, url).href);
    expect(png.type).toBe('image/png');
    expect(`${png.width}x${png.height}`, icon.src).toBe(icon.sizes);
  }

  // The page's own icons (index.html head) resolve too.
  for (const rel of ['icon', 'apple-touch-icon']) {
    const href = await page.locator(`link[rel="${rel}"]`).getAttribute('href');
    expect((await request.get(new URL(href!, page.url()).href)).status(), rel).toBe(200);
  }
});

test('the service worker registers and controls the page after a reload', async ({ page }) => {
  const pwa = new PwaModel(page);
  await page.goto('/');
  expect(await pwa.waitForActiveWorker()).toMatch(/\/sw\.js$/);
  await page.reload();
  expect(await pwa.controller()).toMatch(/\/sw\.js$/);
});

test('after one visit to login and dashboard, the shell starts offline', async ({ page, context, request }) => {
  const pwa = new PwaModel(page);
  const { session } = await apiLogin(request, ADMIN);

  // The one visit: login first (a cold start, before any worker exists), then the dashboard.
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { name: 'Shelfpad' })).toBeVisible();
  await pwa.waitForController();
  await pwa.signIn(session);
  await page.goto('/#/dashboard');
  await expect(page.getByTestId('dash-store-count')).toBeVisible();
  // What the first visit fetched before the worker took over was handed to it: the locales. The login chunk is
  // one of the precached screens (vite.config.ts, OFFLINE_MODULES).
  await expect.poll(() => pwa.cachedPaths('shelfpad-locales')).toContain('/locales/en_US/common.json');
  await expect.poll(async () => (await pwa.allCachedPaths()).some((p) => /\/login-page-[\w-]+\.js$/.test(p))).toBe(true);

  await context.setOffline(true);
  const dashboard = await page.reload();
  expect(dashboard?.fromServiceWorker(), 'index.html came from the service worker').toBe(true);
  await expect(page).toHaveTitle('Shelfpad');
  // The console's title, or on a phone the lean dashboard's (src/shell/entry.tsx).
  await expect(page.locator('ion-title, .lean-page__title').filter({ hasText: 'Dashboard' }).first()).toBeVisible();

  // Signed out, offline: the login screen (its own lazy chunk, locales, runtime config) still starts.
  await pwa.signOut();
  await page.goto('/#/login');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Shelfpad' })).toBeVisible();
  expect(await page.locator('#root').innerHTML()).not.toBe('');
});

test('a new version is offered, and Reload hands the page to it', async ({ page }) => {
  const pwa = new PwaModel(page);
  await page.goto('/#/login');
  await pwa.waitForController();
  await expect(pwa.updatePrompt).toBeHidden();

  // A deploy, as the browser sees it: sw.js is no longer byte-identical. Appending keeps the file valid for the
  // other project's tests running on the same server at the same time.
  appendFileSync(SERVED_SW, `\n// e2e update ${randomUUID()}\n`);
  await pwa.checkForUpdate();
  await expect(pwa.updatePrompt).toBeVisible();
  expect(await pwa.hasWaitingWorker()).toBe(true);

  await Promise.all([page.waitForEvent('load'), pwa.reloadButton.click()]);
  await expect(page.getByRole('heading', { name: 'Shelfpad' })).toBeVisible();
  expect(await pwa.hasWaitingWorker(), 'the waiting worker took over').toBe(false);
  expect(await pwa.controller()).toMatch(/\/sw\.js$/);
  await expect(pwa.updatePrompt).toBeHidden();
});
