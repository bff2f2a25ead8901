import { expect, test, type TestInfo } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { ScanPageModel } from './page-models/scan-page';

/*
 * Issue 4 "Done when": Plus assign on /scan walks the MAC entry states of plus-signage §4 — 0 (address incomplete),
 * 1 (a full address: a list of product codes), 2 (address + index digits: one product code, assigned on add) —
 * with the spec's question and message, fields cleared and state 0 after every attempt; what was assigned is read
 * back from the server.
 */

const STORE = 'TKY001';
const OPERATOR = 'operator@shelfpad.test';
test.use({ serviceWorkers: 'block' });

type Api = Awaited<ReturnType<typeof apiLogin>>;

/** Three seeded Plus devices of the store per project: tests and projects run in parallel against one server. */
async function devices(api: Api, info: TestInfo): Promise<string[]> {
  const res = await api.post(`/plus/device/list/store/${STORE}`, {
    start: 0,
    length: -1,
    columns: [{ data: 'mac' }],
    order: [{ column: 0, dir: 'asc' }],
  });
  expect(res.status()).toBe(200);
  const macs = ((await res.json()) as { data: { mac: string }[] }).data.map((d) => d.mac).sort();
  const offset = info.project.name === 'phone' ? 0 : 3;
  expect(macs.length).toBeGreaterThanOrEqual(offset + 3);
  return macs.slice(offset, offset + 3);
}

async function products(api: Api, count: number): Promise<string[]> {
  const res = await api.post(`/product/list/store/${STORE}`, { start: 0, length: count });
  return ((await res.json()) as { data: { prCode: string }[] }).data.map((p) => p.prCode);
}

/** The product codes the server holds for a device. */
async function assigned(api: Api, mac: string): Promise<string[]> {
  const found = await api.get<{ devList: { mac: string; product: string[] }[] }>(
    `/plus/store/${STORE}/search?keyword=${encodeURIComponent(mac)}`,
  );
  return found.devList.find((d) => d.mac === mac)?.product ?? [];
}

/** 'aa:bb:cc:dd:ee:ff' as a label prints it: upper case, dashes (the form normalises it). */
const printed = (mac: string) => mac.toUpperCase().replace(/:/g, '-');

// spec: plus §1.1, plus §4.8, plus §4.9, plus §4.10, plus §4.11 — states 0 → 1 → 2 in the modal; fields cleared and state 0 after each attempt
test('Plus assign walks the MAC entry states 0 → 1 → 2 with the spec’s question and message', async ({ page, request }, info) => {
  const api = await apiLogin(request, OPERATOR);
  const [listDevice, singleDevice] = await devices(api, info);
  const [first, second, third] = await products(api, 3);
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(STORE);
  await scan.mode('Plus assign');
  await scan.expectPlusState(0);

  // State 0: an incomplete address; Assign does nothing and Add is not offered.
  await scan.typeInto('Device address (MAC)', printed(listDevice).slice(0, 11));
  await scan.expectPlusState(0);
  await expect(scan.plusButton('Add')).toBeDisabled();

  // State 1: the full address (typed as on the label, normalised by the form); a list of product codes is built.
  await scan.typeInto('Device address (MAC)', printed(listDevice));
  await scan.expectPlusState(1);
  await scan.resetFeedback();
  await scan.plusButton('Assign').click();
  await expect(scan.error).toHaveText('Enter Product Code, Please!');
  await expect.poll(() => scan.feedback()).toEqual(['failure']);

  await scan.typeInto('Product Code', first, true);
  await expect(scan.plusList()).toHaveText([first]);
  await expect(scan.field('Product Code')).toHaveValue('');
  await scan.typeInto('Product Code', first, true); // the list has no repeats
  await expect(scan.plusList()).toHaveText([first]);

  // A code still in the field when Assign is pressed: the spec's question; yes adds it, then the list is assigned.
  await scan.typeInto('Product Code', second);
  await scan.plusButton('Assign').click();
  await expect(scan.question()).toContainText('Do you want to add the entered product code to the list?');
  await scan.answer(true);
  await expect.poll(() => assigned(api, listDevice), { timeout: 15_000 }).toEqual([first, second]);
  await expect(scan.logLines.first()).toHaveAttribute('data-status', 'ok');
  await expect(scan.logLines.first()).toContainText(listDevice);

  // After the attempt: fields cleared, list gone, state 0.
  await scan.expectPlusState(0);
  await expect(scan.field('Device address (MAC)')).toHaveValue('');
  await expect(scan.field('Product Code')).toHaveValue('');
  await expect(scan.plusList()).toHaveCount(0);

  // State 2: address + index digits; Assign without a code asks for one, Add assigns the single code at once.
  await scan.typeInto('Device address (MAC)', `${singleDevice.replace(/:/g, '')}01`);
  await scan.expectPlusState(2);
  await expect(scan.plusButton('Add')).toBeDisabled(); // no list in state 2: Enter in the code field adds
  await scan.plusButton('Assign').click();
  await expect(scan.error).toHaveText('Enter Product Code, Please!');
  await scan.typeInto('Product Code', third, true);
  await expect.poll(() => assigned(api, singleDevice), { timeout: 15_000 }).toEqual([third]);
  await expect(scan.logLines.first()).toContainText(singleDevice);
  await expect(scan.logLines.first()).toHaveAttribute('data-status', 'ok');
  await scan.expectPlusState(0);
  await expect(scan.field('Device address (MAC)')).toHaveValue('');
  await expect(scan.field('Product Code')).toHaveValue('');
  expect(await assigned(api, listDevice)).toEqual([first, second]); // the other device kept its list
});

test('answering no to the question drops the typed code and assigns the list as it stands', async ({ page, request }, info) => {
  const api = await apiLogin(request, OPERATOR);
  const [, , device] = await devices(api, info);
  const [, , , fourth, fifth] = await products(api, 5);
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(STORE);
  await scan.mode('Plus assign');

  await scan.typeInto('Device address (MAC)', device, true);
  await scan.expectPlusState(1);
  await scan.typeInto('Product Code', fourth, true);
  await scan.typeInto('Product Code', fifth);
  await scan.plusButton('Assign').click();
  await expect(scan.question()).toContainText('Do you want to add the entered product code to the list?');
  await scan.answer(false);

  await expect.poll(() => assigned(api, device), { timeout: 15_000 }).toEqual([fourth]);
  await scan.expectPlusState(0);
  await expect(scan.field('Product Code')).toHaveValue('');
});
