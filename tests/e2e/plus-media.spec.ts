import { expect, test } from '@playwright/test';
import { apiLogin } from './fixtures/api';
import { PlusMediaPage } from './page-models/plus-media-page';
import { testImage, testVideo } from '../server/plus-media-fixtures';

/*
 * Issue 16 part B (Plus media) in the browser: real uploads to the e2e server, which checks the bytes, reads the
 * sizes and makes the thumbnails (sharp, ffmpeg). MIL001 is a Plus store no other Plus spec uses. The files are
 * generated here; nothing binary is committed.
 */
const STORE = 'MIL001';
const MEMBER = 'admin@shelfpad.test';

// spec: plus §1.4, plus §2.31, plus §4.16, plus §5.7 — the viewer turns an image by 90°; the upload dialog closes when done; an image in use stays, its devices listed as (n) mac (name)
test('images and a video: upload with progress, real thumbnails and sizes; bytes decide; a used image stays', async ({
  page,
  request,
}, info) => {
  test.skip(info.project.name === 'phone', 'uploads are a desktop task; the phone checks the list layout');
  test.setTimeout(240_000);
  const api = await apiLogin(request, MEMBER);
  const screen = new PlusMediaPage(page);
  await screen.shell.signIn(request, MEMBER);

  // The overview leads to the store's list.
  await screen.open('/plus/image');
  await expect(screen.row(STORE).locator('a[data-row-link]')).toHaveAttribute('href', new RegExp(`/plus/image/list/${STORE}$`));
  await screen.open(`/plus/image/list/${STORE}`);

  // Three images in one go: a progress bar each, then the list shows their thumbnails, pixel sizes and file sizes.
  const images = [
    { name: 'e2e-wide.png', mimeType: 'image/png', buffer: await testImage(800, 200) },
    { name: 'e2e-square.png', mimeType: 'image/png', buffer: await testImage(300, 300) },
    { name: 'e2e-photo.jpg', mimeType: 'image/jpeg', buffer: await testImage(1024, 768, 'jpeg') },
  ];
  await screen.watchProgress();
  await screen.upload(images);
  await screen.expectToast('Complete!');
  // The dialog closes in the render that would mark the last file done, so the last bar is seen sending only.
  expect(await screen.progressSeen()).toMatchObject({ max: 3 });
  await expect(screen.rowByName('e2e-wide.png').getByTestId('plus-media-dimensions')).toHaveText('800 × 200');
  await expect(screen.rowByName('e2e-photo.jpg').getByTestId('plus-media-dimensions')).toHaveText('1024 × 768');
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  await expect(screen.rowByName('e2e-square.png').getByTestId('plus-media-size')).toHaveText(kib(images[1].buffer.length));
  expect(await screen.thumbnailSize('e2e-wide.png')).toEqual({ width: 320, height: 80 });
  expect(await screen.thumbnailSize('e2e-square.png')).toEqual({ width: 300, height: 300 });

  // Replace (a file-pick row action, kept on the row): the row and the server carry the new file's pixels and bytes.
  const assets = async () =>
    (await (await api.post(`/plus/asset/image/list/store/${STORE}`, { start: 0, length: -1 })).json()).data as {
      _id: string;
      name: string;
      width?: number;
      height?: number;
      size?: number;
    }[];
  const square = (await assets()).find((a) => a.name === 'e2e-square.png')!;
  const replacement = await testImage(600, 150);
  await screen.pickFileForRowAction(square._id, 'plus-media-replace', {
    name: 'e2e-square.png',
    mimeType: 'image/png',
    buffer: replacement,
  });
  await screen.expectToast('Complete!');
  await expect(screen.row(square._id).getByTestId('plus-media-dimensions')).toHaveText('600 × 150');
  await expect(screen.row(square._id).getByTestId('plus-media-size')).toHaveText(kib(replacement.length));
  expect((await assets()).find((a) => a._id === square._id)).toMatchObject({ width: 600, height: 150, size: replacement.length });

  // The viewer shows the file and turns it by 90°.
  await screen.rowByName('e2e-wide.png').getByTestId('plus-media-thumb').click();
  const viewer = page.getByTestId('plus-media-viewer');
  await expect(viewer.getByTestId('plus-media-viewer-image')).toBeVisible({ timeout: 30_000 });
  await viewer.getByTestId('plus-media-rotate').click();
  await expect(viewer.getByTestId('plus-media-viewer-image')).toHaveAttribute('data-turns', '1');
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();

  // A file named like an image whose bytes are something else is refused, with the reason.
  await screen.upload([{ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('MZ this is a program, not a picture') }]);
  const failed = screen.uploadDialog.locator('[data-testid="plus-media-upload-file"][data-state="failed"]');
  await expect(failed).toContainText('fake.png is not an image, video or widget', { timeout: 30_000 });
  await screen.uploadDialog.getByRole('button', { name: 'Close' }).click();
  await expect(screen.rowByName('fake.png')).toHaveCount(0);

  // An image a device shows (the demo data puts images into device shows) is kept, and the devices are listed.
  const list = (await (await api.post(`/plus/asset/image/list/store/${STORE}`, { start: 0, length: -1 })).json()).data as {
    _id: string;
    name: string;
  }[];
  let used: { row: { _id: string; name: string }; devices: { mac: string; name: string }[] } | undefined;
  for (const row of list) {
    const devices = await api.get<{ mac: string; name: string }[]>(`/plus/asset/image/${row._id}/devices/store/${STORE}`);
    if (devices.length) {
      used = { row, devices };
      break;
    }
  }
  expect(used, 'a demo image used by a device').toBeDefined();
  await screen.takeRowAction(screen.rowByName(used!.row.name), 'plus-media-delete');
  const refusal = screen.alert.filter({ hasText: 'There are devices that use this image.' });
  await expect(refusal).toContainText(`(1) ${used!.devices[0].mac} (${used!.devices[0].name})`, { timeout: 30_000 });
  await refusal.getByRole('button', { name: 'OK' }).click();
  await expect(screen.rowByName(used!.row.name)).toHaveCount(1);

  // A short video: its poster frame and size.
  await screen.open(`/plus/video/list/${STORE}`);
  await screen.watchProgress();
  await screen.upload([{ name: 'e2e-clip.mp4', mimeType: 'video/mp4', buffer: testVideo(2, 320, 240) }]);
  await screen.expectToast('Complete!');
  expect((await screen.progressSeen()).max).toBe(1);
  await expect(screen.rowByName('e2e-clip.mp4').getByTestId('plus-media-dimensions')).toHaveText('320 × 240');
  expect(await screen.thumbnailSize('e2e-clip.mp4')).toEqual({ width: 320, height: 240 });
});

test('phone: the list is cards with the thumbnail, sizes and actions', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'phone', 'the layout differs on phones only');
  test.setTimeout(120_000);
  const api = await apiLogin(request, MEMBER);
  const res = await request.post(`/api/plus/store/${STORE}/other/file`, {
    headers: api.headers,
    multipart: { file: { name: 'phone-card.png', mimeType: 'image/png', buffer: await testImage(400, 100) } },
  });
  expect(res.status(), await res.text()).toBe(200);
  const screen = new PlusMediaPage(page);
  await screen.shell.signIn(request, MEMBER);
  await screen.open(`/plus/image/list/${STORE}`);
  const card = screen.rowByName('phone-card.png');
  await expect(card.getByTestId('plus-media-dimensions')).toHaveText('400 × 100');
  expect(await screen.thumbnailSize('phone-card.png')).toEqual({ width: 320, height: 80 });
  await expect(card.getByTestId('plus-media-download')).toBeVisible();
  await expect(card.getByTestId('plus-media-replace')).toBeVisible();
  await expect(card.getByTestId('row-menu')).toBeVisible(); // Delete waits in the card's menu
});
