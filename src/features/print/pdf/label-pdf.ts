import {
  beginText,
  concatTransformationMatrix,
  endText,
  fill,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFFont,
  type PDFName,
  type PDFOperator,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import { barcodeOf } from '../../../../contract/barcode';
import { formatPrice, PLAIN_NUMBERS, type Money } from '../../../../contract/money';
import { cutTextToWidth, fitTextTo } from '../../../../contract/text-fit';
import { familyOrder, type FontFamily, type FontFiles } from './font-pieces';
import {
  labelParts,
  mmToPt,
  NO_CORRECTION,
  paginate,
  sheetOf,
  sheetSlots,
  type Box,
  type PaperGrid,
  type PrintCorrection,
} from './paper-layout';
import { PdfFonts, type Weight } from './pdf-fonts';

/*
 * The labels' PDF (plus-signage §4 print flow), in vectors: each label's name, prices and code as text in subset
 * Noto fonts (searchable, sharp at any resolution), the barcode as rectangles. The drawing follows the server's
 * label styles (server/lib/label/product-label.ts: standard, promotion with its red band and the former price
 * struck through, fresh with origin and unit). Pure — no DOM — so the console, the tests and the bench call the
 * same code; only where the font files come from differs.
 */

export type LabelStyle = 'standard' | 'promotion' | 'fresh';

export interface PdfLabel {
  prCode: string;
  /** prInfo slots as the demo alias set names them: 0 name, 1 price, 2 origin, 3 unit, 4 promotion price. */
  prInfo: readonly string[];
  qty: number;
  style?: LabelStyle;
  money?: Money;
}

export interface PdfOptions {
  grid: PaperGrid;
  fonts: FontFiles;
  correction?: PrintCorrection;
  /** Print from this label of the first sheet (1-based): the ones before it are already used. */
  startAt?: number;
}

const BLACK = rgb(0, 0, 0);
const WHITE = rgb(1, 1, 1);
const RED = rgb(0.86, 0.08, 0.12);
/** A moderate bar width scans on any printer; narrower only when a long code needs it. */
const MAX_MODULE_MM = 0.4;
/** Noto Sans' metrics, in ems: line pitch, baseline below a line's top, height of digits and capitals. */
const LINE_HEIGHT = 1.2;
const BASELINE = 0.92;
const CAP_HEIGHT = 0.714;
/** Fitting steps in tenths of a millimetre (contract/text-fit steps by whole units). */
const FIT_UNIT = 10;

export async function labelPdf(labels: readonly PdfLabel[], options: PdfOptions): Promise<Uint8Array> {
  const { grid } = options;
  const doc = await newDocument(`Labels ${grid.type}`);
  const fonts = new PdfFonts(doc, options.fonts);
  const texts = labels.flatMap((label) => {
    const order = familyOrder(label.money?.locale);
    const { name, price, was, extra } = textsOf(label);
    return [
      { text: name + '…', weight: 700 as const, order },
      { text: price + '…', weight: 700 as const, order },
      { text: was + label.prCode + extra + '…', weight: 400 as const, order },
    ];
  });
  await fonts.prepare(texts);
  const slots = sheetSlots(grid);
  for (const sheet of paginate(labels, grid.perPage, (options.startAt ?? 1) - 1)) {
    const page = sheetPage(doc, grid, options.correction);
    const keys = new Map<PDFFont, PDFName>();
    sheet.forEach((label, i) => label && drawLabel(page, fonts, keys, label, slots[i], sheetOf(grid).height));
    page.pushOperators(popGraphicsState());
  }
  return doc.save({ useObjectStreams: true });
}

/** The test print: each label's outline only, on one sheet, to hold against a sheet of labels. */
export async function outlinePdf(grid: PaperGrid, correction?: PrintCorrection): Promise<Uint8Array> {
  const doc = await newDocument(`Label outlines ${grid.type}`);
  const page = sheetPage(doc, grid, correction);
  const height = sheetOf(grid).height;
  for (const slot of sheetSlots(grid)) page.drawRectangle({ ...toPt(slot, height), borderColor: BLACK, borderWidth: 0.25 });
  page.pushOperators(popGraphicsState());
  return doc.save({ useObjectStreams: true });
}

async function newDocument(title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Shelfpad');
  return doc;
}

/**
 * A page of the sheet's size whose drawing is corrected for the printer: scaled from the top left corner, then
 * shifted (x right, y down). The caller closes the graphics state the page opens.
 */
function sheetPage(doc: PDFDocument, grid: PaperGrid, correction: PrintCorrection = NO_CORRECTION): PDFPage {
  const sheet = sheetOf(grid);
  const page = doc.addPage([mmToPt(sheet.width), mmToPt(sheet.height)]);
  const k = correction.scale / 100;
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(k, 0, 0, k, pt(correction.x), pt((1 - k) * sheet.height - correction.y)),
  );
  return page;
}

/**
 * Millimetres as points, to a hundredth of a point (3.5 µm, far below any printer's dot): the PDF writes numbers
 * with every digit it is given, and a 1,000-label file's bars alone would be a megabyte of them.
 */
const pt = (mm: number) => Math.round(mmToPt(mm) * 100) / 100;

/** A box in mm from the top left, as pdf-lib's points from the bottom left. */
function toPt(box: Box, sheetHeight: number) {
  return { x: pt(box.x), y: pt(sheetHeight - box.y - box.height), width: pt(box.width), height: pt(box.height) };
}

function textsOf(label: PdfLabel) {
  const money = label.money ?? PLAIN_NUMBERS;
  const [name = '', regular = '', origin = '', unit = '', promotion = ''] = label.prInfo;
  const sale = label.style === 'promotion' && promotion ? promotion : '';
  const price = formatPrice(sale || regular, money);
  return {
    name: (name || label.prCode).replace(/\s+/g, ' ').trim(),
    price,
    was: sale && regular ? formatPrice(regular, money) : '',
    extra: label.style === 'fresh' ? [origin, unit].filter(Boolean).join(' / ') : '',
  };
}

interface Writer {
  page: PDFPage;
  fonts: PdfFonts;
  order: readonly FontFamily[];
  sheetHeight: number;
  /** The label's text operators, written as one text object (BT … ET) after its shapes. */
  text: PDFOperator[];
  /** The page's resource name of each font (short names: they repeat in every run). */
  keys: Map<PDFFont, PDFName>;
  state: { key?: PDFName; size?: number; colour?: RGB };
}

/** Writes a line from (x, baseline) in mm, run by run of one font; font and colour set only when they change. */
function writeLine(w: Writer, text: string, x: number, baseline: number, size: number, weight: Weight, color: RGB): void {
  let at = mmToPt(x);
  const y = pt(w.sheetHeight - baseline);
  const points = pt(size);
  if (w.state.colour !== color) w.text.push(setFillingRgbColor(color.red, color.green, color.blue));
  w.state.colour = color;
  for (const run of w.fonts.runs(text, weight, w.order)) {
    let key = w.keys.get(run.font);
    if (!key) w.keys.set(run.font, (key = w.page.node.newFontDictionary(`F${w.keys.size}`, run.font.ref)));
    if (w.state.key !== key || w.state.size !== points) w.text.push(setFontAndSize(key, points));
    Object.assign(w.state, { key, size: points });
    w.text.push(setTextMatrix(1, 0, 0, 1, Math.round(at * 100) / 100, y), showText(run.font.encodeText(run.text)));
    at += run.font.widthOfTextAtSize(run.text, points);
  }
}

const widthMm = (w: Writer, text: string, size: number, weight: Weight) => w.fonts.width(text, weight, w.order) * size;

function drawLabel(page: PDFPage, fonts: PdfFonts, keys: Map<PDFFont, PDFName>, label: PdfLabel, slot: Box, sheetHeight: number) {
  const w: Writer = { page, fonts, order: familyOrder(label.money?.locale), sheetHeight, text: [], keys, state: {} };
  const parts = labelParts(slot);
  const { name, price, was, extra } = textsOf(label);
  const promotion = label.style === 'promotion';

  // The name: bold, two lines at most, shrunk down to about half its largest size, then cut.
  const box = parts.name;
  const fitted = fitTextTo(
    name,
    {
      width: box.width * FIT_UNIT,
      height: box.height * FIT_UNIT,
      maxSize: (box.height / LINE_HEIGHT) * FIT_UNIT,
      minSize: (box.height / LINE_HEIGHT / 2) * 0.6 * FIT_UNIT,
      maxLines: 2,
      lineHeight: LINE_HEIGHT,
    },
    (text, size) => widthMm(w, text, size / FIT_UNIT, 700) * FIT_UNIT,
  );
  const size = fitted.size / FIT_UNIT;
  if (promotion)
    fillBox(
      page,
      { x: slot.x, y: slot.y, width: slot.width, height: box.y + fitted.lines.length * size * LINE_HEIGHT + parts.margin / 2 - slot.y },
      RED,
      sheetHeight,
    );
  fitted.lines.forEach((line, i) =>
    writeLine(w, line, box.x, box.y + (i * LINE_HEIGHT + BASELINE) * size, size, 700, promotion ? WHITE : BLACK),
  );

  if (price) drawPrice(w, price, was, parts.price, promotion ? RED : BLACK);
  const bars = drawBars(page, label.prCode, parts.bars, sheetHeight);
  // The code under the bars, and a fresh label's origin and unit right-aligned beside it.
  const digits = parts.digits.height;
  const baseline = parts.digits.y + digits * BASELINE;
  const code = cutTextToWidth(label.prCode, (t) => widthMm(w, t, digits, 400), parts.digits.width);
  const codeWidth = widthMm(w, code, digits, 400);
  const codeX = bars ? Math.max(parts.digits.x, bars.x + (bars.width - codeWidth) / 2) : parts.digits.x;
  writeLine(w, code, codeX, baseline, digits, 400, BLACK);
  if (extra) {
    const left = Math.max(codeX + codeWidth, bars ? bars.x + bars.width : 0) + digits;
    const room = parts.digits.x + parts.digits.width - left;
    const text = cutTextToWidth(extra, (t) => widthMm(w, t, digits, 400), room);
    if (text) writeLine(w, text, parts.digits.x + parts.digits.width - widthMm(w, text, digits, 400), baseline, digits, 400, BLACK);
  }
  page.pushOperators(pushGraphicsState(), beginText(), ...w.text, endText(), popGraphicsState());
}

/** The price right-aligned, as large as fits; on a sale the former price to its left, struck through. */
function drawPrice(w: Writer, price: string, was: string, box: Box, colour: RGB) {
  let wasSize = box.height * 0.42;
  while (was && wasSize > box.height * 0.2 && widthMm(w, was, wasSize, 400) > box.width * 0.42) wasSize *= 0.92;
  const wasWidth = was ? widthMm(w, was, wasSize, 400) : 0;
  const room = box.width - wasWidth - (was ? wasSize / 2 : 0);
  let size = box.height / (CAP_HEIGHT + 0.12);
  while (size > box.height * 0.3 && widthMm(w, price, size, 700) > room) size *= 0.95;
  const text = cutTextToWidth(price, (t) => widthMm(w, t, size, 700), room);
  const baseline = box.y + (box.height + CAP_HEIGHT * size) / 2;
  writeLine(w, text, box.x + box.width - widthMm(w, text, size, 700), baseline, size, 700, colour);
  if (!was) return;
  writeLine(w, was, box.x, baseline, wasSize, 400, BLACK);
  const thickness = Math.max(0.15, wasSize / 12);
  fillBox(
    w.page,
    { x: box.x, y: baseline - (CAP_HEIGHT * wasSize) / 2 - thickness / 2, width: wasWidth, height: thickness },
    BLACK,
    w.sheetHeight,
  );
}

function fillBox(page: PDFPage, box: Box, colour: RGB, sheetHeight: number) {
  const pt = toPt(box, sheetHeight);
  page.pushOperators(
    pushGraphicsState(),
    setFillingRgbColor(colour.red, colour.green, colour.blue),
    rectangle(pt.x, pt.y, pt.width, pt.height),
    fill(),
    popGraphicsState(),
  );
}

/** A label printed many times is encoded once. */
const encoded = new Map<string, ReturnType<typeof barcodeOf>>();
const barcodeOfCached = (prCode: string) =>
  encoded.has(prCode) ? encoded.get(prCode) : encoded.set(prCode, barcodeOf(prCode)).get(prCode);

/** The bars centred in the area with their quiet zones inside it; returns where the bars went. */
function drawBars(page: PDFPage, prCode: string, area: Box, sheetHeight: number): Box | undefined {
  if (encoded.size > 10_000) encoded.clear();
  const code = barcodeOfCached(prCode);
  if (!code) return undefined;
  const module = Math.min(MAX_MODULE_MM, area.width / (code.modules + 2 * code.quiet));
  const left = area.x + (area.width - code.modules * module) / 2;
  const y = pt(sheetHeight - area.y - area.height);
  const h = pt(area.height);
  // All bars of a label in one path and one fill: a 1,000-label PDF stays small and quick to write.
  const ops = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  let x = left;
  code.widths.forEach((width, i) => {
    if (i % 2 === 0) ops.push(rectangle(pt(x), y, pt(width * module), h));
    x += width * module;
  });
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
  return { x: left, y: area.y, width: code.modules * module, height: area.height };
}
