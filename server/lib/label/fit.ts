import { LINE_HEIGHT, measureText, type TextStyle } from './text';

/*
 * Fitting a text to a box: the largest size, from `maxSize` down to `minSize`, at which it wraps into the lines
 * the box holds; at the minimum size whatever is left is cut with the ellipsis. Lines break at spaces, and between
 * any two Han or kana characters (Japanese has no spaces), never before closing punctuation or small kana; a word
 * longer than a line is broken where it overflows.
 */

/** The spec says "an ellipsis" and gives no text: the single character, narrower than '...' on a small label. */
export const ELLIPSIS = '…';

export interface FitOptions extends Omit<TextStyle, 'size'> {
  width: number;
  height: number;
  maxSize: number;
  minSize: number;
  maxLines: number;
}

export interface FittedText {
  lines: string[];
  size: number;
}

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
const splitGraphemes = (text: string) => Array.from(graphemes.segment(text), (s) => s.segment);

const BREAK_BETWEEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60]/u;
/** Kinsoku: characters a line must not start with. */
const NO_LINE_START = /^[、。，．・：；？！ー〜）］｝」』】〉》’”ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ)\]},.!?:;%]/u;

/** The text as pieces a line may break after (a piece keeps its trailing space). */
function breakablePieces(text: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const g of splitGraphemes(text)) {
    const startsNew = current && !NO_LINE_START.test(g) && (/\s$/.test(current) || BREAK_BETWEEN.test(g) || BREAK_BETWEEN.test(current.slice(-1)));
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
function wrapLines(text: string, style: TextStyle, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (piece: string) => {
    const next = line + piece;
    if (!line || measureText(next.trimEnd(), style) <= width) line = next;
    else {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    }
  };
  for (const piece of breakablePieces(text)) {
    if (measureText(piece.trimEnd(), style) <= width) push(piece);
    else for (const g of splitGraphemes(piece)) push(g);
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** The text cut at the end to the width, with the ellipsis when cut. */
export function cutToWidth(text: string, style: TextStyle, width: number): string {
  if (measureText(text, style) <= width) return text;
  const parts = splitGraphemes(text);
  while (parts.length) {
    parts.pop();
    const candidate = parts.join('').trimEnd() + ELLIPSIS;
    if (measureText(candidate, style) <= width) return candidate;
  }
  return '';
}

const linesThatFit = (size: number, options: FitOptions) => Math.max(1, Math.min(options.maxLines, Math.floor(options.height / (size * LINE_HEIGHT))));

export function fitText(text: string, options: FitOptions): FittedText {
  const clean = text.replace(/\s+/g, ' ').trim();
  const minSize = Math.max(1, Math.min(options.minSize, options.maxSize));
  // Steps of about 5 %: finer than the eye tells apart on a label, and few tries for a large one.
  for (let size = Math.floor(options.maxSize); size > minSize; size -= Math.max(1, Math.round(size * 0.05))) {
    const style = { ...options, size };
    const lines = wrapLines(clean, style, options.width);
    if (lines.length <= linesThatFit(size, options)) return { lines, size };
  }
  const style = { ...options, size: minSize };
  const room = linesThatFit(minSize, options);
  const lines = wrapLines(clean, style, options.width);
  if (lines.length <= room) return { lines, size: minSize };
  // The last line that fits takes the rest of the text, cut: the reader sees where the name goes on.
  const kept = lines.slice(0, room - 1);
  let offset = 0;
  for (const line of kept) offset = clean.indexOf(line, offset) + line.length;
  const rest = clean.slice(offset).trim();
  return { lines: [...kept, cutToWidth(rest, style, options.width)], size: minSize };
}
