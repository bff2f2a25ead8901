import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';

/* Media made on the fly for the Plus media tests and bench: no binary fixture lives in the repository. */

/** A noisy picture (so that its encoded size is realistic) of the given size. */
export function testImage(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  // xorshift32: deterministic noise that PNG and JPEG cannot squeeze.
  let x = 2463534242;
  for (let i = 0; i < pixels.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    pixels[i] = x & 0xff;
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (format === 'png' ? image.png({ compressionLevel: 1 }) : image.jpeg({ quality: 85 })).toBuffer();
}

/** An H.264 MP4 of ffmpeg's test pattern. */
export function testVideo(seconds: number, width: number, height: number, rate = 10): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'shelfpad-testvideo-'));
  try {
    const out = join(dir, 'clip.mp4');
    const run = spawnSync(ffmpegInstaller.path, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=${width}x${height}:rate=${rate}`,
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-y',
      out,
    ]);
    if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Bytes that start like a zip archive (a widget package or an Android package): the server checks only that. */
export const zipLike = (text: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(text)]);

/** A multipart body with several parts named `file`. */
export function filesBody(files: { name: string; content: Buffer; type?: string }[]) {
  const boundary = '----shelfpad-media-boundary';
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
