import type { SKRSContext2D } from '@napi-rs/canvas';
import { encodeBarcode, type Barcode, type BarcodeEncoder } from '../../../contract/barcode-bars';
import { onFirstUse, packageFile } from '../native-modules';

/*
 * The product code as a barcode on the label: bwip-js encodes (EAN-13 when the code is one, as the demo's are,
 * else Code 128 for any ASCII), and the bars are drawn as whole-pixel rectangles, one module an integer number of
 * pixels, so no bar edge is blended and a scanner reads the screen as it reads print.
 */

/*
 * bwip-js (~12 MB resident when imported alone, issue 34 §4) is required on the first label drawn, not at start. Its
 * encoder-only build (`bwip-js/generic`, what the browser imports) is ESM and exported for import only, so it is
 * required by its file, beside the package's Node entry point (Node 24 requires ES modules).
 */
const bwip = onFirstUse<{ default: BarcodeEncoder }>(packageFile('bwip-js', 'bwip-js-gen.mjs'));

/** The bars of a code: the encoder the printed labels use too. */
export type Bars = Barcode;

const encoded = new Map<string, Bars | null>();

/** The bars of a code, or undefined when it cannot be one (empty, or beyond ASCII); remembered per code. */
export function barsOf(code: string): Bars | undefined {
  let bars = encoded.get(code);
  if (bars === undefined) {
    bars = encodeBarcode(bwip().default, code) ?? null;
    if (encoded.size > 10_000) encoded.clear();
    encoded.set(code, bars);
  }
  return bars ?? undefined;
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
