import { expect, test } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD } from './fixtures/api';
import { PlusDeviceInfoPage } from './page-models/plus-device-info-page';
import { plusDeviceList } from './fixtures/plus';

/*
 * Issue 33 §14, Plus device list (plus-signage §2.4, §8): the info dialog saves an edit by itself once the member
 * has paused for 500 ms, and a remove or reboot the server refuses says "Remove device failed". The info tests edit
 * the names of TKY001's last two devices (no other spec reads their names: plus-media.spec.ts reads MIL001's,
 * plus-devices.spec.ts NYC001's) and put them back; the failure test is refused by the server (the member's plus
 * write withdrawn while the confirmation is open), so no device is lost.
 */
const MEMBER = 'admin@shelfpad.test';
const INFO_STORE = 'TKY001';

interface Device {
  mac: string;
  name: string;
  status: string;
}

/** A store's device by its place from the end in address order (the tests running side by side take different ones). */
async function lastDevice(api: Awaited<ReturnType<typeof apiLogin>>, storeCode: string, fromEnd = 0): Promise<Device> {
  const list = await plusDeviceList<Device>(api, storeCode, {
    start: 0,
    length: -1,
    columns: [{ data: 'mac' }],
    order: [{ column: 0, dir: 'asc' }],
  });
  expect(list.length, `${storeCode} has Plus devices`).toBeGreaterThan(fromEnd);
  return list[list.length - 1 - fromEnd];
}

/** The device's name as the server keeps it. */
const storedName = async (api: Awaited<ReturnType<typeof apiLogin>>, mac: string) =>
  (await api.get<{ name: string }>(`/plus/store/${INFO_STORE}/device/${mac}/info`)).name;

// spec: plus §9.2, plus §2.52 (its autosave after a 500 ms pause) — the name is stored by the server ~500 ms after the last keystroke, without any click
test('device info: an edited name is saved by itself 500 ms after the member stops, with no click', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'the device commands are a desktop task; the dialog is the same on a phone');
  const api = await apiLogin(request, MEMBER);
  const device = await lastDevice(api, INFO_STORE);
  const nameOf = () => storedName(api, device.mac);
  const screen = new PlusDeviceInfoPage(page);
  await screen.shell.signIn(request, MEMBER);
  const saves = screen.recordConfigSaves();
  try {
    await screen.open('/plus/device');
    await screen.row(INFO_STORE).locator('a[data-row-link]').click();
    await screen.expectRoute(`/plus/device/list/${INFO_STORE}`);
    // spec: plus §2.67 — the device info modal
    await screen.openInfo(device.mac);
    await expect(screen.nameInput).toHaveValue(device.name);

    const name = `Autosaved ${Date.now().toString(36)}`;
    await screen.nameInput.fill(name);
    const typedAt = Date.now();
    // Stored while the dialog stays open: nothing was clicked.
    await expect.poll(nameOf, { timeout: 10_000 }).toBe(name);
    await expect(screen.infoDialog).toBeVisible();
    expect(saves).toHaveLength(1);
    expect(saves[0].body).toEqual({ storeCode: INFO_STORE, mac: device.mac, name });
    // Not before the pause (a little under 500 ms for the time the test took to note the moment).
    expect(saves[0].at - typedAt).toBeGreaterThanOrEqual(400);

    // OK closes the dialog; nothing was left to send.
    await screen.closeInfo();
    expect(saves).toHaveLength(1);
  } finally {
    await api.post('/plus/device/config', { storeCode: INFO_STORE, mac: device.mac, name: device.name });
  }
});

// spec: plus §9.2 — a second edit within the 500 ms restarts the wait: one save, with the final value only
test('device info: a second edit within 500 ms makes one save, and only the final name is stored', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'the device commands are a desktop task; the dialog is the same on a phone');
  const api = await apiLogin(request, MEMBER);
  const device = await lastDevice(api, INFO_STORE, 1);
  const nameOf = () => storedName(api, device.mac);
  const screen = new PlusDeviceInfoPage(page);
  await screen.shell.signIn(request, MEMBER);
  const saves = screen.recordConfigSaves();
  try {
    await screen.open(`/plus/device/list/${INFO_STORE}`);
    await screen.openInfo(device.mac);
    const stamp = Date.now().toString(36);
    await screen.nameInput.fill(`First ${stamp}`);
    await page.waitForTimeout(150);
    await screen.nameInput.fill(`Final ${stamp}`);
    await expect.poll(nameOf, { timeout: 10_000 }).toBe(`Final ${stamp}`);
    // Well past another pause: still the one save, and it carried the final name.
    await page.waitForTimeout(1_000);
    expect(saves.map((s) => s.body.name)).toEqual([`Final ${stamp}`]);
    expect(await nameOf()).toBe(`Final ${stamp}`);
    await screen.closeInfo();
    expect(saves).toHaveLength(1);
  } finally {
    await api.post('/plus/device/config', { storeCode: INFO_STORE, mac: device.mac, name: device.name });
  }
});

// spec: plus §6.3, plus §2.52 (edits only with write privilege) — a member without plus write sees the values but cannot edit them, and nothing is saved
test('device info: a member with plus read only sees the fields locked and nothing is saved', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'the device commands are a desktop task; the dialog is the same on a phone');
  const viewer = 'viewer@shelfpad.test';
  const api = await apiLogin(request, viewer);
  const device = await lastDevice(api, INFO_STORE, 2);
  const screen = new PlusDeviceInfoPage(page);
  await screen.shell.signIn(request, viewer);
  const saves = screen.recordConfigSaves();
  await screen.open(`/plus/device/list/${INFO_STORE}`);
  await screen.openInfo(device.mac);
  await expect(screen.nameInput).toHaveValue(device.name);
  await expect(screen.nameInput).toBeDisabled();
  await screen.closeInfo();
  expect(saves).toHaveLength(0);
});

/*
 * The real ways a remove fails are the device gone already (removed meanwhile) or a member the server does not let
 * remove; the first would cost a seeded device that read-only specs count, so this takes the second: a member of
 * its own whose plus write the administrator takes away while the member's confirmation is open (the server reads
 * the role on every call; the console follows a role change on its next check, too late for the call under way).
 */
// spec: plus §8.3 — "Remove device failed" when the server refuses the remove, and when it refuses the reboot
test('remove and reboot refused by the server: "Remove device failed", and the device stays', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'the device commands are a desktop task; the phone checks the list layout');
  test.setTimeout(120_000);
  const admin = await apiLogin(request, 'acme-admin@shelfpad.test');
  const company = Object.keys(admin.session.companyInfo as Record<string, unknown>)[0];
  const roles = await admin.get<{ role_id: number; name: string }[]>('/role/list');
  const writer = roles.find((r) => r.name === 'Store operator')!;
  const reader = roles.find((r) => r.name === 'Read-only viewer')!;
  expect(writer && reader, 'the seeded operator and viewer roles').toBeTruthy();
  const email = `e2e-plus-remove-${Date.now().toString(36)}${info.workerIndex}@shelfpad.test`;
  const member = { name: 'Plus remove', role_id: writer.role_id, company: [company], store: [], enableWholeStore: true };
  const created = await admin.post('/member', { email, password: DEMO_PASSWORD, ...member });
  expect(created.ok(), await created.text()).toBe(true);
  const setRole = async (roleId: number) => {
    const res = await request.put(`/api/member/${encodeURIComponent(email)}`, {
      headers: admin.headers,
      data: { ...member, role_id: roleId },
    });
    expect(res.ok(), await res.text()).toBe(true);
  };
  const store = 'TKY001';
  const device = await lastDevice(admin, store);
  const screen = new PlusDeviceInfoPage(page);
  /** From the overview's row to the store's devices, as the member does (the route change re-reads the role). */
  const openList = async () => {
    await screen.shell.navigate('Plus devices');
    await screen.expectRoute('/plus/device');
    await screen.row(store).locator('a[data-row-link]').click();
    await screen.expectRoute(`/plus/device/list/${store}`);
    await expect(screen.row(device.mac)).toBeVisible({ timeout: 30_000 });
  };
  try {
    await screen.shell.signIn(request, email);
    await screen.shell.goto('/dashboard');
    await screen.shell.expectReady();
    await openList();

    // Remove: the member asks, the write is taken away meanwhile, the member confirms.
    await screen.takeRowAction(device.mac, 'plus-remove');
    await expect(screen.alert).toBeVisible();
    await setRole(reader.role_id);
    await screen.confirm();
    const failed = screen.alert.filter({ hasText: 'Remove device failed' });
    await expect(failed).toBeVisible();
    await screen.confirm(failed);
    await expect(failed).toBeHidden();
    await expect(screen.row(device.mac)).toBeVisible();

    // Reboot, refused the same way, says the same (plus-signage §8): write given back, the list opened again.
    await setRole(writer.role_id);
    await screen.byTestId('plus-back').click();
    await screen.expectRoute('/plus/device');
    await screen.row(store).locator('a[data-row-link]').click();
    await screen.expectRoute(`/plus/device/list/${store}`);
    await expect(screen.rowCheckbox(device.mac)).toBeVisible({ timeout: 30_000 });
    await screen.select(device.mac);
    await screen.action('Reboot').click();
    await expect(screen.alert).toBeVisible();
    await setRole(reader.role_id);
    await screen.confirm();
    const rebootFailed = screen.alert.filter({ hasText: 'Remove device failed' });
    await expect(rebootFailed).toBeVisible();
    await screen.confirm(rebootFailed);

    // The server still has the device, as it was.
    const after = await plusDeviceList<Device>(admin, store);
    expect(after.find((d) => d.mac === device.mac)).toMatchObject({ mac: device.mac, status: device.status });
  } finally {
    await request.delete(`/api/member/${encodeURIComponent(email)}`, { headers: admin.headers });
  }
});
