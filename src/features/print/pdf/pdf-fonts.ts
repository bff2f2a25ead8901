import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { pieceKey, PiecePicker, type FontFamily, type FontFiles, type FontPiece } from './font-pieces';

/*
 * The label fonts of one PDF: each Noto piece a label's text needs, at the weight it is drawn with, embedded as
 * a subset (only the glyphs used) and named with the 6-letter subset tag PDF readers expect (ABCDEF+Name).
 *
 * The pieces are variable WOFF2 fonts, and fontkit's subsetter fails them two ways (measured): it copies glyph
 * bytes straight from the glyf/loca tables, which a WOFF2 stores transformed, so accented (composite) glyphs
 * come out broken; and it writes the default instance, which for Noto Sans JP and KR is Thin (wght 100), not
 * Regular. So each font is opened at the weight wanted (fontkit applies the variation to every outline), and the
 * subset writes each glyph's resolved outline — composites flattened, coordinates rounded — instead of its bytes.
 */

export type Weight = 400 | 700;

interface Glyph {
  path: { commands: { command: string; args: number[] }[] };
  advanceWidth: number;
  _getMetrics(): { leftBearing: number };
}
interface Subset {
  font: { getGlyph(id: number): Glyph; stream: { readBuffer(length: number): Uint8Array } };
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  _addGlyph(id: number): number;
}
interface KitFont {
  variationAxes: Record<string, unknown>;
  variationCoords: number[] | null;
  postscriptName: string;
  createSubset(): Subset;
  glyphsForString(text: string): Glyph[];
  layout(text: string): { glyphs: Glyph[] };
}

/**
 * A glyph's outline as a TrueType simple glyph: points rounded to font units, no instructions, a flag per point.
 * (fontkit's own encoder drops the count of a repeated flag at a glyph's end, which breaks such glyphs.)
 */
export function encodeGlyph(commands: readonly { command: string; args: readonly number[] }[]): Uint8Array | undefined {
  const points: { x: number; y: number; on: boolean }[] = [];
  const ends: number[] = [];
  const close = () => {
    if (points.length && ends[ends.length - 1] !== points.length - 1) ends.push(points.length - 1);
  };
  for (const { command, args } of commands) {
    const r = args.map(Math.round);
    if (command === 'moveTo') close();
    if (command === 'moveTo' || command === 'lineTo') points.push({ x: r[0], y: r[1], on: true });
    else if (command === 'quadraticCurveTo') points.push({ x: r[0], y: r[1], on: false }, { x: r[2], y: r[3], on: true });
    else if (command === 'closePath') close();
  }
  close();
  if (!points.length) return undefined;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const flags: number[] = [];
  const coords: { x: number[]; y: number[] } = { x: [], y: [] };
  let last = { x: 0, y: 0 };
  for (const p of points) {
    let flag = p.on ? 1 : 0;
    for (const [axis, short, same] of [
      ['x', 0x02, 0x10],
      ['y', 0x04, 0x20],
    ] as const) {
      const d = p[axis] - last[axis];
      if (d === 0) flag |= same;
      else if (Math.abs(d) < 256) {
        flag |= short | (d > 0 ? same : 0);
        coords[axis].push(Math.abs(d));
      } else coords[axis].push((d >> 8) & 0xff, d & 0xff);
    }
    flags.push(flag);
    last = p;
  }
  const bytes: number[] = [];
  const int16 = (n: number) => bytes.push((n >> 8) & 0xff, n & 0xff);
  [ends.length, Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), ...ends, 0].forEach(int16);
  bytes.push(...flags, ...coords.x, ...coords.y);
  while (bytes.length % 4) bytes.push(0);
  return Uint8Array.from(bytes);
}

function addResolvedGlyph(this: Subset, id: number): number {
  const glyph = this.font.getGlyph(id);
  // fontkit's own Buffer type (its encoder rejects others): a slice of the font's data made into one.
  const empty = this.font.stream.readBuffer(0);
  const bytes = encodeGlyph(glyph.path.commands) ?? new Uint8Array(0);
  const buffer = (empty.constructor as unknown as { from(bytes: Uint8Array): Uint8Array }).from(bytes);
  this.glyf.push(buffer);
  this.loca.offsets.push(this.offset);
  this.hmtx.metrics.push({ advance: Math.round(glyph.advanceWidth), bearing: Math.round(glyph._getMetrics().leftBearing) });
  this.offset += buffer.length;
  return this.glyf.length - 1;
}

/**
 * Opens the font at a weight: fontkit reads variationCoords when it first needs its (then cached) variation
 * processor. A WOFF2's glyf table is decoded all at once, with a stand-in glyph that lacks the variation methods
 * (fontkit throws "_getPhantomPoints is not a function" on a composite glyph), so that decoding runs first, with
 * the processor hidden; each outline gets its variation when it is read afterwards.
 */
export function atWeight(font: KitFont, weight: Weight): void {
  font.variationCoords = [weight];
  let proto: object | null = font;
  let descriptor: PropertyDescriptor | undefined;
  while ((proto = Object.getPrototypeOf(proto)) && !(descriptor = Object.getOwnPropertyDescriptor(proto, '_variationProcessor')));
  const woff2 = font as KitFont & { _transformGlyfTable?: () => void; directory: { tables: { glyf?: { transformed?: boolean } } } };
  if (!descriptor?.get || !woff2._transformGlyfTable || !woff2.directory.tables.glyf?.transformed) return;
  let decoded = false;
  const get = descriptor.get;
  Object.defineProperty(font, '_variationProcessor', { configurable: true, get: () => (decoded ? get.call(font) : null) });
  woff2._transformGlyfTable();
  decoded = true;
  // fontkit varies a glyph's points as it reads them from a glyf table, but a WOFF2's glyphs were read above, all
  // at default: the variation is applied to them here, once (composites follow, built from varied parts).
  const processor = (font as unknown as { _variationProcessor: { transformPoints(id: number, points: unknown[]): void } })
    ._variationProcessor;
  const glyphs = (font as unknown as { _transformedGlyphs: { numberOfContours: number; points?: Point[] }[] })._transformedGlyphs;
  glyphs.forEach((glyph, id) => {
    if (glyph.numberOfContours <= 0 || !glyph.points?.length) return;
    const PointOf = glyph.points[0].constructor as new (onCurve: boolean, endContour: boolean, x: number, y: number) => Point;
    // Four phantom points (advance and side bearings) end a glyph's point list in gvar's numbering.
    const phantom = [0, 1, 2, 3].map(() => new PointOf(false, true, 0, 0));
    processor.transformPoints(id, [...glyph.points, ...phantom]);
  });
}

interface Point {
  x: number;
  y: number;
}

/** fontkit as pdf-lib calls it, opening each font at the weight its bytes were registered with. */
function weightedFontkit(weights: WeakMap<Uint8Array, Weight>) {
  return {
    create(data: Uint8Array) {
      const font = fontkit.create(data) as unknown as KitFont;
      const weight = weights.get(data);
      if (weight && font.variationAxes.wght) atWeight(font, weight);
      const createSubset = font.createSubset.bind(font);
      font.createSubset = () => Object.assign(createSubset(), { _addGlyph: addResolvedGlyph });
      // pdf-lib shapes every text it measures or writes (GSUB/GPOS lookups, most of a 1,000-label PDF's time),
      // though the PDF places glyphs by their advances alone. Labels' scripts need no shaping (Korean comes
      // precomposed), so a character maps straight to its glyph: widths are exactly what is drawn.
      font.layout = (text: string) => ({ glyphs: font.glyphsForString(text) });
      return font as never;
    },
  };
}

/** Six capital letters from a name: stable for a given font of a given document, different between fonts. */
function subsetTag(name: string, n: number): string {
  let h = 2166136261 ^ n;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let tag = '';
  for (let i = 0; i < 6; i++, h = Math.floor(h / 26)) tag += String.fromCharCode(65 + (Math.abs(h) % 26));
  return tag;
}

const NAMES: Record<FontFamily, string> = { latin: 'NotoSans', ja: 'NotoSansJP', ko: 'NotoSansKR' };

export interface TextRun {
  font: PDFFont;
  text: string;
}

export class PdfFonts {
  readonly picker: PiecePicker;
  private readonly weights = new WeakMap<Uint8Array, Weight>();
  private readonly fonts = new Map<string, PDFFont>();
  private readonly bytes = new Map<string, Promise<Uint8Array>>();
  private readonly widths = new Map<string, number>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly files: FontFiles,
  ) {
    this.picker = new PiecePicker(files);
    doc.registerFontkit(weightedFontkit(this.weights));
  }

  /** Loads and embeds every piece the texts need, so drawing and measuring are synchronous. */
  async prepare(texts: Iterable<{ text: string; weight: Weight; order: readonly FontFamily[] }>): Promise<void> {
    const wanted = new Map<string, { piece: FontPiece; weight: Weight }>();
    for (const { text, weight, order } of texts) {
      for (const run of this.picker.runsOf(text, order)) wanted.set(`${pieceKey(run.piece)}@${weight}`, { piece: run.piece, weight });
    }
    await Promise.all(
      [...wanted]
        .filter(([key]) => !this.fonts.has(key))
        .map(async ([key, { piece, weight }]) => {
          let bytes = this.bytes.get(pieceKey(piece));
          if (!bytes) this.bytes.set(pieceKey(piece), (bytes = this.files.load(piece)));
          // A view of its own per weight: pdf-lib hands fontkit the very array it was given.
          const data = (await bytes).subarray(0);
          this.weights.set(data, weight);
          const name = `${NAMES[piece.family]}-${piece.subset}-${weight === 700 ? 'Bold' : 'Regular'}`;
          this.fonts.set(key, await this.doc.embedFont(data, { subset: true, customName: `${subsetTag(name, this.fonts.size)}+${name}` }));
        }),
    );
  }

  /** The text as runs of embedded fonts (prepare() must have seen it). */
  runs(text: string, weight: Weight, order: readonly FontFamily[]): TextRun[] {
    return this.picker.runsOf(text, order).map((run) => {
      const font = this.fonts.get(`${pieceKey(run.piece)}@${weight}`);
      if (!font) throw new Error(`font piece not prepared: ${pieceKey(run.piece)}@${weight}`);
      return { font, text: run.text };
    });
  }

  /** Width at size 1 (multiply by the size); measured once per text and weight. */
  width(text: string, weight: Weight, order: readonly FontFamily[]): number {
    const key = `${weight}${order[1]}\u0000${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.runs(text, weight, order).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, 1), 0);
      if (this.widths.size > 50_000) this.widths.clear();
      this.widths.set(key, width);
    }
    return width;
  }
}
