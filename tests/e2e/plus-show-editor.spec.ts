import { expect, test } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { ShowEditorPage } from './page-models/show-editor-page';
import { plusDeviceList } from './fixtures/plus';

/*
 * Issue 17 part B (the show editor) at desktop size: a device's shows built with the mouse — objects placed from the
 * palette, resized by a handle and dragged on the half-size canvas —, a move undone and redone, slides reordered
 * by their handles, saved, and read back from the server and from a reloaded editor. SEL001 is a Plus store no other
 * spec edits shows in; the device is its 1920 × 1080 screen (a 960 × 540 canvas).
 */
const STORE = 'SEL001';
const MEMBER = 'admin@shelfpad.test';

interface ShowData {
  screenWidth: number;
  screenHeight: number;
  productShowIdx: number | null;
  show: {
    duration: number;
    object: { type: string; id: string | number; left: number; top: number; width: number; height: number; index?: number }[];
  }[];
}

// spec: plus §1.5, plus §2.45, plus §2.46, plus §2.50, plus §9.4 — half-size canvas, objects dragged and resized, slides reordered, the product show locked first, 30 s slides
// spec: plus §2.44 — the show editor's behaviour (its items below)
test('build, undo/redo, reorder and save a device’s shows; the reloaded editor shows what was saved', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'a desk task: dragging and resizing on the canvas');
  test.setTimeout(180_000);
  const api = await apiLogin(request, MEMBER);
  const devices = await plusDeviceList<{ mac: string; template: string }>(api, STORE, { start: 0, length: 50 });
  let mac = '';
  for (const d of devices) {
    const data = await api.get<ShowData>(`/plus/store/${STORE}/device/${d.mac}/show`);
    if (data.screenWidth === 1920 && data.screenHeight === 1080 && !d.template) mac = d.mac;
  }
  expect(mac, 'a 1920 × 1080 device without a template in the demo data').not.toBe('');
  const before = await api.get<ShowData>(`/plus/store/${STORE}/device/${mac}/show`);
  expect(before.productShowIdx).toBe(0);

  const editor = new ShowEditorPage(page);
  await editor.shell.signIn(request, MEMBER);
  await editor.open(`/plus/device/show/${STORE}/${mac}`);
  await expect(editor.canvas).toHaveCSS('width', '960px');
  await expect(editor.canvas).toHaveCSS('height', '540px');

  // The product show is locked first: no drag handle, and 'Delete all' keeps it.
  await expect(editor.slides).toHaveCount(before.show.length);
  await expect(editor.slides.first().getByRole('img', { name: 'Product show: stays first' })).toBeVisible();
  await editor.button('show-slide-remove-all').click();
  await editor.confirm();
  await expect(editor.slides).toHaveCount(1);

  // Slide 2: an image, resized by its handle, then dragged.
  await editor.button('show-slide-add').click();
  await expect(editor.slides).toHaveCount(2);
  await editor.addAsset('image', 'spring-sale.png');
  const image = editor.objects.first();
  await expect(image).toHaveAttribute('aria-pressed', 'true');
  await image.scrollIntoViewIfNeeded();
  await editor.resizeSelected(image, 200, 100);
  await expect.poll(() => editor.selectedRect()).toEqual({ left: 0, top: 0, width: 400, height: 200 });
  await editor.moveObject(image, 100, 60);
  await expect.poll(() => editor.selectedRect()).toEqual({ left: 200, top: 120, width: 400, height: 200 });

  // Undo puts the move back (one step for the whole drag), redo makes it again (the button, then the keys).
  await editor.button('show-undo').click();
  await expect.poll(() => editor.selectedRect()).toEqual({ left: 0, top: 0, width: 400, height: 200 });
  await page.keyboard.press('Control+Shift+Z');
  await expect.poll(() => editor.selectedRect()).toEqual({ left: 200, top: 120, width: 400, height: 200 });

  // Slide 3: a video and a product, each resized; the product dragged beside the video.
  await editor.button('show-slide-add').click();
  await editor.addAsset('video', 'brand-story.mp4');
  const video = editor.objects.first();
  await editor.resizeSelected(video, 300, 200);
  await expect.poll(() => editor.selectedRect()).toEqual({ left: 0, top: 0, width: 600, height: 400 });
  await editor.addProduct();
  const product = editor.objects.nth(1);
  await expect(product).toHaveAttribute('data-type', 'product');
  await editor.resizeSelected(product, 200, 150);
  await editor.moveObject(product, 400, 250);
  await expect.poll(() => editor.selectedRect()).toEqual({ left: 800, top: 500, width: 400, height: 300 });
  expect(await editor.slideMetas()).toEqual(['30 s · 1 object', '30 s · 1 object', '30 s · 2 objects']);

  // Reorder: slide 3 dragged by its handle before slide 2 (the strip runs left to right).
  await editor.moveSlide(3, 2);
  await expect.poll(() => editor.slideMetas()).toEqual(['30 s · 1 object', '30 s · 2 objects', '30 s · 1 object']);

  // Save: the server stores the slides in the new order, products numbered.
  await editor.save();
  const saved = await api.get<ShowData>(`/plus/store/${STORE}/device/${mac}/show`);
  expect(saved.productShowIdx).toBe(0);
  expect(saved.show).toHaveLength(3);
  expect(saved.show[0]).toEqual(before.show[0]);
  expect(saved.show[1].object).toEqual([
    expect.objectContaining({ type: 'video', left: 0, top: 0, width: 600, height: 400 }),
    expect.objectContaining({ type: 'product', id: 0, index: 0, left: 800, top: 500, width: 400, height: 300 }),
  ]);
  expect(saved.show[2].object).toEqual([expect.objectContaining({ type: 'image', left: 200, top: 120, width: 400, height: 200 })]);

  // The reloaded editor shows the saved slides.
  await page.reload();
  await expect(editor.current.getByTestId('show-editor')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => editor.slideMetas()).toEqual(['30 s · 1 object', '30 s · 2 objects', '30 s · 1 object']);
  await editor.selectSlide(2);
  await expect(editor.objects).toHaveCount(2);
  await editor.objects.nth(1).click();
  await expect.poll(() => editor.selectedRect()).toEqual({ left: 800, top: 500, width: 400, height: 300 });

  // An unsaved nudge (arrow key) asks before the editor is left; staying keeps the editor and the change.
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => editor.selectedRect()).toEqual({ left: 801, top: 500, width: 400, height: 300 });
  await editor.shell.goto(`/plus/device/list/${STORE}`).catch(() => undefined);
  await expect(editor.alert).toContainText('Your changes to the show are not saved.');
  await editor.alert.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor.current).toHaveAttribute('data-route', `/plus/device/show/${STORE}/${mac}`);
  await expect.poll(() => editor.selectedRect()).toEqual({ left: 801, top: 500, width: 400, height: 300 });
});

test('on a phone the whole slide fits the screen’s width, and an object still drags', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'phone', 'the phone layout is the point');
  test.setTimeout(120_000);
  const api = await apiLogin(request, MEMBER);
  const devices = await plusDeviceList<{ mac: string }>(api, STORE, { start: 0, length: 50 });
  // The widest screen of the demo (3840 × 2160, a 1920 px canvas at half size); only looked at, never saved.
  let mac = '';
  for (const d of devices) if ((await api.get<ShowData>(`/plus/store/${STORE}/device/${d.mac}/show`)).screenWidth === 3840) mac = d.mac;
  expect(mac, 'a 3840 × 2160 device in the demo data').not.toBe('');

  const editor = new ShowEditorPage(page);
  await editor.shell.signIn(request, MEMBER);
  await editor.open(`/plus/device/show/${STORE}/${mac}`);
  await editor.selectSlide(2);
  await editor.canvas.scrollIntoViewIfNeeded();
  const viewport = page.viewportSize()!;
  const box = (await editor.canvas.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  // The proportions stay the screen's.
  expect(box.width / box.height).toBeCloseTo(3840 / 2160, 1);
  const scale = Number(await editor.canvas.getAttribute('data-scale'));
  expect(scale).toBeLessThan(0.5);
  await expect(editor.button('show-screen')).toHaveText(`Screen 3840 × 2160, drawn at ${Math.round(scale * 100)} % to fit`);
  await info.attach('phone-editor', { body: await page.screenshot(), contentType: 'image/png' });

  // A drag of 30 px on the glass moves the object 30 / scale screen pixels.
  const image = editor.objects.first();
  await image.click();
  const before = await editor.selectedRect();
  await editor.moveObject(image, 30, 0);
  await expect
    .poll(async () => Math.abs((await editor.selectedRect()).left - (before.left + 30 / scale)))
    .toBeLessThanOrEqual(1 / scale + 1);
  expect((await editor.selectedRect()).top).toBe(before.top);
});
