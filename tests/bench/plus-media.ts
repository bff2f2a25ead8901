/**
 * Plus media thumbnails (issue 16 B): the time to read the size of and make the thumbnail of a 12 MP photo (sharp)
 * and of a 30 s 1080p video (poster frame with the bundled ffmpeg), as the upload call does them
 * (server/lib/media/process.ts). Both files are generated here. Runs alone with `npx tsx tests/bench/plus-media.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { processImage, processVideo } from '../../server/lib/media/process';
import { testVideo } from '../server/plus-media-fixtures';

const SAMPLES = 3;
const round = (n: number) => Math.round(n * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A 4000 × 3000 JPEG with gradients and fine detail, about the weight of a phone photo. */
async function photo12mp(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  // Sensor-like grain on the gradients, so that the JPEG weighs what a photo does (a clean gradient is tiny).
  let grain = 2463534242;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      grain ^= grain << 13;
      grain ^= grain >>> 17;
      grain ^= grain << 5;
      pixels[i] = (x * 200) / width + (grain & 31);
      pixels[i + 1] = (y * 200) / height + ((grain >>> 8) & 31);
      pixels[i + 2] = ((x ^ y) & 0xbf) + ((grain >>> 16) & 31);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return round(median(times));
}

export async function plusMediaFigure() {
  const image = await photo12mp();
  const video = testVideo(30, 1920, 1080, 25);
  return {
    image_12mp_jpeg_mb: round(image.length / 1024 / 1024),
    image_12mp_thumbnail_ms: await timed(() => processImage(image)),
    video_30s_1080p_mb: round(video.length / 1024 / 1024),
    video_30s_1080p_poster_ms: await timed(() => processVideo(video, 'mp4')),
    samples: SAMPLES,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(JSON.stringify(await plusMediaFigure(), null, 2));
