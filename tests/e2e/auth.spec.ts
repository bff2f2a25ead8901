import { expect } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD } from './fixtures/api';
import { apiSignup, test, uniqueEmail } from './fixtures/auth';
import { AppShell } from './page-models/app-shell';
import { LoginPage } from './page-models/login-page';
import { SignupPage, type SignupField } from './page-models/signup-page';

/*
 * The auth screens against the reference server. Both projects share one database, so nothing here locks or
 * changes an account another test uses: destructive flows run on accounts each test signs up for itself, and the
 * one demo account with a forced change (newhire) is used by one project only.
 */

test('a wrong password gives "Authentication Failure." in a Login Error dialog', async ({ page, request }, info) => {
  const email = uniqueEmail(info, 'wrongpw');
  await apiSignup(request, email, 'Right#Pass2026');
  const login = new LoginPage(page);
  await login.goto();
  await login.login(email, 'Wrong#Pass2026');
  await login.dialogs.expectError('Login Error', 'Authentication Failure.');
  await login.expectPath('/login');
  expect(await login.storedSession()).toBeNull();
});

test('a locked account gives the locked title and message', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.login('locked@shelfpad.test', DEMO_PASSWORD);
  await login.dialogs.expectError('This account is locked.', 'The account is locked. Please wait and try again.');
  expect(await login.storedSession()).toBeNull();
});

// spec: core §2.19 — login fields email and password
test('empty fields give the spec messages, and the empty field gets focus', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.submit.click();
  await login.dialogs.expectError('Login Error', 'Enter Email, Please!');
  await expect(login.email).toBeFocused();
  await login.email.fill('operator@shelfpad.test');
  await login.submit.click();
  await login.dialogs.expectError('Login Error', 'Enter Password, Please!');
  await expect(login.password).toBeFocused();
});

// spec: core §2.23 — the signup fields, and the account the server stores
test('signup checks come in the spec order, and a complete signup creates the account', async ({ page, request }, info) => {
  const signup = new SignupPage(page);
  await signup.goto();
  const email = uniqueEmail(info, 'signup');
  const password = 'Signup#Pass2026';
  const steps: [SignupField | 'agreement' | null, string, string][] = [
    [null, '', 'Enter Email, please!'],
    ['email', email, 'Enter Name, please!'],
    ['name', 'Sam Signup', 'Enter Phone, please!'],
    ['phone', '+81 3 1111 2222', 'Enter Password, please!'],
    ['password', password, 'Retype Password, please!'],
    ['retype', 'Not#ThePassword1', 'Password doe not match!'],
    ['retype', password, 'Agree!'],
  ];
  const focusOf: Record<string, SignupField | 'agreement'> = {
    'Enter Email, please!': 'email',
    'Enter Name, please!': 'name',
    'Enter Phone, please!': 'phone',
    'Enter Password, please!': 'password',
    'Retype Password, please!': 'retype',
    'Password doe not match!': 'retype',
  };
  for (const [field, value, message] of steps) {
    if (field && field !== 'agreement') await signup.fill(field, value);
    await signup.expectRefusal(message);
    const focused = focusOf[message];
    if (focused && focused !== 'agreement') await expect(signup.field(focused)).toBeFocused();
  }
  // Blanks count as empty: the checks trim.
  await signup.fill('name', '   ');
  await signup.expectRefusal('Enter Name, please!');
  await signup.fill('name', 'Sam Signup');

  await signup.agreement.click();
  await signup.submit.click();
  const login = new LoginPage(page);
  await login.expectPath('/login');
  await signup.dialogs.expectToast('Your account has been created');
  // The server stored the account: its own login answers for it.
  const created = await apiLogin(request, email, password);
  expect(created.session).toMatchObject({ email, name: 'Sam Signup', authenticated: true });

  // The same e-mail again is answered like a new one (signup must not reveal which accounts exist, issue 11),
  // and the existing account is left as it was.
  await signup.dialogs.dismissToasts();
  await signup.goto();
  await signup.fill('email', email);
  await signup.fill('name', 'Sam Again');
  await signup.fill('phone', '1');
  await signup.fill('password', 'Other#Pass2026');
  await signup.fill('retype', 'Other#Pass2026');
  await signup.agreement.click();
  await signup.submit.click();
  await login.expectPath('/login');
  await signup.dialogs.expectToast('Your account has been created');
  expect((await apiLogin(request, email, password)).session).toMatchObject({ name: 'Sam Signup' });
});

// spec: core §2.20 — success stores the session, loads tag type information, opens the dashboard
test('login lands on the dashboard inside the shell', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.login('admin@shelfpad.test', DEMO_PASSWORD);
  await login.expectPath('/dashboard');
  const shell = new AppShell(page);
  await shell.expectReady();
  await expect(shell.current.locator('ion-title')).toHaveText('Dashboard');
  const stored = JSON.parse((await login.storedSession()) ?? '{}');
  expect(stored).toMatchObject({ email: 'admin@shelfpad.test', role_id: -1 });
  // Tag type information is loaded for later screens, as the server lists it.
  const { get } = await apiLogin(page.request, 'admin@shelfpad.test');
  const types = await get<{ prefix: string }[]>('/tag/type/info');
  await expect.poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('shelfpad.tagTypes') ?? '[]').length)).toBe(types.length);
});

for (const how of ['fill', 'change', 'input'] as const) {
  test(`a password filled ${how === 'fill' ? 'by page.fill and sent with Enter' : `by a password manager (value + '${how}' only)`} logs in at once`, async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    if (how === 'fill') await login.fillAndPressEnter('viewer@shelfpad.test', DEMO_PASSWORD);
    else await login.autofillAndSubmit('viewer@shelfpad.test', DEMO_PASSWORD, how);
    await login.expectPath('/dashboard');
    await expect(new AppShell(page).current.locator('ion-title')).toHaveText('Dashboard');
    await expect(login.dialogs.alert).toHaveCount(0);
  });
}

// spec: core §2.19 — the optional next parameter
test('next is honoured after login, and only inside the app', async ({ page }) => {
  const login = new LoginPage(page);
  // A protected route without a session: the guard sends the member to login with next.
  await page.goto('/#/dashboard?from=link');
  await login.expectPath('/login?next=/dashboard?from=link');
  await login.login('operator@shelfpad.test', DEMO_PASSWORD);
  await login.expectPath('/dashboard?from=link');
  await new AppShell(page).expectReady();

  // An outside address in next is ignored: the member lands on the dashboard of this app.
  await page.evaluate(() => sessionStorage.clear());
  await login.goto('https://example.com/phish');
  await login.login('operator@shelfpad.test', DEMO_PASSWORD);
  // An operator's work is scanning: the scan screen is their start page (issue 10 §8).
  await login.expectPath('/scan');
  expect(new URL(page.url()).origin).toBe(new URL(test.info().project.use.baseURL!).origin);
});

test('a weak password prompts for a change; declining goes on to the dashboard', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.login('weak@shelfpad.test', 'password');
  await login.dialogs.expectAlert('Your password is too weak.', 'Do you want to change it now?');
  await login.dialogs.answer('cancel');
  await login.expectPath('/scan');
  await new AppShell(page).expectReady();
});

test('a password about to expire shows the notice', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.login('expiring@shelfpad.test', DEMO_PASSWORD);
  await login.dialogs.expectToast('Your password will expire soon');
  await login.expectPath('/scan');
});

// spec: core §2.22, core §8.0a — the account modal's 'password' answer forces logout; 'Update Password Error' titles its refusals
test('accepting the weak-password prompt changes the password in the account modal, which logs out', async ({ page, request }, info) => {
  // Signup refuses weak passwords (server policy), so a seeded weak account is changed, once per run: one project.
  test.skip(info.project.name !== 'desktop', 'weak-change@shelfpad.test can be changed only once per run');
  const email = 'weak-change@shelfpad.test';
  const weak = 'password';
  const strong = 'Strong#Pass2026';
  const login = new LoginPage(page);
  await login.goto();
  await login.login(email, weak);
  await login.dialogs.expectAlert('Your password is too weak.', 'Do you want to change it now?');
  await login.dialogs.answer('ok');
  await expect(login.accountModal).toBeVisible();
  // A wrong current password: the server refuses, titled 'Update Password Error'.
  await login.changePassword(login.accountModal, 'not-my-password', strong);
  await login.dialogs.expectError('Update Password Error', 'The current password is not correct.');
  await login.changePassword(login.accountModal, weak, strong, 'Strong#Pass2027');
  await login.dialogs.expectError('Update Password Error', 'Confirm Password does not match!');
  await login.changePassword(login.accountModal, weak, strong);
  // The 'password' answer logs out.
  await expect(login.accountModal).toBeHidden();
  await login.expectPath('/login');
  await expect.poll(() => login.storedSession()).toBeNull();
  const after = await apiLogin(request, email, strong);
  expect(after.session.weakPwd).toBe(false);
  const old = await request.post('/api/auth/login', { data: { email, password: weak } });
  expect(old.status()).toBe(401);
});

// spec: core §2.15, core §2.20 — forceChange: password change modal, then logout
test('the forced password change after login logs out, and the new password works', async ({ page, request }, info) => {
  // One demo account has forceChange; changing it is a one-time act per database, so one project runs this.
  test.skip(info.project.name !== 'desktop', 'newhire@shelfpad.test can be changed only once per run');
  const login = new LoginPage(page);
  await login.goto();
  await login.login('newhire@shelfpad.test', DEMO_PASSWORD);
  await expect(login.forcePasswordModal).toBeVisible();
  await expect(login.forcePasswordModal.locator('ion-title')).toHaveText('Change your password');
  // Not containing the e-mail's name: the server's password policy refuses that.
  const fresh = 'Fresh#Changed2026';
  await login.changePassword(login.forcePasswordModal, DEMO_PASSWORD, fresh);
  await expect(login.forcePasswordModal).toBeHidden();
  await login.expectPath('/login');
  await expect.poll(() => login.storedSession()).toBeNull();
  const after = await apiLogin(request, 'newhire@shelfpad.test', fresh);
  expect(after.session.forceChange).toBe(false);
});

// spec: core §2.15 — the find-password modal (no URL)
test('find password: the empty e-mail is refused, a sent request closes the modal', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.findPasswordLink.click();
  await expect(login.findPasswordModal).toBeVisible();
  await login.findPasswordModal.getByRole('button', { name: 'Send' }).click();
  await login.dialogs.expectError('Error', 'Enter Email, Please!');
  await login.findPasswordModal.getByLabel('Email').fill('operator@shelfpad.test');
  await login.findPasswordModal.getByRole('button', { name: 'Send' }).click();
  await expect(login.findPasswordModal).toBeHidden();
  await login.dialogs.expectToast('If the account exists');
});

// spec: core §2.16 — header login history and account modals
// spec: admin §2.29 — the own-account modal (no URL) loads the account "me" and saves it
test('the header opens the login history and the account modal of the signed-in member', async ({ page, request }, info) => {
  const email = uniqueEmail(info, 'history');
  await apiSignup(request, email, 'History#Pass2026');
  const login = new LoginPage(page);
  await login.goto();
  await login.login(email, 'Wrong#Pass2026');
  await login.dialogs.expectError('Login Error', 'Authentication Failure.');
  // The signed-up member has no privileges yet: the shell shows its no-access page, with the header.
  await login.login(email, 'History#Pass2026');
  const shell = new AppShell(page);
  await shell.expectReady();

  const menu = await shell.openUserMenu();
  await menu.getByTestId('login-history-item').click();
  const history = page.getByTestId('login-history-modal');
  await expect(history).toBeVisible();
  const rows = history.locator('ion-item');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('LOGIN');
  await expect(rows.nth(1)).toContainText('FAILURE');
  await expect(rows.nth(0).locator('time')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();

  await (await shell.openUserMenu()).getByTestId('account-item').click();
  const account = page.getByTestId('account-modal');
  await expect(account.getByLabel('Name', { exact: true })).toHaveValue('E2E Person');
  await account.getByLabel('Name', { exact: true }).fill('Renamed Person');
  await account.getByRole('button', { name: 'Save' }).click();
  await login.dialogs.expectToast('Complete!');
  const { get } = await apiLogin(request, email, 'History#Pass2026');
  expect(await get<{ name: string }>('/account/me')).toMatchObject({ name: 'Renamed Person' });
});

// spec: core §2.20, core §8.0a — a redirect answer navigates there; 'Login Error' and 'Signup Error' titles
test('the older answer form (NOTES.md 2) and a redirect answer are followed', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  // A server of the older kind answers 200 with a code: code ≥ 0 is a Login Error with its message.
  await page.route('**/api/auth/login', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 200, json: { code: 1, message: 'Old server says no' } })
      : route.fallback(),
  );
  await login.login('operator@shelfpad.test', DEMO_PASSWORD);
  await login.dialogs.expectError('Login Error', 'Old server says no');
  expect(await login.storedSession()).toBeNull();
  await page.unroute('**/api/auth/login');

  // Signup of that kind: code 0 is a failure, titled 'Signup Error'.
  await page.route('**/api/auth/signup', (route) =>
    route.fulfill({ status: 200, json: { success: false, code: 0, message: 'Old signup refusal' } }),
  );
  const signup = new SignupPage(page);
  await signup.goto();
  for (const [field, value] of [
    ['email', 'old.form@shelfpad.test'],
    ['name', 'Old'],
    ['phone', '1'],
    ['password', 'Old#Form2026'],
    ['retype', 'Old#Form2026'],
  ] as const) {
    await signup.fill(field, value);
  }
  await signup.agreement.click();
  await signup.expectRefusal('Old signup refusal');
  await page.unroute('**/api/auth/signup');

  // A redirect answer (e.g. the company's own host) sends the browser there.
  const elsewhere = new URL(test.info().project.use.baseURL!);
  elsewhere.hostname = '127.0.0.1';
  elsewhere.hash = '#/signup';
  await page.route('**/api/auth/login', async (route) => {
    const real = await route.fetch();
    await route.fulfill({ response: real, json: { ...(await real.json()), redirect: elsewhere.href } });
  });
  await login.goto();
  await login.login('operator@shelfpad.test', DEMO_PASSWORD);
  await expect.poll(() => page.url()).toBe(elsewhere.href);
});

// spec: core §2.15, core §2.20, core §8.0a — createCompany: default company modal ('Setting Company Error'), then logout
test('a first login without companies opens the default company modal, which logs out', async ({ page }) => {
  // The demo database has companies, so the answer is marked here; the server itself still decides (409).
  await page.route('**/api/auth/login', async (route) => {
    const real = await route.fetch();
    await route.fulfill({ response: real, json: { ...(await real.json()), createCompany: true } });
  });
  const login = new LoginPage(page);
  await login.goto();
  await login.login('admin@shelfpad.test', DEMO_PASSWORD);
  const modal = page.getByTestId('default-company-modal');
  await expect(modal.locator('ion-title')).toHaveText('Create the default company');
  await modal.getByRole('button', { name: 'Create' }).click();
  await login.dialogs.expectError('Setting Company Error', 'Enter Company Code, please!');
  await modal.getByLabel('Company Code').fill('FIRSTCO');
  await modal.getByLabel('Company Name').fill('First Co');
  await modal.getByRole('button', { name: 'Create' }).click();
  await login.dialogs.expectError(
    'Setting Company Error',
    'A company already exists; the default company can only be created on a system without companies.',
  );
  await modal.getByRole('button', { name: 'Logout' }).click();
  await expect(modal).toBeHidden();
  await expect.poll(() => login.storedSession()).toBeNull();
  await login.expectPath('/login');
});
