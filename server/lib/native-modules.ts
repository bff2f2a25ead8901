import { createRequire } from 'node:module';
import type * as NapiCanvas from '@napi-rs/canvas';
import type Sharp from 'sharp';

/*
 * Packages loaded on first use (issue 34 §4), through this one loader. A static import cannot wait: the compiled
 * server (one esbuild bundle, packages external) hoists every package import to its top, so a package that only some
 * requests need is required here, when first asked for, and an idle process never pays for it. The native image
 * libraries map their shared library and allocate on load: sharp (libvips) ~28 MB resident, @napi-rs/canvas (Skia)
 * ~39 MB, measured by importing each alone in Node 24; the other users are named beside their call.
 */
const load = createRequire(import.meta.url);

/** A getter that requires `id` (a package name or a file path) the first time it is called, `setup` once, then keeps it. */
export function onFirstUse<T>(id: string, setup?: (module: T) => void): () => T {
  let module: T | undefined;
  return () => {
    if (module === undefined) {
      module = load(id) as T;
      setup?.(module);
    }
    return module;
  };
}

/** A file of an installed package that its `exports` do not give to require() (an ESM-only entry point). */
export const packageFile = (name: string, fromMain: string) => load.resolve(name).replace(/[^/\\]+$/, fromMain);

/** @napi-rs/canvas: createCanvas, GlobalFonts. */
export const napiCanvas = onFirstUse<typeof NapiCanvas>('@napi-rs/canvas');

// libvips keeps up to 50 MB of recent operations and 20 open files by default, for pipelines that read the same
// image again. Here every image is new (an upload, a camera frame of the simulator), so the cache only held memory.
const sharpModule = onFirstUse<typeof Sharp>('sharp', (module) => module.cache(false));

/** sharp's factory, as `import sharp from 'sharp'` gives it. */
export const sharp = (...args: Parameters<typeof Sharp>): ReturnType<typeof Sharp> => sharpModule()(...args);
