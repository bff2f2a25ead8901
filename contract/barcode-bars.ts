import type bwipjs from 'bwip-js/generic';

/*
 * The barcode of a product code, as bar and space widths in modules (bwip-js's raw encoder): EAN-13 when the code
 * is one (13 digits with a right check digit, as the demo products are), else Code 128, which carries any ASCII.
 * The encoder is passed in: the browser imports bwip-js (api/barcode.ts), the server requires it on the first label
 * it draws (server/lib/label/barcode.ts, issue 34 §4), and both get these same bars.
 */

export interface Barcode {
  symbology: 'ean13' | 'code128';
  /** Alternating bar/space widths in modules, starting with a bar. */
  widths: number[];
  modules: number;
  /** Light margin each side, in modules (ISO/IEC 15417 asks 10 for Code 128, GS1 11 for EAN-13). */
  quiet: number;
}

/** bwip-js's default export, or the part of it used here. */
export type BarcodeEncoder = Pick<typeof bwipjs, 'raw'>;

export function isEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

/** undefined when the code cannot be a barcode (characters beyond ASCII). */
export function encodeBarcode(encoder: BarcodeEncoder, code: string): Barcode | undefined {
  const symbology = isEan13(code) ? 'ean13' : 'code128';
  if (symbology === 'code128' && !/^[\x20-\x7e]+$/.test(code)) return undefined;
  try {
    const raw = encoder.raw(symbology, code, {}) as Array<{ sbs?: number[] }>;
    const widths = raw[0]?.sbs;
    if (!widths?.length) return undefined;
    return { symbology, widths, modules: widths.reduce((a, b) => a + b, 0), quiet: symbology === 'ean13' ? 11 : 10 };
  } catch {
    return undefined;
  }
}
