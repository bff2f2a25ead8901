import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoSizeOf } from '../../server/lib/media/process';
import { seedIfEmpty } from '../../server/seed/index';
import { DEMO_MEMBERS, DEMO_PASSWORD, login, startTestServer, temporaryDataDir, type AuthHeaders, type TestServer } from './harness';

/*
 * Issue 31 §3: a new server's demo signage has real media. Seeded as a real start does it (server/scale/setup.ts:
 * seedIfEmpty with the data folder), then read back through the API and decoded again.
 */
const STORE = 'TKY001';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const data = temporaryDataDir();
let sut: TestServer;
let admin: AuthHeaders;

beforeAll(async () => {
  sut = await startTestServer({ seed: 'none', config: { dataDir: data.dataDir } });
  expect(await seedIfEmpty(sut.deps.db, { seed: 7, scale: 'test', dataDir: data.dataDir })).toBe(true);
  admin = await login(sut.app, DEMO_MEMBERS.admin, DEMO_PASSWORD);
}, 180_000);
afterAll(async () => {
  await sut?.close();
  await data.remove();
});

const get = (url: string) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers: admin });
const list = async (type: 'image' | 'video') => {
  const res = await sut.app.inject({
    method: 'POST',
    url: `/api/plus/asset/${type}/list/store/${STORE}`,
    headers: admin,
    payload: { start: 0, length: 50 },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { _id: string; name: string; width?: number; height?: number }[] }).data;
};

/** ffmpeg's report of the file's first video stream, and whether it decoded every frame without error. */
function probe(bytes: Buffer): { size?: { width: number; height: number }; frames: number; ok: boolean } {
  const file = join(data.dataDir, `probe-${Date.now()}.mp4`);
  writeFileSync(file, bytes);
  const run = spawnSync(ffmpegInstaller.path, ['-hide_banner', '-nostdin', '-v', 'info', '-i', file, '-f', 'null', '-'], {
    encoding: 'utf8',
  });
  const frames = Number(/frame=\s*(\d+)/.exec(run.stderr)?.[1] ?? 0);
  return { size: videoSizeOf(run.stderr), frames, ok: run.status === 0 };
}

describe('seeded Plus media (issue 31 §3)', () => {
  it('answers every image as a PNG of the size its row gives, with a JPEG thumbnail', async () => {
    const images = await list('image');
    expect(images.map((i) => i.name).sort()).toEqual([
      'bakery-morning.png',
      'fresh-fruit.png',
      'loyalty-card.png',
      'spring-sale.png',
      'store-map.png',
      'wine-pairing.png',
    ]);
    for (const image of images) {
      const file = await get(`/plus/asset/image/${image._id}/file/store/${STORE}`);
      expect(file.statusCode, image.name).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const meta = await sharp(file.rawPayload).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual({ width: image.width, height: image.height });
      const thumb = await get(`/plus/asset/image/${image._id}/thumbnail/store/${STORE}`);
      expect(thumb.statusCode).toBe(200);
      expect((await sharp(thumb.rawPayload).metadata()).format).toBe('jpeg');
    }
  });

  it('answers every video as an MP4 that ffmpeg decodes (2–3 s), with a poster thumbnail', async () => {
    const videos = await list('video');
    expect(videos).toHaveLength(3);
    for (const video of videos) {
      const file = await get(`/plus/asset/video/${video._id}/file/store/${STORE}`);
      expect(file.statusCode, video.name).toBe(200);
      expect(file.headers['content-type']).toBe('video/mp4');
      const probed = probe(file.rawPayload);
      expect(probed.ok).toBe(true);
      expect(probed.size).toEqual({ width: video.width, height: video.height });
      // 10 frames a second for 2.5 s.
      expect(probed.frames).toBeGreaterThanOrEqual(20);
      expect(probed.frames).toBeLessThanOrEqual(30);
      expect(file.rawPayload.length).toBeLessThan(200_000);
      const thumb = await get(`/plus/asset/video/${video._id}/thumbnail/store/${STORE}`);
      expect(thumb.statusCode).toBe(200);
      expect((await sharp(thumb.rawPayload).metadata()).width).toBeGreaterThan(0);
    }
  });

  it('gives the v1 library’s pictures and film their files, widgets stay without', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/plus/v1/content/list',
      headers: admin,
      payload: { start: 0, length: 50 },
    });
    expect(res.statusCode).toBe(200);
    const contents = (res.json() as { data: { id: string | number; name: string; type: string; resolution: string }[] }).data;
    const withFiles = contents.filter((c) => c.type !== 'widget');
    expect(withFiles.map((c) => c.name).sort()).toEqual(['Brand film', 'Christmas', 'Summer sale', 'Two for one']);
    for (const content of withFiles) {
      const file = await get(`/plus/v1/content/${content.id}/file`);
      expect(file.statusCode, content.name).toBe(200);
      if (content.type === 'image') {
        const meta = await sharp(file.rawPayload).metadata();
        expect(`${meta.width}x${meta.height}`).toBe(content.resolution);
      } else {
        expect(probe(file.rawPayload).ok).toBe(true);
      }
    }
  });
});
