import { expect, test } from '@playwright/test';
import { ListScreenModel } from './page-models/list-screen';

/*
 * The sensor store list reads like the other lists (issue 10 §9): 'Store code' and 'Updated at' in sentence case,
 * statuses by their names, and no label over an empty value.
 */
test("the sensor store list uses the lists' labels and shows no empty update time", async ({ page, request }) => {
  const list = new ListScreenModel(page);
  await list.shell.signIn(request, 'admin@shelfpad.test');
  await list.open('/sensor');
  await expect(list.rows.first()).toBeVisible();
  const text = await list.table.innerText();
  expect(text).toContain('Store code');
  expect(text).not.toContain('Store Code');
  expect(text).not.toContain('Updated At');
  expect(text).not.toMatch(/\bNORMAL\b|\bALARM\b|\bOFFLINE\b/);
  const keys = await list.rowKeys();
  for (const key of keys) await expect(list.cell(key, 'updatedAt')).not.toHaveText('');
});
