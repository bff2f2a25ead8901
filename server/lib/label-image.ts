import { encodePng } from './png';

/*
 * The reference server's stand-in for a label renderer: a plain e-paper label drawn from the product's prInfo
 * with a built-in 5×7 bitmap font (printable ASCII; any other character is drawn as a box), written as an
 * indexed PNG. Real deployments render with their layout designer; the console only shows the images.
 *
 * The company's layout config chooses the drawing: a product's (or tag's) layoutId names a layout type
 * (/setting/layout-config), and the type's name picks one of a few label styles, see labelStyleOf.
 */

/** Palette indexes: the colours of an e-paper label. */
const WHITE = 0;
const BLACK = 1;
const RED = 2;
const PALETTE = [[255, 255, 255], [0, 0, 0], [204, 0, 0]] as const;

/** Printable ASCII 0x20..0x7e: 5 columns per glyph, bit 0 of each column the top row (the classic 5×7 font). */
const FONT_HEX =
  '0000000000' + '00005f0000' + '0007000700' + '147f147f14' + '242a7f2a12' + '2313086462' + '3649552250' + '0005030000' +
  '001c224100' + '0041221c00' + '082a1c2a08' + '08083e0808' + '0050300000' + '0808080808' + '0060600000' + '2010080402' +
  '3e5149453e' + '00427f4000' + '4261514946' + '2141454b31' + '1814127f10' + '2745454539' + '3c4a494930' + '0171090503' +
  '3649494936' + '064949291e' + '0036360000' + '0056360000' + '0008142241' + '1414141414' + '4122140800' + '0201510906' +
  '324979413e' + '7e1111117e' + '7f49494936' + '3e41414122' + '7f4141221c' + '7f49494941' + '7f09090101' + '3e41415132' +
  '7f0808087f' + '00417f4100' + '2040413f01' + '7f08142241' + '7f40404040' + '7f0204027f' + '7f0408107f' + '3e4141413e' +
  '7f09090906' + '3e4151215e' + '7f09192946' + '4649494931' + '01017f0101' + '3f4040403f' + '1f2040201f' + '7f2018207f' +
  '6314081463' + '0304780403' + '6151494543' + '00007f4141' + '0204081020' + '41417f0000' + '0402010204' + '4040404040' +
  '0001020400' + '2054545478' + '7f48444438' + '3844444420' + '384444487f' + '3854545418' + '087e090102' + '081454543c' +
  '7f08040478' + '00447d4000' + '2040443d00' + '007f102844' + '00417f4000' + '7c04180478' + '7c08040478' + '3844444438' +
  '7c14141408' + '081414187c' + '7c08040408' + '4854545420' + '043f444020' + '3c4040207c' + '1c2040201c' + '3c4030403c' +
  '4428102844' + '0c5050503c' + '4464544c44' + '0008364100' + '00007f0000' + '0041360800' + '0201020402';
const BOX = [0x7f, 0x41, 0x41, 0x41, 0x7f];

function glyph(ch: string): readonly number[] {
  const code = ch.charCodeAt(0);
  if (code < 0x20 || code > 0x7e) return BOX;
  const at = (code - 0x20) * 10;
  return [0, 2, 4, 6, 8].map((i) => parseInt(FONT_HEX.slice(at + i, at + i + 2), 16));
}

/** Width in pixels of a text at a scale: 5 columns and 1 of spacing per character. */
export const textWidth = (text: string, scale: number) => Math.max(0, [...text].length * 6 * scale - scale);
const lineHeight = (scale: number) => 8 * scale;

/** Drawing in palette indexes; the Plus screen image (plus-screen.ts) passes its own palette. */
export class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    readonly palette: readonly (readonly [number, number, number])[] = PALETTE,
  ) {
    this.pixels = new Uint8Array(width * height).fill(WHITE);
  }

  fill(x: number, y: number, w: number, h: number, colour: number): void {
    const x0 = Math.max(0, Math.floor(x));
    const y0 = Math.max(0, Math.floor(y));
    const x1 = Math.min(this.width, Math.floor(x + w));
    const y1 = Math.min(this.height, Math.floor(y + h));
    for (let yy = y0; yy < y1; yy++) this.pixels.fill(colour, yy * this.width + x0, yy * this.width + Math.max(x0, x1));
  }

  text(x: number, y: number, text: string, scale: number, colour: number): void {
    [...text].forEach((ch, i) => {
      glyph(ch).forEach((column, cx) => {
        for (let row = 0; row < 7; row++) {
          if (column & (1 << row)) this.fill(x + (i * 6 + cx) * scale, y + row * scale, scale, scale, colour);
        }
      });
    });
  }

  png(): Buffer {
    return encodePng({ width: this.width, height: this.height, palette: this.palette, pixels: this.pixels });
  }
}

/** The largest scale (down to 1) at which the text fits the width. */
function fitScale(text: string, maxScale: number, width: number): number {
  let scale = Math.max(1, maxScale);
  while (scale > 1 && textWidth(text, scale) > width) scale--;
  return scale;
}

/** The text cut to the width, with '...' when cut. */
function clip(text: string, scale: number, width: number): string {
  const chars = [...text];
  const fits = Math.max(0, Math.floor((width + scale) / (6 * scale)));
  if (chars.length <= fits) return text;
  return fits > 3 ? `${chars.slice(0, fits - 3).join('')}...` : chars.slice(0, fits).join('');
}

/** Up to maxLines lines of whole words (a word longer than a line is cut), the last one clipped. */
function wrap(text: string, scale: number, width: number, maxLines: number): string[] {
  const perLine = Math.max(1, Math.floor((width + scale) / (6 * scale)));
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if ([...next].length <= perLine) current = next;
    else {
      if (current) lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) lines.splice(maxLines - 1, lines.length, lines.slice(maxLines - 1).join(' '));
  return lines.map((l) => clip(l, scale, width));
}

export interface LabelSize {
  width: number;
  height: number;
}
/** A 2.9" label, the most common size, when the tag's type is unknown. */
export const DEFAULT_LABEL_SIZE: LabelSize = { width: 296, height: 128 };

/**
 * How a main page is drawn. Slot 0 of prInfo is the name and slot 1 the price (the key and chart aliases of the
 * demo alias set); the styles differ in which further slots they draw and how:
 * - standard: name, a rule, the price as large as fits, the product code;
 * - promotion: the name in white on a band (red on a tag with a third colour, else black) and the price as large
 *   as fits in the label's accent colour: a sale label;
 * - fresh: as standard, plus a line of slots 2 and 3 (e.g. origin and unit) above the product code.
 */
export type LabelStyle = 'standard' | 'promotion' | 'fresh';

/**
 * The style of a layout type, by its name (case-insensitive): a name containing PROMO or SALE is a promotion
 * label, one containing FRESH or WEIGHT a fresh-food label; any other type, and a layoutId without a configured
 * type, draws the standard label. Types are free text per company, so the rule reads the name, not a fixed list.
 */
export function labelStyleOf(layoutType: string | undefined | null): LabelStyle {
  const name = (layoutType ?? '').toUpperCase();
  if (/PROMO|SALE/.test(name)) return 'promotion';
  if (/FRESH|WEIGHT/.test(name)) return 'fresh';
  return 'standard';
}

/** Main page: name, price, product code (and more by style); the price in red on a tag with a third colour. */
export function productLabel(size: LabelSize, product: { prCode: string; prInfo: string[] }, colour: boolean, style: LabelStyle = 'standard'): Buffer {
  const c = new Canvas(size.width, size.height);
  const m = Math.max(2, Math.round(size.height / 32));
  const inner = size.width - 2 * m;
  const small = Math.max(1, Math.floor(size.height / 100));
  const nameScale = Math.max(1, Math.floor(size.height / 60));
  const accent = colour ? RED : BLACK;
  const names = wrap(product.prInfo[0] || product.prCode, nameScale, inner, 2);
  let y = m;
  if (style === 'promotion') {
    // The band runs edge to edge; the name sits inside it with the margin as padding.
    c.fill(0, 0, size.width, m + names.length * lineHeight(nameScale) + m, accent);
    y = m;
  }
  for (const line of names) {
    c.text(m, y, line, nameScale, style === 'promotion' ? WHITE : BLACK);
    y += lineHeight(nameScale);
  }
  if (style === 'promotion') y += m;
  else c.fill(m, y, inner, Math.max(1, small), BLACK);
  let bottom = size.height - m - lineHeight(small);
  if (style === 'fresh') {
    const extra = [product.prInfo[2], product.prInfo[3]].filter(Boolean).join(' / ');
    if (extra) {
      bottom -= lineHeight(small);
      c.text(m, bottom, clip(extra, small, inner), small, BLACK);
      bottom -= small;
    }
  }
  const price = product.prInfo[1] ?? '';
  if (price) {
    const room = bottom - y - 2 * small;
    const scale = fitScale(price, Math.max(1, Math.floor(room / 8)), inner);
    const text = clip(price, scale, inner);
    c.text(size.width - m - textWidth(text, scale), y + Math.max(small, Math.floor((room - 7 * scale) / 2)) + small, text, scale, accent);
  }
  c.text(m, size.height - m - lineHeight(small), clip(product.prCode, small, inner), small, BLACK);
  return c.png();
}

/** Sub page: every product info slot by its alias name, as many as fit. */
export function detailLabel(size: LabelSize, product: { prCode: string; prInfo: string[] }, names: Map<number, string>): Buffer {
  const c = new Canvas(size.width, size.height);
  const m = Math.max(2, Math.round(size.height / 32));
  const scale = Math.max(1, Math.floor(size.height / 110));
  const lines = [product.prCode, ...product.prInfo.map((v, i) => (v ? `${names.get(i) ?? `#${i}`}: ${v}` : '')).filter(Boolean)];
  let y = m;
  for (const line of lines) {
    if (y + lineHeight(scale) > size.height - m) break;
    c.text(m, y, clip(line, scale, size.width - 2 * m), scale, BLACK);
    y += lineHeight(scale);
  }
  return c.png();
}

/** A tag without a product: 'NO PRODUCT' and its tag id, centred. */
export function noProductLabel(size: LabelSize, barcode: string): Buffer {
  const c = new Canvas(size.width, size.height);
  const m = Math.max(2, Math.round(size.height / 32));
  const inner = size.width - 2 * m;
  const title = 'NO PRODUCT';
  const scale = fitScale(title, Math.max(1, Math.floor(size.height / 40)), inner);
  const small = Math.max(1, Math.floor(size.height / 100));
  const id = clip(barcode, small, inner);
  const top = Math.floor((size.height - lineHeight(scale) - lineHeight(small) - 2 * small) / 2);
  c.text(Math.floor((size.width - textWidth(title, scale)) / 2), top, title, scale, BLACK);
  c.text(Math.floor((size.width - textWidth(id, small)) / 2), top + lineHeight(scale) + 2 * small, id, small, BLACK);
  return c.png();
}
