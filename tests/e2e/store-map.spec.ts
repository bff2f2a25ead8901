import { expect, test } from '@playwright/test';
import type { StoreStatusRow } from '../../contract/schemas/status';
import { StoreMapPage } from './page-models/store-map-page';

/*
 * Issue 5, /store map view (console-core §2 Store and gateway status): the side list of stores pages with 15, 25,
 * 50, 100 and all; the status checkboxes filter the list and the markers alike; picking a list entry zooms the map
 * to 14 on that store. Every expectation is computed from the server's GET /status/store.
 */

const ADMIN = 'admin@shelfpad.test';
const STATUSES = ['NORMAL', 'ALARM', 'OFFLINE'] as const;

// spec: core §2.32, core §9.4 — map side list page sizes 15, 25, 50, 100 and all, 15 first
test('the side list pages with 15, 25, 50, 100 and all, over every store of the server', async ({ page, request }) => {
  const map = new StoreMapPage(page);
  const login = await map.open(request, ADMIN);
  const stores = await login.get<StoreStatusRow[]>('/status/store');
  const n = stores.length;
  expect(n, 'the test data has stores').toBeGreaterThan(0);

  expect(await map.pageSizeOptions()).toEqual(['15', '25', '50', '100', '-1']);
  await expect(map.pageSize).toHaveAttribute('data-value', '15');
  for (const size of [15, 25, 50, 100, -1]) {
    await map.choosePageSize(size);
    const shown = size < 0 ? n : Math.min(size, n);
    await expect(map.entries).toHaveCount(shown);
    await expect(map.range).toHaveText(`1–${shown} of ${n}`);
    if (size > 0 && n > size) await expect(map.nextButton()).toBeEnabled();
    else await expect(map.nextButton()).toBeDisabled();
  }
  // "All" lists exactly the server's stores, and every store with a position has its marker.
  expect((await map.entryKeys()).sort()).toEqual(stores.map((s) => s.storeCode).sort());
  await expect(map.marker()).toHaveCount(stores.filter((s) => s.position).length);
});

// spec: core §2.33 — a status filter of checkboxes
test('the status checkboxes filter the list and the markers as the server counts them', async ({ page, request }) => {
  const map = new StoreMapPage(page);
  const login = await map.open(request, ADMIN);
  const stores = await login.get<StoreStatusRow[]>('/status/store');
  await map.choosePageSize(-1);
  for (const status of STATUSES) await expect(map.checkbox(status)).toBeChecked();

  for (const status of STATUSES) {
    const mine = stores.filter((s) => s.status === status);
    await map.showStatuses([status]);
    await expect(map.entries).toHaveCount(mine.length);
    expect((await map.entryKeys()).sort()).toEqual(mine.map((s) => s.storeCode).sort());
    expect(new Set(await map.entryStatuses())).toEqual(new Set(mine.length ? [status] : []));
    await expect(map.marker(status)).toHaveCount(mine.filter((s) => s.position).length);
    await expect(map.marker()).toHaveCount(mine.filter((s) => s.position).length);
  }
  expect(new Set(stores.map((s) => s.status)).size, 'the test data has stores of more than one status').toBeGreaterThan(1);

  // Two statuses at once, then none: the list says so and the map is empty.
  await map.showStatuses(['ALARM', 'OFFLINE']);
  const troubled = stores.filter((s) => s.status !== 'NORMAL');
  await expect(map.entries).toHaveCount(troubled.length);
  await expect(map.marker('NORMAL')).toHaveCount(0);
  await map.showStatuses([]);
  await expect(map.entries).toHaveCount(0);
  await expect(map.list).toContainText('No data to display');
  await expect(map.marker()).toHaveCount(0);
});

// spec: core §9.5 — map starts at zoom 1; zoom 14 on a store
// spec: admin §9.10 — the map starts at zoom 1; zoom 14 on a store
test('a click on a list entry centres the map on that store at zoom 14 and opens its popup', async ({ page, request }) => {
  const map = new StoreMapPage(page);
  const login = await map.open(request, ADMIN);
  const stores = await login.get<StoreStatusRow[]>('/status/store');
  await expect(map.map).toHaveAttribute('data-zoom', '1');
  await expect(map.entries.first()).toBeVisible();
  const [first] = await map.entryKeys();
  const store = stores.find((s) => s.storeCode === first)!;
  expect(store.position, 'the first listed store has a position').toBeTruthy();

  await map.entry(store.storeCode).click();
  await expect(map.map).toHaveAttribute('data-zoom', '14');
  await expect(map.map).toHaveAttribute('data-center', `${store.position!.latitude.toFixed(4)},${store.position!.longitude.toFixed(4)}`);
  await expect(map.popup).toContainText(`${store.storeName} (${store.storeCode})`);
  await expect(map.entry(store.storeCode)).toHaveAttribute('aria-current', 'true');
  // The popup is sized to its content (rendered after leaflet opened it): the heading reads on one line.
  await expect.poll(async () => (await map.popup.locator('strong').boundingBox())?.height ?? 0).toBeLessThan(40);

  // Another entry moves the map on to that store.
  const other = stores.find((s) => s.position && s.storeCode !== store.storeCode)!;
  await map.choosePageSize(-1);
  await map.entry(other.storeCode).click();
  await expect(map.map).toHaveAttribute('data-center', `${other.position!.latitude.toFixed(4)},${other.position!.longitude.toFixed(4)}`);
  await expect(map.map).toHaveAttribute('data-zoom', '14');
  await expect(map.popup).toContainText(`${other.storeName} (${other.storeCode})`);
});

test('on a phone the side list sits below the map, on a desktop beside it', async ({ page, request }) => {
  const map = new StoreMapPage(page);
  await map.open(request, ADMIN);
  await expect(map.entries.first()).toBeVisible();
  const mapBox = (await map.map.boundingBox())!;
  const listBox = (await map.list.boundingBox())!;
  if ((page.viewportSize()?.width ?? 0) < 768) expect(listBox.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height);
  else expect(listBox.x).toBeGreaterThanOrEqual(mapBox.x + mapBox.width);
});
