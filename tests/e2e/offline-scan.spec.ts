import { expect, test, type TestInfo } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { PwaModel } from './page-models/pwa';
import { ScanPageModel } from './page-models/scan-page';

/*
 * Issue 4 "Done when", offline, as staff live it: the store's Wi-Fi is gone, 50 pairs are scanned on the scan
 * screen (each answered with the success sound once it is safe in the outbox), the handheld reloads the app in the middle (from its service worker: no network), the network comes
 * back → exactly 50 assignments on the server, none twice. The outbox layer alone (reload mid-replay, idempotency
 * replays, order) is proved in outbox.spec.ts.
 */

const STORE = 'TKY001';
const OPERATOR = 'operator@shelfpad.test';
const PAIRS = 50;
// The real service worker: it is what opens the app again while the handheld has no network.
test.use({ serviceWorkers: 'allow' });

type Api = Awaited<ReturnType<typeof apiLogin>>;
interface TagRow {
  tagMac: string;
  barcode: string;
  prCode?: string;
}

/** Tags no other spec touches (outbox.spec takes the first 360, scan.spec the last ones), one block per project. */
async function pickTags(api: Api, info: TestInfo): Promise<TagRow[]> {
  const res = await api.post(`/tag/list/store/${STORE}`, {
    start: 0,
    length: -1,
    columns: [{ data: 'barcode' }],
    order: [{ column: 0, dir: 'asc' }],
  });
  const all = ((await res.json()) as { data: TagRow[] }).data;
  const offset = info.project.name === 'phone' ? 1000 : 1150;
  const tags = all.slice(offset, offset + PAIRS);
  expect(tags).toHaveLength(PAIRS);
  return tags;
}

async function pickProducts(api: Api, count: number): Promise<string[]> {
  const res = await api.post(`/product/list/store/${STORE}`, { start: 0, length: count });
  return ((await res.json()) as { data: { prCode: string }[] }).data.map((p) => p.prCode);
}

async function prCodes(api: Api, tags: TagRow[]): Promise<Map<string, string | undefined>> {
  const res = await api.post(`/tag/list/store/${STORE}`, { start: 0, length: -1, tagIdList: tags.map((t) => t.barcode) });
  return new Map(((await res.json()) as { data: TagRow[] }).data.map((r) => [r.barcode, r.prCode]));
}

async function assignsSince(api: Api, tag: TagRow, since: number): Promise<number> {
  const res = await api.post(`/history/store/${STORE}/tag/${tag.tagMac}/update`, { start: 0, length: 10, filter_startDate: since });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { recordsFiltered: number }).recordsFiltered;
}

test('offline: 50 scanned pairs queue, survive a reload without network, and reach the server exactly once', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(300_000);
  const api = await apiLogin(request, OPERATOR);
  const tags = await pickTags(api, info);
  const products = await pickProducts(api, 7); // neighbours never share a product: each pair's log line is its own
  const productOf = (i: number) => products[i % products.length];
  const since = Math.floor(Date.now() / 1000) - 1;
  const scan = new ScanPageModel(page);
  const pwa = new PwaModel(page);

  await scan.open(api.session);
  await pwa.waitForActiveWorker();
  await page.reload(); // from now on the worker serves the app
  await pwa.waitForController();
  await scan.pickStore(STORE);

  const scanPairs = async (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      await scan.scanTaken(tags[i].barcode, async () => (await scan.field('Tag ID').inputValue()) === tags[i].barcode);
      await scan.scanTaken(productOf(i), () => scan.loggedLast(productOf(i)));
      await expect(scan.logLines.first()).toHaveAttribute('data-status', 'queued');
    }
  };

  await context.setOffline(true);
  await scan.resetFeedback();
  await scanPairs(0, PAIRS / 2);
  await expect(scan.pending).toHaveAccessibleName(`${PAIRS / 2} pending`);
  // Each tag was answered with the tick (product awaited), each queued pair at once with the success sound: staff
  // scanning offline hear every pair taken.
  expect(await scan.feedback()).toEqual(Array.from({ length: PAIRS / 2 }, () => ['tick', 'success']).flat());

  await page.reload(); // still offline: the service worker opens the app, the queue is in IndexedDB
  await expect(scan.storePicker).toHaveValue(STORE);
  await expect(scan.pending).toHaveAccessibleName(`${PAIRS / 2} pending`);
  await scan.idle();
  await scan.releaseFocus();
  await scanPairs(PAIRS / 2, PAIRS);
  await expect(scan.pending).toHaveAccessibleName(`${PAIRS} pending`);
  expect(await assignsSince(api, tags[0], since), 'nothing reached the server while offline').toBe(0);

  await context.setOffline(false); // the 'online' event starts the replay
  await expect(scan.pending).toHaveAccessibleName('0 pending', { timeout: 90_000 });
  const shown = await prCodes(api, tags);
  tags.forEach((t, i) => expect(shown.get(t.barcode), t.barcode).toBe(productOf(i)));
  const counts: number[] = [];
  for (let i = 0; i < tags.length; i += 10)
    counts.push(...(await Promise.all(tags.slice(i, i + 10).map((t) => assignsSince(api, t, since)))));
  expect(counts).toEqual(Array(PAIRS).fill(1));
});
