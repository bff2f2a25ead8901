import { expect } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { test } from './fixtures/camera';
import { ScanPageModel } from './page-models/scan-page';

/*
 * Issue 4 "Done when": a fake camera video of an EAN-13 (a y4m generated in test setup, fixtures/camera.ts) fills
 * the product field. Runs in the `camera` project only (playwright.config.ts): Chromium plays the video as its
 * camera, with the camera permission granted.
 */

const OPERATOR = 'operator@shelfpad.test';
test.use({ serviceWorkers: 'block' });

type Api = Awaited<ReturnType<typeof apiLogin>>;
interface TagRow {
  tagMac: string;
  barcode: string;
  prCode?: string;
}

/** A tag no other spec takes (scan.spec and outbox.spec use the first 360 and the last 45 of the store). */
async function cameraTag(api: Api, storeCode: string): Promise<TagRow> {
  const res = await api.post(`/tag/list/store/${storeCode}`, {
    start: 0,
    length: -1,
    columns: [{ data: 'barcode' }],
    order: [{ column: 0, dir: 'asc' }],
  });
  const tags = ((await res.json()) as { data: TagRow[] }).data.slice(360);
  const tag = tags[tags.length - 60];
  expect(tag).toBeDefined();
  return tag;
}

async function prCodeOf(api: Api, storeCode: string, tag: TagRow): Promise<string | undefined> {
  const res = await api.post(`/tag/list/store/${storeCode}`, { start: 0, length: -1, tagIdList: [tag.barcode] });
  return ((await res.json()) as { data: TagRow[] }).data[0]?.prCode;
}

test('the camera fills the product field with the EAN-13 it sees', async ({ page, request, cameraVideo }) => {
  const api = await apiLogin(request, OPERATOR);
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(cameraVideo.storeCode);
  // Plus assign without a device address keeps a product code in its field (nothing to add it to yet).
  await scan.mode('Plus assign');

  // The viewfinder may read the code and close before a check of it could run (a quick machine): the empty field
  // before and the code in it after say that the camera read it.
  await expect(scan.field('Product Code')).toHaveValue('');
  await scan.cameraButton('Product Code').click();
  await expect(scan.field('Product Code')).toHaveValue(cameraVideo.code, { timeout: 20_000 });
  await expect(page.getByTestId('camera-view')).toHaveCount(0); // the viewfinder closes on a read
});

test('a scanned tag and the camera’s product assign the pair', async ({ page, request, cameraVideo }) => {
  const api = await apiLogin(request, OPERATOR);
  const tag = await cameraTag(api, cameraVideo.storeCode);
  const scan = new ScanPageModel(page);
  await scan.open(api.session);
  await scan.pickStore(cameraVideo.storeCode);
  await scan.mode('Assign tag');
  await scan.resetFeedback();

  await scan.scanTaken(tag.barcode, async () => (await scan.field('Tag ID').inputValue()) === tag.barcode);
  await scan.cameraButton('Product Code').click();

  await expect.poll(() => prCodeOf(api, cameraVideo.storeCode, tag), { timeout: 20_000 }).toBe(cameraVideo.code);
  await expect(scan.logLines.first()).toContainText(`${tag.barcode} → ${cameraVideo.code}`);
  await expect(scan.logLines.first()).toHaveAttribute('data-status', 'ok');
  await expect.poll(() => scan.feedback()).toEqual(['tick', 'success']); // the tag's tick, then the pair's success
});
