import { describe, expect, it } from 'vitest';
import bwipjs from 'bwip-js/generic';
import sharp from 'sharp';
import { formatPrice, PLAIN_NUMBERS } from '../../server/lib/label/money';
import { differingPixels, MONEY, PRODUCTS, readIndexedPng, render, SIZE_29, SIZE_42, type IndexedPng } from './label-render-helpers';
import { productLabel } from '../../server/lib/label-image';

/*
 * Prices in the company's money and barcodes the scanner reads (issue 30). zbarimg is not on the machines, so
 * the bars are checked against bwip-js's own rendering of the same code, bar for bar.
 */

describe('label prices', () => {
  it('formats a price slot with the company locale and currency (Intl)', () => {
    expect(formatPrice('1228', MONEY.ja)).toBe('￥1,228');
    expect(formatPrice('12800', MONEY.ko)).toBe('₩12,800');
    expect(formatPrice('3.49', MONEY.it)).toMatch(/^3,49\s€$/u);
    expect(formatPrice('3.49', PLAIN_NUMBERS)).toBe('3.49');
    // Text that is not a number is the store's own wording: kept.
    expect(formatPrice('2 for 5', MONEY.it)).toBe('2 for 5');
  });

  for (const script of ['ja', 'ko', 'it'] as const) {
    it(`${script}: the label shows the price with its currency sign`, () => {
      const [name, price, ...rest] = PRODUCTS[script].prInfo;
      const formatted = formatPrice(price, MONEY[script]);
      const drawn = render(script, 'bwr', 'standard', [name, price, ...rest]);
      // A price slot already written out (not a number, so drawn as it is) draws the very same label...
      expect(differingPixels(drawn, render(script, 'bwr', 'standard', [name, formatted, ...rest]))).toBe(0);
      // ...and the same digits without the sign draw a different one: the sign is on the label.
      const bare = formatted.replace(/[^\d.,]/gu, '');
      expect(differingPixels(drawn, render(script, 'bwr', 'standard', [name, bare, ...rest]))).toBeGreaterThan(50);
    });
  }

  it('a sale label strikes the regular price through beside the sale price', () => {
    const [name, price, origin, unit] = PRODUCTS.it.prInfo;
    const sale = render('it', 'bwr', 'promotion', [name, price, origin, unit, '2.79']);
    const noSale = render('it', 'bwr', 'promotion', [name, price, origin, unit, '']);
    const otherRegular = render('it', 'bwr', 'promotion', [name, '4.99', origin, unit, '2.79']);
    expect(differingPixels(sale, noSale)).toBeGreaterThan(500);
    // The regular price is drawn (its digits change the label) and crossed: a black rule runs through its digits.
    expect(differingPixels(sale, otherRegular)).toBeGreaterThan(20);
    const strike = longestBlackRun(sale, 0, Math.round(sale.width / 2));
    expect(strike).toBeGreaterThan(30);
  });
});

describe('label barcodes', () => {
  for (const [script, size] of [
    ['ja', SIZE_42],
    ['ko', SIZE_29],
    ['it', SIZE_42],
  ] as const) {
    it(`${script} ${size.width}×${size.height}: the bars are bwip-js's EAN-13 of the product code`, async () => {
      const code = PRODUCTS[script].prCode;
      const expected = await bwipRuns(code);
      const img = render(script, 'bw', 'standard', undefined, size);
      const rows = [...Array(img.height).keys()].map((y) => labelRuns(img, y)).filter((runs) => runs.length === expected.length);
      expect(rows.length).toBeGreaterThan(5);
      // Whole-pixel modules: the label's runs are bwip-js's runs times the module width.
      const module = rows[0][0] / expected[0];
      expect(Number.isInteger(module)).toBe(true);
      expect(rows[0]).toEqual(expected.map((w) => w * module));
      // The quiet zone left of the bars is white.
      expect(firstBlack(img, rowOf(img, rows[0]))).toBeGreaterThanOrEqual(11 * module);
    });
  }

  it('a code that is not an EAN-13 is drawn as Code 128; a paper label has no bars (the PDF draws them)', () => {
    const tag = readIndexedPng(productLabel(SIZE_29, { prCode: 'ABC-123', prInfo: ['Thing', '1'] }, 'bw'));
    const paper = readIndexedPng(
      productLabel(SIZE_29, { prCode: 'ABC-123', prInfo: ['Thing', '1'] }, 'bw', 'standard', { barcode: false }),
    );
    expect(differingPixels(tag, paper)).toBeGreaterThan(500);
  });
});

/** Widths of the alternating dark and light runs of a row, from the first dark pixel to the last. */
function runsOf(dark: boolean[]): number[] {
  const first = dark.indexOf(true);
  const last = dark.lastIndexOf(true);
  if (first < 0) return [];
  const runs: number[] = [];
  for (let x = first; x <= last;) {
    let end = x;
    while (end <= last && dark[end] === dark[x]) end++;
    runs.push(end - x);
    x = end;
  }
  return runs;
}

/** The runs of a row's left half, where the layout puts the barcode. */
const labelRuns = (img: IndexedPng, y: number) => runsOf(Array.from({ length: Math.round(img.width / 2) }, (_, x) => img.at(x, y) === 1));

function rowOf(img: IndexedPng, runs: number[]): number {
  for (let y = 0; y < img.height; y++) if (labelRuns(img, y).join() === runs.join()) return y;
  return -1;
}

function firstBlack(img: IndexedPng, y: number): number {
  for (let x = 0; x < img.width; x++) if (img.at(x, y) === 1) return x;
  return -1;
}

function longestBlackRun(img: IndexedPng, x0: number, x1: number): number {
  let best = 0;
  for (let y = 0; y < img.height; y++) {
    let run = 0;
    for (let x = x0; x < x1; x++) {
      run = img.at(x, y) === 1 ? run + 1 : 0;
      best = Math.max(best, run);
    }
  }
  return best;
}

/** bwip-js's own drawing of the code (its SVG, rasterised by sharp), read back by row, in modules. */
async function bwipRuns(code: string): Promise<number[]> {
  const svg = bwipjs.toSVG({ bcid: 'ean13', text: code, scale: 2, height: 10 });
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Math.floor(info.height / 3);
  const runs = runsOf(Array.from({ length: info.width }, (_, x) => data[y * info.width + x] < 128));
  const module = Math.min(...runs);
  return runs.map((w) => w / module);
}
