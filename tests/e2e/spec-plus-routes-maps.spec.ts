import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { testImage } from '../server/plus-media-fixtures';
import { PlusOverviewMapPage } from './page-models/plus-overview-map-page';

/*
 * plus-signage §2.0a and §7.27 as a user meets them: the Plus screens, named Plus in the menu, live at hash routes
 * whose parameters are path segments; the overview maps draw their tiles from a map tile service — the runtime
 * setting tileUrl (NOTES.md 7), OpenStreetMap's by default — over a packaged world outline that shows without one.
 */
const MEMBER = 'admin@shelfpad.test';
const STORE = 'TKY001';
/**
 * A tile service of the test's own, on the console's host (the content security policy lets images come from the
 * page's origin and the configured tile host): its tiles are answered here, so no request leaves the machine.
 */
const TILES = '/e2e-tiles';

// spec: core §1.1 — the signage family is called Plus in the interface: its own menu group
// spec: plus §2.0a — hash routes; the store code is a segment of the list's route
test('the Plus menu group leads to hash routes; a store’s device list has the store code in its route', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'the same routes on a phone; the phone menu has its own spec');
  const screen = new PlusOverviewMapPage(page);
  await screen.shell.signIn(request, MEMBER);
  await screen.shell.goto('/dashboard');
  await screen.shell.expectReady();
  await screen.shell.openMenu();
  await expect(screen.shell.menu.locator('ion-list-header', { hasText: /^Plus$/ })).toHaveCount(1);
  await screen.shell.menuItems.filter({ hasText: 'Plus devices' }).click();
  await screen.expectRoute('/plus/device');
  expect(new URL(page.url()).hash).toBe('#/plus/device');

  await screen.row(STORE).locator('a[data-row-link]').click();
  await screen.expectRoute(`/plus/device/list/${STORE}`);
  expect(new URL(page.url()).hash).toBe(`#/plus/device/list/${STORE}`);
  // The route alone, typed or reloaded, opens the same screen.
  await page.reload();
  await screen.expectRoute(`/plus/device/list/${STORE}`);
});

// spec: plus §7.27 — the maps use an open map tile service: tileUrl, OpenStreetMap by default, the world outline beneath
test('an overview map draws the tiles of the configured tile service over the packaged world outline', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'the same map on a phone; the store map spec covers the phone layout');
  const shipped = JSON.parse(readFileSync('public/config.json', 'utf8')) as { tileUrl: string };
  expect(shipped.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  const tile = await testImage(256, 256);
  const asked: string[] = [];
  await page.route('**/config.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...shipped, tileUrl: `${TILES}/{z}/{x}/{y}.png` }) }),
  );
  await page.route(
    `**${TILES}/**`,
    (route) => (asked.push(route.request().url()), route.fulfill({ contentType: 'image/png', body: tile })),
  );

  const screen = new PlusOverviewMapPage(page);
  await screen.shell.signIn(request, MEMBER);
  await screen.open('/plus/device');
  await screen.showMap();
  // Leaflet's tiles come from the configured template: zoom, x and y in the path.
  const tiles = screen.map.locator('img.leaflet-tile-loaded');
  await expect(tiles.first()).toBeVisible({ timeout: 30_000 });
  await expect(tiles.first()).toHaveAttribute('src', new RegExp(`^${TILES}/\\d+/\\d+/\\d+\\.png$`));
  expect(asked.length).toBeGreaterThan(0);
  // Under them the packaged world outline, drawn whether or not a tile service answers.
  await expect(screen.map.locator('.leaflet-world-outline-pane path').first()).toBeAttached();
});
