import { expect, test, type TestInfo } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { pickScanTarget, TagAssignModalModel } from './page-models/tag-assign-modal';
import { ScanPageModel } from './page-models/scan-page';

/*
 * The tag assign modal (console-core §2/§5/§8) from the handheld scan screen, Plus blink, and the scan log's live
 * tag status. Every assign is checked in what the server stores, read through its API.
 */

const STORE = 'TKY001';
const OPERATOR = 'operator@shelfpad.test';
test.use({ serviceWorkers: 'block' });

type Api = Awaited<ReturnType<typeof apiLogin>>;
interface TagRow {
  tagMac: string;
  barcode: string;
  prCode?: string;
  status: string;
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

/** Tags 200–299 of the store are this suite's; each project and test takes its own (the projects share one server). */
async function tagsFor(api: Api, info: TestInfo, slot: number, count = 1): Promise<TagRow[]> {
  const base = 200 + (info.project.name === 'phone' ? 0 : 40) + slot * 5;
  const mine = (await allTags(api)).slice(base, base + count);
  expect(mine).toHaveLength(count);
  return mine;
}

async function products(api: Api, count: number, skip = 0): Promise<string[]> {
  const res = await api.post(`/product/list/store/${STORE}`, { start: skip, length: count });
  return ((await res.json()) as { data: { prCode: string }[] }).data.map((p) => p.prCode);
}

async function tagRow(api: Api, tag: TagRow): Promise<TagRow | undefined> {
  const res = await api.post(`/tag/list/store/${STORE}`, { start: 0, length: 1, tagIdList: [tag.barcode] });
  return ((await res.json()) as { data: TagRow[] }).data[0];
}

/** The product codes of each update task of a tag (a multi assign stores one row per code). */
async function codesByTask(api: Api, tag: TagRow): Promise<Map<string, string[]>> {
  const res = await api.post(`/history/store/${STORE}/tag/${tag.tagMac}/update`, { start: 0, length: 1000 });
  expect(res.status()).toBe(200);
  const rows = ((await res.json()) as { data: { taskId: string | number; prCode: string }[] }).data;
  const byTask = new Map<string, string[]>();
  for (const row of rows) byTask.set(String(row.taskId), [...(byTask.get(String(row.taskId)) ?? []), row.prCode]);
  return byTask;
}

async function openModal(page: ScanPageModel['page'], api: Api) {
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(STORE);
  const modal = new TagAssignModalModel(page);
  await modal.openFromScan();
  return { scan, modal };
}

// spec: core §2.43 — single assign: tag id and product code or default code; the form resets, refocuses, success sound
test('single assign through the modal creates the assignment, resets the form and plays the success sound', async ({
  page,
  request,
}, info) => {
  const api = await apiLogin(request, OPERATOR);
  const [tag] = await tagsFor(api, info, 0);
  const product = (await products(api, 5)).find((p) => p !== tag.prCode)!;
  const { scan, modal } = await openModal(page, api);
  await scan.resetFeedback();

  await modal.assign('Single');
  await expect(modal.note).toHaveText('Enter Tag ID, Please!');
  await modal.fill('Tag ID', tag.barcode);
  await modal.assign('Single');
  await expect(modal.note).toHaveText('Enter Product Code, Please!');

  await modal.fill('Product Code', product);
  await modal.assign('Single');
  await expect(modal.note).toHaveText(`${tag.barcode} → ${product} assigned`);
  await expect.poll(async () => (await tagRow(api, tag))?.prCode).toBe(product);
  await expect(modal.field('Tag ID')).toHaveValue('');
  await expect(modal.field('Product Code')).toHaveValue('');
  await expect(modal.field('Tag ID')).toBeFocused();
  expect((await scan.feedback()).at(-1)).toBe('success');

  // The default product code stands in for an empty product field.
  const [second] = await tagsFor(api, info, 1);
  const fallback = (await products(api, 5, 5)).find((p) => p !== second.prCode)!;
  await modal.fill('Default Product Code', fallback);
  await modal.fill('Tag ID', second.barcode);
  await modal.assign('Single');
  await expect(modal.note).toHaveText(`${second.barcode} → ${fallback} assigned`);
  await expect.poll(async () => (await tagRow(api, second))?.prCode).toBe(fallback);
});

// spec: core §2.43 — a failed single assign plays the failure sound
test('single assign of an unknown tag fails with the server message and the failure sound', async ({ page, request }) => {
  const api = await apiLogin(request, OPERATOR);
  const [product] = await products(api, 1);
  const { scan, modal } = await openModal(page, api);
  await scan.resetFeedback();

  await modal.fill('Tag ID', 'NOSUCHTAG0001');
  await modal.fill('Product Code', product);
  await modal.assign('Single');
  await expect(modal.note).toContainText('NOSUCHTAG0001');
  expect((await scan.feedback()).at(-1)).toBe('failure');
  await expect(modal.field('Tag ID')).toHaveValue('NOSUCHTAG0001');
});

// spec: core §2.44 — multi assign: a list of product codes with layoutId
test('multi assign sends the cleaned product code list', async ({ page, request }, info) => {
  const api = await apiLogin(request, OPERATOR);
  const [tag] = await tagsFor(api, info, 2);
  const [a, b, c] = await products(api, 3, 10);
  const before = new Set((await codesByTask(api, tag)).keys());
  const { modal } = await openModal(page, api);
  await modal.part('Multi');

  await modal.fill('Tag ID', tag.barcode);
  await modal.fill('Product Codes', `  ${a}  \n\n${b}, ${a} ;\n   \n ${c}\n${b}\n`);
  await expect(modal.modal.getByTestId('multi-count')).toHaveText('3 codes will be sent');
  await modal.assign('Multi');
  await expect(modal.note).toHaveText('Enter Layout Id, Please!');
  await modal.fill('Layout Id', 'E2E_MULTI_LAYOUT');
  await modal.assign('Multi');
  await expect(modal.note).toHaveText(`3 product codes assigned to ${tag.barcode}`);

  const added = [...(await codesByTask(api, tag))].filter(([taskId]) => !before.has(taskId));
  expect(added).toHaveLength(1);
  expect(added[0][1].sort()).toEqual([a, b, c].sort());
  expect((await tagRow(api, tag))?.prCode).toBe(a);
});

// spec: core §8.17 — multi assign failure shows the server message
test('multi assign failure shows the server message', async ({ page, request }) => {
  const api = await apiLogin(request, OPERATOR);
  const { modal } = await openModal(page, api);
  await modal.part('Multi');
  const [tag] = (await allTags(api)).slice(299, 300);

  await modal.fill('Tag ID', tag.barcode);
  await modal.fill('Product Codes', 'NOSUCHPRODUCT77');
  await modal.fill('Layout Id', 'E2E_MULTI_LAYOUT');
  await modal.assign('Multi');
  expect(await modal.errorDialog()).toBe('This product does not exist');
  await expect(modal.note).toHaveText('This product does not exist');
});

// spec: core §2.45 — file assign: CSV lines of tag id then product code, default product code required
test('file assign needs the default product code, then assigns the CSV pairs', async ({ page, request }, info) => {
  const api = await apiLogin(request, OPERATOR);
  const [first, second] = await tagsFor(api, info, 3, 2);
  const [named, fallback] = await products(api, 2, 20);
  const { modal } = await openModal(page, api);
  await modal.part('File');

  await modal.chooseCsv('assign.csv', `# tag id,product code\n${first.barcode},${named}\n\n${second.barcode}\n`);
  await modal.assign('File');
  await expect(modal.note).toHaveText('Please enter the Default Product Code.');
  expect((await tagRow(api, first))?.prCode).toBe(first.prCode);

  await modal.fill('Default Product Code', fallback);
  await modal.assign('File');
  await expect(modal.note).toHaveText('Assigned: 2 · Failed: 0');
  expect((await tagRow(api, first))?.prCode).toBe(named);
  expect((await tagRow(api, second))?.prCode).toBe(fallback);
});

test('file assign failure is the Error dialog', async ({ page, request }) => {
  const api = await apiLogin(request, OPERATOR);
  const [fallback] = await products(api, 1);
  const { modal } = await openModal(page, api);
  await modal.part('File');

  await modal.chooseCsv('bad.csv', 'NOSUCHTAG0002,\n');
  await modal.fill('Default Product Code', fallback);
  await modal.assign('File');
  expect(await modal.errorDialog()).toContain('NOSUCHTAG0002');
});

test('the scan log follows an assigned tag: WIP from the push channel', async ({ page, request }, info) => {
  const api = await apiLogin(request, OPERATOR);
  const [tag] = await tagsFor(api, info, 5);
  const product = (await products(api, 5, 30)).find((p) => p !== tag.prCode)!;
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(STORE);

  await scan.scanTaken(tag.barcode, async () => (await scan.field('Tag ID').inputValue()) === tag.barcode);
  await scan.scanTaken(product, () => scan.loggedLast(product));
  await expect(scan.logLines.first()).toHaveAttribute('data-status', 'ok');
  // The simulator is off in this suite: the tag stays WIP, as the server says.
  await expect(scan.logLines.first().getByTestId('tag-status')).toHaveAttribute('data-status', 'WIP');
  expect((await tagRow(api, tag))?.status).toBe('WIP');
});

interface PlusDevice {
  mac: string;
  product: string[];
}
async function plusDevices(api: Api): Promise<PlusDevice[]> {
  const res = await api.post(`/plus/device/list/store/${STORE}`, {
    start: 0,
    length: 50,
    order: [{ column: 0, dir: 'asc' }],
    columns: [{ data: 'mac' }],
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: PlusDevice[] }).data;
}
async function plusDevice(api: Api): Promise<PlusDevice> {
  const device = (await plusDevices(api)).find((d) => d.product.length > 0);
  expect(device).toBeDefined();
  return device!;
}

test('Plus blink: a scanned device blinks online and fails at once offline', async ({ page, request, context }) => {
  const api = await apiLogin(request, OPERATOR);
  const device = await plusDevice(api);
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(STORE);
  await scan.mode('Blink');
  await pickScanTarget(page, 'Plus devices');
  await scan.resetFeedback();

  await scan.scanTaken(device.mac.replaceAll(':', '').toUpperCase(), async () => (await scan.feedback()).length > 0);
  expect(await scan.feedback()).toEqual(['success']);
  await expect(scan.logLines.first()).toContainText('Plus blink');
  await expect(scan.logLines.first()).toContainText(/\d+ Plus devices blinking/);

  await scan.resetFeedback();
  await context.setOffline(true);
  // "At once": the failure is there within the 2 s each attempt waits — no network timeout is awaited.
  await scan.scanTaken(device.product[0], async () => (await scan.feedback()).length > 0);
  expect(await scan.feedback()).toEqual(['failure']);
  await expect(scan.logLines.first()).toContainText('Blink needs a connection');
  await context.setOffline(false);
});

test('Plus deassign from the Deassign mode goes through the outbox and clears the device', async ({ page, request }, info) => {
  const api = await apiLogin(request, OPERATOR);
  // The last devices with products: one per project, never the one the blink test scans.
  const withProducts = (await plusDevices(api)).filter((d) => d.product.length > 0);
  const device = withProducts[withProducts.length - 1 - (info.project.name === 'phone' ? 0 : 1)];
  expect(device && device !== withProducts[0]).toBeTruthy();
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(STORE);
  await scan.mode('Deassign');
  await pickScanTarget(page, 'Plus devices');
  await scan.resetFeedback();

  await scan.scanTaken(device.mac.replaceAll(':', '-').toUpperCase(), () => scan.loggedLast(device.mac));
  await expect(scan.logLines.first()).toHaveAttribute('data-status', 'ok');
  await expect(scan.logLines.first()).toContainText('Plus deassign');
  await expect.poll(async () => (await plusDevices(api)).find((d) => d.mac === device.mac)?.product).toEqual([]);
  expect((await scan.feedback()).at(-1)).toBe('success');
});
