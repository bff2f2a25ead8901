import { expect, test } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { ListScreenModel } from './page-models/list-screen';
import { PlusDevicesPage } from './page-models/plus-devices-page';
import { plusDeviceList } from './fixtures/plus';
import { refusal } from './fixtures/refusals';

/*
 * What the Plus screens show when the server refuses (plus-signage §8): the refusals are made by the browser's
 * own route for this page only, so nothing is changed on the server and no other test sees them.
 */
const STORE = 'TKY001';
const WRITER = 'admin@shelfpad.test';
const DESK = 'the device commands are a desk task';

// spec: plus §8.4, plus §8.8 — a mode change answered non-200 shows status text and code; a refused set show index shows its dialog, and the prompt is gone
test('device list: a refused mode change shows the status text and code; a refused show index its message, the prompt gone', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'desktop', DESK);
  const api = await apiLogin(request, WRITER);
  const [device] = await plusDeviceList<{ mac: string }>(api, STORE, { start: 0, length: 1 });
  await page.route(`**/api/plus/store/${STORE}/mode`, (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html>bad gateway</html>' }),
  );
  await page.route(`**/api/plus/store/${STORE}/showidx`, (route) => route.fulfill(refusal(500, 'The show index was not taken.')));
  const screen = new PlusDevicesPage(page);
  await screen.shell.signIn(request, WRITER);
  await screen.open(`/plus/device/list/${STORE}`);
  await expect(screen.row(device.mac)).toBeVisible({ timeout: 30_000 });

  await screen.select(device.mac);
  await screen.action('Set mode').click();
  await screen.answerChoice('Standby');
  const mode = screen.alert.filter({ hasText: '(502)' });
  await expect(mode).toContainText(/(Bad Gateway|Error) \(502\)/);
  await mode.getByRole('button', { name: 'OK' }).click();
  await expect(screen.alert).toHaveCount(0);

  await screen.action('Set show index').click();
  await screen.answerNumber('1');
  const refused = screen.alert.filter({ hasText: 'The show index was not taken.' });
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'OK' }).click();
  await expect(screen.alert).toHaveCount(0);
});

// spec: plus §8.8 — a device config that fails to load shows the message
test('v1 master: a device config that fails to load shows the server’s message', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', DESK);
  await page.route('**/api/plus/v1/device/*/config', (route) =>
    route.request().method() === 'GET' ? route.fulfill(refusal(500, 'The device config cannot be read.')) : route.fallback(),
  );
  const screen = new ListScreenModel(page);
  await screen.shell.signIn(request, WRITER);
  await screen.open('/plus/v1/master');
  await expect(screen.rows.first()).toBeVisible({ timeout: 30_000 });
  await screen.rows.first().getByTestId('v1-master-settings').click();
  const failed = screen.alert.filter({ hasText: 'The device config cannot be read.' });
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: 'OK' }).click();
  await expect(screen.alert).toHaveCount(0);
});
