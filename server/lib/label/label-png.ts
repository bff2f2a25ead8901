import { deflateSync } from 'node:zlib';
import { crc32, PNG_SIGNATURE } from '../png';
import type { Rgb } from './palette';

/*
 * The label's PNG: 8-bit indexed rows with filter 0, the same layout as png.ts writes (the tests and the PDF's
 * pass-through embedding read it so), but deflated at level 1. A label is long runs of one index: level 1 is six
 * times faster than the default and the file stays a few kilobytes (5.8 KB against 3.0 KB for a 400×300 sale
 * label), which matters at one render per tag in the change check.
 */

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE((crc32(out.subarray(4, 8 + data.length)) ^ 0xffffffff) >>> 0, 8 + data.length);
  return out;
}

export function labelPng(width: number, height: number, palette: readonly Rgb[], pixels: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // indexed colour; compression, filter and interlace bytes stay 0
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) rows.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const plte = Buffer.from(palette.flat());
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
    chunk('IDAT', deflateSync(rows, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
