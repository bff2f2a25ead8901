import { expect, test } from '@playwright/test';
import { ListScreenModel } from './page-models/list-screen';

/*
 * Issue 14 §3: /alarm/history shows the server's system alarms newest first, coloured by class (1 blue,
 * 2 orange, 3 red), a SYSTEM location translated. Reads only: both projects.
 */

type AlarmRow = { location: string; type: string; class: number; data?: string; updatedAt: string };

// spec: admin §3.22 — alarm class 1 INFORMATION, 2 WARNING, 3 CRITICAL as shown
test('the alarm history shows the server’s newest alarms with their class colour', async ({ page, request }) => {
  const alarms = new ListScreenModel(page);
  const api = await alarms.shell.signIn(request, 'admin@shelfpad.test');
  const answer = await api.post('/alarm/history', { draw: 1, start: 0, length: 25 });
  const rows = ((await answer.json()) as { data: AlarmRow[] }).data;
  expect(rows.length).toBeGreaterThan(0);
  await alarms.open('/alarm/history');
  await expect(alarms.rows).toHaveCount(rows.length);
  // spec: core §4.5 — alarm class 1 information (blue), 2 warning (orange), 3 critical (red)
  const tones = { 1: 'info', 2: 'warning', 3: 'danger' } as Record<number, string>;
  const shown = await alarms.rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-tone')));
  expect(shown).toEqual(rows.map((r) => tones[r.class]));
  const first = (field: string) => alarms.rows.first().locator(`td[data-field="${field}"], div[data-field="${field}"] > dd`);
  await expect(first('location')).toHaveText(rows[0].location === 'SYSTEM' ? 'System' : rows[0].location);
  await expect(first('class')).toHaveText(['Information', 'Warning', 'Critical'][rows[0].class - 1]);
});
