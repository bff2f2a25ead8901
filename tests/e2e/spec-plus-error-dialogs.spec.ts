import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { plusDeviceList } from './fixtures/plus';
import { refusal } from './fixtures/refusals';
import { formInput } from './page-models/fields';
import { PlusDevicesPage } from './page-models/plus-devices-page';
import { PlusV1ScreensPage } from './page-models/plus-v1-screens-page';
import { SensorsPage } from './page-models/sensors-page';

/*
 * The error dialogs of plus-signage §8.1, §8.2 and §8.10: what a user sees when the server refuses a sensor assign
 * or update, a set show index, a content group delete or the alarm thresholds — "Error" with the server's message,
 * or the status text and code when the answer carries none — and which content and group saves fail silently.
 * The refusals are made by the browser's own route for this page only: nothing changes on the server.
 */
const STORE = 'TKY001';
const WRITER = 'admin@shelfpad.test';
const DESK = 'the sensor, device and content commands are a desk task';

/** The answer a refused call gets next: the server's message, or a gateway's page with no message at all. */
type Refusal = { message: string } | 'no message';
const answer = (how: Refusal) => (route: Route) =>
  how === 'no message'
    ? route.fulfill({ status: 502, contentType: 'text/html', body: '<html>bad gateway</html>' })
    : route.fulfill(refusal(500, how.message));

/** The error dialog on view: its title and its text, then OK closes it. */
async function expectError(alert: Locator, text: string | RegExp): Promise<void> {
  await expect(alert).toBeVisible();
  await expect(alert.locator('.alert-title')).toHaveText('Error');
  await expect(alert.locator('.alert-message')).toHaveText(text);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toHaveCount(0);
}

/** The status text and code a failure without a message shows (NOTES.md 2: `statusText (status)`). */
const STATUS_AND_CODE = /^(Bad Gateway|Error) \(502\)$/;

/** Routes a call to the refusal `how` points at, changed between the steps of a test. */
async function refuse(page: Page, url: string, method: string): Promise<{ set: (how: Refusal) => void }> {
  let how: Refusal = 'no message';
  await page.route(url, (route) => (route.request().method() === method ? answer(how)(route) : route.fallback()));
  return { set: (next) => void (how = next) };
}

// spec: plus §8.1 — sensor dialogs: "Error" with the server's data.message, otherwise status text and code
test('sensor assign and update refused: "Error" with the server’s message, or its status text and code', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'desktop', DESK);
  const api = await apiLogin(request, WRITER);
  const sensors = (
    (await (await api.post(`/sensor/list/store/${STORE}`, { start: 0, length: 1 })).json()) as { data: { tagMac: string }[] }
  ).data;
  const assign = await refuse(page, '**/api/sensor/assign', 'POST');
  const update = await refuse(page, '**/api/sensor/update', 'PUT');
  const screen = new SensorsPage(page);
  await screen.shell.signIn(request, WRITER);
  await screen.open(`/sensor/detail/${STORE}`);
  await expect(screen.row(sensors[0].tagMac)).toBeVisible({ timeout: 30_000 });

  await screen.action('Assign');
  await screen.fillModal({ 'Tag MAC': 'AABBCCDDEEF0', 'Product Code': 'P-1', 'Sensor Type': 'People counter', Threshold: '35' });
  assign.set({ message: 'The tag is not in this store.' });
  await screen.submitModal('Assign');
  await expectError(screen.alert, 'The tag is not in this store.');
  assign.set('no message');
  await screen.submitModal('Assign');
  await expectError(screen.alert, STATUS_AND_CODE);
  // The refused assign leaves the dialog open with what was typed.
  await expect(screen.field('Tag MAC')).toHaveValue('AABBCCDDEEF0');
  await screen.modal.getByRole('button', { name: 'Close' }).click();
  await expect(screen.modal).toBeHidden();

  await screen.select(sensors[0].tagMac);
  await screen.action('Update');
  await expect(screen.field('Tag MAC')).toHaveValue(sensors[0].tagMac);
  update.set({ message: 'The sensor was not updated.' });
  await screen.submitModal('Update');
  await expectError(screen.alert, 'The sensor was not updated.');
  update.set('no message');
  await screen.submitModal('Update');
  await expectError(screen.alert, STATUS_AND_CODE);
});

// spec: plus §8.2 — set show index and alarm save: "Error" with the message, or status text plus code when absent
test('set show index and alarm thresholds refused: "Error" with the server’s message, or its status text and code', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'desktop', DESK);
  const api = await apiLogin(request, WRITER);
  const [device] = await plusDeviceList<{ mac: string }>(api, STORE, { start: 0, length: 1 });
  const showIdx = await refuse(page, `**/api/plus/store/${STORE}/showidx`, 'POST');
  const alarm = await refuse(page, '**/api/alarm/setting', 'PUT');
  const screen = new PlusDevicesPage(page);
  await screen.shell.signIn(request, WRITER);
  await screen.open(`/plus/device/list/${STORE}`);
  await expect(screen.row(device.mac)).toBeVisible({ timeout: 30_000 });

  // spec: plus §2.67 — the set show index question and the alarm setting modal
  await screen.select(device.mac);
  for (const [how, text] of [
    [{ message: 'The show index was not taken.' }, 'The show index was not taken.'],
    ['no message', STATUS_AND_CODE],
  ] as const) {
    showIdx.set(how);
    await screen.action('Set show index').click();
    await screen.answerNumber('1');
    await expectError(screen.alert, text);
  }

  await screen.action('Settings').click();
  await screen.answerChoice('Alarm thresholds');
  const form = page.getByTestId('plus-alarm-setting');
  await expect(form.getByLabel('Memory threshold')).not.toHaveValue('', { timeout: 30_000 });
  for (const [how, text] of [
    [{ message: 'The thresholds were not saved.' }, 'The thresholds were not saved.'],
    ['no message', STATUS_AND_CODE],
  ] as const) {
    alarm.set(how);
    await form.getByRole('button', { name: 'Save' }).click();
    await expectError(screen.alert, text);
    // Refused, the thresholds stay in their dialog.
    await expect(form).toBeVisible();
  }
});

// spec: plus §8.2 — group delete: "Error" with the message, or status text plus code when absent
test('content group delete refused: "Error" with the server’s message, or its status text and code; the group stays', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'desktop', DESK);
  const remove = await refuse(page, '**/api/plus/v1/content/group/remove', 'POST');
  const screen = new PlusV1ScreensPage(page);
  await screen.shell.signIn(request, WRITER);
  await screen.open('/plus/v1/content');
  await expect(screen.group('Promotions')).toBeVisible({ timeout: 30_000 });

  for (const [how, text] of [
    [{ message: 'The group is in use.' }, 'The group is in use.'],
    ['no message', STATUS_AND_CODE],
  ] as const) {
    remove.set(how);
    await screen.group('Promotions').click();
    await screen.current.getByTestId('v1-group-delete').click();
    await screen.alert.getByRole('button', { name: 'OK' }).click();
    await expectError(screen.alert, text);
    await expect(screen.group('Promotions')).toBeVisible();
  }
});

// spec: plus §8.10 — a group save that fails is silent (the tree is read again); a content rename that fails shows the message (our choice, in v1-content-page.tsx)
test('a refused group create is silent and the tree unchanged; a refused content rename shows the server’s message', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'desktop', DESK);
  const saves: string[] = [];
  await page.route(
    '**/api/plus/v1/content/group/save',
    (route) => (saves.push(route.request().url()), route.fulfill(refusal(500, 'The group was not saved.'))),
  );
  await page.route('**/api/plus/v1/content/save', (route) => route.fulfill(refusal(500, 'The name was not saved.')));
  const screen = new PlusV1ScreensPage(page);
  await screen.shell.signIn(request, WRITER);
  await screen.open('/plus/v1/content');
  await expect(screen.group('Promotions')).toBeVisible({ timeout: 30_000 });
  const form = page.getByTestId('v1-content-form');

  const name = `e2e-silent-${Date.now().toString(36)}`;
  await screen.current.getByTestId('v1-group-create').click();
  await formInput(form, 'v1-content-form', 'name').fill(name);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  expect(saves).toHaveLength(1);
  // Silent: no dialog, and the tree, read again, has no such group.
  await expect(screen.group('Promotions')).toBeVisible();
  await expect(screen.alert).toHaveCount(0);
  await expect(screen.group(name)).toHaveCount(0);

  await expect(screen.rows.first()).toBeVisible({ timeout: 30_000 });
  const before = await screen.rows.first().locator('[data-field="name"]').innerText();
  await screen.rows.first().getByTestId('v1-content-rename').click();
  await formInput(form, 'v1-content-form', 'name').fill(`${before}-renamed`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expectError(screen.alert, 'The name was not saved.');
  await expect(screen.rows.first().locator('[data-field="name"]')).toHaveText(before);
});
