import bwipjs from 'bwip-js/generic';
import type { SKRSContext2D } from '@napi-rs/canvas';

/*
 * The product code as a barcode on the label: bwip-js encodes (EAN-13 when the code is one, as the demo's are,
 * else Code 128 for any ASCII), and the bars are drawn as whole-pixel rectangles, one module an integer number of
 * pixels, so no bar edge is blended and a scanner reads the screen as it reads print.
 */

export interface Bars {
  symbology: 'ean13' | 'code128';
  /** Alternating bar and space widths in modules, starting with a bar. */
  widths: number[];
  modules: number;
  /** Light margin each side, in modules (GS1 asks 11 for EAN-13, ISO/IEC 15417 10 for Code 128). */
  quiet: number;
}

export function isEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

const encoded = new Map<string, Bars | null>();

/** The bars of a code, or undefined when it cannot be one (empty, or beyond ASCII). */
export function barsOf(code: string): Bars | undefined {
  let bars = encoded.get(code);
  if (bars === undefined) {
    bars = encode(code);
    if (encoded.size > 10_000) encoded.clear();
    encoded.set(code, bars);
  }
  return bars ?? undefined;
}

function encode(code: string): Bars | null {
  const symbology = isEan13(code) ? 'ean13' : 'code128';
  if (symbology === 'code128' && !/^[\x20-\x7e]+$/.test(code)) return null;
  try {
    const raw = bwipjs.raw(symbology, code, {}) as Array<{ sbs?: number[] }>;
    const widths = raw[0]?.sbs;
    if (!widths?.length) return null;
    return { symbology, widths, modules: widths.reduce((a, b) => a + b, 0), quiet: symbology === 'ean13' ? 11 : 10 };
  } catch {
    return null;
  }
}

/** Draws the bars from x (after the quiet zone the caller leaves), `module` pixels per module; returns the width. */
export function drawBars(ctx: SKRSContext2D, bars: Bars, x: number, y: number, module: number, height: number): number {
  let at = x;
  bars.widths.forEach((w, i) => {
    if (i % 2 === 0) ctx.fillRect(at, y, w * module, height);
    at += w * module;
  });
  return at - x;
}
