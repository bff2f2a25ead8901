import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { GatewayDetail } from '../../src/api/contract/gateways';
import type { StoreStatusDetail, StoreStatusRow } from '../../src/api/contract/status';
import { StorePage } from './page-models/store-page';

/*
 * Issue 5, store and gateway status: the store table and map, a store's gateways and a gateway's detail show what
 * the API answers, with the spec's display rules (':8080' removed, NORMAL + timeSync 0 shown as ALARM) and the
 * spec's link check messages. Read-only against the server, so both projects share its data freely.
 */

const STORE = 'TKY001';
const HEALTH = ['NORMAL', 'ALARM', 'OFFLINE'] as const;

async function signedIn(page: Page, request: APIRequestContext, email = 'admin@shelfpad.test') {
  const store = new StorePage(page);
  const api = await store.shell.signIn(request, email);
  return { store, api };
}

const byName = (a: StoreStatusRow, b: StoreStatusRow) => a.storeName.localeCompare(b.storeName);
const noPort = (ip?: string) => (ip ?? '').replace(/:8080$/, '');

test('the store table shows the API stores with their gateway counts', async ({ page, request }) => {
  const { store, api } = await signedIn(page, request);
  const stores = await api.get<StoreStatusRow[]>('/status/store');
  expect(stores.length, 'the test data has stores').toBeGreaterThan(1);
  await store.open('/store');
  // Sorted by store name in the browser; the browser's collation may differ, so compare as sets, then values.
  await expect.poll(async () => (await store.rowKeys()).sort()).toEqual(stores.map((s) => s.storeCode).sort());
  for (const s of stores) {
    await expect(store.row(s.storeCode)).toContainText(s.storeName);
    await expect(store.cell(s.storeCode, 'gwCount')).toHaveText(String(s.gwCount));
    await expect(store.cell(s.storeCode, 'normal')).toHaveText(String(s.normal));
    await expect(store.cell(s.storeCode, 'alarm')).toHaveText(String(s.alarm));
    await expect(store.cell(s.storeCode, 'offline')).toHaveText(String(s.offline));
    await expect(store.status(s.storeCode)).toHaveAttribute('data-status', s.status);
  }
  if (store.isPhone()) {
    await expect(store.table.locator('li.data-table-card')).toHaveCount(stores.length);
    await expect(store.table.locator('table')).toHaveCount(0);
  } else {
    await expect(store.table.locator('table.data-table')).toBeVisible();
  }
});

test('a ~ filter on the store name narrows the table as the API data says', async ({ page, request }) => {
  const { store, api } = await signedIn(page, request);
  const stores = (await api.get<StoreStatusRow[]>('/status/store')).sort(byName);
  const part = 'acme s';
  const expected = stores.filter((s) => s.storeName.toLowerCase().includes(part)).map((s) => s.storeCode);
  expect(expected.length, 'the filter keeps some stores').toBeGreaterThan(0);
  expect(expected.length, 'the filter drops some stores').toBeLessThan(stores.length);
  await store.open('/store');
  await expect(store.rows).toHaveCount(stores.length);
  await store.filter('Store name', '~', part);
  await expect.poll(async () => (await store.rowKeys()).sort()).toEqual([...expected].sort());
});

test('the map shows the stores in their status colours and a click zooms to 14', async ({ page, request }) => {
  const { store, api } = await signedIn(page, request);
  const placed = (await api.get<StoreStatusRow[]>('/status/store')).filter((s) => s.position);
  expect(placed.length).toBeGreaterThan(0);
  await store.open('/store');
  await store.showView('map');
  await expect(store.map).toHaveAttribute('data-zoom', '1');
  await expect(store.marker()).toHaveCount(placed.length);
  for (const status of HEALTH) await expect(store.marker(status)).toHaveCount(placed.filter((s) => s.status === status).length);

  // Markers overlap at zoom 1: the click goes to the element itself, as leaflet reads it from the event target.
  await store.marker().first().dispatchEvent('click');
  await expect(store.map).toHaveAttribute('data-zoom', '14');
  const popup = store.current.getByTestId('store-map-popup');
  await expect(popup).toBeVisible();
  const text = (await popup.textContent()) ?? '';
  expect(placed.some((s) => text.includes(`(${s.storeCode})`)), text).toBe(true);
  await popup.getByRole('link', { name: 'Store detail' }).click();
  await expect.poll(() => page.url()).toMatch(/#\/store\/detail\/[A-Z0-9]+$/);
});

test('the gateway list and the gateway detail show the API values', async ({ page, request }) => {
  const { store, api } = await signedIn(page, request);
  // The ALARM store of the test data holds each kind of gateway trouble, NORMAL + timeSync 0 among them.
  const stores = await api.get<StoreStatusRow[]>('/status/store');
  const code = stores.find((s) => s.status === 'ALARM')?.storeCode ?? STORE;
  const detail = await api.get<StoreStatusDetail>(`/status/store/${code}`);
  expect(detail.gwList.length).toBeGreaterThan(0);

  await store.open('/store');
  await store.row(code).click();
  await store.shell.expectPath(`/store/detail/${code}`);
  await expect(store.current.getByTestId('store-gw-count')).toHaveText(String(detail.gwCount));
  await expect.poll(async () => (await store.rowKeys()).sort()).toEqual(detail.gwList.map((g) => g.gwMac).sort());
  for (const g of detail.gwList) {
    await expect(store.cell(g.gwMac, 'ip')).toHaveText(noPort(g.ip));
    const shown = g.status === 'NORMAL' && g.timeSync === 0 ? 'ALARM' : g.status;
    await expect(store.status(g.gwMac)).toHaveAttribute('data-status', shown);
  }

  const gw = detail.gwList.find((g) => g.status === 'NORMAL' && g.timeSync === 0) ?? detail.gwList[0];
  const full = await api.get<GatewayDetail>(`/status/store/${code}/gw/${gw.gwMac}`);
  await store.row(gw.gwMac).click();
  await store.shell.expectPath(`/store/${code}/gw/${gw.gwMac}`);
  await expect(store.fact('ip')).toHaveText(noPort(full.ip));
  await expect(store.fact('ip')).not.toContainText(':8080');
  await expect(store.fact('time-sync')).toHaveText(full.timeSync === 0 ? 'NG' : 'OK');
  await expect(store.fact('status').locator('[data-status]')).toHaveAttribute(
    'data-status',
    full.status === 'NORMAL' && full.timeSync === 0 ? 'ALARM' : full.status,
  );
  await expect(store.current.getByTestId('gw-memory-usage')).toHaveAttribute('data-used', String(full.ramUsage.used));
  const ramdisk = full.diskUsage.find((d) => d.path === '/ramdisk');
  if (ramdisk) await expect(store.current.getByTestId('gw-ramdisk-usage')).toHaveAttribute('data-total', String(ramdisk.total));
  for (const service of full.serviceStatusList) {
    await expect(store.current.getByTestId('gw-services').locator(`[data-row-key="${service.name}"]`)).toContainText(service.status);
  }
});

test('link check says Success for a reachable gateway and the spec message for an offline one', async ({ page, request }) => {
  const { store, api } = await signedIn(page, request);
  const stores = await api.get<StoreStatusRow[]>('/status/store');
  const gateways = (await Promise.all(stores.map((s) => api.get<StoreStatusDetail>(`/status/store/${s.storeCode}`)))).flatMap((d) =>
    d.gwList.map((g) => ({ ...g, storeCode: d.storeCode })),
  );
  const online = gateways.find((g) => g.status === 'NORMAL')!;
  const offline = gateways.find((g) => g.status === 'OFFLINE')!;
  expect(online && offline, 'the test data has a NORMAL and an OFFLINE gateway').toBeTruthy();

  await store.open(`/store/${online.storeCode}/gw/${online.gwMac}`);
  await store.action('gw-link-check').click();
  await expect(store.toast.filter({ hasText: 'Success' })).toBeVisible();

  await store.open(`/store/${offline.storeCode}/gw/${offline.gwMac}`);
  await store.action('gw-link-check').click();
  await expect(store.alert).toContainText('Fail');
  await expect(store.alert).toContainText("Can't connect to the GW");
  await store.alert.getByRole('button', { name: 'OK' }).click();
  await expect(store.alert).toHaveCount(0);

  // Log download from an offline gateway is refused before anything is sent.
  await store.action('gw-log-download').click();
  await expect(store.alert).toContainText('Unable to log download from offline gateway.');
});
