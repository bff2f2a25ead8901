import { expect, test } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { plusDeviceList } from './fixtures/plus';
import { inputOf } from './page-models/fields';
import { PlusDevicesPage } from './page-models/plus-devices-page';
import { PrintPage } from './page-models/print-page';

/*
 * plus-signage §2.7's modals that no other spec opens: the console's Plus assign and deassign, the Plus setting,
 * and the print update. (The others are opened where their own items are tested: template apply, software upload,
 * search, device info, set show index and alarm setting from the device list; template and schedule create; the v1
 * master assign and config; the status detail table of the device overview.) Nothing is saved on the server.
 */
const STORE = 'TKY001';
const PRINT_STORE = 'SYD001';
const MEMBER = 'admin@shelfpad.test';
const DESK = 'the device list toolbar and printing are desk tasks';

// spec: plus §2.67 — the Plus assign, deassign and Plus setting modals of the device list
test('device list: Assign, Deassign and the Plus settings open their dialogs', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', DESK);
  const api = await apiLogin(request, MEMBER);
  const [device] = await plusDeviceList<{ mac: string }>(api, STORE, { start: 0, length: 1 });
  const screen = new PlusDevicesPage(page);
  await screen.shell.signIn(request, MEMBER);
  await screen.open(`/plus/device/list/${STORE}`);
  await expect(screen.row(device.mac)).toBeVisible({ timeout: 30_000 });

  const entry = page.getByTestId('plus-entry');
  for (const [action, title, button] of [
    ['Assign', 'Assign product codes', 'plus-entry-assign'],
    ['Deassign', 'Deassign device', 'plus-entry-deassign'],
  ] as const) {
    await screen.action(action).click();
    await expect(entry.locator('ion-title')).toHaveText(title);
    // The device entry starts at its first state, asking for the device's address.
    await expect(entry.getByTestId('plus-entry-state')).not.toBeEmpty();
    await expect(entry.getByTestId(button)).toBeVisible();
    await entry.getByRole('button', { name: 'Close' }).click();
    await expect(entry).toBeHidden();
  }

  const setting = await api.get<Record<string, unknown>>('/plus/setting');
  await screen.action('Settings').click();
  await screen.answerChoice('Plus settings');
  const dialog = page.getByTestId('plus-setting');
  await expect(dialog.locator('ion-title')).toHaveText('Plus settings');
  // Every key of the setting is a field of the dialog.
  for (const key of Object.keys(setting)) await expect(dialog.locator(`[data-testid="plus-setting-${key}"]`)).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

// spec: plus §2.67 — the print update modal: a label's quantity changed for this print
test('print: a product’s Edit opens the print update dialog; its quantity is the row’s', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', DESK);
  const api = await apiLogin(request, MEMBER);
  const listed = (await (await api.post(`/product/list/store/${PRINT_STORE}`, { start: 0, length: 1 })).json()) as {
    data: { prCode: string }[];
  };
  const code = listed.data[0].prCode;
  const screen = new PrintPage(page);
  await screen.shell.signIn(request, MEMBER);
  await screen.open(`/print/edit/${PRINT_STORE}`);
  await screen.addCode(code);
  await expect(screen.items).toHaveCount(1);

  await screen.items.first().getByTestId('print-edit-item').click();
  const dialog = page.getByTestId('print-update');
  await expect(dialog.locator('ion-title')).toHaveText(`Print update: ${code}`);
  await inputOf(dialog.getByTestId('print-update-qty')).fill('3');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(inputOf(screen.items.first().getByTestId('print-qty'))).toHaveValue('3');
});
