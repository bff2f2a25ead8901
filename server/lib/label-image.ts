import { encodePng } from './png';
import type { LabelSize } from './label/canvas';
import type { Money } from './label/money';
import { paletteOf, WHITE, type LabelColours, type Rgb } from './label/palette';
import { renderDetailPage, renderNoProductPage } from './label/plain-pages';
import { renderProductLabel, type LabelStyle, type ProductLabelOptions } from './label/product-label';
import { maskTextWidth, paintTextMask } from './label/text-mask';

/*
 * What a tag shows, as an indexed PNG of the tag type's resolution and colours: the one label renderer behind
 * the tag preview, the task images, the update pipeline's change check, the tag image of image-based updates
 * and the print preview. Text is shaped from the Noto fonts (Latin, Japanese, Korean) by Skia and thresholded to
 * the palette; the drawing itself lives in ./label/.
 *
 * The company's layout config chooses the drawing: a product's (or tag's) layoutId names a layout type
 * (/setting/layout-config), and the type's name picks one of a few label styles, see labelStyleOf.
 */

export type { LabelSize } from './label/canvas';
export type { LabelColours } from './label/palette';
export type { LabelStyle, ProductLabelOptions } from './label/product-label';
export type { Money } from './label/money';
export { companyMoney } from './label/company-money';
export { moneyOfAddress, formatPrice } from './label/money';

/** A 2.9" label, the most common size, when the tag's type is unknown. */
export const DEFAULT_LABEL_SIZE: LabelSize = { width: 296, height: 128 };

/**
 * A tag type's colours. The spec's tag type code knows one colour feature, COLOR, which our tags show as red
 * (decodeTagType); `true`/`false` are that flag as callers have it. Yellow panels are drawn when a caller asks
 * for 'bwy': no tag type code names them yet.
 */
const coloursOf = (colour: boolean | LabelColours): LabelColours => (typeof colour === 'string' ? colour : colour ? 'bwr' : 'bw');

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

/** Main page: name, price (in the company's money when given), barcode when asked, more by style. */
export function productLabel(
  size: LabelSize,
  product: { prCode: string; prInfo: string[] },
  colour: boolean | LabelColours,
  style: LabelStyle = 'standard',
  options: ProductLabelOptions = {},
): Buffer {
  return renderProductLabel(size, product, coloursOf(colour), style, options);
}

/** Sub page: every product info slot by its alias name, as many as fit. */
export function detailLabel(
  size: LabelSize,
  product: { prCode: string; prInfo: string[] },
  names: Map<number, string>,
  money?: Money,
): Buffer {
  return renderDetailPage(size, product, names, 'bw', money?.locale);
}

/** A tag without a product: 'NO PRODUCT' and its tag id, centred. */
export function noProductLabel(size: LabelSize, barcode: string): Buffer {
  return renderNoProductPage(size, barcode);
}

/** Width in pixels of a text drawn by Canvas.text at a scale (a scale is 8 pixels of line). */
export const textWidth = (text: string, scale: number) => maskTextWidth(text, 8 * scale);

/**
 * Drawing in palette indexes, for the images that are not labels (the Plus screen capture and camera stamp pass
 * their own palette); its text comes from the label fonts too (label/text-mask.ts).
 */
export class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    readonly palette: readonly Rgb[] = paletteOf('bwr'),
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

  /** The text with its line's top-left at (x, y), 8 × scale pixels of line. */
  text(x: number, y: number, text: string, scale: number, colour: number): void {
    paintTextMask(this.pixels, this.width, this.height, x, y, text, 8 * scale, colour);
  }

  png(): Buffer {
    return encodePng({ width: this.width, height: this.height, palette: this.palette, pixels: this.pixels });
  }
}
