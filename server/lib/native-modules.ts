import { createRequire } from 'node:module';
import type * as NapiCanvas from '@napi-rs/canvas';
import type Sharp from 'sharp';

/*
 * The native image libraries, loaded on first use (issue 34 §4). Each maps its shared library and allocates on load:
 * sharp (libvips) ~28 MB resident, @napi-rs/canvas (Skia) ~39 MB, measured by importing each alone in Node 24. An
 * API process that draws no label and takes no upload — an idle one, or one of several on PostgreSQL where another
 * runs the simulator — never pays for them. A static import cannot wait: the compiled server (one esbuild bundle,
 * packages external) hoists every package import to its top, so they are required here, when first asked for.
 */
const load = createRequire(import.meta.url);

let canvasModule: typeof NapiCanvas | undefined;
let sharpModule: typeof Sharp | undefined;

/** @napi-rs/canvas: createCanvas, GlobalFonts. */
export const napiCanvas = (): typeof NapiCanvas => (canvasModule ??= load('@napi-rs/canvas') as typeof NapiCanvas);

/** sharp's factory, as `import sharp from 'sharp'` gives it. */
export const sharp = (...args: Parameters<typeof Sharp>): ReturnType<typeof Sharp> => (sharpModule ??= loadSharp())(...args);

function loadSharp(): typeof Sharp {
  const module = load('sharp') as typeof Sharp;
  // libvips keeps up to 50 MB of recent operations and 20 open files by default, for pipelines that read the same
  // image again. Here every image is new (an upload, a camera frame of the simulator), so the cache only held memory.
  module.cache(false);
  return module;
}
