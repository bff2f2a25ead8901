import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { sharp } from '../native-modules';

/*
 * Thumbnails and sizes of uploaded images and videos. Images go through sharp (libvips); videos through the
 * ffmpeg binary shipped in @ffmpeg-installer (no system ffmpeg needed). A file that cannot be decoded is the
 * client's mistake and is reported as MediaError, which the routes answer with a 400.
 */
export class MediaError extends Error {}

/** Thumbnails fit in this box (the list shows them small; the viewer loads the file itself). */
export const THUMB_BOX = 320;
/** Refuse decompression bombs: more pixels than a 16k × 16k picture. */
const MAX_PIXELS = 16384 * 16384;
/** A poster frame never takes longer than this; a stuck decoder is killed. */
const FFMPEG_TIMEOUT_MS = 120_000;

export interface Processed {
  width: number;
  height: number;
  /** JPEG thumbnail. */
  thumbnail: Buffer;
}

export async function processImage(bytes: Buffer): Promise<Processed> {
  try {
    // autoOrient: a photo taken upright reports its upright size, as players show it.
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, autoOrient: true });
    const meta = await image.metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new MediaError('The image has no size.');
    const thumbnail = await image
      .resize(THUMB_BOX, THUMB_BOX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { width, height, thumbnail };
  } catch (error) {
    if (error instanceof MediaError) throw error;
    throw new MediaError(`The image cannot be read: ${(error as Error).message}`);
  }
}

function run(args: string[]): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegInstaller.path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      // The header (with the stream sizes) comes first; the rest is progress and can be dropped.
      if (stderr.length < 64_000) stderr += chunk.toString();
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr });
    });
  });
}

/** "Stream #0:0…: Video: h264 …, 1920x1080 [SAR …]": the first video stream's size, as ffmpeg prints it. */
export function videoSizeOf(ffmpegLog: string): { width: number; height: number } | undefined {
  const line = ffmpegLog.split('\n').find((l) => /Stream #\d+:\d+.*: Video:/.test(l));
  const match = line && /\b(\d{2,5})x(\d{2,5})\b/.exec(line);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
}

/** Size and poster frame (1 s in, or the first frame of a shorter clip) of a video. */
export async function processVideo(bytes: Buffer, ext: string): Promise<Processed> {
  // ffmpeg seeks in MP4 only in a file (the index may sit at the end), so the upload is written out first.
  const dir = await mkdtemp(join(tmpdir(), 'shelfpad-video-'));
  try {
    const input = join(dir, `input.${ext}`);
    await writeFile(input, bytes);
    const frame = (seek: string) =>
      run([
        '-hide_banner',
        '-nostdin',
        '-ss',
        seek,
        '-i',
        input,
        '-frames:v',
        '1',
        '-vf',
        `scale=${THUMB_BOX}:${THUMB_BOX}:force_original_aspect_ratio=decrease`,
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        'pipe:1',
      ]);
    let result = await frame('1');
    if (!result.stdout.length) result = await frame('0');
    const size = videoSizeOf(result.stderr);
    if (!size || !result.stdout.length) throw new MediaError('The video cannot be read.');
    const thumbnail = await sharp(result.stdout).jpeg({ quality: 80 }).toBuffer();
    return { ...size, thumbnail };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
