import { expect, test, type Locator } from '@playwright/test';
import type { Task, TaskDetailRow, TaskHistory } from '../../contract/schemas/tasks';
import { apiLogin } from './fixtures/api';
import { TasksPage } from './page-models/tasks-page';

/*
 * Issue 33 §14: the two task modals of console-admin §2 — the task detail's preview, whose image "Rotate" turns by
 * 90° steps, and the task list's graph of how the task's tags answered. Both read the demo data's finished tasks
 * of LON001 (server/seed/history.ts), whose tags get no simulated answers on the e2e server: nothing here writes.
 */
const STORE = 'LON001';
const MEMBER = 'nord-admin@shelfpad.test';
type Page_<T> = { data: T[]; recordsFiltered: number };

/** The store's finished seeded tasks, oldest first, each with what the server answers for its graph. */
async function finishedTasks(api: Awaited<ReturnType<typeof apiLogin>>) {
  const res = await api.post('/task/list', { start: 0, length: 100, filter_taskId: `${STORE}-`, condition_taskId: '~' });
  expect(res.ok(), await res.text()).toBe(true);
  const list = ((await res.json()) as Page_<Task>).data
    .filter((t) => t.storeCode === STORE && t.endTime !== null && t.totalTags > 0)
    .sort((a, b) => a.startTime.localeCompare(b.startTime));
  expect(list.length, 'the demo store has finished tasks').toBeGreaterThan(0);
  return Promise.all(
    list.map(async (task) => ({
      task,
      history: await api.get<TaskHistory>(`/task/history/store/${STORE}/task/${encodeURIComponent(task.taskId)}`),
    })),
  );
}

/** The on-screen box of an element, once its CSS transition has settled (two reads a frame apart agree). */
async function settledBox(el: Locator) {
  let last = '';
  await expect
    .poll(
      async () => {
        const b = await el.boundingBox();
        const now = b ? `${Math.round(b.width)}x${Math.round(b.height)}` : '';
        const same = now !== '' && now === last;
        last = now;
        return same;
      },
      { intervals: [100, 100, 250] },
    )
    .toBe(true);
  const [w, h] = last.split('x').map(Number);
  return { w, h };
}

/** The turn the browser draws an element at, in whole degrees 0–359, from its computed transform matrix. */
async function turnOf(el: Locator): Promise<number> {
  const matrix = await el.evaluate((e) => getComputedStyle(e).transform);
  if (matrix === 'none') return 0;
  const [a, b] = matrix
    .slice(matrix.indexOf('(') + 1, -1)
    .split(',')
    .map(Number);
  return (Math.round((Math.atan2(b, a) * 180) / Math.PI) + 360) % 360;
}

// spec: admin §2.11 — the task detail preview's image turns by 90° per "Rotate", drawn turned on screen
test('the task detail preview shows the label image and Rotate turns it by 90° steps', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'the same modal on a phone; the desktop covers it');
  const tasks = new TasksPage(page);
  const api = await tasks.shell.signIn(request, MEMBER);
  const { task } = (await finishedTasks(api))[0];
  const detail = await api.post(`/task/detail/store/${STORE}/task/${encodeURIComponent(task.taskId)}`, { start: 0, length: 100 });
  expect(detail.ok(), await detail.text()).toBe(true);
  const row = ((await detail.json()) as Page_<TaskDetailRow>).data.sort((a, b) => a.tagId.localeCompare(b.tagId))[0];
  expect(row, 'the task has tags').toBeDefined();

  // As a user goes: the task list, the row's Detail, then the tag row's Preview.
  await tasks.openTask(task.taskId);
  await tasks.action(task.taskId, 'detail');
  await tasks.shell.expectPath(`/task/detail/${task.companyCode}/${STORE}/${task.taskId}/${task.taskType}`);
  await expect(tasks.row(`${row.tagId}/${row.prCode}`)).toBeVisible();
  await tasks.current.getByTestId(`task-preview-${row.tagId}`).click();

  const modal = page.locator(`ion-modal[data-testid="task-preview"]`);
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(`Preview of tag ${row.tagId}`);
  const image = modal.getByRole('img', { name: `Label of product ${row.prCode}` });
  await expect(image).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => turnOf(image)).toBe(0);
  // A label is wider than tall (296 × 128 when drawn for no tag type): a quarter turn stands it up.
  const flat = await settledBox(image);
  expect(flat.w).toBeGreaterThan(flat.h);

  const rotate = modal.getByTestId('task-preview-image-rotate');
  for (const turn of [90, 180, 270, 0]) {
    await rotate.click();
    await expect.poll(() => turnOf(image)).toBe(turn);
    const box = await settledBox(image);
    // On screen: standing at a quarter or three quarters of a turn, lying as it came at a half or whole one.
    const standing = turn % 180 === 90;
    expect(Math.abs(box.w - (standing ? flat.h : flat.w)), `width at ${turn}°`).toBeLessThanOrEqual(1);
    expect(Math.abs(box.h - (standing ? flat.w : flat.h)), `height at ${turn}°`).toBeLessThanOrEqual(1);
  }
});

// spec: admin §2.11, admin §2.9 — the list row's Graph plots the task's OK and NG answers as the server's history has them
test('the task list graph plots how many tags answered OK and NG over time, as the task history says', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'the same modal on a phone; the desktop covers it');
  const tasks = new TasksPage(page);
  const api = await tasks.shell.signIn(request, MEMBER);
  // The task whose tags answered most, for the most points to compare.
  const answeredOf = (h: TaskHistory) => h.data.filter((d) => d.updatedAt && (d.result === 'OK' || d.result === 'NG'));
  const { task, history } = (await finishedTasks(api)).sort((a, b) => answeredOf(b.history).length - answeredOf(a.history).length)[0];
  const answered = answeredOf(history).sort((a, b) => a.updatedAt!.localeCompare(b.updatedAt!));
  expect(answered.length, 'the task has answers to plot').toBeGreaterThan(1);
  // Expected points: per second of an answer, the OK and NG counts reached by then.
  const expected = new Map<number, { ok: number; ng: number }>();
  let ok = 0;
  let ng = 0;
  for (const d of answered) {
    if (d.result === 'OK') ok++;
    else ng++;
    expected.set(Math.floor(Date.parse(d.updatedAt!) / 1000), { ok, ng });
  }

  await tasks.openTask(task.taskId);
  await tasks.action(task.taskId, 'graph');
  const modal = page.locator('ion-modal[data-testid="task-graph"]');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(`Task ${task.taskId}`);
  await expect(modal).toContainText(`${answered.length} of ${history.totalTags} tags answered.`);

  const chart = modal.getByTestId('task-graph-chart');
  // The two lines, named in the legend, and drawn: the canvas is on view with a size.
  await expect(chart.locator('.chart-legend-label')).toHaveText(['OK', 'NG']);
  const canvas = chart.locator('canvas').first();
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  const box = (await canvas.boundingBox())!;
  expect(box.width).toBeGreaterThan(100);
  expect(box.height).toBeGreaterThan(100);
  // What the lines plot, as the chart's table gives it to screen readers: one row per answer second, in order.
  const rows = chart.locator('tbody tr');
  await expect(rows).toHaveCount(expected.size);
  const plotted = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      key: tr.getAttribute('data-testid'),
      ok: Number(tr.querySelector('td[data-series="ok"]')?.getAttribute('data-value')),
      ng: Number(tr.querySelector('td[data-series="ng"]')?.getAttribute('data-value')),
    })),
  );
  expect(plotted).toEqual([...expected].map(([time, v]) => ({ key: `task-graph-chart-row-${time}`, ...v })));
  // The last point: every OK and NG answer of the task counted.
  expect(plotted.at(-1)).toMatchObject({
    ok: answered.filter((d) => d.result === 'OK').length,
    ng: answered.filter((d) => d.result === 'NG').length,
  });

  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
});
