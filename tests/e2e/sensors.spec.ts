import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { Sensor, SensorHistory } from '../../contract/schemas/sensors';
import type { StoreSensorRow } from '../../contract/schemas/status';
import type { TagAlarmHistoryRow } from '../../contract/schemas/tag-history';
import { apiLogin } from './fixtures/api';
import { SensorsPage } from './page-models/sensors-page';

/** A sensor type as the screens name it (issue 31.6: words, not the code). */
const SENSOR_TYPE_NAMES = (JSON.parse(readFileSync('locales/en_US/sensors.json', 'utf8')) as { types: Record<string, string> }).types;
const typeName = (code: string) => SENSOR_TYPE_NAMES[code] ?? code;

/*
 * Issue 5, sensors: the store list and a store's sensors show what the API answers, filters narrow as the server
 * does, the assign/update/deassign modals keep the spec's rules and change what the server stores, and the
 * histories show the seeded readings and alarms. Each project works on its own sensors and tags, since both
 * projects share one server.
 */

const STORE = 'TKY001';
type Page_<T> = { data: T[]; recordsFiltered: number };

async function signedIn(page: Page, request: APIRequestContext, email = 'admin@shelfpad.test') {
  const sensors = new SensorsPage(page);
  const api = await sensors.shell.signIn(request, email);
  return { sensors, api };
}

async function apiSensors(api: Awaited<ReturnType<typeof apiLogin>>, filter: Record<string, unknown> = {}): Promise<Page_<Sensor>> {
  const res = await api.post(`/sensor/list/store/${STORE}`, { start: 0, length: 100, ...filter });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

async function apiSensor(api: Awaited<ReturnType<typeof apiLogin>>, tagMac: string): Promise<Sensor | undefined> {
  return (await apiSensors(api)).data.find((s) => s.tagMac === tagMac);
}

/**
 * The project's own seeded sensor of a type: the first of the pair on the phone, the last on the desktop — whichever
 * project runs first, the other still finds its own even after an update changed the first one's type.
 */
async function ownSensor(api: Awaited<ReturnType<typeof apiLogin>>, type: Sensor['sensorType'], info: TestInfo): Promise<Sensor> {
  const ofType = (await apiSensors(api)).data.filter((s) => s.sensorType === type);
  return ofType.at(info.project.name === 'phone' ? 0 : -1)!;
}

// The sensor flows are an admin's, at a desk (docs/architecture.md §7); on a phone, the test of its card layout alone.
// Playwright reads a hook's fixtures from its first parameter's pattern, hence the empty one.
// eslint-disable-next-line no-empty-pattern
test.beforeEach(({}, info) => {
  test.skip(info.project.name === 'phone' && !info.title.startsWith('on a phone'), 'a desktop flow; the phone layout has its own test');
});

test('the store list and the sensor list show what the API answers', async ({ page, request }) => {
  const { sensors, api } = await signedIn(page, request);
  const stores = (await (await api.post('/status/store/pagination/sensor', { start: 0, length: 25 })).json()) as Page_<StoreSensorRow>;
  await sensors.open('/sensor');
  await sensors.expectRows(stores.data.map((s) => s.storeCode));
  const tky = stores.data.find((s) => s.storeCode === STORE)!;
  expect(tky.total, 'the demo store has sensors').toBeGreaterThan(0);
  await expect(sensors.cell(STORE, 'total')).toContainText(String(tky.total));
  await expect(sensors.cell(STORE, 'type-TOF')).toContainText(String(tky.sensorTypeCount.TOF ?? 0));
  await expect(sensors.cell(STORE, 'status').locator('[data-status]')).toHaveAttribute('data-status', tky.status);

  await sensors.cell(STORE, 'storeCode').click();
  await sensors.shell.expectPath(`/sensor/detail/${STORE}`);
  const list = await apiSensors(api, { length: 25 });
  await sensors.expectRows(list.data.map((s) => s.tagMac));
  await expect(sensors.range).toContainText(`of ${list.recordsFiltered}`);
  const first = list.data[0];
  await expect(sensors.cell(first.tagMac, 'sensorType')).toHaveText(typeName(first.sensorType));
  await expect(sensors.cell(first.tagMac, 'status').locator('[data-status]')).toHaveAttribute('data-status', first.status);
  if (sensors.isPhone()) await expect(sensors.table.locator('.data-table-cards')).toBeVisible();
  else await expect(sensors.table.locator('table.data-table')).toBeVisible();

  // The map view: the store at its position, its popup naming it and leading to the store's detail.
  await sensors.showView('map');
  await expect(sensors.current.locator('.map-marker')).toHaveCount(tky.position ? 1 : 0);
  if (tky.position) {
    await sensors.current.locator('.map-marker').click();
    const popup = page.getByTestId('sensor-map-popup');
    await expect(popup).toContainText(STORE);
    await popup.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`#/store/detail/${STORE}$`));
  }
});

test('a ~ filter narrows the sensor list as the API does', async ({ page, request }) => {
  const { sensors, api } = await signedIn(page, request);
  const all = await apiSensors(api);
  const part = all.data.find((s) => s.sensorType === 'TVOC')!.barcode.slice(-3);
  const expected = await apiSensors(api, { length: 25, filter_barcode: part, condition_barcode: '~' });
  expect(expected.recordsFiltered).toBeLessThan(all.recordsFiltered);
  await sensors.open(`/sensor/detail/${STORE}`);
  await sensors.expectRows(all.data.slice(0, 25).map((s) => s.tagMac));
  await sensors.filter('Tag ID', '~', part);
  await sensors.expectRows(expected.data.map((s) => s.tagMac));
  for (const key of await sensors.rowKeys()) await expect(sensors.row(key)).toContainText(part);
});

// spec: plus §5.1 — the first missing field after trimming is focused, integers only, nothing sent
test('assign with a missing field focuses it and sends nothing', async ({ page, request }) => {
  const { sensors, api } = await signedIn(page, request);
  const before = await apiSensors(api);
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/api/sensor/assign') && sent.push(r.url()));
  await sensors.open(`/sensor/detail/${STORE}`);
  await sensors.action('Assign');
  await expect(sensors.modal).toBeVisible();

  // spec: core §5.7 — tag MAC, product code and type checked after trimming; focus on the first missing; nothing sent
  await sensors.fillModal({ 'Tag MAC': '   ', 'Product Code': 'P-1' });
  await sensors.submitModal('Assign');
  await expect(sensors.fieldError()).toHaveText('Enter Tag MAC, Please!');
  await expect(sensors.field('Tag MAC')).toBeFocused();

  await sensors.fillModal({ 'Tag MAC': before.data[0].tagMac, 'Product Code': ' ' });
  await sensors.submitModal('Assign');
  await expect(sensors.fieldError()).toHaveText('Enter Product Code, Please!');
  await expect(sensors.field('Product Code')).toBeFocused();

  await sensors.fillModal({ 'Product Code': 'P-1' });
  await sensors.submitModal('Assign');
  await expect(sensors.fieldError()).toHaveText('Select Sensor Type, Please!');
  await expect(sensors.field('Sensor Type')).toBeFocused();

  // A chosen type asks for its settings, integers only.
  await sensors.fillModal({ 'Sensor Type': 'Load cell (weight)', 'Unit Weight': '2.5', 'Min. Weight': '100' });
  await sensors.submitModal('Assign');
  await expect(sensors.fieldError()).toHaveText('Unit Weight must be an integer.');
  await expect(sensors.field('Unit Weight')).toBeFocused();

  // Nothing left the browser: the other tests of this file change sensors in parallel, so the server's list
  // itself is no witness here.
  expect(sent).toEqual([]);
});

// spec: plus §2.55, plus §2.56 — the minimum product width; on success the modal closes
// spec: plus §2.53 — tag MAC, product code, sensor type and its fields, stored
test('a TOF assign below the distance error range + 1 is refused; a valid one is stored', async ({ page, request }, info) => {
  const { sensors, api } = await signedIn(page, request);
  const { distanceErrorRange } = await api.get<{ distanceErrorRange: number }>(`/sensor/distance-error-range?storeCode=${STORE}`);
  const tags = (await (await api.post(`/tag/list/store/${STORE}`, { start: 0, length: 100 })).json()) as Page_<{ tagMac: string }>;
  const tagMac = tags.data[info.project.name === 'phone' ? 90 : 91].tagMac;
  const products = (await (await api.post(`/product/list/store/${STORE}`, { start: 0, length: 10 })).json()) as Page_<{ prCode: string }>;
  const prCode = products.data[3].prCode;
  expect(await apiSensor(api, tagMac)).toBeUndefined();

  await sensors.open(`/sensor/detail/${STORE}`);
  await sensors.action('Assign');
  await sensors.fillModal({
    'Tag MAC': tagMac,
    'Product Code': prCode,
    'Sensor Type': 'Distance (ToF)',
    'Product Width': String(distanceErrorRange),
    Depth: '300',
  });
  await sensors.submitModal('Assign');
  // spec: core §2.47, core §2.50 — the assign modal: product width at least the distance error range + 1
  const minimum = distanceErrorRange + 1;
  await expect(sensors.fieldError()).toHaveText(
    `Product Width must be at least ${minimum} (distance error range ${distanceErrorRange} + 1).`,
  );
  await expect(sensors.field('Product Width')).toBeFocused();
  expect(await apiSensor(api, tagMac)).toBeUndefined();

  await sensors.fillModal({ 'Product Width': String(minimum) });
  await sensors.submitModal('Assign');
  await expect(sensors.modal).toBeHidden();
  await expect.poll(async () => (await apiSensor(api, tagMac))?.fields).toEqual({ productWidth: minimum, depth: 300 });
  const stored = (await apiSensor(api, tagMac))!;
  expect(stored).toMatchObject({ sensorType: 'TOF', prCode });
});

// spec: plus §1.10, plus §2.54 — the update modal edits the sensor fields of the selected tag
test('update changes the stored settings of the selected sensor', async ({ page, request }, info) => {
  const { sensors, api } = await signedIn(page, request);
  const sensor = await ownSensor(api, 'HAT', info);
  await sensors.open(`/sensor/detail/${STORE}`);
  await sensors.select(sensor.tagMac);
  // spec: core §2.47 — the sensor update modal
  await sensors.action('Update');
  await expect(sensors.modal).toBeVisible();
  await expect(sensors.field('Tag MAC')).toHaveValue(sensor.tagMac);
  await expect(sensors.field('Max. Temperature')).toHaveValue(String(sensor.fields!.tempMax));
  await expect(sensors.modal.getByLabel('Product Code', { exact: true })).toHaveCount(0);

  await sensors.fillModal({ 'Sensor Type': 'People counter', Threshold: '35' });
  await sensors.submitModal('Update');
  await expect(sensors.modal).toBeHidden();
  await expect.poll(async () => (await apiSensor(api, sensor.tagMac))?.fields).toEqual({ threshold: 35 });
  expect((await apiSensor(api, sensor.tagMac))!.sensorType).toBe('PEOPLECOUNT');
  await expect(sensors.cell(sensor.tagMac, 'sensorType')).toHaveText('People counter');
});

test('deassign removes the product from the selected sensor after confirmation', async ({ page, request }, info) => {
  const { sensors, api } = await signedIn(page, request);
  const sensor = await ownSensor(api, 'LOADCELL', info);
  expect(sensor.prCode).toBeTruthy();
  await sensors.open(`/sensor/detail/${STORE}`);
  await sensors.action('Deassign');
  await sensors.confirm('No row selected. Please select one or more rows.');
  await sensors.select(sensor.tagMac);
  await sensors.action('Deassign');
  await sensors.confirm('1 sensors will be deassigned.');
  await expect.poll(async () => (await apiSensor(api, sensor.tagMac))?.operationName).toBe('DEASSIGN');
  expect((await apiSensor(api, sensor.tagMac))!.prCode).toBeUndefined();
  await expect(sensors.cell(sensor.tagMac, 'prCode')).toHaveText('');
});

// spec: core §2.48 — sensor measurement history and alarm history (newest first)
test('the measurement history shows the API readings; the alarm history the newest alarm first', async ({ page, request }) => {
  const { sensors, api } = await signedIn(page, request);
  const tvoc = (await apiSensors(api)).data.find((s) => s.sensorType === 'TVOC')!;
  await sensors.open(`/sensor/detail/${STORE}`);
  await sensors.table.locator(`[data-row-key="${tvoc.tagMac}"]`).getByTestId('sensor-history-link').click();
  await sensors.shell.expectPath(`/sensor/${STORE}/${tvoc.tagMac}/history`);
  // The sensor list stays on view beside the history until Ionic's transition ends: its table has a range too.
  await sensors.arrived(`/sensor/${STORE}/${tvoc.tagMac}/history`);
  await expect(sensors.current.getByTestId('sensor-info-type')).toHaveText('Air quality (TVOC)');
  const history = await api.get<SensorHistory>(`/history/store/${STORE}/sensor/${tvoc.tagMac}`);
  expect(history.data.length, 'seeded readings').toBeGreaterThan(0);
  const newest = history.data.at(-1)!;
  const epoch = Math.floor(Date.parse(newest.updatedAt) / 1000);
  for (const m of ['tvoc', 'iaq', 'eco2'] as const) {
    await expect(sensors.current.getByTestId(`sensor-chart-${m}`)).toBeVisible();
    await expect(sensors.current.locator(`[data-testid="sensor-chart-${m}-line-row-${epoch}"] td`)).toHaveAttribute(
      'data-value',
      String(newest[m]),
    );
  }
  await expect(sensors.range).toContainText(`of ${history.data.length}`);
  await expect(sensors.cell(newest.updatedAt, 'tvoc')).toHaveText(String(newest.tvoc));
  await expect(sensors.rows.first()).toHaveAttribute('data-row-key', newest.updatedAt);
  // The range is two date-time fields: an end before the start is refused on the page, nothing asked.
  await sensors.showHistoryRange('2026-01-02 00:00:00', '2026-01-01 00:00:00');
  await expect(sensors.current.getByTestId('sensor-history-range').getByRole('alert')).toHaveText(
    'Enter the dates as yyyy-mm-dd hh:ii:ss, the start before the end.',
  );

  const withAlarms = (await apiSensors(api)).data.find((s) => s.sensorType === 'TVOC')!;
  const alarms = (await (
    await api.post(`/history/store/${STORE}/sensor/${withAlarms.tagMac}/alarm`, { start: 0, length: 25 })
  ).json()) as Page_<TagAlarmHistoryRow>;
  // A fresh start on the alarm history (the session stays in this tab): no earlier page of the stack is around.
  await page.goto('about:blank');
  await sensors.open(`/sensor/${STORE}/${withAlarms.tagMac}/alarm/history`);
  await sensors.expectRows(alarms.data.map((r) => `${r.alarmTime}-${r.alarmType}`));
  const times = alarms.data.map((r) => r.alarmTime);
  expect(times).toEqual([...times].sort().reverse());
});

test('a member with sensor read only sees the list without write actions', async ({ page, request }) => {
  const { sensors, api } = await signedIn(page, request, 'operator@shelfpad.test');
  const list = await apiSensors(api, { length: 25 });
  await sensors.open(`/sensor/detail/${STORE}`);
  await sensors.expectRows(list.data.map((s) => s.tagMac));
  await expect(sensors.current.locator('.data-table-toolbar').getByRole('button', { name: 'Assign', exact: true })).toHaveCount(0);
  await expect(sensors.table.getByRole('checkbox')).toHaveCount(0);
});

test('on a phone the lists are cards and every action is reachable', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'phone', 'phone layout');
  const { sensors } = await signedIn(page, request);
  await sensors.open(`/sensor/detail/${STORE}`);
  await expect(sensors.table.locator('.data-table-card').first()).toBeVisible();
  await expect(sensors.table.locator('table')).toHaveCount(0);
  for (const name of ['Assign', 'Update', 'Deassign'] as const) {
    const button = sensors.current.locator('.data-table-toolbar').getByRole('button', { name, exact: true });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
  }
  await sensors.action('Assign');
  await expect(sensors.modal).toBeVisible();
  await expect(sensors.field('Tag MAC')).toBeVisible();
});
