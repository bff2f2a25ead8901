import { expect, test } from '@playwright/test';
import { ListScreenModel } from './page-models/list-screen';
import { onDesktop } from './fixtures/projects';

/*
 * Issue 33 §14: an imported notification file must be valid JSON (console-admin §9): a file that is not shows
 * "The file is not JSON." and the stored contents stay as they were.
 */
// spec: admin §5.14 — an imported notification file must be valid JSON
test(
  'a notification import that is not JSON is refused and changes no content',
  onDesktop('the same button on a phone; the desktop covers it'),
  async ({ page, request }) => {
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
  },
);
