import { expect, test } from '@playwright/test';
import { loadingModal } from './page-models/loading-modal';
import { SettingsPage } from './page-models/settings-page';

/*
 * console-admin §2 (the loading modal) on one of the long operations it covers: the mobile software upload. The
 * upload is held in the browser until the modal is on view — past the modal's 300 ms delay without timing luck —
 * then goes on to the real server; the modal leaves once the server has answered. A write to what every project
 * shares (a software file, removed again): once, on the desktop.
 */
// spec: admin §2.31 — the loading modal covers a long operation and leaves when it ends
test('the loading modal covers a mobile software upload and leaves when the server has answered', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'a write to what every project shares: once, on the desktop');
  const settings = new SettingsPage(page);
  const api = await settings.shell.signIn(request, 'admin@shelfpad.test');
  const version = `7.3.0-e2e-loading-${Date.now().toString(36)}`;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/app\/file$/, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await held;
    await route.continue();
  });

  await settings.shell.goto('/dashboard');
  await settings.shell.expectReady();
  await settings.shell.navigate('Server config');
  await settings.arrived('/setting/server-config');
  const apk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('e2e apk')]);
  await settings.uploadMobileFile(`mobile_${version}.apk`, apk);
  const modal = loadingModal(page);
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Uploading the software file…');

  release();
  await expect(modal).toHaveCount(0);
  await settings.expectToast(`Version ${version} uploaded.`);
  const files = await api.get<{ _id: string; ver: string }[]>('/app/file/list');
  const file = files.find((f) => f.ver === version);
  expect(file, 'the server keeps the uploaded file').toBeTruthy();
  expect((await request.delete(`/api/app/file/${file!._id}`, { headers: api.headers })).ok()).toBe(true);
});
