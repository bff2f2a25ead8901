import { expect, test } from '@playwright/test';
import { STORE_WRITES } from './fixtures/tags';
import { setTicked } from './page-models/fields';
import { ListScreenModel } from './page-models/list-screen';
import { SettingsForm, SettingsPage } from './page-models/settings-page';

/*
 * Issue 14 §3: /alarm/notification lists the three default keys, all off; the super administrator turns one on
 * and edits its content (desktop, put back afterwards); on a phone the keys are cards.
 */

test('the three default keys are listed, all off', async ({ page, request }) => {
  const screen = new ListScreenModel(page);
  await screen.shell.signIn(request, 'admin@shelfpad.test');
  await screen.open('/alarm/notification');
  await screen.expectRows(['abnorTagProduct', 'gwOff1Hr', 'notRecvCsv4Hr']);
  for (const key of ['abnorTagProduct', 'gwOff1Hr', 'notRecvCsv4Hr'])
    await expect(screen.current.getByTestId(`notification-enabled-${key}`)).not.toBeChecked();
});

// Once, at a desk, after the read-only projects (STORE_WRITES): run beside them, the key it turns on was seen by the
// test above.
test('a key turned on and its content edited are stored by the server', { tag: STORE_WRITES }, async ({ page, request }) => {
  const screen = new SettingsPage(page);
  const api = await screen.shell.signIn(request, 'admin@shelfpad.test');
  const before = await api.get<{ title: string; detail: string; subject: string; body: string }>('/alarm/notification/content/gwOff1Hr');
  try {
    await screen.open('/alarm/notification');
    await setTicked(screen.byTestId('notification-enabled-gwOff1Hr'));
    await expect(screen.byTestId('notification-enabled-gwOff1Hr')).toBeChecked();
    await expect.poll(() => api.get('/alarm/notification')).toEqual({ enabled: ['gwOff1Hr'] });
    await screen.byTestId('notification-edit-gwOff1Hr').click();
    const form = new SettingsForm(page, 'notification-modal');
    await form.expectOpen();
    await form.fill({ subject: '[E2E] Gateway {gwMac} offline' });
    await form.submit();
    await form.expectClosed();
    await expect(screen.cell('gwOff1Hr', 'subject')).toHaveText('[E2E] Gateway {gwMac} offline');
    expect(await api.get('/alarm/notification/content/gwOff1Hr')).toMatchObject({
      subject: '[E2E] Gateway {gwMac} offline',
      title: before.title,
    });
  } finally {
    await api.post('/alarm/notification', { enabled: [] });
    await request.put('/api/alarm/notification/content/gwOff1Hr', { headers: api.headers, data: before });
  }
});
