import { expect, test, type TestInfo } from '@playwright/test';
import { COMPANY_DEFAULTS } from '../../contract/schemas/constants-admin';
import { apiLogin } from './fixtures/api';
import { ListScreenModel } from './page-models/list-screen';
import { MIN_TARGET_PX } from './page-models/touch-targets';

/*
 * Issue 31 §11, §12: a red Delete no longer stands beside Edit. On roles and companies the row keeps its harmless
 * actions and Delete waits, last, in the row's "⋯" menu (src/ui/data-table/row-menu.tsx); a member reaches the
 * list through the menu, deletes from the row menu, and the server no longer has the row.
 */
const desktopOnly = (info: TestInfo) =>
  test.skip(info.project.name !== 'desktop', 'a write to what every project shares: once, on the desktop');

/*
 * Roles: on both projects. A company's manager hands out and withdraws rights on a phone as on a desk (the members and
 * roles are the company admin's own screens, not the system's set-up), so the phone's cards must reach the "⋯" with a
 * thumb. Each project deletes a role of its own, so that the two runs never meet.
 */
test('a role deleted through its row menu is gone from the list and the server', async ({ page, request }, info) => {
  const admin = await apiLogin(request, 'acme-admin@shelfpad.test');
  const name = `e2e row menu ${info.project.name} ${Date.now().toString(36)}`;
  const made = await admin.post('/role/create', { name, privilege: [{ key: 'tag', depth: 0, read: true, write: false }] });
  expect(made.ok(), await made.text()).toBe(true);
  const role = (await admin.get<{ role_id: number; name: string }[]>('/role/list')).find((r) => r.name === name)!;
  const key = String(role.role_id);

  const screen = new ListScreenModel(page);
  await screen.shell.signIn(request, 'acme-admin@shelfpad.test');
  await screen.shell.goto('/dashboard');
  await screen.shell.expectReady();
  await screen.shell.navigate('Roles');
  await screen.arrived('/roles');
  await screen.filter('Role name', '==', name);
  await screen.expectRows([key]);

  await expect(screen.row(key).getByTestId('role-edit')).toHaveText(/edit/i);
  await expect(screen.row(key).getByTestId('role-delete')).toHaveCount(0);
  if (screen.isPhone()) {
    const box = await screen.rowMenuButtonBox(key);
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(MIN_TARGET_PX);
  }
  expect(await screen.rowMenuEntries(key)).toEqual(['Delete']);
  await screen.takeRowAction(key, 'role-delete');
  await screen.alert.getByRole('button', { name: 'OK' }).click();
  await screen.expectToast(name);
  await screen.expectRows([]);
  expect((await admin.get<{ role_id: number }[]>('/role/list')).map((r) => r.role_id)).not.toContain(role.role_id);
});

/*
 * Companies: the desktop only. Creating and removing a company is the system administrator's set-up, done at a desk
 * (playwright.config.ts: admin flows are desktop flows); the phone's company cards are under settings.spec.ts.
 */
test('a company deleted through its row menu is gone from the list and the server', async ({ page, request }, info) => {
  desktopOnly(info);
  const admin = await apiLogin(request, 'admin@shelfpad.test');
  const code = `E2ERM${Date.now().toString(36).slice(-4).toUpperCase()}`;
  const made = await admin.post('/config/company', {
    companyCode: code,
    companyName: 'Row menu company',
    ...COMPANY_DEFAULTS,
    admin: { email: `${code}-admin`, name: 'Row menu admin', password: 'RowMenu#2026x' },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const companies = async () =>
    (
      (await (await admin.post('/config/company/list', { draw: 1, start: 0, length: -1 })).json()) as { data: { companyCode: string }[] }
    ).data.map((c) => c.companyCode);
  expect(await companies()).toContain(code);

  const screen = new ListScreenModel(page);
  await screen.shell.signIn(request, 'admin@shelfpad.test');
  await screen.shell.goto('/dashboard');
  await screen.shell.expectReady();
  await screen.shell.navigate('Company config');
  await screen.arrived('/setting/company-config');
  await screen.filter('Company code', '==', code);
  await screen.expectRows([code]);

  // Edit and SMTP stay on the row; Delete waits in the menu.
  await expect(screen.row(code).getByTestId('company-edit')).toBeVisible();
  await expect(screen.row(code).getByTestId('company-smtp')).toBeVisible();
  await expect(screen.row(code).getByTestId('company-delete')).toHaveCount(0);
  expect(await screen.rowMenuEntries(code)).toEqual(['Delete']);
  await screen.takeRowAction(code, 'company-delete');
  await screen.alert.getByRole('button', { name: 'OK' }).click();
  await screen.expectToast(code);
  await screen.expectRows([]);
  expect(await companies()).not.toContain(code);
});
