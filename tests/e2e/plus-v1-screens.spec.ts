import { expect, test } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { PlusV1ScreensPage } from './page-models/plus-v1-screens-page';
import { testImage } from '../server/plus-media-fixtures';

/*
 * Issue 33 §14, the v1 master and content screens (plus-signage §2.6, §5, §8, §9) reached from the menu. The
 * master's tests work on the v1 devices of SEL001: plus-v1.spec.ts puts the first three devices of the default order
 * (the latest reports, all on line) into timeline slots, so the one device removed here is SEL001's off-line one, and
 * the assign and config tests put the values they changed back. The content test uploads a content of its own.
 */
const MEMBER = 'admin@shelfpad.test';
const V1_STORE = 'SEL001';

type Api = Awaited<ReturnType<typeof apiLogin>>;
interface V1Config {
  storeCode?: string;
  volume?: number;
  bright?: number;
  [key: string]: unknown;
}
interface V1Device {
  mac: string;
  model: string;
  connection: string;
  product: string[];
  config: V1Config;
}
interface V1Content {
  id: string;
  name: string;
  type: string;
  resolution: string;
  duration: number;
  group: string | null;
}

async function v1Devices(api: Api): Promise<V1Device[]> {
  return ((await (await api.post('/plus/v1/device/list', { start: 0, length: -1 })).json()) as { data: V1Device[] }).data;
}

/** SEL001's v1 devices by address: those on line, and the off-line one (until the delete test has removed it). */
async function storeDevices(api: Api): Promise<{ online: V1Device[]; offline?: V1Device }> {
  const mine = (await v1Devices(api)).filter((d) => d.config.storeCode === V1_STORE).sort((a, b) => a.mac.localeCompare(b.mac));
  const online = mine.filter((d) => d.connection === 'ONLINE');
  expect(online.length, `${V1_STORE} has two v1 devices on line`).toBeGreaterThanOrEqual(2);
  return { online, offline: mine.find((d) => d.connection !== 'ONLINE') };
}

async function openFromMenu(screen: PlusV1ScreensPage, label: string, path: string): Promise<void> {
  await screen.shell.goto('/dashboard');
  await screen.shell.expectReady();
  await screen.shell.navigate(label);
  await screen.expectRoute(path);
}

// spec: plus §2.58 — the master's default columns, its rows the server's v1 devices; a row's delete removes the device
test('v1 master: the spec’s default columns and the server’s devices; a row’s delete removes the device', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name === 'phone', 'the master is a desktop task');
  const api = await apiLogin(request, MEMBER);
  const before = await v1Devices(api);
  const offline = (await storeDevices(api)).offline!;
  expect(offline, `${V1_STORE} has an off-line v1 device`).toBeTruthy();
  const screen = new PlusV1ScreensPage(page);
  await screen.shell.signIn(request, MEMBER);
  await openFromMenu(screen, 'Plus v1 master', '/plus/v1/master');

  // Default columns: store code, product, category, section, shelf ID, position, time zone (then the actions).
  await expect(screen.rows.first()).toBeVisible({ timeout: 30_000 });
  expect(await screen.columnLabels()).toEqual([
    'Store code',
    'Product',
    'Category',
    'Section',
    'Shelf ID',
    'Position',
    'Time zone',
    'Actions',
  ]);
  expect((await screen.rowKeys()).sort()).toEqual(before.map((d) => d.mac).sort());
  await expect(screen.cell(offline.mac, 'storeCode')).toHaveText(V1_STORE);
  await expect(screen.cell(offline.mac, 'product')).toHaveText(offline.product.join(', ') || '-');
  await expect(screen.cell(offline.mac, 'shelfID')).toHaveText(String(offline.config.shelfID));

  // Delete: in the row's "⋯" menu, Settings and Assign on the row (issue 31 §11, §12); asked first; Cancel keeps the device.
  await expect(screen.row(offline.mac).getByTestId('v1-master-settings')).toBeVisible();
  await expect(screen.row(offline.mac).getByTestId('v1-master-delete')).toHaveCount(0);
  await screen.takeRowAction(offline.mac, 'v1-master-delete');
  await screen.alert.getByRole('button', { name: 'Cancel' }).click();
  await expect(screen.alert).toBeHidden();
  expect((await v1Devices(api)).map((d) => d.mac)).toContain(offline.mac);
  // OK removes it: the spec's message, the row gone, the server without it.
  await screen.takeRowAction(offline.mac, 'v1-master-delete');
  await screen.alert.getByRole('button', { name: 'OK' }).click();
  await screen.expectToast('Device is removed.');
  await expect(screen.row(offline.mac)).toHaveCount(0);
  expect((await v1Devices(api)).map((d) => d.mac)).not.toContain(offline.mac);
});

// spec: plus §2.58, plus §8.7 — the row's assign replaces the device's products; an unknown code fails with "Error" and empty text
test('v1 master: a row’s assign replaces the device’s products; a refused assign shows "Error" and changes nothing', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name === 'phone', 'the master is a desktop task');
  const api = await apiLogin(request, MEMBER);
  const {
    online: [device],
  } = await storeDevices(api);
  const codes = (
    (await (await api.post(`/product/list/store/${V1_STORE}`, { start: 0, length: 10 })).json()) as { data: { prCode: string }[] }
  ).data.map((p) => p.prCode);
  const fresh = codes.filter((c) => !device.product.includes(c)).slice(0, 2);
  expect(fresh).toHaveLength(2);
  const productsOf = async () => (await v1Devices(api)).find((d) => d.mac === device.mac)!.product;
  const screen = new PlusV1ScreensPage(page);
  await screen.shell.signIn(request, MEMBER);
  try {
    await openFromMenu(screen, 'Plus v1 master', '/plus/v1/master');
    await expect(screen.row(device.mac)).toBeVisible({ timeout: 30_000 });

    // spec: plus §2.67 — the master assign modal
    await screen.openAssign(device.mac);
    await screen.addProduct(fresh[0]);
    await screen.addProduct(fresh[1]);
    await screen.assign();
    await screen.expectToast('Complete!');
    await expect.poll(productsOf).toEqual(fresh);
    // After the attempt the dialog's fields are cleared (state 0), as on the handheld; the member closes it.
    await expect(screen.assignDialog.getByTestId('v1-assign-state')).toHaveText('State 0');
    await screen.closeAssign();
    await expect(screen.cell(device.mac, 'product')).toHaveText(fresh.join(', '));

    // A code the store does not have: the server refuses; "Error" with no text, and the list stays as it was.
    await screen.openAssign(device.mac);
    await screen.addProduct('E2E-NO-SUCH-CODE');
    await screen.assign();
    const refused = screen.alert;
    await expect(refused.locator('.alert-title')).toHaveText('Error');
    await expect(refused.locator('.alert-message')).toHaveText('');
    await refused.getByRole('button', { name: 'OK' }).click();
    await screen.closeAssign();
    expect(await productsOf()).toEqual(fresh);
  } finally {
    await api.post('/plus/v1/device/assign', { mac: device.mac, product: device.product });
  }
});

// spec: plus §5.19, plus §9.3 — out of range, the volume is stored as 0 and the brightness as 10; in range, as entered
test('v1 device config: a volume outside 0–15 is stored as 0, a brightness outside 0–10 as 10; values in range as entered', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name === 'phone', 'the master is a desktop task');
  const api = await apiLogin(request, MEMBER);
  const { online } = await storeDevices(api);
  const device = online[online.length - 1];
  const stored = async () => (await api.get<{ config: V1Config }>(`/plus/v1/device/${encodeURIComponent(device.mac)}/config`)).config;
  const original = await stored();
  const screen = new PlusV1ScreensPage(page);
  await screen.shell.signIn(request, MEMBER);
  try {
    await openFromMenu(screen, 'Plus v1 master', '/plus/v1/master');
    await expect(screen.row(device.mac)).toBeVisible({ timeout: 30_000 });

    const cases = [
      { volume: '7', bright: '3', stored: { volume: 7, bright: 3 } },
      { volume: '16', bright: '11', stored: { volume: 0, bright: 10 } },
      { volume: '15', bright: '0', stored: { volume: 15, bright: 0 } },
      { volume: '-1', bright: '-1', stored: { volume: 0, bright: 10 } },
      { volume: '2.5', bright: '99', stored: { volume: 0, bright: 10 } },
    ];
    for (const c of cases) {
      await screen.openConfig(device.mac);
      await expect(screen.configInput('volume')).toHaveValue(String((await stored()).volume));
      await screen.setConfig('volume', c.volume);
      await screen.setConfig('bright', c.bright);
      await screen.saveConfig();
      expect(await stored(), `volume ${c.volume}, brightness ${c.bright}`).toMatchObject({ ...c.stored, storeCode: V1_STORE });
    }
    // The dialog shows what the server holds.
    // spec: plus §2.67 — the v1 device config modal
    await screen.openConfig(device.mac);
    await expect(screen.configInput('volume')).toHaveValue('0');
    await expect(screen.configInput('bright')).toHaveValue('10');
    await screen.configDialog.getByRole('button', { name: 'Close' }).click();
  } finally {
    await api.post('/plus/v1/device/config', { mac: device.mac, config: { volume: original.volume, bright: original.bright } });
  }
});

// spec: plus §2.59 — the group tree picks the contents, the table lists them, a clicked content is previewed; a content deleted from its row is gone
test('v1 contents: the group tree picks the table’s contents, a click previews one, an uploaded content is deleted from its row', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name === 'phone', 'the content library is a desktop task');
  test.setTimeout(120_000);
  const api = await apiLogin(request, MEMBER);
  const contents = async (extra: Record<string, unknown> = {}) =>
    ((await (await api.post('/plus/v1/content/list', { start: 0, length: -1, ...extra })).json()) as { data: V1Content[] }).data;
  const groups = await api.get<{ id: string; name: string }[]>('/plus/v1/content/group');
  const promotions = groups.find((g) => g.name === 'Promotions')!;
  expect(promotions, 'the seeded group Promotions').toBeTruthy();
  const inPromotions = await contents({ group: promotions.id });
  expect(inPromotions.length).toBeGreaterThan(0);
  const screen = new PlusV1ScreensPage(page);
  await screen.shell.signIn(request, MEMBER);
  await openFromMenu(screen, 'Plus v1 contents', '/plus/v1/content');
  await expect(screen.preview).toContainText('Click a content to preview it.');

  // A group: the table holds its contents only.
  await screen.group('Promotions').click();
  await expect(screen.group('Promotions')).toHaveAttribute('aria-current', 'true');
  await expect.poll(async () => (await screen.rowKeys()).sort()).toEqual(inPromotions.map((c) => c.id).sort());

  // A click on an image previews it: its facts and the picture itself, at its size.
  const image = inPromotions.find((c) => c.type === 'image')!;
  await screen.contentRow(image.name).locator('[data-field="name"]').click();
  await expect(screen.preview).toContainText(`${image.name} · ${image.resolution} · ${image.duration} s`);
  const picture = screen.preview.getByRole('img', { name: image.name });
  await expect(picture).toBeVisible();
  const size = await picture.evaluate(async (el: HTMLImageElement) => (await el.decode(), `${el.naturalWidth}x${el.naturalHeight}`));
  expect(size).toBe(image.resolution);

  // Upload into "All groups" (no group), then delete it from its row.
  await screen.group('All groups').click();
  const name = `e2e-v1-${info.project.name}-${Date.now().toString(36)}.png`;
  await screen.upload([{ name, mimeType: 'image/png', buffer: await testImage(320, 180) }]);
  await screen.expectToast('Complete!');
  await expect(screen.contentRow(name)).toHaveCount(1, { timeout: 30_000 });
  const uploaded = (await contents()).find((c) => c.name === name)!;
  expect(uploaded).toMatchObject({ type: 'image', resolution: '320x180', group: null });
  await screen.contentRow(name).locator('[data-field="name"]').click();
  await expect(screen.preview).toContainText(`${name} · 320x180`);
  // Issue 31 §11, §12: the row keeps Rename and Replace; Delete waits in its "⋯" menu. Replace swaps the file.
  const row = screen.row(uploaded.id);
  await expect(row.getByTestId('v1-content-rename')).toBeVisible();
  await expect(row.getByTestId('v1-content-delete')).toHaveCount(0);
  const chooser = page.waitForEvent('filechooser');
  await row.getByTestId('v1-content-replace').click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: await testImage(640, 360) });
  await screen.expectToast('Complete!');
  await expect.poll(async () => (await contents()).find((c) => c.id === uploaded.id)?.resolution, { timeout: 30_000 }).toBe('640x360');
  await expect(screen.cell(uploaded.id, 'resolution')).toHaveText('640x360');
  await screen.takeRowAction(uploaded.id, 'v1-content-delete');
  await screen.alert.getByRole('button', { name: 'OK' }).click();
  await screen.expectToast('Complete!');
  await expect(screen.contentRow(name)).toHaveCount(0);
  expect((await contents()).map((c) => c.id)).not.toContain(uploaded.id);
});
