import { expect, test } from '@playwright/test';
import type { Dashboard, TagStats } from '../../contract/schemas/dashboard';
import { apiLogin } from './fixtures/api';
import { seedSession } from './page-models/app-shell';
import { DashboardModel } from './page-models/dashboard-page';

/*
 * Issue 3, dashboard: the screen shows the server's numbers, the sections follow the member's read privileges,
 * the multi-store bar chart keeps to 10 stores, and the store selection narrows every total. The simulator is
 * off in this suite, so the answer the test reads is the one the page shows.
 */

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function tagTotals(body: Dashboard, stores: string[]) {
  const rows = stores.map((c) => body.tagStatus?.[c]).filter((s): s is TagStats => Boolean(s));
  const total = sum(rows.map((s) => s.total));
  const error = sum(rows.map((s) => s.error));
  const inprogress = sum(rows.map((s) => s.inprogress));
  return {
    total,
    error,
    inprogress,
    good: total - error - inprogress,
    lowBattery: sum(rows.map((s) => s.lowBattery)),
    today: sum(rows.map((s) => s.todayUpdated)),
  };
}

function gatewayTotals(body: Dashboard, stores: string[]) {
  const rows = stores.map((c) => body.gwStatus?.[c]).filter(Boolean) as NonNullable<Dashboard['gwStatus']>[string][];
  return {
    total: sum(rows.map((g) => g.total)),
    normal: sum(rows.map((g) => g.normal)),
    alarm: sum(rows.map((g) => g.alarm)),
    offline: sum(rows.map((g) => g.offline)),
  };
}

async function expectTotals(dash: DashboardModel, body: Dashboard, stores: string[]) {
  const tags = tagTotals(body, stores);
  await dash.expectNumber('dash-tags-total', tags.total);
  await dash.expectNumber('dash-tags-good', tags.good);
  await dash.expectNumber('dash-tags-error', tags.error);
  await dash.expectNumber('dash-tags-inprogress', tags.inprogress);
  await dash.expectNumber('dash-tags-low-battery', tags.lowBattery);
  const gw = gatewayTotals(body, stores);
  await dash.expectNumber('dash-gateway-chart-total', gw.total);
  await dash.expectNumber('dash-gateway-chart-normal', gw.normal);
  await dash.expectNumber('dash-gateway-chart-alarm', gw.alarm);
  await dash.expectNumber('dash-gateway-chart-offline', gw.offline);
  await dash.expectNumber('dash-today-tags-value', tags.today);
  await dash.expectNumber('dash-today-products-value', sum(stores.map((c) => body.productStatus?.[c]?.todayUpdated ?? 0)));
}

test('the super administrator sees the seeded numbers of every section', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin@shelfpad.test');
  const dash = new DashboardModel(page);
  // The spec's call carries the request time as a cache buster: GET /stats/dashboard?t={time}.
  const call = page.waitForRequest((r) => /\/api\/stats\/dashboard\?t=\d{13}$/.test(r.url()));
  await dash.open(admin.session);
  await call;
  const body = await admin.get<Dashboard>(`/stats/dashboard?t=${Date.now()}`);
  const stores = body.storeList;

  await dash.expectNumber('dash-store-count', stores.length);
  await expectTotals(dash, body, stores);
  expect(tagTotals(body, stores).total, 'the demo data has tags').toBeGreaterThan(0);

  await dash.expectNumber('dash-server-chart-total', body.serverStatus!.total);
  await dash.expectNumber('dash-server-chart-normal', body.serverStatus!.normal);
  await dash.expectNumber('dash-server-chart-alarm', body.serverStatus!.alarm);
  await dash.expectNumber('dash-server-chart-offline', body.serverStatus!.offline);

  // The daily chart: the lazily loaded canvas is drawn once the chart comes near the screen, and the newest day
  // shows the summed server counts.
  await dash.dailySection.scrollIntoViewIfNeeded();
  await expect(dash.dailySection.locator('canvas').first()).toBeVisible();
  const newest = [...new Set(body.updatedTagCount!.map((r) => r.date))].sort().at(-1)!;
  const newestTags = sum(body.updatedTagCount!.filter((r) => r.date === newest).map((r) => r.total));
  await expect(page.locator(`[data-testid="dash-daily-chart-row-${newest}"] td[data-series="tags"]`)).toHaveAttribute(
    'data-value',
    String(newestTags),
  );
});

// spec: core §2.28, core §2.26 — bar chart of the 10 stores with most tags; its detail modal lists every store
test('the multi-store bar chart shows at most 10 stores: those with most tags; the detail lists every store', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin@shelfpad.test');
  const dash = new DashboardModel(page);
  await dash.open(admin.session);
  const body = await admin.get<Dashboard>(`/stats/dashboard?t=${Date.now()}`);
  expect(body.storeList.length, 'the demo data has more than 10 stores').toBeGreaterThan(10);

  const tagsOf = (c: string) => body.tagStatus?.[c]?.total ?? 0;
  // Ties go by store code, character by character (src/features/dashboard/dashboard-data.ts).
  const expected = [...body.storeList].sort((a, b) => tagsOf(b) - tagsOf(a) || (a < b ? -1 : a > b ? 1 : 0)).slice(0, 10);
  await expect(dash.storeBars).toHaveCount(10);
  expect(await dash.barStores()).toEqual(expected);
  for (const code of expected)
    await expect(page.getByTestId(`dash-store-tags-chart-bar-${code}`)).toHaveAttribute('data-value', String(tagsOf(code)));

  await dash.openDetail('dash-store-tags');
  const rows = dash.detail.locator('[data-testid="dash-detail-stores"] tbody tr');
  await expect(rows).toHaveCount(body.storeList.length);
  const first = body.storeList[0];
  const row = dash.detail.locator(`tr[data-key="${first}"]`);
  await expect(row.locator('td[data-col="total"]')).toHaveAttribute('data-value', String(tagsOf(first)));
  await expect(row.locator('td[data-col="error"]')).toHaveAttribute('data-value', String(body.tagStatus![first].error));
  await dash.closeDetail();
});

// spec: core §2.24, core §2.27 — the store multi-select narrows every total; no server section without server read
test('a store operator sees no server section and only its two stores; one store narrows every total', async ({ page, request }) => {
  const operator = await apiLogin(request, 'operator@shelfpad.test');
  const dash = new DashboardModel(page);
  await dash.open(operator.session);
  const body = await operator.get<Dashboard>(`/stats/dashboard?t=${Date.now()}`);
  expect([...body.storeList].sort()).toEqual(['TKY001', 'TKY002']);

  await dash.expectNumber('dash-store-count', 2);
  await expect(dash.tagSection).toBeVisible();
  await expect(dash.serverSection).toHaveCount(0);
  // One company only: no company select.
  await expect(page.getByTestId('dash-company-select')).toHaveCount(0);
  const options = await dash.storeOptions();
  expect(options).toHaveLength(2);
  expect(options.join(' ')).toContain('(TKY001)');
  expect(options.join(' ')).toContain('(TKY002)');
  expect([...(await dash.barStores())].sort()).toEqual(['TKY001', 'TKY002']);
  await expectTotals(dash, body, body.storeList);

  await dash.selectStores(['TKY002']);
  await dash.expectNumber('dash-store-count', 1);
  await expectTotals(dash, body, ['TKY002']);
  expect(await dash.barStores()).toEqual(['TKY002']);
  // The two stores differ, so the narrowed totals are not the overall ones by accident.
  expect(tagTotals(body, ['TKY002']).total).not.toBe(tagTotals(body, body.storeList).total);
});

test('on a phone the cards stand as titled frames until the answer comes, and the charts take their places without moving them', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name !== 'phone', 'the lean phone dashboard draws frames before its answer; the console shows its spinner');
  const admin = await apiLogin(request, 'admin@shelfpad.test');
  const dash = new DashboardModel(page);
  let release!: () => void;
  const answerHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/stats/dashboard',
    async (route) => {
      await answerHeld;
      await route.continue();
    },
  );
  await seedSession(page, admin.session);
  await page.goto('/#/dashboard');

  // The cards on the first screen, as frames: their titles, no numbers yet.
  const cards = [dash.serverSection, dash.gatewaySection, dash.tagSection];
  const titles = ['Server status', 'Gateway status', 'Tag status'];
  for (const [i, card] of cards.entries()) {
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(card.getByRole('heading')).toHaveText(titles[i]);
  }
  await expect(page.getByTestId('dash-gateway-chart-total')).toHaveCount(0);
  // The administrator's companies are in the session: the company select is there before the answer, beside the
  // store select, which therefore does not jump aside when the answer comes.
  const storeSelect = page.getByTestId('dash-store-select');
  await expect(page.getByTestId('dash-company-select')).toBeVisible();
  const framed = await Promise.all([...cards, storeSelect].map((card) => card.boundingBox()));

  release();
  const body = await admin.get<Dashboard>(`/stats/dashboard?t=${Date.now()}`);
  await dash.expectNumber('dash-server-chart-total', body.serverStatus!.total);
  await dash.expectNumber('dash-gateway-chart-total', gatewayTotals(body, body.storeList).total);
  await dash.expectNumber('dash-tags-total', tagTotals(body, body.storeList).total);
  for (const card of cards) await expect(card).not.toHaveAttribute('aria-busy');
  await dash.expectNumber('dash-store-count', body.storeList.length);
  const drawn = await Promise.all([...cards, storeSelect].map((card) => card.boundingBox()));
  // Each card is where its frame was and as high, the store select where it was: the answer moves nothing.
  for (const [i, box] of drawn.entries()) {
    const name = titles[i] ?? 'store select';
    expect(Math.abs(box!.x - framed[i]!.x), `${name}: left`).toBeLessThanOrEqual(1);
    expect(Math.abs(box!.y - framed[i]!.y), `${name}: top`).toBeLessThanOrEqual(1);
    expect(Math.abs(box!.height - framed[i]!.height), `${name}: height`).toBeLessThanOrEqual(1);
  }
});
