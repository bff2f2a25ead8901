import { expect, test, type TestInfo } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { seedSession } from './page-models/app-shell';
import { MembersPage } from './page-models/members-page';
import { setTicked } from './page-models/fields';

/*
 * Issue 14, members and roles: ACME's administrator makes a role with tag read only and a member with that role
 * and one store; the member sees that store only, is refused writes by the server and offered none on screen;
 * the role then gains tag write, and the member's very next call is allowed without a new login.
 */

const ADMIN = 'acme-admin@shelfpad.test';
const ROLE = 'E2E tag reader';
const MEMBER = 'e2e-clerk@shelfpad.test';
const MEMBER_PASSWORD = 'Clerk#Shelf2026';
const STORE = 'TKY001';

const desktopOnly = (info: TestInfo) =>
  test.skip(info.project.name !== 'desktop', 'a write to what every project shares: once, on the desktop');

test('a tag-read role and a one-store member: seen, refused, then allowed after the role changes', async ({
  page,
  context,
  request,
}, info) => {
  desktopOnly(info);
  test.setTimeout(180_000);
  const admin = new MembersPage(page);
  await admin.shell.signIn(request, ADMIN);

  // The role: tag read only; write cleared with read, the setting parent follows a child.
  await admin.open('/roles');
  await admin.byTestId('role-create').click();
  const role = admin.roleModal();
  await role.submit();
  await expect(role.nameProblem()).toHaveText('Please enter Role Name.');
  await role.fillName(ROLE);
  await setTicked(role.box('tag', 'write'));
  await expect(role.box('tag', 'read')).toBeChecked();
  await setTicked(role.box('tag', 'read'), false);
  await expect(role.box('tag', 'write')).not.toBeChecked();
  await setTicked(role.box('tag', 'read'));
  await role.save();
  await admin.expectToast(`Role ${ROLE} saved.`);

  // The member: 'Please select a company' first, then ACME, the role and one store.
  await admin.open('/members');
  await admin.byTestId('member-create').click();
  const form = admin.memberModal();
  await form.input('email').fill(MEMBER);
  await form.input('name').fill('E2E Clerk');
  await form.input('password').fill(MEMBER_PASSWORD);
  await form.input('passwordConfirm').fill(MEMBER_PASSWORD);
  const roleId = String(
    (await (await apiLogin(request, ADMIN)).get<{ role_id: number; name: string }[]>('/role/list')).find((r) => r.name === ROLE)!.role_id,
  );
  await form.choose('role_id', ROLE);
  await setTicked(form.option('company', /ACME/), false);
  await form.submit();
  await expect(form.problem('company')).toHaveText('Please select a company');
  await setTicked(form.option('company', /ACME/));
  await setTicked(form.option('store', new RegExp(STORE)));
  await form.submit();
  await form.expectClosed();
  await admin.expectToast(`Member ${MEMBER} created.`);

  // The member, signed in in a tab of its own: one store, no write buttons, refused by the server.
  const memberTab = await context.newPage();
  const member = new MembersPage(memberTab);
  const memberLogin = await apiLogin(request, MEMBER, MEMBER_PASSWORD);
  await seedSession(memberTab, memberLogin.session);
  const stop = () => request.post('/api/tag/status/check/stop', { headers: memberLogin.headers, data: { storeCode: STORE } });
  expect((await stop()).status()).toBe(403);
  await member.open('/tag');
  await member.expectRows([STORE]);
  await memberTab.goto(`/#/tag/detail/${STORE}`);
  await expect(member.current.locator('[data-row-key]').first()).toBeVisible({ timeout: 30_000 });
  await expect(member.current.getByTestId('tag-assign-open')).toHaveCount(0);
  await expect(member.current.locator('[data-row-key]').getByRole('checkbox')).toHaveCount(0);
  const menu = await member.shell.menuLabels();
  expect(menu).toContain('Tag status');
  expect(menu).not.toContain('Members');

  // The admin adds tag write and member read; the member's next call (same session) passes.
  await admin.open('/roles');
  await admin.row(roleId).getByTestId('role-edit').click();
  await setTicked(role.box('tag', 'write'));
  await setTicked(role.box('member', 'read'));
  await role.save();
  expect((await stop()).status()).toBe(200);

  // Back in the member's tab, without a new login: the menu and the write buttons follow the new role.
  await memberTab.bringToFront();
  // What the browser does when the member returns to the window (headless tabs all count as focused already).
  await memberTab.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));
  await expect.poll(() => member.shell.menuLabels(), { timeout: 30_000 }).toContain('Members');
  await expect(member.current.getByTestId('tag-assign-open')).toBeVisible();
});

// spec: admin §6.4, admin §3.25 — without member write: login history only (no create, edit, delete); failure and locked marked
test('a member with member read only sees the list and login history, with the locked attempt marked', async ({ page, request }) => {
  const viewer = new MembersPage(page);
  const api = await viewer.shell.signIn(request, 'viewer@shelfpad.test');
  await viewer.open('/members');
  const locked = viewer.row('locked@shelfpad.test');
  await expect(locked).toBeVisible();
  await expect(viewer.byTestId('member-create')).toHaveCount(0);
  await expect(locked.getByTestId('member-edit')).toHaveCount(0);
  await expect(locked.getByTestId('member-delete')).toHaveCount(0);
  await locked.getByTestId('member-history').click();
  const history = page.locator('ion-modal[data-testid="member-history-modal"]');
  // The modal's first page (10 rows, newest first) against the server's: other specs add attempts of this account.
  const res = await api.post('/history/member/login', { email: 'locked@shelfpad.test', start: 0, length: 10 });
  const rows = ((await res.json()) as { data: { success: boolean; locked: boolean }[] }).data;
  expect(rows.filter((r) => r.locked).length, 'the seeded history has a locked attempt').toBeGreaterThanOrEqual(1);
  await expect(history.getByTestId('login-result')).toHaveCount(rows.length);
  await expect(history.getByTestId('login-result').filter({ hasText: 'This account is locked.' })).toHaveCount(
    rows.filter((r) => r.locked).length,
  );
  await expect(history.getByTestId('login-result').filter({ hasText: 'Failure' })).toHaveCount(rows.filter((r) => !r.success).length);
});
