import { expect, test } from '@playwright/test';
import type { FeedbackKind } from '../../src/scan/input/feedback';
import { apiLogin } from './fixtures/api';
import { inputOf } from './page-models/fields';
import { SensorsPage } from './page-models/sensors-page';
import { PlusDevicesPage } from './page-models/plus-devices-page';
import { PlusV1Page } from './page-models/plus-v1-page';
import { ShowEditorPage } from './page-models/show-editor-page';
import { plusDeviceList } from './fixtures/plus';

/*
 * Two small behaviours of plus-signage §2.3 and §2.5 at a desk, nothing saved: the show editor's Delete key, and
 * a sensor dialog closed without saving.
 */
const STORE = 'TKY001';
const WRITER = 'admin@shelfpad.test';
const DESK = 'keyboard and dialog behaviour at a desk; nothing differs on a phone';

// spec: plus §2.47 — Delete removes the selected object, but not while an input has focus
test('the show editor: Delete in a field edits the field; elsewhere it removes the selected object', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', DESK);
  const api = await apiLogin(request, WRITER);
  const [device] = await plusDeviceList<{ mac: string }>(api, STORE, { start: 0, length: 1 });
  const [image] = await api.get<{ id: string; name: string }[]>(`/plus/asset/image/choices/store/${STORE}`);
  expect(image, 'a demo image in the store').toBeDefined();

  const editor = new ShowEditorPage(page);
  await editor.shell.signIn(request, WRITER);
  await editor.open(`/plus/device/show/${STORE}/${device.mac}`);
  await editor.button('show-slide-add').click();
  await expect(editor.objects).toHaveCount(0);
  await editor.addAsset('image', image.name);
  await expect(editor.objects).toHaveCount(1);
  await expect(editor.objects.first()).toHaveAttribute('aria-pressed', 'true');

  const duration = inputOf(editor.button('show-duration'));
  await duration.focus();
  await page.keyboard.press('Delete');
  await expect(editor.objects).toHaveCount(1);

  await editor.objects.first().click();
  await expect(editor.objects.first()).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Delete');
  await expect(editor.objects).toHaveCount(0);
});

// spec: plus §2.57 — a sensor dialog left without saving (its Close) is dismissed and sends nothing
test('the sensor assign dialog: closed without saving, it is dismissed and nothing is sent', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', DESK);
  const sensors = new SensorsPage(page);
  await sensors.shell.signIn(request, WRITER);
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/api/sensor/assign') && sent.push(r.url()));
  await sensors.open(`/sensor/detail/${STORE}`);
  await sensors.action('Assign');
  await expect(sensors.modal).toBeVisible();
  await sensors.fillModal({ 'Tag MAC': 'C5000100000001', 'Product Code': 'P-1' });
  await sensors.modal.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(sensors.modal).toBeHidden();
  expect(sent).toEqual([]);
});

// spec: plus §8.9 — invalid JSON on show import: an alert with the parse error
test('the v1 show editor: a show file that is not JSON is refused with the parser’s error', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', DESK);
  const screen = new PlusV1Page(page);
  await screen.shell.signIn(request, WRITER);
  await screen.open('/plus/v1/show/update');
  let parseError = '';
  try {
    JSON.parse('{"name": "Broken",');
  } catch (e) {
    parseError = (e as Error).message;
  }
  await screen.pickFile('v1-show-import', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"name": "Broken",') });
  expect(await screen.alertText()).toContain(parseError);
  await expect(screen.input('v1-show-name')).toHaveValue('');
});

// spec: plus §5.11, plus §4.18 — blink with an empty code is ignored; a blink's success and failure sounds (assign and deassign sounds are not checked here)
test('blink on the device list: an empty code sends nothing; a shown product blinks with the success sound, an unknown one gets the failure sound', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'desktop', DESK);
  const api = await apiLogin(request, WRITER);
  const devices = await plusDeviceList<{ mac: string; product: string[] }>(api, STORE);
  const shown = devices.find((d) => d.product.length)!.product[0];
  const screen = new PlusDevicesPage(page);
  await screen.shell.signIn(request, WRITER);
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/blink') && sent.push(r.url()));
  const sounds = (): Promise<FeedbackKind[]> => page.evaluate(() => (window.__shelfpadFeedback ?? []).map((f) => f.kind));
  await screen.open(`/plus/device/list/${STORE}`);
  await expect(screen.rows.first()).toBeVisible({ timeout: 30_000 });

  await screen.action('Blink').click();
  await screen.answerText('');
  await expect(screen.alert).toHaveCount(0);
  expect(sent).toEqual([]);
  expect(await sounds()).toEqual([]);

  await screen.action('Blink').click();
  await screen.answerText(shown);
  await screen.expectToast(`Blinking: ${shown}`);
  expect(sent).toHaveLength(1);
  await expect.poll(sounds).toEqual(['success']);

  await screen.action('Blink').click();
  await screen.answerText('NO-SUCH-PRODUCT');
  await expect(screen.alert.filter({ hasText: 'This product does not exist' })).toBeVisible();
  await expect.poll(sounds).toEqual(['success', 'failure']);
});

// spec: plus §2.32 — none to add: "There are no images", "There are no videos", "There are no widgets"
test('the show editor: a kind of asset the store has none of says so in the palette', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', DESK);
  const api = await apiLogin(request, WRITER);
  const [device] = await plusDeviceList<{ mac: string }>(api, STORE, { start: 0, length: 1 });
  // The store's choice lists answered empty by this page's own route: the store as if it had no such files.
  await page.route(`**/api/plus/asset/*/choices/store/${STORE}`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  );
  const editor = new ShowEditorPage(page);
  await editor.shell.signIn(request, WRITER);
  await editor.open(`/plus/device/show/${STORE}/${device.mac}`);
  for (const [type, words] of [
    ['image', 'There are no images'],
    ['video', 'There are no videos'],
    ['widget', 'There are no widgets'],
  ] as const) {
    await editor.current.getByTestId(`show-palette-${type}`).click();
    await expect(editor.current.getByText(words, { exact: true })).toBeVisible();
  }
});
