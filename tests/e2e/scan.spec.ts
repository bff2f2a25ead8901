import { expect, test, type TestInfo } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD } from './fixtures/api';
import { AppShell } from './page-models/app-shell';
import { LoginPage } from './page-models/login-page';
import { ScanPageModel } from './page-models/scan-page';

/*
 * Issue 4 "Done when", the scan screen: wedge scans (key events at 10 ms per character) assign through the outbox
 * and play the success sound (observed through window.__shelfpadFeedback); slow typing is no scan; an unknown
 * product is refused at scan time; blink offline fails at once.
 */

const STORE = 'TKY001';
const OPERATOR = 'operator@shelfpad.test';
test.use({ serviceWorkers: 'block' });

type Api = Awaited<ReturnType<typeof apiLogin>>;
interface TagRow {
  tagMac: string;
  barcode: string;
  prCode?: string;
}

async function allTags(api: Api): Promise<TagRow[]> {
  const res = await api.post(`/tag/list/store/${STORE}`, {
    start: 0,
    length: -1,
    columns: [{ data: 'barcode' }],
    order: [{ column: 0, dir: 'asc' }],
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: TagRow[] }).data;
}

/**
 * A free tag (no product) past the first 360 tags, which outbox.spec uses; the two projects run in parallel against
 * one server, so each project and test takes its own one. A store without enough free tags lends a linked one.
 */
async function freeTag(api: Api, info: TestInfo, slot: number): Promise<TagRow> {
  const mine = (await allTags(api)).slice(360);
  const free = mine.filter((t) => !t.prCode);
  const pool = free.length >= 40 ? free : mine;
  const tag = pool[pool.length - 1 - (info.project.name === 'phone' ? 0 : 20) - slot];
  expect(tag).toBeDefined();
  return tag;
}

async function products(api: Api, count: number): Promise<string[]> {
  const res = await api.post(`/product/list/store/${STORE}`, { start: 0, length: count });
  return ((await res.json()) as { data: { prCode: string }[] }).data.map((p) => p.prCode);
}

async function prCodeOf(api: Api, tag: TagRow): Promise<string | undefined> {
  const res = await api.post(`/tag/list/store/${STORE}`, { start: 0, length: -1, tagIdList: [tag.barcode] });
  return ((await res.json()) as { data: TagRow[] }).data[0]?.prCode;
}

test('a wedge scan pair assigns the tag and plays the success sound', async ({ page, request }, info) => {
  const api = await apiLogin(request, OPERATOR);
  const tag = await freeTag(api, info, 0);
  const product = (await products(api, 3)).find((p) => p !== tag.prCode)!;
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(STORE);
  await scan.resetFeedback();

  await scan.scanTaken(tag.barcode, async () => (await scan.field('Tag ID').inputValue()) === tag.barcode);
  await scan.scanTaken(product, () => scan.loggedLast(product));

  await expect.poll(() => prCodeOf(api, tag), { timeout: 15_000 }).toBe(product);
  await expect.poll(() => scan.feedback()).toContain('success');
  await expect(scan.logLines.first()).toHaveAttribute('data-status', 'ok');
});

test('a scanned tag ticks and the screen shows that its product is awaited', async ({ page, request }, info) => {
  const api = await apiLogin(request, OPERATOR);
  const tag = await freeTag(api, info, 3);
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(STORE);
  await scan.resetFeedback();
  await expect(scan.stepCue).toHaveText('Scan a tag');
  await expect(scan.currentStep).toHaveText('1Tag');

  await scan.scanTaken(tag.barcode, async () => (await scan.field('Tag ID').inputValue()) === tag.barcode);

  await expect(scan.stepCue).toHaveText(`Tag ${tag.barcode} taken — now scan the product`);
  await expect(scan.currentStep).toHaveText('2Product');
  const heard = await scan.feedback();
  expect(heard).toContain('tick');
  expect(heard).not.toContain('success');
});

test('typing at 120 ms per character is not taken as a scan', async ({ page, request }, info) => {
  const api = await apiLogin(request, OPERATOR);
  const tag = await freeTag(api, info, 1);
  const [product] = await products(api, 1);
  const before = await prCodeOf(api, tag);
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(STORE);
  await scan.resetFeedback();

  await scan.scan(tag.barcode, 120);
  await scan.scan(product, 120);
  await page.waitForTimeout(1_500);

  expect(await scan.feedback()).toEqual([]);
  await expect(scan.logLines).toHaveCount(0);
  expect(await prCodeOf(api, tag)).toBe(before);
});

test('an unknown product is refused at scan time', async ({ page, request }, info) => {
  const api = await apiLogin(request, OPERATOR);
  const tag = await freeTag(api, info, 2);
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(STORE);
  await scan.resetFeedback();

  await scan.scanTaken(tag.barcode, async () => (await scan.field('Tag ID').inputValue()) === tag.barcode);
  await scan.scanTaken('NOSUCH990011', () => scan.loggedLast('NOSUCH990011'));

  await expect(scan.error).toHaveText('This product does not exist');
  await expect.poll(async () => (await scan.feedback()).at(-1)).toBe('failure');
  expect(await prCodeOf(api, tag)).toBe(tag.prCode);
});

test('after an unknown product the tag stays scanned: the right product links it, and Undo undoes only that link', async ({
  page,
  request,
}, info) => {
  const api = await apiLogin(request, OPERATOR);
  const tag = await freeTag(api, info, 4);
  const product = (await products(api, 3)).find((p) => p !== tag.prCode)!;
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(STORE);

  await scan.scanTaken(tag.barcode, async () => (await scan.field('Tag ID').inputValue()) === tag.barcode);
  await scan.scanTaken('NOSUCH990012', () => scan.loggedLast('NOSUCH990012'));
  await expect(scan.error).toHaveText('This product does not exist');
  // No link was made: nothing to undo, and the tag still awaits its product.
  await expect(page.getByTestId('undo')).toBeDisabled();
  await expect(scan.field('Tag ID')).toHaveValue(tag.barcode);
  await expect(scan.stepCue).toHaveText(`Tag ${tag.barcode} taken — now scan the product`);

  await scan.scanTaken(product, () => scan.loggedLast(product));
  await expect.poll(() => prCodeOf(api, tag), { timeout: 15_000 }).toBe(product);
  await page.getByTestId('undo').click();
  // Deassigned: the tag shows no product any more.
  await expect.poll(async () => (await prCodeOf(api, tag)) || '', { timeout: 15_000 }).toBe('');
});

test('blink offline fails at once with the failure sound', async ({ page, request, context }) => {
  const api = await apiLogin(request, OPERATOR);
  const [product] = await products(api, 1);
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(STORE);
  await scan.mode('Blink');
  await scan.resetFeedback();
  await context.setOffline(true);

  // "At once": the failure is there within the 2 s each attempt waits — no network timeout is awaited.
  await scan.scanTaken(product, async () => (await scan.feedback()).length > 0);
  expect(await scan.feedback()).toEqual(['failure']);
  await expect(scan.logLines.first()).toContainText('Blink needs a connection');
  await context.setOffline(false);
});

test('/scan opens without Ionic; the menu hands over to the console on the same screen', async ({ page, request }) => {
  const api = await apiLogin(request, OPERATOR);
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(STORE);
  await scan.mode('Blink');
  expect(await scan.runsWithoutIonic()).toBe(true);

  await scan.openMenu();
  const shell = new AppShell(page);
  await expect(shell.menuItems.filter({ hasText: 'Outbox queue' })).toBeVisible();
  expect(await scan.runsWithoutIonic()).toBe(false);
  // The console's /scan is the same screen, where the staff member left it.
  await expect(scan.storePicker).toHaveValue(STORE);
  // (On a phone the open drawer hides the page from the accessibility tree, so the tab is found by its state.)
  await expect(page.getByTestId('scan-modes').locator('[aria-selected="true"]')).toHaveText('Blink');
  await expect(page).toHaveURL(/#\/scan$/);
});

test('/scan without a session goes to the login page, which returns there after login', async ({ page }) => {
  await page.goto('/#/scan');
  const login = new LoginPage(page);
  await login.expectPath('/login?next=/scan');
  await login.login(OPERATOR, DEMO_PASSWORD);
  await login.expectPath('/scan');
  await expect(new ScanPageModel(page).storePicker).toBeVisible();
});

test('an unknown tag fails on the server: the queue screen shows it with the message, and Discard removes it', async ({
  page,
  request,
}, info) => {
  const api = await apiLogin(request, OPERATOR);
  const [product] = await products(api, 1);
  const unknown = info.project.name === 'phone' ? 'C4FFFF00AA01' : 'C4FFFF00AA02';
  const message = `Tag ${unknown} does not exist in store ${STORE}.`;
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(STORE);
  await scan.resetFeedback();

  await scan.scanTaken(unknown, async () => (await scan.field('Tag ID').inputValue()) === unknown);
  await scan.scanTaken(product, () => scan.loggedLast(product));
  await expect(scan.logLines.first()).toHaveAttribute('data-status', 'failed');
  await expect(scan.logLines.first()).toContainText(message);
  await expect.poll(() => scan.feedback()).toContain('failure');

  await scan.pending.click();
  const op = page
    .getByTestId('queue-op')
    .filter({ has: page.getByTestId('queue-codes').getByText(`${unknown} → ${product}`, { exact: true }) });
  await expect(op).toHaveAttribute('data-state', 'failed');
  await expect(op.getByTestId('queue-error')).toHaveText(message);
  await op.getByRole('button', { name: 'Discard' }).click();
  await expect(op).toHaveCount(0);
});
