import { expect, test } from '@playwright/test';
import { ListScreenModel } from './page-models/list-screen';

/*
 * Issue 33 §14: an imported notification file must be valid JSON (console-admin §9): a file that is not shows
 * "The file is not JSON." and the stored contents stay as they were.
 */
// spec: admin §5.14 — an imported notification file must be valid JSON
test('a notification import that is not JSON is refused and changes no content', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'the same button on a phone; the desktop covers it');
  const screen = new ListScreenModel(page);
  const api = await screen.shell.signIn(request, 'admin@shelfpad.test');
  const before = await api.get('/alarm/notification/content/gwOff1Hr');
  await screen.open('/alarm/notification');
  await screen
    .byTestId('notification-import-input')
    .setInputFiles({ name: 'contents.json', mimeType: 'application/json', buffer: Buffer.from('subject,body\nnot,json\n') });
  await expect(screen.alert).toContainText('The file is not JSON.');
  await screen.alert.getByRole('button', { name: 'OK' }).click();
  await expect(screen.alert).toBeHidden();
  expect(await api.get('/alarm/notification/content/gwOff1Hr')).toEqual(before);
});
