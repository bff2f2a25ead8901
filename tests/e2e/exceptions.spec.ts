import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { ExceptionList, ExceptionsStats } from '../../contract/schemas/dashboard';
import type { StoreStatusRow } from '../../contract/schemas/status';
import { apiLogin } from './fixtures/api';
import { ExceptionsModel } from './page-models/exceptions-page';

/*
 * Issue 5, /exceptions: the gauges show the server's counts of the picked store, a list shows the server's rows,
 * and a download's file holds exactly those rows. TKY002 is the test data's store with every kind of trouble.
 */

const STORE = 'TKY002';
const GAUGES: [string, keyof ExceptionsStats][] = [
  ['error', 'errorTags'],
  ['noProduct', 'noProductTags'],
  ['duplicate', 'duplicateTags'],
  ['lowBattery', 'batteryNgTags'],
  ['ngGateway', 'ngGWs'],
];

test('the five gauges show the counts the API answers for the picked store', async ({ page, request }) => {
  const exc = new ExceptionsModel(page);
  const operator = await exc.open(request, 'operator@shelfpad.test', STORE);
  const stats = await operator.get<ExceptionsStats>(`/stats/exceptions/store/${STORE}`);
  for (const [kind, field] of GAUGES) await expect(exc.gaugeValue(kind), kind).toHaveAttribute('data-value', String(stats[field]));
  expect(stats.ngGWs, 'the test data has NG gateways').toBeGreaterThan(0);
});

test('the error list shows the server rows and its download holds exactly them', async ({ page, request }) => {
  const exc = new ExceptionsModel(page);
  const login = await exc.open(request, 'admin@shelfpad.test', STORE);
  const answer = await login.get<ExceptionList>(`/tag/error/store/${STORE}/list`);
  expect(answer.data.length, 'the test data has error tags').toBeGreaterThan(0);
  const list = await exc.showList('error');
  await exc.showAll(list);
  await expect(exc.rows(list)).toHaveCount(answer.data.length);
  const keys = await exc.rows(list).evaluateAll((els) => els.map((e) => e.getAttribute('data-row-key')));
  expect(keys.sort()).toEqual(answer.data.map((r) => r.tagMac).sort());

  const download = await exc.download(list);
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const col = header.split(',').indexOf('barcode');
  expect(lines.map((l) => l.split(',')[col]).sort()).toEqual(answer.data.map((r) => r.barcode).sort());
});

test('the NG gateway list and its download hold the gateways of the stats', async ({ page, request }) => {
  const exc = new ExceptionsModel(page);
  const login = await exc.open(request, 'admin@shelfpad.test', STORE);
  const stats = await login.get<ExceptionsStats>(`/stats/exceptions/store/${STORE}`);
  const list = await exc.showList('ngGateway');
  await expect(exc.rows(list)).toHaveCount(stats.ngGWDetail.length);
  for (const gw of stats.ngGWDetail)
    await expect(list.locator(`[data-row-key="${gw.gwMac}"] [data-status]`)).toHaveAttribute('data-status', gw.status);
  const download = await exc.download(list);
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const col = header.split(',').indexOf('gwMac');
  expect(lines.map((l) => l.split(',')[col]).sort()).toEqual(stats.ngGWDetail.map((g) => g.gwMac).sort());
});

test('a list with no rows says No data to display', async ({ page, request }) => {
  // TKY002 has every kind of trouble; the stores whose gateways are all fine have an empty NG gateway list. The store
  // is found through the API, so the test follows the data rather than a name.
  const exc = new ExceptionsModel(page);
  const admin = await apiLogin(request, 'admin@shelfpad.test');
  let empty: { store: string; kind: string } | undefined;
  for (const { storeCode } of await admin.get<StoreStatusRow[]>('/status/store')) {
    const stats = await admin.get<ExceptionsStats>(`/stats/exceptions/store/${storeCode}`);
    const kind = GAUGES.find(([, field]) => stats[field] === 0)?.[0];
    if (kind) {
      empty = { store: storeCode, kind };
      break;
    }
  }
  expect(empty, 'the test data has a store with an empty exception list').toBeDefined();
  await exc.open(request, 'admin@shelfpad.test', empty!.store);
  await expect(exc.gaugeValue(empty!.kind)).toHaveAttribute('data-value', '0');
  const list = await exc.showList(empty!.kind);
  await expect(list).toContainText('No data to display');
  await expect(exc.rows(list)).toHaveCount(0);
});

test('on a phone the lists are cards and the download is reachable', async ({ page, request }) => {
  test.skip((page.viewportSize()?.width ?? 0) >= 768, 'phone layout');
  const exc = new ExceptionsModel(page);
  await exc.open(request, 'admin@shelfpad.test', STORE);
  const list = await exc.showList('lowBattery');
  await expect(list.locator('.data-table-cards')).toBeVisible();
  await expect(list.locator('table')).toHaveCount(0);
  await list.getByRole('button', { name: /download/i }).scrollIntoViewIfNeeded();
  await expect(list.getByRole('button', { name: /download/i })).toBeVisible();
});

test.describe('on a phone', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) >= 768, 'the phone layout (issue 31 §5)');

  test('the list starts on the first screen, and a tapped card opens its tag, which blinks', async ({ page, request }) => {
    const exc = new ExceptionsModel(page);
    const login = await exc.open(request, 'operator@shelfpad.test', STORE);
    const answer = await login.get<ExceptionList>(`/tag/error/store/${STORE}/list`);
    const first = answer.data[0];
    expect(first, 'the test data has error tags').toBeDefined();
    const list = await exc.showList('error');
    // The gauges are compact: the list's title and its first card are in the first screen, not below five dials.
    await expect(page.getByTestId('exc-list-title')).toBeInViewport({ ratio: 1 });
    await expect(exc.rows(list).first()).toBeInViewport();

    const modal = await exc.openTag(list, first.tagMac);
    await expect(modal.getByTestId('exc-tag-mac')).toHaveText(first.tagMac);
    await modal.getByRole('button', { name: 'Blink' }).click();
    // The server's answer: the one tag it found blinks.
    await expect(modal.getByTestId('exc-tag-result')).toHaveText('1 tag blinking');
    await modal.getByRole('link', { name: "Open the store's tag list" }).click();
    await exc.shell.expectPath(`/tag/detail/${STORE}`);
  });
});
