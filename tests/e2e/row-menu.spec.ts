import { expect, test } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { MIN_TARGET_PX } from './page-models/touch-targets';
import { MembersPage } from './page-models/members-page';

/*
 * Issue 31 §12: a row keeps one or two actions and offers the others in its "⋯" menu (src/ui/data-table/row-menu.tsx).
 * An administrator reaches the members through the menu, opens a member's row menu and deletes the member from it:
 * the server no longer has the member. On the phone's cards as in the desktop's table; each entry is a real action
 * with its name and a thumb's 44 px.
 */
const ADMIN = 'acme-admin@shelfpad.test';

test('a member deleted through the row menu is gone from the server', async ({ page, request }, info) => {
  const email = `e2e-row-menu-${info.project.name}@shelfpad.test`;
  const admin = await apiLogin(request, ADMIN);
  const company = Object.keys(admin.session.companyInfo as Record<string, unknown>)[0];
  const roles = await admin.get<{ role_id: number }[]>('/role/list');
  const roleId = roles.find((r) => r.role_id > 0)?.role_id ?? 0;
  const created = await admin.post('/member', {
    email,
    name: 'Row menu',
    password: 'RowMenu#2026x',
    role_id: roleId,
    company: [company],
    store: [],
    enableWholeStore: true,
  });
  expect(created.ok(), await created.text()).toBe(true);

  const screen = new MembersPage(page);
  await screen.shell.signIn(request, ADMIN);
  await screen.shell.goto('/dashboard');
  await screen.shell.expectReady();
  await screen.shell.navigate('Members');
  await expect(screen.current).toHaveAttribute('data-route', '/members');
  await screen.filter('E-mail', '==', email);
  await screen.expectRows([email]);

  // Edit stays on the row; history, password and delete are in the menu.
  const row = screen.row(email);
  await expect(row.getByTestId('member-edit')).toBeVisible();
  await expect(row.getByTestId('member-delete')).toHaveCount(0);
  await expect(row.getByRole('button', { name: `More actions for ${email}` })).toBeVisible();
  // A thumb reaches the "⋯" on the phone's card.
  if (screen.isPhone()) {
    const box = await screen.rowMenuButtonBox(email);
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(MIN_TARGET_PX);
  }
  const menu = await screen.openRowMenu(email);
  const entries = menu.locator('ion-item');
  await expect(entries).toHaveText(['Login history', 'Password update', 'Delete'].map((w) => new RegExp(w, 'i')));
  // Measured once the popover's opening animation (a scale) has ended.
  await expect
    .poll(async () => Math.min(...(await entries.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))))
    .toBeGreaterThanOrEqual(MIN_TARGET_PX);
  await menu.getByTestId('member-delete').click();
  await expect(menu).toBeHidden();
  await expect(screen.alert).toBeVisible();
  await screen.alert.getByRole('button', { name: 'OK' }).click();
  await screen.expectToast(email);
  await screen.expectRows([]);
  const gone = await request.get(`/api/member/${encodeURIComponent(email)}`, { headers: admin.headers });
  expect(gone.status()).toBe(404);
});
