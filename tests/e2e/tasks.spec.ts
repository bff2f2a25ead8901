import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from '../../contract/schemas/products';
import type { Task, TaskDetailRow } from '../../contract/schemas/tasks';
import { apiLogin } from './fixtures/api';
import { TasksPage } from './page-models/tasks-page';

/*
 * Issue 12 (tasks) in the browser: /task lists the tasks with their progress, 'No tags to update' for a task
 * without tags, and refresh (roles -1 and 0) and revert change what the server stores. LON001's tags get no
 * simulated answers on the e2e server, so its tasks stay where a test leaves them.
 */
const STORE = 'LON001';
const MEMBER = 'nord-admin@shelfpad.test';
type Api = Awaited<ReturnType<typeof apiLogin>>;
type Page_<T> = { data: T[]; recordsFiltered: number };

async function signedIn(page: Page, request: APIRequestContext) {
  const tasks = new TasksPage(page);
  const api = await tasks.shell.signIn(request, MEMBER);
  return { tasks, api };
}

async function apiPost<T>(api: Api, path: string, body: object): Promise<T> {
  const res = await api.post(path, body);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

const taskOf = async (api: Api, taskId: string) =>
  (await apiPost<Page_<Task>>(api, '/task/list', { start: 0, length: 1, filter_taskId: taskId, condition_taskId: '==' })).data[0];

/** The n-th product of the store shown by tags: each test (and project) edits its own, as they run at once. */
async function ownProduct(api: Api, n: number): Promise<Product> {
  const list = await apiPost<Page_<Product>>(api, `/product/list/store/${STORE}`, {
    start: 0,
    length: 4,
    filter_tagCount: 1,
    condition_tagCount: '>=',
  });
  expect(list.data[n], 'the demo store has products on tags').toBeDefined();
  return list.data[n];
}

async function updateProduct(api: Api, p: Product, prInfo: string[]): Promise<string> {
  const answer = await apiPost<{ taskId: string }>(api, '/product/update', {
    taskId: -1,
    priorTaskId: -1,
    storeCode: STORE,
    productList: [{ prCode: p.prCode, prInfo, layoutId: p.layoutId }],
  });
  return answer.taskId;
}

test('a task without tags shows "No tags to update"; an unfinished one shows its progress', async ({ page, request }, info) => {
  const { tasks, api } = await signedIn(page, request);
  const product = await ownProduct(api, info.project.name === 'phone' ? 0 : 1);
  const sent = await updateProduct(api, product, [product.prInfo[0] ?? '', `${info.project.name}-${Date.now() % 100000}`]);
  await tasks.openTask(sent);
  const key = `${STORE}/${sent}`;
  await tasks.expectRows([key]);
  await expect(tasks.progress(key)).toHaveAttribute('data-progress', '0');
  await expect(tasks.progress(key)).toHaveAttribute('data-colour', 'danger');
  await expect(tasks.cell(key, 'endTime')).toHaveText('in progress');

  // The same content again: no tag's label changes.
  const again = await updateProduct(
    api,
    product,
    (await api.get<Product>(`/product/store/${STORE}/code/${encodeURIComponent(product.prCode)}/detail`)).prInfo,
  );
  // A fresh load: the filter panel of the first search would otherwise still be open.
  await page.goto('about:blank');
  await tasks.openTask(again);
  await expect(tasks.cell(`${STORE}/${again}`, 'progress')).toHaveText('No tags to update');
});

// spec: admin §4.2 — refresh offered to role 0 on an unfinished task; its results' time in red
test('refresh sends the waiting tags again: the server marks them refreshed and the detail shows their time in red', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name === 'phone', 'the desktop covers the actions');
  const { tasks, api } = await signedIn(page, request);
  const product = await ownProduct(api, 2);
  const taskId = await updateProduct(api, product, [product.prInfo[0] ?? '', `refresh-${Date.now() % 100000}`]);
  await tasks.openTask(taskId);
  await tasks.action(taskId, 'refresh');
  await expect(page.locator('ion-toast').filter({ hasText: `Task ${taskId} is being sent again.` })).toHaveCount(1);
  await expect.poll(async () => (await taskOf(api, taskId)).refreshed).toBe(true);
  const detail = await apiPost<Page_<TaskDetailRow>>(api, `/task/detail/store/${STORE}/task/${encodeURIComponent(taskId)}`, {
    start: 0,
    length: 100,
  });
  expect(detail.data.length).toBeGreaterThan(0);
  expect(detail.data.every((r) => r.refreshed && r.result === undefined)).toBe(true);

  await tasks.action(taskId, 'detail');
  await tasks.expectRows(detail.data.map((r) => `${r.tagId}/${r.prCode}`));
  await expect(tasks.cell(`${detail.data[0].tagId}/${detail.data[0].prCode}`, 'updatedAt').locator('.task-refreshed')).toHaveCount(1);
});

test('revert gives the products their earlier content back', async ({ page, request }, info) => {
  test.skip(info.project.name === 'phone', 'the desktop covers the actions');
  const { tasks, api } = await signedIn(page, request);
  const product = await ownProduct(api, 3);
  const before = [product.prInfo[0] ?? '', `before-${Date.now() % 100000}`];
  await updateProduct(api, product, before);
  const taskId = await updateProduct(api, product, [product.prInfo[0] ?? '', 'after']);
  await tasks.openTask(taskId);
  await tasks.action(taskId, 'revert');
  await tasks.confirm(`Give the products of task ${taskId} their earlier content back?`);
  await expect(page.locator('ion-toast').filter({ hasText: `Task ${taskId} has been reverted.` })).toHaveCount(1);
  await expect
    .poll(async () => (await api.get<Product>(`/product/store/${STORE}/code/${encodeURIComponent(product.prCode)}/detail`)).prInfo)
    .toEqual(before);
  expect((await taskOf(api, taskId)).endTime).not.toBeNull();
});
