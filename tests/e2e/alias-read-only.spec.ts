import { expect, test } from '@playwright/test';
import type { AliasItem } from '../../contract/schemas/settings-alias';
import { ListScreenModel } from './page-models/list-screen';

/*
 * Issue 33 §14: alias write changes the layout of the alias screen (console-admin §10): a member who may only read
 * sees "Read only", the company's aliases as text (no name fields, no delete), and neither import nor save.
 */
const VIEWER = 'viewer@shelfpad.test';

// spec: admin §6.3 — without alias write the alias screen is laid out read only
test('a member without alias write sees the aliases read only, with no import, save or delete', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'the same screen on a phone; the desktop covers it');
  const screen = new ListScreenModel(page);
  const api = await screen.shell.signIn(request, VIEWER);
  const alias = await api.get<AliasItem[]>('/config/alias/company/ACME');
  expect(alias.length, 'ACME has aliases').toBeGreaterThan(0);
  await screen.open('/setting/alias-config');
  await expect(screen.current.getByText('Read only', { exact: true })).toBeVisible();
  const table = screen.byTestId('alias-table');
  for (const a of alias.filter((x) => x.name).slice(0, 3)) await expect(table.getByText(a.name, { exact: true }).first()).toBeVisible();
  await expect(table.getByTestId('alias-name')).toHaveCount(0);
  await expect(table.getByTestId('alias-delete')).toHaveCount(0);
  await expect(screen.byTestId('alias-save')).toHaveCount(0);
  await expect(screen.byTestId('alias-import')).toHaveCount(0);
  await expect(screen.byTestId('alias-export')).toBeVisible();
});
