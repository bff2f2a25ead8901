import { expect, test } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD } from './fixtures/api';
import { ListScreenModel } from './page-models/list-screen';
import { LoginPage } from './page-models/login-page';
import { MIN_TARGET_PX, smallTargets } from './page-models/touch-targets';
import { MENU_ROUTES } from '../../src/shell/routes';

/*
 * Issue 31 §8: on a phone every control a thumb taps is at least 44 × 44 CSS px — checkboxes, links, pagers, filters,
 * row and detail actions, the login button. The screens are reached as staff reach them: login, then the drawer's
 * entries and the links of the lists. Exceptions (page-models/touch-targets.ts): WCAG 2.5.8's inline links only.
 */
const ADMIN = 'admin@shelfpad.test';
const STORE = 'TKY001';

test.skip(({ viewport }) => (viewport?.width ?? 0) >= 768, 'the phone');

test(`every phone screen's targets are at least ${MIN_TARGET_PX} px`, async ({ page }) => {
  test.slow(); // eleven screens in one walk
  const screen = new ListScreenModel(page);
  const shell = screen.shell;
  /** Waits for the page at `route` to be on view with its data, then measures it. */
  const measure = async (name: string, route: string) => {
    // The page asked for on view, and the one left behind gone from view (Ionic shows both while it transitions).
    await expect(shell.current.and(page.locator(`[data-route="${route}"]`))).toBeVisible();
    await expect(shell.current).toHaveCount(1);
    // Ionic's page transition and the cards' first paint: measured once the layout is still (each screen's data
    // is waited for by the caller: its first row, the store picker).
    await page.waitForTimeout(800);
    expect.soft(await smallTargets(page), `${name} (${route})`).toEqual([]);
  };
  const viaMenu = async (label: string) => {
    await shell.navigate(label);
    await expect(shell.menu).toBeHidden();
  };
  const followRow = async (key: string) => {
    await screen.table.locator(`[data-row-key="${key}"] a[data-row-link]`).click();
  };

  const login = new LoginPage(page);
  await login.goto();
  expect.soft(await smallTargets(page), 'login').toEqual([]);
  await login.login(ADMIN, DEMO_PASSWORD);
  await login.expectPath('/dashboard');
  await shell.expectReady();
  await expect(shell.current.locator('[data-testid$="-details"]').first()).toBeVisible();
  await measure('dashboard', '/dashboard');

  await viaMenu('Exceptions');
  await expect(shell.current.getByTestId('exc-gauges')).toBeVisible();
  await measure('exceptions', '/exceptions');

  await viaMenu('Store status');
  await expect(screen.rows.first()).toBeVisible();
  await measure('stores', '/store');
  await followRow(STORE);
  await expect(screen.rows.first()).toBeVisible();
  await measure('store detail (gateways)', `/store/detail/${STORE}`);
  const gateway = await screen.rows.first().getAttribute('data-row-key');
  await followRow(gateway!);
  await measure('gateway detail', `/store/${STORE}/gw/${gateway}`);

  await viaMenu('Tag status');
  await expect(screen.rows.first()).toBeVisible();
  await measure('tag status', '/tag');
  await followRow(STORE);
  await expect(screen.rows.first()).toBeVisible();
  await measure('tags of a store', `/tag/detail/${STORE}`);

  await viaMenu('Scan');
  await expect(shell.current.getByTestId('store-picker')).toBeVisible();
  await measure('scan', '/scan');
  await viaMenu('Outbox queue');
  await measure('outbox queue', '/scan/queue');

  await viaMenu('Plus devices');
  await expect(screen.rows.first()).toBeVisible();
  await measure('Plus devices', '/plus/device');
  await followRow(STORE);
  await expect(screen.rows.first()).toBeVisible();
  await measure('Plus devices of a store', `/plus/device/list/${STORE}`);
});

/*
 * The other screens (issue 31 §8 asks it of every phone screen): the drawer's other entries and the detail screens
 * their lists link to, each opened from the one before by a changed address (the console stays loaded; the links
 * themselves are followed in list-links.spec.ts) and measured once its data is in. The walk above has the screens
 * staff reach on a phone by tapping; /scan is measured there through the console's menu.
 */
const WALKED = new Set(['/dashboard', '/exceptions', '/store', '/tag', '/scan', '/scan/queue', '/plus/device']);

test(`every other menu screen's targets are at least ${MIN_TARGET_PX} px on a phone`, async ({ page, request }) => {
  test.setTimeout(10 * 60_000); // some forty screens, each waited for and measured
  const screen = new ListScreenModel(page);
  const shell = screen.shell;
  await shell.signIn(request, ADMIN);
  await shell.goto('/dashboard');
  await shell.expectReady();
  const api = await apiLogin(request, ADMIN);
  const [server] = await api.get<{ id: string }[]>('/status/server');
  const devices = await api.post(`/plus/device/list/store/${STORE}`, { start: 0, length: 1 });
  const [device] = ((await devices.json()) as { data: { mac: string }[] }).data;
  // The detail screens the links of these lists open (the walk above has the store, gateway and tag ones).
  const details = [
    `/server/detail/${server.id}`,
    `/sensor/detail/${STORE}`,
    ...['image', 'video', 'widget', 'template', 'schedule'].map((kind) => `/plus/${kind}/list/${STORE}`),
    `/plus/device/show/${STORE}/${device.mac}`,
    `/print/edit/${STORE}`,
    '/plus/v1/show/update',
    '/plus/v1/set/update',
  ];
  for (const path of [...MENU_ROUTES.filter((r) => !WALKED.has(r.path)).map((r) => r.path), ...details]) {
    await test.step(path, async () => {
      await shell.goto(path);
      await expect(shell.current.and(page.locator(`[data-route="${path}"]`))).toBeVisible({ timeout: 30_000 });
      await expect(shell.current).toHaveCount(1);
      // The screen's data is in (a tag's WIP badge spins on purpose), and the page transition over.
      await expect(shell.current.locator('ion-spinner:not(.status-progress)')).toHaveCount(0, { timeout: 20_000 });
      await page.waitForTimeout(800);
      expect.soft(await smallTargets(page), path).toEqual([]);
    });
  }
});
