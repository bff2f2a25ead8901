import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { plusAssets, plusDevices, plusDeviceShows, plusSoftware } from '../../server/db/schema/index';
import { fileStoreOf } from '../../server/lib/file-store';
import { detectMedia } from '../../server/lib/media/detect';
import { videoSizeOf } from '../../server/lib/media/process';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';
import { filesBody, testImage, testVideo, zipLike } from './plus-media-fixtures';

/** Plus images, videos, widgets and software (plus-signage §2.2, §3, §7–§9): what is stored, refused and answered. */
const STORE = 'TKY001';
let sut: TestServer;
let as: Record<'admin' | 'operator' | 'viewer', AuthHeaders>;
let png: Buffer;
let jpeg: Buffer;
let video: Buffer;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'operator', 'viewer']));
  [png, jpeg] = await Promise.all([testImage(640, 480), testImage(1200, 900, 'jpeg')]);
  video = testVideo(2, 320, 240);
});
afterAll(async () => sut?.close());

const db = () => sut.deps.db;
const files = () => fileStoreOf(sut.deps.config.dataDir);
const upload = (
  list: { name: string; content: Buffer; type?: string }[],
  opts: { type?: string; id?: string; store?: string; who?: AuthHeaders } = {},
) => {
  const body = filesBody(list);
  const query = opts.id ? `?id=${opts.id}` : '';
  return sut.app.inject({
    method: 'POST',
    url: `/api/plus/store/${opts.store ?? STORE}/${opts.type ?? 'other'}/file${query}`,
    headers: { ...(opts.who ?? as.admin), ...body.headers },
    payload: body.payload,
  });
};
const post = (url: string, payload: object, who: AuthHeaders = as.admin) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, headers: who, payload });
const get = (url: string, who: AuthHeaders = as.admin) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers: who });
const assetRow = async (id: string) =>
  (
    await db()
      .select()
      .from(plusAssets)
      .where(eq(plusAssets.id, Number(id)))
  )[0];
const bytesOf = async (key: string) => {
  const file = await files().read(key);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('content type by the file’s bytes (server/lib/media/detect.ts)', () => {
  it('recognises images, videos and widget packages by magic numbers, whatever the name', async () => {
    expect(detectMedia(png)?.mime).toBe('image/png');
    expect(detectMedia(jpeg)?.mime).toBe('image/jpeg');
    expect(detectMedia(video)).toMatchObject({ kind: 'video', mime: 'video/mp4' });
    expect(detectMedia(zipLike('widget'))?.kind).toBe('widget');
    expect(detectMedia(Buffer.from('GIF89a......'))?.kind).toBe('image');
    expect(detectMedia(Buffer.from('not an image at all'))).toBeUndefined();
    expect(detectMedia(Buffer.alloc(0))).toBeUndefined();
  });

  it('reads a video’s size from ffmpeg’s stream line', () => {
    expect(
      videoSizeOf(
        '  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 1920x1080 [SAR 1:1 DAR 16:9], 25 fps',
      ),
    ).toEqual({ width: 1920, height: 1080 });
    expect(videoSizeOf('Stream #0:1: Audio: aac, 44100 Hz')).toBeUndefined();
  });
});

describe('POST /plus/store/:storeCode/other/file', () => {
  // spec: plus §1.4, plus §3.3, plus §7.13 — images, videos and widgets stored; the choices list with width and height
  it('stores images, a video and a widget with their sizes, thumbnails and files', async () => {
    const res = await upload([
      { name: 'promo.png', content: png, type: 'image/png' },
      { name: 'photo.jpg', content: jpeg },
      { name: 'clip.mp4', content: video },
      { name: 'clock.zip', content: zipLike('clock widget') },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { success: boolean; files: { _id: string; name: string; type: string }[] };
    expect(answer.files.map((f) => [f.name, f.type])).toEqual([
      ['promo.png', 'image'],
      ['photo.jpg', 'image'],
      ['clip.mp4', 'video'],
      ['clock.zip', 'widget'],
    ]);
    const [promo, photo, clip, clock] = await Promise.all(answer.files.map((f) => assetRow(f._id)));
    expect(promo).toMatchObject({ storeCode: STORE, type: 'image', width: 640, height: 480, size: png.length });
    expect(photo).toMatchObject({ width: 1200, height: 900, size: jpeg.length });
    expect(clip).toMatchObject({ type: 'video', width: 320, height: 240, size: video.length });
    expect(clock).toMatchObject({ type: 'widget', width: null, height: null, thumbPath: null });

    // Thumbnails are JPEGs that fit the 320 box with the picture's proportions; the video's is a real frame.
    const thumb = await get(`/plus/asset/image/${answer.files[1]._id}/thumbnail/store/${STORE}`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    const poster = await get(`/plus/asset/video/${answer.files[2]._id}/thumbnail/store/${STORE}`);
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    const stats = await sharp(poster.rawPayload).stats();
    expect(stats.entropy).toBeGreaterThan(1); // the test pattern, not a blank frame
    expect((await get(`/plus/asset/widget/${answer.files[3]._id}/thumbnail/store/${STORE}`)).statusCode).toBe(404);

    const download = await get(`/plus/asset/video/${answer.files[2]._id}/file/store/${STORE}`);
    expect(download.headers['content-type']).toBe('video/mp4');
    expect(download.headers['content-disposition']).toContain('clip.mp4');
    expect(download.rawPayload.equals(video)).toBe(true);
    // The id must be of the kind asked for.
    expect((await get(`/plus/asset/image/${answer.files[2]._id}/file/store/${STORE}`)).statusCode).toBe(404);

    const list = await post(`/plus/asset/image/list/store/${STORE}`, { start: 0, length: 25, filter_name: 'promo' });
    expect(list.json().data).toEqual([
      { _id: answer.files[0]._id, name: 'promo.png', updatedAt: expect.any(String), width: 640, height: 480, size: png.length },
    ]);
    const choices = (await get(`/plus/asset/video/choices/store/${STORE}`)).json() as { id: string; width?: number }[];
    expect(choices.find((c) => c.id === answer.files[2]._id)).toEqual({
      id: answer.files[2]._id,
      name: 'clip.mp4',
      width: 320,
      height: 240,
    });
  });

  it('refuses a file with an image name but other bytes, and stores nothing of the batch', async () => {
    const before = await db().select().from(plusAssets).where(eq(plusAssets.storeCode, STORE));
    const res = await upload([
      { name: 'good.png', content: png },
      { name: 'fake.png', content: Buffer.from('MZ\x90\x00 this is a program, not a picture'), type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_FILE_TYPE',
      message: expect.stringMatching(/^fake\.png is not an image, video or widget/),
    });
    expect(await db().select().from(plusAssets).where(eq(plusAssets.storeCode, STORE))).toHaveLength(before.length);
  });

  it('refuses a file that starts like a PNG but cannot be decoded', async () => {
    const res = await upload([{ name: 'broken.png', content: png.subarray(0, 60) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_FILE', message: expect.stringMatching(/^broken\.png: The image cannot be read/) });
  });

  // spec: plus §5.22, plus §9.8 — at most 10 files at once
  it('takes at most 10 files, at least one, and only the field file', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `w${i}.zip`, content: zipLike(String(i)) }));
    const res = await upload(eleven);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const ten = await upload(eleven.slice(0, 10));
    expect(ten.statusCode, ten.body).toBe(200);
    expect(ten.json().files).toHaveLength(10);
    expect((await upload([])).statusCode).toBe(400);
  });

  // spec: plus §5.22, plus §9.8, plus §7.14 — one file when replacing (?id=)
  it('replaces one file in place: same id, new size, old files removed; not by another kind', async () => {
    const first = (await upload([{ name: 'first.png', content: png }])).json().files[0]._id as string;
    const old = await assetRow(first);
    const two = await upload(
      [
        { name: 'a.png', content: png },
        { name: 'b.png', content: png },
      ],
      { id: first },
    );
    expect(two.statusCode).toBe(400);
    const other = await upload([{ name: 'clip.mp4', content: video }], { id: first });
    expect(other.json()).toMatchObject({ code: 'KIND_MISMATCH', message: 'The new file must be an image like the file it replaces.' });
    expect((await upload([{ name: 'x.png', content: png }], { id: '999999' })).statusCode).toBe(404);

    const res = await upload([{ name: 'second.jpg', content: jpeg }], { id: first });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().files).toEqual([{ _id: first, name: 'second.jpg', type: 'image' }]);
    expect(await assetRow(first)).toMatchObject({ name: 'second.jpg', width: 1200, height: 900 });
    expect(await files().read(old.path)).toBeUndefined();
    expect(await files().read(old.thumbPath!)).toBeUndefined();
  });

  // spec: plus §7.16 — getPlusSetting and setPlusSetting
  it('keeps to the size limits of the Plus setting', async () => {
    const big = await testImage(1000, 1000); // ~3 MB: noise does not compress
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const setting = (await get('/plus/setting')).json();
    expect(
      (await sut.app.inject({ method: 'PUT', url: '/api/plus/setting', headers: as.admin, payload: { ...setting, maxImageSizeMB: 1 } }))
        .statusCode,
    ).toBe(200);
    const res = await upload([{ name: 'big.png', content: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'big.png is larger than the limit of 1 MB.' });
    // Other kinds keep their default.
    expect((await upload([{ name: 'clip.mp4', content: video }])).statusCode).toBe(200);
    const bad = await sut.app.inject({
      method: 'PUT',
      url: '/api/plus/setting',
      headers: as.admin,
      payload: { ...setting, maxVideoSizeMB: 'lots' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await sut.app.inject({ method: 'PUT', url: '/api/plus/setting', headers: as.admin, payload: setting })).statusCode).toBe(200);
    expect((await upload([{ name: 'big.png', content: big }])).statusCode).toBe(200);
  });
});

describe('usage check and remove', () => {
  // spec: plus §5.7, plus §7.11, plus §7.12 — an asset in use is kept, its devices named; the others deleted
  it('keeps an asset a device shows and lists the device; removes the others with their files', async () => {
    const ids = (
      await upload([
        { name: 'used.png', content: png },
        { name: 'unused.png', content: png },
      ])
    )
      .json()
      .files.map((f: { _id: string }) => f._id) as string[];
    const [device] = await db().select().from(plusDevices).where(eq(plusDevices.storeCode, STORE)).orderBy(asc(plusDevices.mac)).limit(1);
    const [shows] = await db().select().from(plusDeviceShows).where(eq(plusDeviceShows.mac, device.mac));
    const show = {
      duration: 30,
      bgColor: '#000000',
      schedule: [],
      object: [{ type: 'image' as const, id: Number(ids[0]), left: 0, top: 0, width: 100, height: 100 }],
    };
    await db()
      .update(plusDeviceShows)
      .set({ show: [...(shows?.show ?? []), show] })
      .where(eq(plusDeviceShows.mac, device.mac));

    const usage = await get(`/plus/asset/image/${ids[0]}/devices/store/${STORE}`, as.viewer);
    expect(usage.json()).toEqual([{ mac: device.mac, name: device.name }]);
    expect((await get(`/plus/asset/image/${ids[1]}/devices/store/${STORE}`)).json()).toEqual([]);

    const unused = await assetRow(ids[1]);
    const res = await post(`/plus/asset/image/remove/store/${STORE}`, { idList: ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: [ids[1]], inUse: [{ id: ids[0], devices: [{ mac: device.mac, name: device.name }] }] });
    expect(await assetRow(ids[0])).toBeDefined();
    expect(await assetRow(ids[1])).toBeUndefined();
    expect(await bytesOf(unused.path)).toBeUndefined();
  });

  // spec: plus §7.11 — the devices that use a template
  it('finds assets used through a device’s template', async () => {
    const [device] = await db()
      .select()
      .from(plusDevices)
      .where(and(eq(plusDevices.storeCode, STORE)))
      .orderBy(asc(plusDevices.mac));
    const withTemplate = (await db().select().from(plusDevices).where(eq(plusDevices.storeCode, STORE))).find((d) => d.template);
    expect(withTemplate, `${device.mac}: the demo store has a device with a template`).toBeDefined();
    const seeded = await get(`/plus/asset/template/${encodeURIComponent(withTemplate!.template!)}/devices/store/${STORE}`);
    expect(seeded.json()).toContainEqual({ mac: withTemplate!.mac, name: withTemplate!.name });
  });
});

describe('privileges and stores', () => {
  // spec: plus §6.1, plus §6.3 — plus read lists; upload and delete need plus write
  it('lets plus readers read, only plus writers change, and only in their stores', async () => {
    expect((await post(`/plus/asset/image/list/store/${STORE}`, { start: 0, length: 25 }, as.viewer)).statusCode).toBe(200);
    expect((await upload([{ name: 'v.png', content: png }], { who: as.viewer })).statusCode).toBe(403);
    expect((await post(`/plus/asset/image/remove/store/${STORE}`, { idList: ['1'] }, as.viewer)).statusCode).toBe(403);
    expect((await upload([{ name: 'o.png', content: png }], { who: as.operator })).statusCode).toBe(200);
    expect((await upload([{ name: 'o.png', content: png }], { who: as.operator, store: 'SEL001' })).statusCode).toBe(403);
    expect((await post('/plus/asset/image/list/store/SEL001', { start: 0, length: 25 }, as.operator)).statusCode).toBe(403);
    // The Plus setting is one for the whole system: readable by plus readers, the super administrator's to change.
    expect((await get('/plus/setting', as.viewer)).statusCode).toBe(200);
    expect(
      (await sut.app.inject({ method: 'PUT', url: '/api/plus/setting', headers: as.operator, payload: { autoSync: false } })).statusCode,
    ).toBe(403);
  });
});

describe('software packages', () => {
  // spec: plus §1.3, plus §3.19, plus §7.14 — software upload (type sw); entry os, model, ver, updatedAt, _id; removePlusSW
  it('stores player packages with model and version from the name, lists and removes them', async () => {
    const res = await upload([{ name: 'player_IP231A_2.4.1.apk', content: zipLike('apk') }], { type: 'sw' });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().files[0]._id as string;
    const [row] = await db()
      .select()
      .from(plusSoftware)
      .where(eq(plusSoftware.id, Number(id)));
    expect(row).toMatchObject({ kind: 'sw', storeCode: STORE, model: 'IP231A', ver: '2.4.1', fileName: 'player_IP231A_2.4.1.apk' });
    const list = await post(`/plus/software/sw/list/store/${STORE}`, { start: 0, length: 25 });
    expect(list.json().data).toEqual([{ _id: id, os: 'Android', model: 'IP231A', ver: '2.4.1', updatedAt: expect.any(String) }]);
    expect((await post(`/plus/software/launcher/list/store/${STORE}`, { start: 0, length: 25 })).json().data).toEqual([]);

    const notApk = await upload([{ name: 'player.apk', content: png }], { type: 'launcher' });
    expect(notApk.json()).toMatchObject({ code: 'INVALID_FILE_TYPE', message: 'player.apk is not a software package (.apk).' });

    expect((await post(`/plus/software/launcher/remove/store/${STORE}`, { idList: [id] })).statusCode).toBe(404);
    expect((await post(`/plus/software/sw/remove/store/${STORE}`, { idList: [id] }, as.viewer)).statusCode).toBe(403);
    expect((await post(`/plus/software/sw/remove/store/${STORE}`, { idList: [id] })).json()).toEqual({ success: true });
    expect(
      await db()
        .select()
        .from(plusSoftware)
        .where(eq(plusSoftware.id, Number(id))),
    ).toEqual([]);
    expect(await files().read(row.path)).toBeUndefined();
  });
});
