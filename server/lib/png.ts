import { deflateSync } from 'node:zlib';

/*
 * A minimal PNG writer for the tag previews: 8-bit indexed colour (an e-paper label has two or three colours),
 * no native dependency. Layout per the PNG specification: signature, IHDR, PLTE, IDAT (zlib of filtered rows,
 * filter 0 on every row), IEND; every chunk is length, type, data, CRC-32 of type and data.
 */

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array, crc = 0xffffffff): number {
  let c = crc;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return c;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE((crc32(data, crc32(head.subarray(4))) ^ 0xffffffff) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An image of palette indexes, one byte per pixel, row by row. */
export interface IndexedImage {
  width: number;
  height: number;
  /** RGB triples; at most 256. */
  palette: readonly (readonly [number, number, number])[];
  pixels: Uint8Array;
}

export function encodePng(image: IndexedImage): Buffer {
  const { width, height, palette, pixels } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new Error(`bad image size ${width}x${height}`);
  if (pixels.length !== width * height) throw new Error('pixel count does not match the size');
  if (!palette.length || palette.length > 256) throw new Error('palette must have 1..256 colours');
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // colour type: indexed
  ihdr[10] = 0; // compression: deflate
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // no interlace
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0;
    raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  const plte = Buffer.from(palette.flatMap(([r, g, b]) => [r, g, b]));
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
