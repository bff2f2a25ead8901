import { expect, test, type TestInfo } from '@playwright/test';
import { ChangeHistoryPage, type ChangeRowAnswer } from './page-models/change-history-page';
import { SettingsForm, SettingsPage } from './page-models/settings-page';

/*
 * Issue 14 §4: every write is recorded by the server and shown on /change/history — blue rows, orange Upload, red
 * Delete, SYSTEM translated. The write runs on the desktop project only (it changes what every project shares);
 * the phone project reads the list as cards.
 */

const desktopOnly = (info: TestInfo) =>
  test.skip(info.project.name !== 'desktop', 'a write to what every project shares: once, on the desktop');

// spec: plus §2.68 — newest first, rows blue by default and red for Delete, SYSTEM as a word (orange Upload is not checked here)
test('an AMac created and deleted on /setting/amac-config appears on /change/history, blue then red', async ({ page, request }, info) => {
  desktopOnly(info);
  const settings = new SettingsPage(page);
  const api = await settings.shell.signIn(request, 'admin@shelfpad.test');
  await settings.open('/setting/amac-config');
  await settings.byTestId('amac-create').click();
  const form = new SettingsForm(page, 'amac-modal');
  await form.expectOpen();
  await form.fill({ abstractCode: 'E2ECH', abstractData: '3C1A00F1' });
  await form.submit();
  await form.expectClosed();
  await settings.takeRowAction('E2ECH', 'amac-delete');
  await settings.confirm();
  await expect(settings.row('E2ECH')).toHaveCount(0);

  const answer = await api.post('/change/history', { draw: 1, start: 0, length: 10, filter_path: '/config/amac', condition_path: '~' });
  const rows = ((await answer.json()) as { data: ChangeRowAnswer[] }).data;
  const created = rows.find((r) => r.operation === 'Create' && r.path === '/config/amac');
  const deleted = rows.find((r) => r.operation === 'Delete' && r.path === '/config/amac/E2ECH');
  expect(created).toMatchObject({ category: 'store_config', method: 'POST', company: 'SYSTEM', email: 'admin@shelfpad.test' });
  expect(deleted).toMatchObject({ category: 'store_config', method: 'DELETE' });

  const history = new ChangeHistoryPage(page);
  await history.open('/change/history');
  // Newest first: the delete above the create.
  await expect.poll(async () => (await history.rowKeys()).slice(0, 2)).toEqual([deleted!.id, created!.id]);
  expect(await history.tone(deleted!.id)).toBe('danger');
  expect(await history.tone(created!.id)).toBe('info');
  await expect(history.cell(created!.id, 'category')).toHaveText('Store config');
  await expect(history.cell(created!.id, 'store')).toHaveText('System');
  // The address in words (issue 31.6): the value it names; the address itself is in the cell's title.
  await expect(history.cell(deleted!.id, 'path')).toHaveText('E2ECH');
  await expect(history.cell(deleted!.id, 'path').getByTestId('change-path')).toHaveAttribute('title', 'Address: /config/amac/E2ECH');
  await expect(history.cell(created!.id, 'items')).toContainText('E2ECH');
});

test('on a phone the history is a list of cards with the server’s rows, SYSTEM translated', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'phone', 'the phone layout');
  const history = new ChangeHistoryPage(page);
  const api = await history.shell.signIn(request, 'acme-admin@shelfpad.test');
  const answer = await api.post('/change/history', { draw: 1, start: 0, length: 25 });
  const rows = ((await answer.json()) as { data: ChangeRowAnswer[] }).data;
  expect(rows.length).toBeGreaterThan(0);
  // A company admin never sees another company's changes.
  expect(rows.every((r) => r.company === 'ACME' || r.company === 'SYSTEM')).toBe(true);
  await history.open('/change/history');
  await expect(history.table.locator('li.data-table-card').first()).toBeVisible();
  const system = rows.find((r) => r.store === 'SYSTEM');
  if (system) await expect(history.cell(system.id, 'store')).toHaveText('System');
  await expect(history.configButton()).toHaveCount(0);
});

test('on a phone the change config modal shows every category, none cut off', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'phone', 'the phone layout');
  const history = new ChangeHistoryPage(page);
  await history.shell.signIn(request, 'admin@shelfpad.test');
  await history.open('/change/history');
  await history.configButton().click();
  const categories = page.locator('ion-modal .field-checkboxes ion-checkbox');
  await expect(categories.last()).toBeVisible();
  // Every category's box lies inside the list's box (a clipped list hides its last rows under its edge).
  const list = await page.locator('ion-modal .field-checkboxes').boundingBox();
  for (const box of await Promise.all((await categories.all()).map((c) => c.boundingBox()))) {
    expect(box!.y + box!.height).toBeLessThanOrEqual(list!.y + list!.height);
  }
});
