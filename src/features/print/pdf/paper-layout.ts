import { PRINT_PAPER_TYPES } from '../../../api/contract/constants-plus';

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
  type: PaperType;
  perPage: number;
  columns: number;
  rows: number;
  label: { width: number; height: number };
}

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
  const left = (SHEET_MM.width - grid.columns * width) / 2;
  const top = (SHEET_MM.height - grid.rows * height) / 2;
  return Array.from({ length: grid.perPage }, (_, i) => ({
    x: left + (i % grid.columns) * width,
    y: top + Math.floor(i / grid.columns) * height,
    width,
    height,
  }));
}

/** Each label repeated by its quantity, in list order, cut into sheets. */
export function paginate<T extends { qty: number }>(labels: readonly T[], perPage: number): T[][] {
  const pages: T[][] = [];
  let page: T[] = [];
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
  /** The server's label bitmap, contained in this box. */
  image: Box;
  /** The barcode's bars. */
  bars: Box;
  /** The code written under the bars: its baseline box, height = font size. */
  text: Box;
}

/**
 * Inside one label: a margin, the bitmap on top, the barcode and its code below. The barcode takes about a third
 * of the height (at most 30 mm on a page-sized label); the code's text a quarter of that.
 */
export function labelParts(slot: Box): LabelParts {
  const margin = Math.min(3, Math.max(1, Math.min(slot.width, slot.height) * 0.06));
  const inner = { x: slot.x + margin, y: slot.y + margin, width: slot.width - 2 * margin, height: slot.height - 2 * margin };
  const code = Math.min(30, inner.height * 0.38);
  const textSize = Math.min(5, code * 0.24);
  const gap = Math.min(2, inner.height * 0.03);
  const image = { x: inner.x, y: inner.y, width: inner.width, height: inner.height - code - gap };
  const bars = { x: inner.x, y: image.y + image.height + gap, width: inner.width, height: code - textSize - gap / 2 };
  const text = { x: inner.x, y: inner.y + inner.height - textSize, width: inner.width, height: textSize };
  return { image, bars, text };
}

/** The largest box of the given aspect inside `box`, centred. */
export function contain(box: Box, aspect: number): Box {
  const width = Math.min(box.width, box.height * aspect);
  const height = width / aspect;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}
