import { expect, test } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { chooseOption, exactText, inputOf } from './page-models/fields';
import { filterCondition } from './page-models/list-screen';
import { PlusTemplatesPage } from './page-models/plus-templates-page';

/*
 * plus-signage §9.7: schedule dates are yyyy-mm-dd, times 24-hour, the days seven buttons; a date-time filter is
 * typed as yyyy-mm-dd hh:ii:ss. A schedule of its own in PAR001 (a Plus store no other spec lists by count) is
 * created in the browser, filtered by the time the list shows for it, and removed again.
 */
const STORE = 'PAR001';
const MEMBER = 'admin@shelfpad.test';

// spec: plus §9.7 — schedule dates yyyy-mm-dd, 24-hour times, seven day buttons; the date-time filter typed yyyy-mm-dd hh:ii:ss
test('a schedule takes yyyy-mm-dd dates, 24-hour times and seven day buttons; the list filters by a yyyy-mm-dd hh:ii:ss time', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name === 'phone', 'schedules are edited at a desk; the phone shows the same DataTable cards');
  test.setTimeout(120_000);
  const api = await apiLogin(request, MEMBER);
  const name = `e2e-format-${Date.now().toString(36)}`;
  const screen = new PlusTemplatesPage(page);
  await screen.shell.signIn(request, MEMBER);
  await screen.open(`/plus/schedule/list/${STORE}`);
  await screen.byTestId('schedule-create').click();
  const modal = screen.scheduleModal;
  const invalid = modal.getByRole('alert');

  // spec: plus §2.67 — the schedule create modal
  // Seven day buttons, Sunday first.
  await expect(modal.getByRole('group', { name: 'Days' }).locator('ion-button')).toHaveText([
    'Sun',
    'Mon',
    'Tue',
    'Wed',
    'Thu',
    'Fri',
    'Sat',
  ]);
  // The period's dates are yyyy-mm-dd; another way of writing a date is refused.
  await expect(inputOf(modal.getByTestId('schedule-modal-periodStart'))).toHaveAttribute('placeholder', 'yyyy-mm-dd');
  await screen.fillSchedule({ name, start: '2026/03/01', end: '2026-03-31', days: [0, 6], ranges: [['13:00', '23:30']] });
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(invalid).toHaveText('Validation Error');
  await inputOf(modal.getByTestId('schedule-modal-periodStart')).fill('2026-03-01');

  // Times are on a 24-hour clock: 24:00 and a 12-hour time are refused, 13:00–23:30 is taken.
  await expect(inputOf(modal.getByTestId('schedule-range-start'))).toHaveAttribute('placeholder', 'hh:mm');
  for (const [from, to] of [
    ['20:00', '24:00'],
    ['1:00p', '11:30'],
  ]) {
    await screen.fillRange(0, from, to);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(invalid).toHaveText('Validation Error');
  }
  await screen.fillRange(0, '13:00', '23:30');
  const saved = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/plus/schedule/store/${STORE}`));
  await modal.getByRole('button', { name: 'Save' }).click();
  expect((await saved).postDataJSON()).toMatchObject({
    name,
    period: { start: '2026-03-01', end: '2026-03-31' },
    days: [0, 6],
    time: [{ start: '13:00', end: '23:30' }],
  });
  await expect(modal).toBeHidden();
  const row = screen.rowByName(name);
  await expect(row.getByTestId('schedule-summary')).toHaveText('2026-03-01 ~ 2026-03-31 / Sun, Sat / 13:00-23:30');
  const id = (await row.getAttribute('data-row-key'))!;

  try {
    // The list shows the time as yyyy-mm-dd hh:ii:ss; typed so into the filter, it is sent as that moment's epoch seconds.
    const shown = (await screen.cell(id, 'updatedAt').innerText()).trim();
    expect(shown).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [date, time] = shown.split(' ');
    const seconds = await page.evaluate(
      ([d, t]) => {
        const [y, mo, day] = d.split('-').map(Number);
        const [h, mi, s] = t.split(':').map(Number);
        return Math.floor(new Date(y, mo - 1, day, h, mi, s).getTime() / 1000);
      },
      [date, time] as const,
    );

    const filters = screen.current.getByRole('button', { name: 'Filters' });
    await filters.click();
    const form = screen.current.getByRole('form', { name: 'Filters' });
    const field = form.getByLabel('Updated', { exact: true });
    await expect(field).toHaveAttribute('placeholder', 'yyyy-mm-dd hh:ii:ss');
    for (const [condition, value, kept] of [
      ['>=', seconds, true],
      ['<=', seconds - 1, false],
    ] as const) {
      if (!(await form.isVisible())) await filters.click();
      await chooseOption(filterCondition(form, 'Updated'), exactText(condition));
      const text = await page.evaluate((s) => {
        const d = new Date(s * 1000);
        const p = (n: number) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
      }, value);
      await field.fill(text);
      const listed = page.waitForRequest(
        (r) => r.url().includes(`/api/plus/schedule/list/store/${STORE}`) && r.postDataJSON()?.filter_updatedAt !== undefined,
      );
      await form.getByRole('button', { name: 'Apply' }).click();
      expect((await listed).postDataJSON()).toMatchObject({ filter_updatedAt: value, condition_updatedAt: condition });
      await expect(screen.row(id)).toHaveCount(kept ? 1 : 0);
    }
  } finally {
    const res = await api.post(`/plus/asset/schedule/remove/store/${STORE}`, { idList: [id] });
    expect(res.ok(), await res.text()).toBe(true);
  }
});
