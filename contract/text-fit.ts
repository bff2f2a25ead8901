/*
 * Fitting a text to a box, shared by the server's label renderer (server/lib/label/fit.ts, Skia widths in pixels)
 * and the console's printed labels (features/print/pdf, the PDF fonts' widths in millimetres): the largest size,
 * from `maxSize` down to `minSize`, at which it wraps into the lines the box holds; at the minimum size whatever
 * is left is cut with the ellipsis. Lines break at spaces, and between any two Han or kana characters (Japanese
 * has no spaces), never before closing punctuation or small kana; a word longer than a line is broken where it
 * overflows. Sizes step by about 5 % and never below 1 unit, so the unit should be small (px, or tenths of a mm).
 */

/** The spec says "an ellipsis" and gives no text: the single character, narrower than '...' on a small label. */
export const ELLIPSIS = '…';

/** The width of a text at a size, in the box's unit. */
export type Measure = (text: string, size: number) => number;

export interface FitBox {
  width: number;
  height: number;
  maxSize: number;
  minSize: number;
  maxLines: number;
  /** Line pitch as a multiple of the size. */
  lineHeight: number;
}

export interface FittedText {
  lines: string[];
  size: number;
}

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
/**
 * A character that may join its neighbour into one grapheme: a mark, a joiner, a variation selector, Hangul jamo,
 * CR, or anything beyond the BMP (emoji, flags). A text without any is one grapheme per UTF-16 unit, and needs no
 * segmenter — which was most of a fit's time.
 */
const JOINING = /\p{M}|\u200c|\u200d|[\ufe00-\ufe0f]|[\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff]|\r|[\u{10000}-\u{10ffff}]/u;
const splitGraphemes = (text: string) => (!JOINING.test(text) ? text.split('') : Array.from(graphemes.segment(text), (s) => s.segment));

const BREAK_BETWEEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60]/u;
/** Kinsoku: characters a line must not start with. */
const NO_LINE_START = /^[、。，．・：；？！ー〜）］｝」』】〉》’”ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ)\]},.!?:;%]/u;

/** The text as pieces a line may break after (a piece keeps its trailing space). */
function breakablePieces(text: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const g of splitGraphemes(text)) {
    const startsNew =
      current && !NO_LINE_START.test(g) && (/\s$/.test(current) || BREAK_BETWEEN.test(g) || BREAK_BETWEEN.test(current.slice(-1)));
    if (startsNew && !/^\s/.test(g)) {
      pieces.push(current);
      current = '';
    }
    current += g;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** Greedy lines of at most `width`; a piece wider than a line is split by graphemes. */
function wrapLines(text: string, measure: (text: string) => number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (piece: string) => {
    const next = line + piece;
    if (!line || measure(next.trimEnd()) <= width) line = next;
    else {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    }
  };
  for (const piece of breakablePieces(text)) {
    if (measure(piece.trimEnd()) <= width) push(piece);
    else for (const g of splitGraphemes(piece)) push(g);
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** The text cut at the end to the width, with the ellipsis when cut. */
export function cutTextToWidth(text: string, measure: (text: string) => number, width: number): string {
  if (measure(text) <= width) return text;
  const parts = splitGraphemes(text);
  while (parts.length) {
    parts.pop();
    const candidate = parts.join('').trimEnd() + ELLIPSIS;
    if (measure(candidate) <= width) return candidate;
  }
  return '';
}

const linesThatFit = (size: number, box: FitBox) => Math.max(1, Math.min(box.maxLines, Math.floor(box.height / (size * box.lineHeight))));

export function fitTextTo(text: string, box: FitBox, measure: Measure): FittedText {
  const clean = text.replace(/\s+/g, ' ').trim();
  const minSize = Math.max(1, Math.min(box.minSize, box.maxSize));
  for (let size = Math.floor(box.maxSize); size > minSize; size -= Math.max(1, Math.round(size * 0.05))) {
    const lines = wrapLines(clean, (t) => measure(t, size), box.width);
    if (lines.length <= linesThatFit(size, box)) return { lines, size };
  }
  const atMin = (t: string) => measure(t, minSize);
  const room = linesThatFit(minSize, box);
  const lines = wrapLines(clean, atMin, box.width);
  if (lines.length <= room) return { lines, size: minSize };
  // The last line that fits takes the rest of the text, cut: the reader sees where the name goes on.
  const kept = lines.slice(0, room - 1);
  let offset = 0;
  for (const line of kept) offset = clean.indexOf(line, offset) + line.length;
  const rest = clean.slice(offset).trim();
  return { lines: [...kept, cutTextToWidth(rest, atMin, box.width)], size: minSize };
}
