import { expect, test } from '@playwright/test';
import type { PaperStore } from '../../contract/schemas/paper';
import { expectAccessible } from './page-models/accessibility';
import { PaperPage } from './page-models/paper-page';

/*
 * Issue 12 (paper labels) in the browser: a paper file uploaded on a store's print task screen becomes a task whose
 * labels the simulated printers (server/sim/paper.ts, on for the e2e server) answer within seconds, some printed,
 * some failed; the upload history keeps the file's skipped rows. OSK001 is a store no other spec prints in.
 */
const STORE = 'OSK001';
const MEMBER = 'acme-admin@shelfpad.test';
/** Ten labels (the printers' seeded draws fail at least one of them and print the others) and a row without code. */
const CSV = [
  'prCode,NAME,PRICE',
  ...Array.from({ length: 10 }, (_, i) => `E2E-${String(i + 1).padStart(2, '0')},Paper label ${i + 1},${100 + i * 10}`),
  ',no code,1',
].join('\n');

test('a paper file becomes a print task whose labels the printers answer, printed or failed', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'the upload flow is a desktop task; the phone checks the overview list');
  test.setTimeout(180_000);
  const paper = new PaperPage(page);
  await paper.shell.signIn(request, MEMBER);
  await paper.open(`/paper/task/${STORE}`);
  await expect(paper.current.getByText(`Print tasks of Acme Umeda (${STORE})`)).toBeVisible();
  const before = await paper.rowKeys();

  await paper.upload('osaka-labels.csv', CSV);
  await expect(paper.toast.filter({ hasText: '10 labels sent to the printers, 1 rows skipped' }).first()).toBeVisible();
  await expect.poll(async () => (await paper.rowKeys()).filter((k) => !before.includes(k)), { timeout: 30_000 }).toHaveLength(1);
  const taskId = (await paper.rowKeys()).find((k) => !before.includes(k))!;
  expect(taskId).toMatch(new RegExp(`^P-${STORE}-\\d{4}$`));
  await expect(paper.cell(taskId, 'taskDes')).toHaveText('osaka-labels');
  await expect(paper.cell(taskId, 'total')).toHaveText('10');
  // The list polls: the printers' answers fill the task's progress in.
  await expect(paper.cell(taskId, 'progress').locator('.task-progress')).toHaveAttribute('data-progress', '100', { timeout: 90_000 });
  await expect(paper.cell(taskId, 'complete')).toHaveText('10');

  await paper.row(taskId).locator('a[data-row-link]').click();
  await paper.expectRoute(`/paper/task/${STORE}/${taskId}`);
  await expect.poll(() => paper.results(), { timeout: 30_000 }).toHaveLength(10);
  const results = await paper.results();
  expect(results).toContain('SUCCESS');
  expect(results).toContain('FAIL');
  expect(results).not.toContain('NONE');
  const printed = results.filter((r) => r === 'SUCCESS').length;
  // The two detail screens are no menu routes, so the axe suite does not reach them: checked here.
  await expectAccessible(page, 'paper task detail');

  // console-admin §5: the print result filter; a failed label carries the printer's message and no printed time.
  await paper.filterResult('FAIL');
  await expect.poll(() => paper.results()).toEqual(Array(10 - printed).fill('FAIL'));
  const failed = (await paper.rowKeys())[0];
  await expect(paper.cell(failed, 'resultMsg')).toHaveText(/Paper jam|Out of labels|Printer offline/);
  await expect(paper.cell(failed, 'printedTime')).toHaveText('');
  await expect(paper.cell(failed, 'printerName')).toHaveText(/printer/);
  await expect(paper.cell(failed, 'printerIp')).toHaveText(/^10\.\d+\.9\.\d+$/);

  // The upload history: the file, its task and the skipped row; its detail lists the labels it asked for.
  await paper.open('/paper/upload/history');
  await paper.filter('File name', '~', 'osaka-labels');
  await expect(paper.rows).toHaveCount(1);
  const historyKey = (await paper.rowKeys())[0];
  await expect(paper.cell(historyKey, 'taskId')).toHaveText(taskId);
  await expect(paper.cell(historyKey, 'count')).toHaveText('11');
  await expect(paper.cell(historyKey, 'error')).toHaveText('1 error');
  await paper.row(historyKey).locator('a[data-row-link]').click();
  await paper.expectRoute(`/paper/upload/history/detail/${historyKey}`);
  await expect(paper.rows).toHaveCount(10);
  await expect(paper.cell('1', 'prCode')).toHaveText('E2E-01');
  // The info columns are headed by the company's alias names.
  await expect(paper.current.locator('th', { hasText: 'PRICE' })).toBeVisible();
  await expect(paper.cell('1', 'prInfo-1')).toHaveText('100');
  await expectAccessible(page, 'paper upload history detail');
});

test('the paper overview lists the stores with their task counts; the map shows them in a popup', async ({ page, request }, info) => {
  const paper = new PaperPage(page);
  const api = await paper.shell.signIn(request, MEMBER);
  const stores = await api.get<PaperStore[]>('/paper/store/list');
  const store = stores.find((s) => s.storeCode === 'TKY001')!;
  expect(store.totalTaskCount).toBeGreaterThanOrEqual(2);
  await paper.open('/paper');
  await expect(paper.rows).toHaveCount(stores.length);
  await expect(paper.row('TKY001')).toContainText(store.storeName);
  await expect(paper.cell('TKY001', 'totalTaskCount')).toHaveText(String(store.totalTaskCount));
  await expect(paper.cell('TKY001', 'todayTaskCount')).toHaveText(String(store.todayTaskCount));
  await expect(paper.cell('TKY001', 'status')).toContainText(store.status);
  if (info.project.name === 'phone') {
    // On a phone the rows are cards and a card leads to the store's print tasks.
    await expect(paper.row('TKY001').locator('dl, dd').first()).toBeVisible();
    await paper.row('TKY001').click();
    await paper.expectRoute('/paper/task/TKY001');
    return;
  }
  await paper.showView('map');
  await expect(paper.mapList.locator('li[data-item]')).toHaveCount(stores.length);
  await paper.mapEntry('TKY001').click();
  await expect(paper.popup).toContainText(`${store.storeName} (TKY001)`);
  await expect(paper.popup.locator('dd').first()).toHaveText(String(store.totalTaskCount));
});
