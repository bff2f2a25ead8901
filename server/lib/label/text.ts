import type { SKRSContext2D } from '@napi-rs/canvas';
import { napiCanvas } from '../native-modules';
import { fontRuns, type FontFamily } from './fonts';

/*
 * Measuring and drawing a text from the label fonts, as runs of one font file each (fonts.ts). Widths are
 * measured once per run at a reference size and scaled: advances of these unhinted outlines are linear in the
 * size, and fitting a name tries many sizes of the same words, so a fit costs a few map look-ups per size.
 * Runs are placed at those scaled widths too, so what is drawn is exactly what was measured.
 */

export interface TextStyle {
  /** Pixels per em. */
  size: number;
  bold?: boolean;
  /** Which family draws a character that several hold (fonts.ts familyOrder). */
  order: readonly FontFamily[];
}

const REFERENCE_SIZE = 100;
const REGULAR = 400;
const BOLD = 700;
const MAX_CACHED = 50_000;

// Made on the first measure: loading Skia waits until a text is drawn (native-modules.ts).
let measurer: SKRSContext2D | undefined;
const referenceWidths = new Map<string, number>();

/** Below this size a regular stroke is under a pixel wide and breaks up when thresholded to one bit. */
const SMALL_TEXT = 18;
const SMALL_REGULAR = 600;
const weightOf = (style: TextStyle) => (style.bold ? BOLD : style.size < SMALL_TEXT ? SMALL_REGULAR : REGULAR);

function setFont(ctx: SKRSContext2D, family: string, size: number, weight: number): void {
  ctx.font = `${size}px ${family}`;
  // The files are variable fonts whose default instance is Thin: the weight is an axis value.
  ctx.fontVariationSettings = `"wght" ${weight}`;
}

function runWidthAtReference(family: string, text: string, weight: number): number {
  const key = `${family}\u0000${weight}\u0000${text}`;
  let width = referenceWidths.get(key);
  if (width === undefined) {
    measurer ??= napiCanvas().createCanvas(1, 1).getContext('2d');
    setFont(measurer, family, REFERENCE_SIZE, weight);
    width = measurer.measureText(text).width;
    if (referenceWidths.size >= MAX_CACHED) referenceWidths.clear();
    referenceWidths.set(key, width);
  }
  return width;
}

/** Advance width in pixels of the text at the style's size. */
export function measureText(text: string, style: TextStyle): number {
  const weight = weightOf(style);
  let total = 0;
  for (const run of fontRuns(text, style.order)) total += runWidthAtReference(run.family, run.text, weight);
  return (total * style.size) / REFERENCE_SIZE;
}

/** Draws the text with its left end at x and its alphabetic baseline at y, in the context's fill colour. */
export function drawText(ctx: SKRSContext2D, text: string, x: number, y: number, style: TextStyle): number {
  const weight = weightOf(style);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  let at = x;
  for (const run of fontRuns(text, style.order)) {
    setFont(ctx, run.family, style.size, weight);
    ctx.fillText(run.text, at, y);
    at += (runWidthAtReference(run.family, run.text, weight) * style.size) / REFERENCE_SIZE;
  }
  return at - x;
}

/** Line pitch and where the baseline sits in a line, as shares of the size (room for accents and descenders). */
export const LINE_HEIGHT = 1.22;
export const BASELINE = 0.93;
/** Height of digits and capitals in Noto Sans, as a share of the size: what a price's box is fitted to. */
export const CAP_HEIGHT = 0.714;
