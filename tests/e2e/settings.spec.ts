import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { Company } from '../../contract/schemas/settings-company';
import { startSmtpSink } from '../server/settings-smtp-sink';
import { LoginPage } from './page-models/login-page';
import { SESSION_KEY } from './page-models/app-shell';
import { SettingsForm, SettingsPage } from './page-models/settings-page';

/*
 * Issue 13, settings part 1: server config, SMTP with a test mail that a real SMTP host on loopback receives,
 * mobile software files, companies (with their admin, who then logs in) and AMac. The writes run on the desktop
 * project only (they change what every project shares); the phone project checks the lists as cards.
 */

const OPS_EMAIL = 'e2e-ops@shelfpad.test';

async function signedIn(page: Page, request: APIRequestContext, email = 'admin@shelfpad.test') {
  const settings = new SettingsPage(page);
  const api = await settings.shell.signIn(request, email);
  return { settings, api };
}

// The row-menu paths here (mobile software Remove, AMac Delete, company Delete in row-actions.spec.ts) stay desktop
// flows: they are the system administrator's set-up of the whole installation, done at a desk (playwright.config.ts),
// unlike members, roles and schedules, which a manager changes on a phone (row-menu.spec.ts, row-actions.spec.ts,
// plus-templates.spec.ts run those on both projects).
const desktopOnly = (info: TestInfo) =>
  test.skip(info.project.name !== 'desktop', 'a write to what every project shares: once, on the desktop');

/** The server config's e-mail is where test mails go; the other fields stay as the demo data has them. */
async function setOpsEmail(api: Awaited<ReturnType<typeof signedIn>>['api']) {
  const config = await api.get<Record<string, unknown>>('/config/server');
  const res = await api.post('/config/server', { ...config, email: OPS_EMAIL });
  expect(res.ok()).toBe(true);
}

test('server config: a missing period and a refused e-mail are shown, a valid save is stored', async ({ page, request }, info) => {
  desktopOnly(info);
  const { settings, api } = await signedIn(page, request);
  await settings.open('/setting/server-config');
  await settings.byTestId('server-config-edit').click();
  const form = new SettingsForm(page, 'server-config-modal');
  await form.expectOpen();
  await form.fill({ historyRetentionDays: '' });
  await form.submit();
  await expect(form.problem('historyRetentionDays')).toHaveText('Setting Server Error: History retention (days) is required.');
  await expect(form.input('historyRetentionDays')).toBeFocused();
  await form.fill({ historyRetentionDays: '45', email: 'nobody' });
  await form.submit();
  expect(await settings.readAlert()).toEqual({ title: 'Setting Server Error', message: 'Not an e-mail address: nobody' });
  await form.fill({ email: OPS_EMAIL });
  await form.submit();
  await form.expectClosed();
  await expect(settings.byTestId('server-config-historyRetentionDays')).toHaveText('45');
  expect(await api.get('/config/server')).toMatchObject({ historyRetentionDays: 45, email: OPS_EMAIL });
});

test('SMTP: the required host is shown, the saved settings send a test mail the loopback host receives', async ({
  page,
  request,
}, info) => {
  desktopOnly(info);
  const sink = await startSmtpSink('plain');
  try {
    const { settings, api } = await signedIn(page, request);
    await setOpsEmail(api);
    await settings.open('/setting/server-config');
    await settings.byTestId('smtp-edit').click();
    const form = new SettingsForm(page, 'smtp-modal');
    await form.expectOpen();
    await form.fill({ enable: 'on', server: '' });
    await form.submit();
    await expect(form.problem('server')).toHaveText('Setting SMTP Error: SMTP server is required.');
    await form.fill({
      server: '127.0.0.1',
      port: String(sink.port),
      account: 'alerts@shelfpad.test',
      password: 'e2e-secret',
      tls: 'off',
      ssl: 'off',
    });
    await form.submit();
    await form.expectClosed();
    await expect(settings.byTestId('smtp-server')).toHaveText('127.0.0.1');
    await expect(settings.byTestId('smtp-port')).toHaveText(String(sink.port));
    // The stored password never comes back to the console.
    expect(JSON.stringify(await api.get('/config/smtp'))).not.toContain('e2e-secret');

    await settings.byTestId('smtp-test').click();
    await settings.expectToast('Test mail has been sent to the configured e-mail address.');
    const mail = await sink.next((m) => m.subject === 'Shelfpad test mail');
    expect(mail.to).toEqual([OPS_EMAIL]);
    expect(mail).toMatchObject({ from: 'alerts@shelfpad.test', user: 'alerts@shelfpad.test', password: 'e2e-secret' });
  } finally {
    await sink.close();
  }
});

// spec: admin §8.5, admin §5.7, admin §4.4 — the upload failure shows the message with mobile_{version_info}.apk; activating is one action
test('mobile software: a wrong name is refused, a file is uploaded, activated and removed', async ({ page, request }, info) => {
  desktopOnly(info);
  const { settings, api } = await signedIn(page, request);
  await settings.open('/setting/server-config');
  const apk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('e2e apk')]);
  await settings.uploadMobileFile('shelfpad.apk', apk);
  expect(await settings.readAlert()).toEqual({
    title: 'Upload failed',
    message: 'The file name must look like mobile_{version_info}.apk.',
  });

  await settings.uploadMobileFile('mobile_7.1.0-e2e.apk', apk);
  await settings.expectToast('Version 7.1.0-e2e uploaded.');
  const [file] = (await api.get<{ _id: string; ver: string }[]>('/app/file/list')).filter((f) => f.ver === '7.1.0-e2e');
  await expect(settings.cell(file._id, 'active')).toHaveText('Inactive');
  const download = page.waitForEvent('download');
  await settings.rowAction(file._id, 'mobile-download').click();
  expect((await download).suggestedFilename()).toBe('mobile_7.1.0-e2e.apk');

  await settings.rowAction(file._id, 'mobile-activate').click();
  await expect(settings.cell(file._id, 'active')).toHaveText('Active');
  // Issue 31 §11: Remove is no red button on the row; it waits, last, in the row's menu.
  await expect(settings.rowAction(file._id, 'mobile-remove')).toHaveCount(0);
  await settings.takeRowAction(file._id, 'mobile-remove');
  await settings.confirm();
  await settings.expectToast('S/W is removed.');
  await expect(settings.row(file._id)).toHaveCount(0);

  // A file another console removed meanwhile: the row is still on screen, the server no longer has it.
  await settings.uploadMobileFile('mobile_7.2.0-e2e.apk', apk);
  // The upload answers after the file input's change: wait for the server to list it.
  const uploaded = () =>
    api.get<{ _id: string; ver: string }[]>('/app/file/list').then((files) => files.filter((f) => f.ver === '7.2.0-e2e'));
  await expect.poll(async () => (await uploaded()).length).toBe(1);
  const [gone] = await uploaded();
  await expect(settings.row(gone._id)).toHaveCount(1);
  expect((await request.delete(`/api/app/file/${gone._id}`, { headers: api.headers })).ok()).toBe(true);
  await settings.rowAction(gone._id, 'mobile-activate').click();
  expect(await settings.readAlert()).toEqual({ title: 'Remove S/W failed', message: `Unknown software file: ${gone._id}` });
});

test('a company is created with its admin, who logs in and sees only that company', async ({ page, request }, info) => {
  desktopOnly(info);
  const { settings, api } = await signedIn(page, request);
  await settings.open('/setting/company-config');
  await settings.byTestId('company-create').click();
  const form = new SettingsForm(page, 'company-modal');
  await form.expectOpen();
  // The spec's defaults are filled in (console-admin §9).
  await expect(form.input('gatewayStatusCheckMargin')).toHaveValue('120');
  await expect(form.input('panId')).toHaveValue('BFFF');
  await form.submit();
  await expect(form.problem('companyCode')).toHaveText('Setting Company Error: Company code is required.');
  await form.fill({ companyCode: 'E2ECO', companyName: 'E2E Company', gatewayStatusCheckMargin: '99' });
  await form.submit();
  await expect(form.problem('gatewayStatusCheckMargin')).toHaveText('Gateway status check margin (%) must be at least 100.');
  await form.fill({
    gatewayStatusCheckMargin: '120',
    adminName: 'E2E Admin',
    adminPassword: 'E2e#Company1',
    adminPasswordConfirm: 'E2e#Company2',
  });
  await expect(form.input('adminEmail')).toHaveAttribute('placeholder', 'E2ECO-admin');
  await form.submit();
  await expect(form.problem('adminPasswordConfirm')).toHaveText('Password doe not match!');
  await form.fill({ adminPasswordConfirm: 'E2e#Company1' });
  await form.submit();
  await settings.expectToast('Complete!');
  await form.expectClosed();
  await expect(settings.cell('E2ECO', 'companyName')).toHaveText('E2E Company');
  const page1 = (await (await api.post('/config/company/list', { draw: 1, start: 0, length: -1 })).json()) as { data: Company[] };
  expect(page1.data.find((c) => c.companyCode === 'E2ECO')).toMatchObject({ historyRetentionDays: 30, panId: 'BFFF', timeServerPort: 123 });

  // The admin id left empty is the company code plus "-admin".
  await page.evaluate((key) => sessionStorage.removeItem(key), SESSION_KEY);
  const login = new LoginPage(page);
  await login.goto();
  await login.login('E2ECO-admin', 'E2e#Company1');
  await settings.shell.expectReady();
  await settings.open('/setting/company-config');
  await settings.expectRows(['E2ECO']);
  // A company admin neither creates nor deletes companies.
  await expect(settings.byTestId('company-create')).toHaveCount(0);
  await expect(settings.rowAction('E2ECO', 'company-delete')).toHaveCount(0);
  // Edit and SMTP are all a company admin may take: no row menu either.
  await expect(settings.rowAction('E2ECO', 'company-edit')).toBeVisible();
  await expect(settings.rowAction('E2ECO', 'row-menu')).toHaveCount(0);
});

test('AMac: both fields are required, then an AMac is created, edited and deleted', async ({ page, request }, info) => {
  desktopOnly(info);
  const { settings, api } = await signedIn(page, request);
  await settings.open('/setting/amac-config');
  await settings.byTestId('amac-create').click();
  const form = new SettingsForm(page, 'amac-modal');
  await form.expectOpen();
  await form.fill({ abstractCode: 'E2EAM' });
  await form.submit();
  await expect(form.problem('abstractData')).toHaveText('Setting Amac Error: Abstract data is required.');
  await form.fill({ abstractData: '3C1A00E2' });
  await form.submit();
  await form.expectClosed();
  await expect(settings.cell('E2EAM', 'abstractData')).toHaveText('3C1A00E2');

  await settings.rowAction('E2EAM', 'amac-edit').click();
  await form.expectOpen();
  await expect(form.input('abstractCode')).not.toBeEditable();
  await form.fill({ abstractData: '3C1A00E3' });
  await form.submit();
  await form.expectClosed();
  await expect(settings.cell('E2EAM', 'abstractData')).toHaveText('3C1A00E3');
  expect(await api.get('/config/amac')).toContainEqual({ abstractCode: 'E2EAM', abstractData: '3C1A00E3' });

  // Issue 31 §11: Edit stays on the row, Delete waits in its menu.
  await expect(settings.rowAction('E2EAM', 'amac-delete')).toHaveCount(0);
  expect(await settings.rowMenuEntries('E2EAM')).toEqual(['Delete']);
  await settings.takeRowAction('E2EAM', 'amac-delete');
  await settings.confirm();
  await expect(settings.row('E2EAM')).toHaveCount(0);
  expect(await api.get<{ abstractCode: string }[]>('/config/amac')).not.toContainEqual(expect.objectContaining({ abstractCode: 'E2EAM' }));
});

test('on a phone the company and AMac lists are cards with the server’s rows', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'phone', 'the phone layout');
  const { settings, api } = await signedIn(page, request);
  const companies = (await (await api.post('/config/company/list', { draw: 1, start: 0, length: -1 })).json()) as { data: Company[] };
  await settings.open('/setting/company-config');
  await expect(settings.table.locator('li.data-table-card').first()).toBeVisible();
  await expect(settings.table.locator('table')).toHaveCount(0);
  for (const c of companies.data.slice(0, 3)) await expect(settings.cell(c.companyCode, 'companyName')).toHaveText(c.companyName);
  const amacs = await api.get<{ abstractCode: string; abstractData: string }[]>('/config/amac');
  await settings.open('/setting/amac-config');
  for (const a of amacs.filter((x) => x.abstractCode.startsWith('AM0')))
    await expect(settings.cell(a.abstractCode, 'abstractData')).toHaveText(a.abstractData);
});
