import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { napiCanvas } from '../lib/native-modules';
import { familyOrder } from '../lib/label/fonts';
import { drawText, measureText } from '../lib/label/text';
import { processImage, processVideo } from '../lib/media/process';

/*
 * The demo's pictures and videos, made with the project's own tools (issue 31): the label fonts draw the pictures,
 * ffmpeg encodes a short clip from drawn frames, and the upload's own processing (lib/media/process) gives sizes and
 * thumbnails, so the seeded media behave as uploaded ones. Made once per machine into a cache folder named after
 * what is drawn, then copied: seeding stays fast (it runs in many tests).
 */

/** Bump when the drawing changes: the cache folder's name changes with it. */
const DRAWING_VERSION = 1;
/** Small clips (the demo shows that a video plays, not a film): 2.5 s at 10 frames a second. */
const VIDEO = { width: 320, height: 180, fps: 10, frames: 25 };
const FFMPEG_TIMEOUT_MS = 60_000;

export type DemoKind = 'image' | 'video';
export interface DemoItem {
  /** File name without extension, as in lists ('spring-sale'). */
  slug: string;
  kind: DemoKind;
  /** Words drawn on it. */
  title: string;
  /** Picture size; a video's is VIDEO's. */
  width: number;
  height: number;
  colour: string;
}

export interface DemoFile extends DemoItem {
  ext: 'png' | 'mp4';
  /** Bytes of the file. */
  size: number;
  /** The file and its JPEG thumbnail in the cache folder. */
  file: string;
  thumb: string;
}

const PALETTE = ['#d9480f', '#2b8a3e', '#a0522d', '#862e9c', '#1864ab', '#495057', '#c92a2a', '#0b7285', '#5f3dc4'];
const words = (slug: string) => slug.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
const image = (slug: string, width: number, height: number, i: number): DemoItem => ({
  slug,
  kind: 'image',
  title: words(slug),
  width,
  height,
  colour: PALETTE[i % PALETTE.length],
});
const video = (slug: string, i: number): DemoItem => ({
  slug,
  kind: 'video',
  title: words(slug),
  width: VIDEO.width,
  height: VIDEO.height,
  colour: PALETTE[(i + 6) % PALETTE.length],
});

/** Every Plus store's images and videos (plus.ts) and the v1 library's (plus-v1.ts). */
export const DEMO_ITEMS: readonly DemoItem[] = [
  ...['spring-sale', 'fresh-fruit', 'bakery-morning', 'wine-pairing', 'loyalty-card', 'store-map'].map((s, i) =>
    i % 2 ? image(s, 1920, 1080, i) : image(s, 960, 158, i),
  ),
  ...['brand-story', 'cooking-tips', 'weekly-offers'].map(video),
  image('summer-sale', 1920, 158, 2),
  image('two-for-one', 1920, 540, 3),
  image('christmas', 1920, 158, 6),
];

function drawFrame(ctx: SKRSContext2D, item: DemoItem, width: number, height: number, progress?: number) {
  ctx.fillStyle = item.colour;
  ctx.fillRect(0, 0, width, height);
  // A lighter band and, in a video, a bar that runs across: something visibly moves while it plays.
  ctx.fillStyle = 'rgba(255,255,255,0.18)';
  ctx.fillRect(0, Math.round(height * 0.72), width, Math.round(height * 0.28));
  if (progress !== undefined) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, height - Math.max(4, Math.round(height * 0.06)), Math.round(width * progress), Math.max(4, Math.round(height * 0.06)));
  }
  const order = familyOrder('en');
  let size = Math.round(height * 0.42);
  while (size > 8 && measureText(item.title, { size, bold: true, order }) > width * 0.86) size -= 2;
  const textWidth = measureText(item.title, { size, bold: true, order });
  ctx.fillStyle = '#ffffff';
  drawText(ctx, item.title, Math.round((width - textWidth) / 2), Math.round(height * 0.5 + size * 0.35), { size, bold: true, order });
}

function ffmpeg(args: string[], input: Buffer[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegInstaller.path, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let log = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    child.stderr.on('data', (chunk: Buffer) => void (log.length < 8000 && (log += chunk.toString())));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed (${code}): ${log.slice(-500)}`));
    });
    for (const frame of input) child.stdin.write(frame);
    child.stdin.end();
  });
}

async function makeVideo(item: DemoItem, out: string): Promise<void> {
  const canvas = napiCanvas().createCanvas(VIDEO.width, VIDEO.height);
  const ctx = canvas.getContext('2d');
  const frames: Buffer[] = [];
  for (let n = 0; n < VIDEO.frames; n++) {
    drawFrame(ctx, item, VIDEO.width, VIDEO.height, (n + 1) / VIDEO.frames);
    frames.push(Buffer.from(ctx.getImageData(0, 0, VIDEO.width, VIDEO.height).data.buffer));
  }
  const size = `${VIDEO.width}x${VIDEO.height}`;
  await ffmpeg(
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-s',
      size,
      '-r',
      String(VIDEO.fps),
      '-i',
      'pipe:0',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-y',
      out,
    ],
    frames,
  );
}

async function make(item: DemoItem, dir: string): Promise<DemoFile> {
  const ext = item.kind === 'image' ? 'png' : 'mp4';
  const file = join(dir, `${item.slug}.${ext}`);
  const thumb = join(dir, `${item.slug}.thumb.jpg`);
  if (item.kind === 'image') {
    const canvas = napiCanvas().createCanvas(item.width, item.height);
    drawFrame(canvas.getContext('2d'), item, item.width, item.height);
    await writeFile(file, await canvas.encode('png'));
  } else {
    await makeVideo(item, file);
  }
  const bytes = await readFile(file);
  const processed = item.kind === 'image' ? await processImage(bytes) : await processVideo(bytes, ext);
  await writeFile(thumb, processed.thumbnail);
  return { ...item, width: processed.width, height: processed.height, ext, size: bytes.length, file, thumb };
}

let made: Promise<Map<string, DemoFile>> | undefined;

/**
 * The demo files by slug, made on first use into <tmp>/shelfpad-demo-media/<hash of what is drawn>. Several
 * processes (test workers) may make them at once: each writes its own folder and renames it into place; a loser
 * keeps the winner's.
 */
export function demoMedia(cacheRoot = join(tmpdir(), 'shelfpad-demo-media')): Promise<Map<string, DemoFile>> {
  made ??= (async () => {
    const key = createHash('sha256').update(JSON.stringify({ DRAWING_VERSION, VIDEO, DEMO_ITEMS })).digest('hex').slice(0, 16);
    const dir = join(cacheRoot, key);
    const index = join(dir, 'index.json');
    if (!existsSync(index)) {
      const building = `${dir}.${process.pid}-${randomBytes(4).toString('hex')}`;
      await mkdir(building, { recursive: true });
      const files = await Promise.all(DEMO_ITEMS.map((item) => make(item, building)));
      await writeFile(join(building, 'index.json'), JSON.stringify(files.map(({ file: _f, thumb: _t, ...rest }) => rest)));
      await rename(building, dir).catch(() => rm(building, { recursive: true, force: true }));
    }
    const list = JSON.parse(await readFile(index, 'utf8')) as Omit<DemoFile, 'file' | 'thumb'>[];
    return new Map(list.map((f) => [f.slug, { ...f, file: join(dir, `${f.slug}.${f.ext}`), thumb: join(dir, `${f.slug}.thumb.jpg`) }]));
  })();
  made.catch(() => (made = undefined));
  return made;
}

/** A file the seed names in a row, to be copied from the cache into the data folder's file store. */
export interface SeedFile {
  key: string;
  from: string;
}

/** The demo file of a slug; seeding cannot go on without it. */
export function demoFile(media: Map<string, DemoFile>, slug: string): DemoFile {
  const file = media.get(slug);
  if (!file) throw new Error(`no demo media named ${slug}`);
  return file;
}
