import { expect, test, type TestInfo } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { apiLogin } from './fixtures/api';
import { AppShell } from './page-models/app-shell';
import { MENU_ROUTES } from '../../src/shell/routes';
import { mayOpen } from '../../src/shell/route-access';

const layout = JSON.parse(readFileSync('locales/en_US/layout.json', 'utf8'));
const VIEWER = 'viewer@shelfpad.test';
const ADMIN = 'admin@shelfpad.test';

/**
 * Both projects run at once against one server, and the collecting list is shared by everyone: each project
 * starts its checks in its own ACME stores (the viewer sees every ACME store), so no test stops another's item.
 */
const STORES: Record<string, { stop: string; viewer: string; poll: string }> = {
  phone: { stop: 'OSK001', viewer: 'SEL001', poll: 'TKY001' },
  desktop: { stop: 'BSN001', viewer: 'SYD001', poll: 'TKY002' },
};
const storesOf = (info: TestInfo) => STORES[info.project.name] ?? STORES.desktop;

type Running = { storeCode: string; detail: { cmd: string; _id: string } }[];
// Without a session the list is empty (issue 11 §6): read it as the administrator, who sees every store's items.
const runningIn = async (admin: Awaited<ReturnType<typeof apiLogin>>, storeCode: string) =>
  (await admin.get<Running>('/collecting/store')).filter((i) => i.storeCode === storeCode);

// spec: core §2.0a — a protected route sends to login; login has its own page style
test('a protected route without a session goes to login, carrying the path in next', async ({ page }) => {
  const shell = new AppShell(page);
  await shell.goto('/dashboard');
  await shell.expectPath('/login?next=/dashboard');
  // Login has its own page style: no header, no sidebar.
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByTestId('collecting-button')).toHaveCount(0);
  await expect(shell.menu).toBeHidden();
});

// spec: core §2.0a
test('an unknown path leads to the dashboard', async ({ page, request }) => {
  const shell = new AppShell(page);
  await shell.signIn(request, ADMIN);
  await shell.goto('/no/such/screen');
  await shell.expectPath('/dashboard');
  await shell.expectReady();
  await expect(shell.current.locator('ion-title')).toBeVisible();
});

for (const email of [VIEWER, ADMIN]) {
  test(`the sidebar shows the menu entries ${email} may read, and the footer the server version`, async ({ page, request }) => {
    const shell = new AppShell(page);
    const { session, get } = await shell.signIn(request, email);
    // Expected from the privileges the server gave this member, through the route table.
    const expected = MENU_ROUTES.filter((r) => mayOpen(r, session)).map((r) => layout.menu.items[r.menu.labelKey]);
    expect(expected.length).toBeGreaterThan(0);
    await shell.goto('/dashboard');
    await shell.expectReady();
    expect(await shell.menuLabels()).toEqual(expected);
    const { version } = await get<{ version: string }>('/version');
    await expect(shell.footer).toContainText(`Shelfpad · Version ${version}`);
  });
}

test('a member without any read privilege sees no menu entry and a no-access notice', async ({ page, request }, info) => {
  const email = `shell-${info.project.name}-${Date.now()}@shelfpad.test`;
  const signup = await request.post('/api/auth/signup', {
    data: { email, name: 'No Rights', mobile: '0123456789', password: 'Shelfpad#2026' },
  });
  expect(signup.ok()).toBe(true);
  const shell = new AppShell(page);
  const { session } = await shell.signIn(request, email);
  expect(session.privilege).toEqual([]);
  await shell.goto('/dashboard');
  await expect(shell.current.getByRole('alert')).toContainText(layout.noAccess.message);
  expect(await shell.menuLabels()).toEqual([]);
});

test('logout clears the session; protected routes then redirect to login', async ({ page, request }) => {
  const shell = new AppShell(page);
  const { headers } = await shell.signIn(request, ADMIN);
  await shell.goto('/dashboard');
  await shell.expectReady();
  expect(await shell.storedSession()).not.toBeNull();
  await shell.logout();
  await shell.expectPath('/login');
  await expect.poll(() => shell.storedSession()).toBeNull();
  // The server forgot the token too.
  expect(await (await request.get('/api/auth/login', { headers })).json()).toEqual({ authenticated: false });
  await shell.goto('/dashboard');
  await shell.expectPath('/login?next=/dashboard');
  await page.reload();
  await shell.expectPath('/login?next=/dashboard');
});

// spec: core §2.0a — authentication re-checked on every route change
test('a session the server no longer knows ends at the next route change', async ({ page, request }) => {
  const shell = new AppShell(page);
  const login = await shell.signIn(request, ADMIN);
  await shell.goto('/dashboard');
  await shell.expectReady();
  expect((await login.post('/auth/logout', {})).ok()).toBe(true);
  await shell.goto('/somewhere/else');
  await shell.expectPath('/login?next=/dashboard');
  expect(await shell.storedSession()).toBeNull();
});

// spec: core §2.16, core §2.17, core §4.7 — the collecting list arrives by push; stop asks for confirmation
// spec: admin §2.30, admin §9.14 — the collecting-info detail (a header popover here) names the kind, Tag Status Check, and the store
test('a status check appears live in the header, and the admin stops it after confirming', async ({ page, request }, info) => {
  const store = storesOf(info).stop;
  const shell = new AppShell(page);
  const admin = await shell.signIn(request, ADMIN);
  await shell.goto('/dashboard');
  await shell.expectReady();
  await shell.openCollecting();
  // The push socket is open: from here on the list is not polled.
  await expect(shell.collectingList).toContainText('Live');
  const polls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/collecting/store') && polls.push(r.url()));

  expect((await admin.post('/tag/status/check', { storeCode: store, cmd: 'TAG_STATUS_CHECK', tagList: [] })).ok()).toBe(true);
  const item = shell.collectingItem(store);
  await expect(item).toContainText('Tag Status Check', { timeout: 4_000 });
  expect(polls, 'arrived by push, not by polling').toEqual([]);
  await expect(shell.collectingCount).toHaveText(/^[1-9]\d*$/);

  // Cancel keeps it running; OK stops it on the server.
  await shell.stopCollecting(store, 'cancel');
  expect(await runningIn(admin, store)).toHaveLength(1);
  await shell.stopCollecting(store, 'ok');
  await expect(item).toHaveCount(0);
  await expect.poll(() => runningIn(admin, store)).toEqual([]);
});

test('a read-only viewer sees the list without stop, and the server refuses a forced stop', async ({ page, request }, info) => {
  const store = storesOf(info).viewer;
  const admin = await apiLogin(request, ADMIN);
  const shell = new AppShell(page);
  const viewer = await shell.signIn(request, VIEWER);
  await shell.goto('/dashboard');
  await shell.expectReady();
  await shell.openCollecting();
  await expect(shell.collectingList).toContainText('Live');

  expect((await admin.post('/tag/status/check', { storeCode: store, cmd: 'BATTERY_CHECK', tagList: [] })).ok()).toBe(true);
  const item = shell.collectingItem(store);
  await expect(item).toContainText('Battery Check');
  await expect(item.getByRole('button')).toHaveCount(0);
  await expect(shell.collectingList.getByRole('button', { name: 'Stop' })).toHaveCount(0);

  const [running] = await runningIn(admin, store);
  const forced = await viewer.post('/collecting/stop', { storeCode: store, cmd: running.detail.cmd, _id: running.detail._id });
  expect(forced.status()).toBe(403);
  expect(await runningIn(admin, store)).toHaveLength(1);

  // Leave the shared list as it was; the viewer's header follows the admin's stop live.
  expect((await admin.post('/collecting/stop', { storeCode: store, cmd: running.detail.cmd, _id: running.detail._id })).ok()).toBe(true);
  await expect(item).toHaveCount(0);
});

// spec: core §2.18, core §9.2 — collecting fallback polled every 5 s
test('with the push socket down, the list is polled every 5 s', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'the polling is the same code on a phone');
  const store = storesOf(info).poll;
  // Every connection to the push port is refused, as with a proxy that does not pass websockets.
  await page.routeWebSocket(/:\d+\/?(\?.*)?$/, (ws) => ws.close());
  const shell = new AppShell(page);
  const admin = await shell.signIn(request, ADMIN);
  const polls: number[] = [];
  page.on('request', (r) => r.url().includes('/api/collecting/store') && polls.push(Date.now()));
  await shell.goto('/dashboard');
  await shell.expectReady();
  await shell.openCollecting();
  await expect(shell.collectingList).toContainText('Refreshing every 5 seconds');
  // A phone starts on the lean dashboard, whose poll the console's first fetch follows at once on taking over:
  // the rhythm is the console's from here.
  polls.length = 0;

  expect((await admin.post('/tag/status/check', { storeCode: store, cmd: 'GATEWAY_SCAN', tagList: [] })).ok()).toBe(true);
  await expect(shell.collectingItem(store)).toContainText('Gateway Scan', { timeout: 8_000 });
  await expect.poll(() => polls.length, { timeout: 17_000 }).toBeGreaterThanOrEqual(3);
  const gaps = polls.slice(1).map((t, i) => t - polls[i]);
  expect(Math.max(...gaps.slice(-2))).toBeLessThan(7_000);
  expect(Math.min(...gaps.slice(-2))).toBeGreaterThan(3_000);

  const [running] = await runningIn(admin, store);
  expect((await admin.post('/collecting/stop', { storeCode: store, cmd: running.detail.cmd, _id: running.detail._id })).ok()).toBe(true);
  await expect(shell.collectingItem(store)).toHaveCount(0, { timeout: 8_000 });
});

// spec: core §2.16 — header account and login history modals
test('the account menu opens the account and login history modals', async ({ page, request }) => {
  const shell = new AppShell(page);
  const { session } = await shell.signIn(request, VIEWER);
  await shell.goto('/dashboard');
  await shell.expectReady();
  const account = await shell.openAccount();
  await expect(account.locator('input[readonly]')).toHaveValue(session.email);
  await account.getByRole('button', { name: 'Close' }).click();
  await expect(account).toBeHidden();
  // The API login of this test is in the history the server keeps.
  const history = await shell.openLoginHistory();
  await expect(history.getByTestId('login-history').locator('ion-item').first()).toBeVisible();
});

// spec: core §2.16 — header sidebar toggle
test('the sidebar toggle hides and shows the desktop sidebar; the phone opens it as a drawer', async ({ page, request }) => {
  const shell = new AppShell(page);
  await shell.signIn(request, ADMIN);
  await shell.goto('/dashboard');
  await shell.expectReady();
  if (shell.isPhone()) {
    await expect(shell.menu).toBeHidden();
    await shell.openMenu();
    await shell.navigate(layout.menu.items.dashboard);
    await expect(shell.menu).toBeHidden();
    await expect(shell.current.getByTestId('sidebar-toggle')).toBeHidden();
    return;
  }
  await expect(shell.current.getByTestId('menu-button')).toBeHidden();
  await expect(shell.menu).toBeVisible();
  await shell.current.getByTestId('sidebar-toggle').click();
  await expect(shell.menu).toBeHidden();
  await shell.current.getByTestId('sidebar-toggle').click();
  await expect(shell.menu).toBeVisible();
});

test('dark mode follows the system setting', async ({ page, request }) => {
  const shell = new AppShell(page);
  await shell.signIn(request, ADMIN);
  // The page's background as Ionic resolves it: its own variable, which the dark palette sets under dark mode.
  const background = () =>
    shell.current
      .locator('ion-content')
      .first()
      .evaluate((el) => getComputedStyle(el).getPropertyValue('--background').trim());
  await page.emulateMedia({ colorScheme: 'light' });
  // A console screen: a phone opening /dashboard gets the lean dashboard first, which has no ion-content.
  await shell.goto('/exceptions');
  await shell.expectReady();
  expect(await background()).toMatch(/#fff|255, 255, 255/i);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background).toBe('#121212');
});
