#!/usr/bin/env node
/*
 * The app's icons, drawn by the project with nothing but Node: `node scripts/make-icons.mjs` rewrites
 * public/icons/*.png. The mark is a shelf label (a rounded tag with two text lines and a price stripe) in the theme
 * colour. The generated PNGs are committed, so a build never depends on running this.
 *
 * Shapes are signed-distance rounded rectangles: coverage = clamp(0.5 - distance) gives one pixel of anti-aliasing
 * without supersampling, which keeps edges clean at 192 px as well as 512 px.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const THEME = [0x0f, 0x5c, 0x4d];
const WHITE = [0xff, 0xff, 0xff];
const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

// ---- PNG encoding (RFC 2083: signature, IHDR, IDAT, IEND; each chunk CRC32 over type + data) ----

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** RGBA pixels (straight alpha) → PNG bytes. */
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  // compression, filter and interlace stay 0 (deflate, adaptive filters, no interlace)
  const stride = size * 4;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (stride + 1)] = 0; // filter "None" per scanline: flat colours compress well without prediction
    rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- drawing: shapes in unit coordinates (0..1 of the icon's side) ----

/** Signed distance from (px, py) to a rounded rectangle, in the same unit as the inputs. */
function roundedRectDistance(px, py, { x, y, w, h, r }) {
  const qx = Math.abs(px - (x + w / 2)) - (w / 2 - r);
  const qy = Math.abs(py - (y + h / 2)) - (h / 2 - r);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  return outside + Math.min(Math.max(qx, qy), 0) - r;
}

function render(size, layers) {
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (const { shape, color } of layers) {
        const d = roundedRectDistance(px + 0.5, py + 0.5, scale(shape, size));
        const cover = Math.min(1, Math.max(0, 0.5 - d));
        if (cover === 0) continue;
        // "over" compositing with straight alpha
        const outA = cover + a * (1 - cover);
        r = (color[0] * cover + r * a * (1 - cover)) / outA;
        g = (color[1] * cover + g * a * (1 - cover)) / outA;
        b = (color[2] * cover + b * a * (1 - cover)) / outA;
        a = outA;
      }
      const i = (py * size + px) * 4;
      rgba[i] = Math.round(r);
      rgba[i + 1] = Math.round(g);
      rgba[i + 2] = Math.round(b);
      rgba[i + 3] = Math.round(a * 255);
    }
  }
  return encodePng(size, rgba);
}

const scale = (s, size) => ({ x: s.x * size, y: s.y * size, w: s.w * size, h: s.h * size, r: s.r * size });

/**
 * The label mark centred on (0.5, 0.5) with width `w`: tag body, two text lines top left, a price stripe along the
 * bottom with the price block at its right. Proportions follow a 2.6" ESL tag (about 3:2).
 */
function labelMark(w, body, ink) {
  const h = w * 0.66;
  const x = 0.5 - w / 2;
  const y = 0.5 - h / 2;
  const u = w / 100; // one percent of the tag's width
  return [
    { shape: { x, y, w, h, r: 9 * u }, color: body },
    { shape: { x: x + 11 * u, y: y + 12 * u, w: 46 * u, h: 8 * u, r: 4 * u }, color: ink },
    { shape: { x: x + 11 * u, y: y + 25 * u, w: 30 * u, h: 8 * u, r: 4 * u }, color: ink },
    { shape: { x: x + 8 * u, y: y + 41 * u, w: 84 * u, h: 18 * u, r: 5 * u }, color: ink },
    { shape: { x: x + 58 * u, y: y + 44 * u, w: 30 * u, h: 12 * u, r: 3 * u }, color: body },
  ];
}

const FULL = { x: 0, y: 0, w: 1, h: 1, r: 0 };
// "any" icons: a white rounded tile, transparent corners, so the mark reads on dark and light launchers alike.
const anyIcon = [{ shape: { x: 0.02, y: 0.02, w: 0.96, h: 0.96, r: 0.2 }, color: WHITE }, ...labelMark(0.74, THEME, WHITE)];
// Maskable: full-bleed background (the launcher crops it to any shape); the mark's corners stay well inside the
// 80% safe-zone circle (half-diagonal 0.35 of the side < 0.4).
const maskableIcon = [{ shape: FULL, color: THEME }, ...labelMark(0.58, WHITE, THEME)];

const files = {
  'icon-192.png': render(192, anyIcon),
  'icon-512.png': render(512, anyIcon),
  'maskable-512.png': render(512, maskableIcon),
  // iOS ignores the manifest's icons and fills transparency with black: an opaque, full-bleed square.
  'apple-touch-icon.png': render(180, maskableIcon),
};
mkdirSync(OUT, { recursive: true });
for (const [name, bytes] of Object.entries(files)) {
  writeFileSync(join(OUT, name), bytes);
  console.log(`public/icons/${name}: ${bytes.length} bytes`);
}
