import { inflateSync } from 'node:zlib';
import { productLabel, type LabelColours, type LabelStyle, type Money } from '../../server/lib/label-image';
import { moneyOfAddress } from '../../server/lib/label/money';

/** What the label renderer's PNGs hold: 8-bit indexed rows (filter 0), read back without any image library. */
export interface IndexedPng {
  width: number;
  height: number;
  palette: [number, number, number][];
  at: (x: number, y: number) => number;
}

export function readIndexedPng(png: Buffer): IndexedPng {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  if (png[24] !== 8 || png[25] !== 3) throw new Error(`not an 8-bit indexed PNG: depth ${png[24]}, colour type ${png[25]}`);
  const idat: Buffer[] = [];
  let palette: [number, number, number][] = [];
  for (let at = 8; at < png.length;) {
    const len = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    const data = png.subarray(at + 8, at + 8 + len);
    if (type === 'IDAT') idat.push(data);
    if (type === 'PLTE') palette = Array.from({ length: len / 3 }, (_, i) => [data[i * 3], data[i * 3 + 1], data[i * 3 + 2]]);
    at += 12 + len;
  }
  const rows = inflateSync(Buffer.concat(idat));
  if (rows.length !== (width + 1) * height) throw new Error('row data does not match the size');
  return { width, height, palette, at: (x, y) => rows[y * (width + 1) + 1 + x] };
}

/** Pixels of each palette index inside a box. */
export function countIndexes(img: IndexedPng, box = { x: 0, y: 0, width: img.width, height: img.height }): number[] {
  const counts = img.palette.map(() => 0);
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) counts[img.at(x, y)] = (counts[img.at(x, y)] ?? 0) + 1;
  return counts;
}

/** Pixels that differ between two images of one size, inside a box. */
export function differingPixels(a: IndexedPng, b: IndexedPng, box = { x: 0, y: 0, width: a.width, height: a.height }): number {
  let n = 0;
  for (let y = box.y; y < box.y + box.height; y++) for (let x = box.x; x < box.x + box.width; x++) if (a.at(x, y) !== b.at(x, y)) n++;
  return n;
}

export const MONEY: Record<'ja' | 'ko' | 'it', Money> = {
  ja: moneyOfAddress('1-9-1 Marunouchi, Chiyoda-ku, Tokyo 100-0005, Japan'),
  ko: moneyOfAddress('396 Gangnam-daero, Gangnam-gu, Seoul 06232, South Korea'),
  it: moneyOfAddress('Via del Lavoro 6, 40127 Bologna, Italy'),
};

/** One product per script, priced as each company prices (slot 4: the sale price). */
export const PRODUCTS = {
  ja: { prCode: '4901230000012', prInfo: ['北海道産 味噌ラーメン 五食入り', '1228', '日本', 'pack', '998'] },
  ko: { prCode: '8801230000011', prInfo: ['제주 감귤 한 상자', '12800', '대한민국', 'kg', '9900'] },
  it: { prCode: '8007890000013', prInfo: ['Pomodori San Marzano DOP pelati', '3.49', 'Italia', 'kg', '2.79'] },
} as const;

export const SIZE_42 = { width: 400, height: 300 };
export const SIZE_29 = { width: 296, height: 128 };

export function render(
  script: keyof typeof PRODUCTS,
  colours: LabelColours,
  style: LabelStyle,
  prInfo?: string[],
  size = SIZE_42,
): IndexedPng {
  const p = PRODUCTS[script];
  return readIndexedPng(
    productLabel(size, { prCode: p.prCode, prInfo: prInfo ?? [...p.prInfo] }, colours, style, { money: MONEY[script] }),
  );
}

/** The name's box on a label of the size: the top of the label, where the layout puts it (product-label.ts). */
export const nameBox = (size: { width: number; height: number }) => ({
  x: 0,
  y: 0,
  width: size.width,
  height: Math.round(size.height * 0.36),
});
