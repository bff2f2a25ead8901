import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { napiCanvas } from '../native-modules';

/*
 * The label fonts: Noto Sans (Latin, Greek, Cyrillic, Vietnamese), Noto Sans JP and Noto Sans KR, from the
 * @fontsource-variable npm packages, so a fresh install has them and nothing is fetched at run time. Those
 * packages ship each family as ~120 variable WOFF2 files, one per Unicode range (unicode.json names the ranges).
 * Skia loads WOFF2, but a font-family list of hundreds of files makes every fillText search them all (≈9 ms a
 * call), so the renderer picks the file itself: each character goes to the first family (in the label's order)
 * whose ranges hold it, and a text is drawn as runs of one file each. A file is registered with Skia the first
 * time a character needs it, under its own alias, so start-up stays cheap and the choice never depends on what
 * else the machine has installed.
 */

export type FontFamily = 'latin' | 'ja' | 'ko';

interface RangeFile {
  lo: number;
  hi: number;
  path: string;
}

const PACKAGES: Record<FontFamily, { pkg: string; prefix: string }> = {
  latin: { pkg: '@fontsource-variable/noto-sans', prefix: 'noto-sans' },
  ja: { pkg: '@fontsource-variable/noto-sans-jp', prefix: 'noto-sans-jp' },
  ko: { pkg: '@fontsource-variable/noto-sans-kr', prefix: 'noto-sans-kr' },
};

const require = createRequire(import.meta.url);

/** 'U+0000-00FF,U+0131' → [[0, 255], [0x131, 0x131]]. */
function parseUnicodeRange(text: string): [number, number][] {
  return text.split(',').map((part) => {
    const [lo, hi] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(lo, 16), parseInt(hi ?? lo, 16)];
  });
}

/** The family's files by the ranges they cover, sorted by range start for a binary search. */
function rangeFilesOf(family: FontFamily): RangeFile[] {
  const { pkg, prefix } = PACKAGES[family];
  // The package's main entry is its index.css, beside unicode.json and files/.
  const root = dirname(require.resolve(pkg));
  const subsets = JSON.parse(readFileSync(join(root, 'unicode.json'), 'utf8')) as Record<string, string>;
  const out: RangeFile[] = [];
  for (const [subset, ranges] of Object.entries(subsets)) {
    // Keys are '[12]' for the numbered CJK slices and 'latin', 'cyrillic'… for the named ones.
    const path = join(root, 'files', `${prefix}-${subset.replace(/^\[(\d+)\]$/, '$1')}-wght-normal.woff2`);
    for (const [lo, hi] of parseUnicodeRange(ranges)) out.push({ lo, hi, path });
  }
  return out.sort((a, b) => a.lo - b.lo || a.hi - b.hi);
}

const tables = new Map<FontFamily, RangeFile[]>();
const tableOf = (family: FontFamily) => {
  let table = tables.get(family);
  if (!table) tables.set(family, (table = rangeFilesOf(family)));
  return table;
};

/** The file of a family that holds the code point, or undefined. Ranges overlap a little; the first wins. */
function fileFor(family: FontFamily, codePoint: number): string | undefined {
  const table = tableOf(family);
  let lo = 0;
  let hi = table.length - 1;
  // Last range starting at or before the code point, then scan back over the few that may still cover it.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (table[mid].lo <= codePoint) lo = mid;
    else hi = mid - 1;
  }
  for (let i = lo; i >= 0 && i > lo - 64; i--) if (table[i].lo <= codePoint && codePoint <= table[i].hi) return table[i].path;
  return undefined;
}

const aliases = new Map<string, string>();
/** The Skia family name of a file, registering it on first use. */
function aliasOf(path: string): string {
  let alias = aliases.get(path);
  if (!alias) {
    alias = `shelfpad-label-${aliases.size}`;
    if (!napiCanvas().GlobalFonts.registerFromPath(path, alias)) throw new Error(`font file not loadable: ${path}`);
    aliases.set(path, alias);
  }
  return alias;
}

export interface FontRun {
  /** Skia family alias of the file that draws the run. */
  family: string;
  text: string;
}

/** Marks, joiners and variation selectors stay with the character before them (one cluster, one font). */
const CLUSTER_CONTINUE = /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f])$/u;

/**
 * The text as runs of one font file each, choosing per character the first family of `order` that holds it;
 * a character none holds goes to the first family, which draws its missing-glyph box.
 */
export function fontRuns(text: string, order: readonly FontFamily[]): FontRun[] {
  const key = `${order.join(',')}\u0000${text}`;
  let runs = runCache.get(key);
  if (!runs) {
    if (runCache.size >= MAX_CACHED_RUNS) runCache.clear();
    runCache.set(key, (runs = splitIntoRuns(text, order)));
  }
  return runs;
}

// Fitting a name measures the same words at many sizes: the split is kept, per text and family order.
const MAX_CACHED_RUNS = 20_000;
const runCache = new Map<string, FontRun[]>();

function splitIntoRuns(text: string, order: readonly FontFamily[]): FontRun[] {
  const runs: FontRun[] = [];
  let path: string | undefined;
  let current = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let next = path;
    // A cluster stays in one font. (A space is looked up like any character: the numbered CJK files have none.)
    if (path === undefined || !CLUSTER_CONTINUE.test(ch)) {
      next = undefined;
      for (const family of order) if ((next = fileFor(family, cp))) break;
      next ??= fileFor(order[0], 0x20)!;
    }
    if (next !== path && current) {
      runs.push({ family: aliasOf(path!), text: current });
      current = '';
    }
    path = next;
    current += ch;
  }
  if (current && path) runs.push({ family: aliasOf(path), text: current });
  return runs;
}

/** Family order for a label: the locale's CJK family before the other one, so Han characters take its shapes. */
export function familyOrder(locale: string | undefined): FontFamily[] {
  return /^ko\b/i.test(locale ?? '') ? ['latin', 'ko', 'ja'] : ['latin', 'ja', 'ko'];
}
