import { PRINT_PAPER_TYPES } from '../../../../contract/schemas/constants-plus';

/*
 * Where labels sit on the paper (plus-signage §9 print paper types), in millimetres from the page's top left.
 * The Size column of §9 is the label's: every type is a sheet of A4 (CROMA.A6 is four A6 labels on it, CROMA.107
 * ten rows of two 75×27 mm labels), the labels centred on the sheet with no gaps. Pure: the PDF writer, the tests
 * and the bench all read it.
 */

export type PaperType = (typeof PRINT_PAPER_TYPES)[number]['type'];
export const PAPER_TYPES: readonly PaperType[] = PRINT_PAPER_TYPES.map((p) => p.type);
export const SHEET_MM = { width: 210, height: 297 } as const;

const MM_PER_INCH = 25.4;
const PT_PER_INCH = 72;
/** PDF user space is in points: mm × 72 / 25.4. */
export const mmToPt = (mm: number) => (mm * PT_PER_INCH) / MM_PER_INCH;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PaperGrid {
  type: PaperType | typeof CUSTOM_PAPER;
  perPage: number;
  columns: number;
  rows: number;
  label: { width: number; height: number };
  /** The sheet; A4 for the §9 types. */
  sheet?: { width: number; height: number };
  /** Where the first label starts; centred on the sheet when not given. */
  margin?: { top: number; left: number };
  /** Between two labels, across and down; none when not given. */
  gap?: { x: number; y: number };
}

/** Label sheets people buy beside the §9 types: their own size, rows, columns, margins and gaps. */
export const CUSTOM_PAPER = 'custom';

export interface CustomPaper {
  sheet: { width: number; height: number };
  rows: number;
  columns: number;
  /** Top and left margin; the bottom and right are the same, so the labels' size follows from the rest. */
  margin: { top: number; left: number };
  gap: { x: number; y: number };
}

/** The grid of a user-defined sheet; undefined when its numbers leave no room for a label. */
export function customGrid(paper: CustomPaper): PaperGrid | undefined {
  const { sheet, rows, columns, margin, gap } = paper;
  const width = (sheet.width - 2 * margin.left - (columns - 1) * gap.x) / columns;
  const height = (sheet.height - 2 * margin.top - (rows - 1) * gap.y) / rows;
  if (!(rows >= 1 && columns >= 1 && width > 0 && height > 0) || !Number.isInteger(rows) || !Number.isInteger(columns)) return undefined;
  return {
    type: CUSTOM_PAPER,
    perPage: rows * columns,
    rows,
    columns,
    label: { width, height },
    sheet: { ...sheet },
    margin: { ...margin },
    gap: { ...gap },
  };
}

/** How one printer misplaces a sheet: shifted by x, y mm and scaled by a percentage, from the top left corner. */
export interface PrintCorrection {
  x: number;
  y: number;
  scale: number;
}
export const NO_CORRECTION: PrintCorrection = { x: 0, y: 0, scale: 100 };

/** A box of the sheet where the corrected printer puts it (what a test measures on paper). */
export const corrected = (box: Box, c: PrintCorrection): Box => {
  const k = c.scale / 100;
  return { x: box.x * k + c.x, y: box.y * k + c.y, width: box.width * k, height: box.height * k };
};

// spec: plus §9.9, plus §9.10, plus §9.11, plus §9.12, plus §9.13 — per page, size and layout of each paper type
export function paperGrid(type: PaperType): PaperGrid {
  const paper = PRINT_PAPER_TYPES.find((p) => p.type === type);
  if (!paper) throw new Error(`Unknown paper type ${type}`);
  const layout = paper.layout as { rows?: number; columns?: number } | null;
  const columns = layout?.columns ?? 1;
  const rows = layout?.rows ?? Math.ceil(paper.perPage / columns);
  return { type, perPage: paper.perPage, columns, rows, label: { ...paper.size } };
}

/** The label boxes of one sheet, row by row (left to right, then down), in mm. */
export function sheetSlots(grid: PaperGrid): Box[] {
  const { width, height } = grid.label;
  const sheet = sheetOf(grid);
  const gap = grid.gap ?? { x: 0, y: 0 };
  const left = grid.margin?.left ?? (sheet.width - grid.columns * width - (grid.columns - 1) * gap.x) / 2;
  const top = grid.margin?.top ?? (sheet.height - grid.rows * height - (grid.rows - 1) * gap.y) / 2;
  return Array.from({ length: grid.perPage }, (_, i) => ({
    x: left + (i % grid.columns) * (width + gap.x),
    y: top + Math.floor(i / grid.columns) * (height + gap.y),
    width,
    height,
  }));
}

export const sheetOf = (grid: PaperGrid) => grid.sheet ?? SHEET_MM;

/**
 * Each label repeated by its quantity, in list order, cut into sheets. `skip` slots of the first sheet are
 * already used (a partly used sheet printed from label N skips N − 1): they stay empty, as undefined.
 */
export function paginate<T extends { qty: number }>(labels: readonly T[], perPage: number, skip = 0): (T | undefined)[][] {
  const pages: (T | undefined)[][] = [];
  let page: (T | undefined)[] = Array.from({ length: Math.min(Math.max(0, skip), perPage - 1) }, () => undefined);
  for (const label of labels) {
    for (let n = 0; n < label.qty; n++) {
      page.push(label);
      if (page.length === perPage) {
        pages.push(page);
        page = [];
      }
    }
  }
  if (page.length) pages.push(page);
  return pages;
}

export interface LabelParts {
  margin: number;
  /** The name's lines (two at most). */
  name: Box;
  /** The price, right-aligned; a sale's former price at its left. */
  price: Box;
  /** The barcode's bars, quiet zones included. */
  bars: Box;
  /** The code under the bars, and a fresh label's origin and unit: height = font size. */
  digits: Box;
}

/**
 * Inside one label, in mm: a margin, the name on top, the price below it, the barcode and its code at the bottom.
 * The code takes about a third of the height (at most 30 mm on a page-sized label), its digits a quarter of that.
 */
export function labelParts(slot: Box): LabelParts {
  const margin = Math.min(3, Math.max(1, Math.min(slot.width, slot.height) * 0.06));
  const inner = { x: slot.x + margin, y: slot.y + margin, width: slot.width - 2 * margin, height: slot.height - 2 * margin };
  const code = Math.min(30, inner.height * 0.36);
  const digits = Math.min(5, code * 0.26);
  const gap = Math.min(2, inner.height * 0.04);
  const top = inner.height - code - gap;
  const name = { x: inner.x, y: inner.y, width: inner.width, height: top * 0.5 };
  const price = { x: inner.x, y: inner.y + name.height + gap, width: inner.width, height: top - name.height - gap };
  const bars = { x: inner.x, y: inner.y + top + gap, width: inner.width, height: code - digits - gap / 2 };
  return { margin, name, price, bars, digits: { x: inner.x, y: inner.y + inner.height - digits, width: inner.width, height: digits } };
}
