import { expect, test } from '@playwright/test';
import { ChangeHistoryPage, type ChangeRowAnswer } from './page-models/change-history-page';
import { inputOf } from './page-models/fields';
import { JAPANESE_FILTER_WORDS, ListScreenModel } from './page-models/list-screen';

/*
 * Issues 31.6 and 31.14: what the system stores for machines — JSON, HTTP methods and paths, type codes — reaches a
 * member as words of the member's language. A Japanese administrator switches the language in the header and walks
 * to the histories through the menu. Reads only; the desktop table is where the columns are side by side.
 */
type AlarmRow = { location: string; type: string; class: number; data?: string };

test.beforeEach(({ page: _page }, info) => test.skip(info.project.name !== 'desktop', 'the desktop table'));

test('the change history in Japanese reads as words: operation, method, address and items, no JSON', async ({ page, request }) => {
  const history = new ChangeHistoryPage(page);
  const api = await history.shell.signIn(request, 'admin@shelfpad.test');
  // The seed's change of a store's config: PUT /config/store with items [{ enableTagStatusCheck: true }].
  const answer = await api.post('/change/history', { draw: 1, start: 0, length: 10, filter_path: '/config/store', condition_path: '==' });
  const seeded = ((await answer.json()) as { data: (ChangeRowAnswer & { items: unknown })[] }).data.find((r) => r.method === 'PUT');
  expect(seeded?.items).toEqual([{ enableTagStatusCheck: true }]);

  await history.shell.goto('/dashboard');
  await history.shell.expectReady();
  await history.shell.switchLanguage('ja_JP');
  await history.shell.navigate('変更履歴');
  await history.shell.expectPath('/change/history');
  // Other tests write too, so the seed's row is past the first page by now: the administrator filters by address.
  await history.filter('パス', '==', '/config/store', JAPANESE_FILTER_WORDS);
  await expect(history.row(seeded!.id)).toBeVisible();

  await expect(history.cell(seeded!.id, 'operation')).toHaveText('更新');
  await expect(history.cell(seeded!.id, 'method')).toHaveText('変更');
  // The address names no value: the category, in Japanese; the address itself stays in the title.
  await expect(history.cell(seeded!.id, 'path')).toHaveText('店舗設定');
  await expect(history.cell(seeded!.id, 'path').getByTestId('change-path')).toHaveAttribute('title', 'アドレス: /config/store');
  await expect(history.cell(seeded!.id, 'items')).toHaveText('enableTagStatusCheck: はい');
  await expect(history.table).not.toContainText('{"');
  await expect(history.table).not.toContainText('PUT');
});

test('the alarm history in Japanese names the alarm types (the spec’s type 4) and shows data as pairs', async ({ page, request }) => {
  const alarms = new ListScreenModel(page);
  const api = await alarms.shell.signIn(request, 'admin@shelfpad.test');
  const answer = await api.post('/alarm/history', { draw: 1, start: 0, length: 25, filter_type: '4', condition_type: '==' });
  const failures = ((await answer.json()) as { data: AlarmRow[] }).data;
  expect(failures.length).toBeGreaterThan(0);
  const data = JSON.parse(failures[0].data ?? '{}') as Record<string, unknown>;

  await alarms.shell.goto('/dashboard');
  await alarms.shell.expectReady();
  await alarms.shell.switchLanguage('ja_JP');
  await alarms.shell.navigate('アラーム履歴');
  await alarms.shell.expectPath('/alarm/history');
  await expect(alarms.rows.first()).toBeVisible();
  const types = alarms.table.locator('td[data-field="type"]');
  await expect(types.filter({ hasText: 'タグ更新失敗' }).first()).toBeVisible();
  // No type is shown as a number or an internal key.
  for (const text of await types.allTextContents()) expect(text).not.toMatch(/^[\d_A-Z ]+$/);
  const [key, value] = Object.entries(data)[0];
  await expect(
    alarms.table
      .locator('td[data-field="data"]')
      .filter({ hasText: `${key}: ${String(value)}` })
      .first(),
  ).toBeVisible();
  await expect(alarms.table.locator('td[data-field="data"]').filter({ hasText: '{' })).toHaveCount(0);
});

test('the roles in Japanese: the two built-in roles by Japanese names, typed names as typed, privileges never broken', async ({
  page,
  request,
}) => {
  const roles = new ListScreenModel(page);
  const api = await roles.shell.signIn(request, 'admin@shelfpad.test');
  const typed = (await api.get<{ role_id: number; name: string }[]>('/role/list')).find((r) => r.role_id > 0)!;

  await roles.shell.goto('/dashboard');
  await roles.shell.expectReady();
  await roles.shell.switchLanguage('ja_JP');
  await roles.shell.navigate('ロール');
  await roles.shell.expectPath('/roles');
  // Roles -1 and 0 are the system's (their stored names are English keys of a kind); a typed name stays as typed.
  await expect(roles.cell('-1', 'name')).toHaveText('スーパー管理者');
  await expect(roles.cell('0', 'name')).toHaveText('会社管理者');
  await expect(roles.cell(String(typed.role_id), 'name')).toHaveText(typed.name);
  // The privileges wrap between privileges, never inside one (エ/イリアス was broken at the line's end).
  const pieces = roles.table.locator('.role-privilege');
  await expect(pieces.first()).toBeVisible();
  const lines = await pieces.evaluateAll((els) =>
    els.map((e) => [e.textContent ?? '', new Set([...e.getClientRects()].map((r) => Math.round(r.top))).size] as const),
  );
  expect(lines.filter(([, n]) => n !== 1)).toEqual([]);

  // Opened to be read (it is locked): the dialog names the role in Japanese and says nothing of an update.
  await roles.row('-1').getByTestId('role-edit').click();
  const dialog = page.getByTestId('role-modal');
  await expect(dialog.locator('ion-title')).toHaveText('ロール スーパー管理者');
  await expect(inputOf(dialog.getByTestId('role-name'))).toHaveValue('スーパー管理者');
});
