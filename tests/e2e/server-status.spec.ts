import { expect, test } from '@playwright/test';
import type { Server, ServerDetail } from '../../contract/schemas/status';
import { ServerStatusModel } from './page-models/server-status-page';

/*
 * Issue 5, /server and /server/detail/{serverId}. esl-01 is the detail's server; each viewport deletes its own
 * server (phone db-01, desktop proxy-01), so that both projects can run against one database.
 */

const DETAIL_SERVER = 'esl-01';
const deletedBy = (project: string) => (project === 'phone' ? 'db-01' : 'proxy-01');

// spec: core §3.2, core §4.2 — server status, state shown upper case, type
test('the list shows every server the API answers with its status, state and type', async ({ page, request }) => {
  const servers = new ServerStatusModel(page);
  const login = await servers.open(request, 'admin@shelfpad.test');
  const answer = await login.get<Server[]>('/status/server');
  await expect(servers.rows()).toHaveCount(answer.length);
  for (const s of answer) {
    await expect(servers.row(s.id).locator('[data-status]')).toHaveAttribute('data-status', s.status);
    await expect(servers.row(s.id).locator('[data-state]')).toHaveText(s.state.toUpperCase());
    await expect(servers.cell(s.id, 'type').locator('[data-type]')).toHaveAttribute('data-type', s.type);
  }
});

// spec: core §9.2 — server list refreshed every second
test('the list is read again every second', async ({ page, request }) => {
  const servers = new ServerStatusModel(page);
  await servers.open(request, 'admin@shelfpad.test');
  const calls: number[] = [];
  page.on('request', (r) => /\/api\/status\/server$/.test(r.url()) && calls.push(Date.now()));
  await page.waitForTimeout(3_500);
  expect(calls.length).toBeGreaterThanOrEqual(3);
});

test('the list stops reading while its detail is shown, and reads again once back', async ({ page, request }) => {
  const servers = new ServerStatusModel(page);
  await servers.open(request, 'admin@shelfpad.test');
  await servers.openDetail(DETAIL_SERVER);
  const calls: number[] = [];
  page.on('request', (r) => /\/api\/status\/server$/.test(r.url()) && calls.push(Date.now()));
  await page.waitForTimeout(3_000);
  expect(calls).toHaveLength(0);
  await page.getByTestId('server-back').click();
  await expect.poll(() => calls.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
});

test('the detail shows the disk and RAM numbers, services and network of the API', async ({ page, request }) => {
  const servers = new ServerStatusModel(page);
  const login = await servers.open(request, 'viewer@shelfpad.test');
  const detail = await login.get<ServerDetail>(`/status/server/${DETAIL_SERVER}`);
  const history = page.waitForRequest((r) => new RegExp(`/api/system/status/server/${DETAIL_SERVER}\\?start=\\d+&end=-1$`).test(r.url()));
  await servers.openDetail(DETAIL_SERVER);
  await history;
  for (const [id, usage] of [
    ['server-disk', detail.diskUsage],
    ['server-ram', detail.ramUsage],
  ] as const) {
    const text = page.getByTestId(`${id}-text`);
    await expect(text).toHaveAttribute('data-used', String(usage.used));
    await expect(text).toHaveAttribute('data-total', String(usage.total));
  }
  for (const s of detail.serviceStatusList)
    await expect(page.getByTestId('server-services').locator(`[data-row-key="${s.name}"]`)).toContainText(s.status);
  for (const n of detail.network) await expect(page.getByTestId('server-network')).toContainText(n.ip);
  await expect(page.getByTestId('server-state')).toHaveText(detail.state.toUpperCase());
  // The chart's library loads once the chart comes near the screen (below the fold on a phone).
  await page.getByTestId('server-history').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('server-history').locator('canvas').first()).toBeVisible();
});

// spec: core §6.3 — no server delete without server write
test('the read-only viewer has no delete', async ({ page, request }) => {
  const servers = new ServerStatusModel(page);
  await servers.open(request, 'viewer@shelfpad.test');
  await expect(servers.row(DETAIL_SERVER)).toBeVisible();
  await expect(page.getByTestId('server-delete')).toHaveCount(0);
});

test('delete asks Are you sure? and removes the server', async ({ page, request }, info) => {
  const servers = new ServerStatusModel(page);
  const login = await servers.open(request, 'admin@shelfpad.test');
  const id = deletedBy(info.project.name);
  await expect(servers.deleteButton(id)).toBeVisible();
  await servers.confirmDelete(id);
  await expect(servers.row(id)).toHaveCount(0);
  const after = await login.get<Server[]>('/status/server');
  expect(after.map((s) => s.id)).not.toContain(id);
  expect(after.map((s) => s.id)).toContain(DETAIL_SERVER);
});

test("the detail's log download holds this server's samples of the last 24 h", async ({ page, request }) => {
  const servers = new ServerStatusModel(page);
  const login = await servers.open(request, 'viewer@shelfpad.test');
  await servers.openDetail(DETAIL_SERVER);
  const since = Math.floor(Date.now() / 1000) - 86_400;
  const history = await login.get<unknown[]>(`/system/status/server/${DETAIL_SERVER}?start=${since}&end=-1`);
  const [header, ...rows] = (await servers.downloadLog()).trim().split(/\r?\n/);
  expect(header.split(',').slice(0, 2)).toEqual(['time', 'serverId']);
  expect(rows.length).toBeGreaterThan(0);
  // The API read and the task are a moment apart: a sample may cross the 24 h boundary in between.
  expect(rows.length).toBeGreaterThanOrEqual(history.length - 1);
  expect(rows.length).toBeLessThanOrEqual(history.length + 2);
  for (const row of rows) expect(row.split(',')[1]).toBe(DETAIL_SERVER);
});
