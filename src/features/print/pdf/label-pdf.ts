import { PDFDocument, StandardFonts, degrees, drawImage, popGraphicsState, pushGraphicsState, rectangle, fill, rgb, setFillingRgbColor, type PDFFont, type PDFName, type PDFPage, type PDFRef } from 'pdf-lib';
import { barcodeOf } from '../../../api/barcode';
import { embedPngAsIs } from './png-image';
import { contain, labelParts, mmToPt, paginate, paperGrid, sheetSlots, SHEET_MM, type Box, type PaperType } from './paper-layout';

/*
 * The labels' PDF (plus-signage §4 print flow): one A4 sheet per page, each label at its paper type's exact size,
 * the server's bitmap on top and the product code as vector bars (bwip-js encodes, pdf-lib draws rectangles) and
 * text below. Pure — no DOM — so that the console, the tests and the bench call the same code.
 */

export interface PdfLabel {
  prCode: string;
  qty: number;
  /** The label bitmap as PNG bytes (the server's preview data, decoded). */
  png: Uint8Array;
}

/** A moderate bar width scans on any printer; narrower only when a long code needs it. */
const MAX_MODULE_MM = 0.4;

/** Helvetica's WinAnsi cannot write every character; the bars carry the code, the text is for people. */
const printable = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

export async function labelPdf(paperType: PaperType, labels: readonly PdfLabel[]): Promise<Uint8Array> {
  const grid = paperGrid(paperType);
  const slots = sheetSlots(grid);
  const doc = await PDFDocument.create();
  doc.setTitle(`Labels ${paperType}`);
  doc.setCreator('Shelfpad');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  // One image object per distinct bitmap, however many labels show it.
  const images = new Map<Uint8Array, Image>();
  const imageOf = async (png: Uint8Array) => {
    let image = images.get(png);
    if (!image) images.set(png, (image = embedPngAsIs(doc, png) ?? (await doc.embedPng(png))));
    return image;
  };

  for (const sheet of paginate(labels, grid.perPage)) {
    const page = doc.addPage([mmToPt(SHEET_MM.width), mmToPt(SHEET_MM.height)]);
    const names = new Map<PDFRef, PDFName>();
    const nameOf = (image: Image) => names.get(image.ref) ?? names.set(image.ref, page.node.newXObject('Image', image.ref)).get(image.ref)!;
    for (const [i, label] of sheet.entries()) {
      const image = await imageOf(label.png);
      drawLabel(page, font, image, nameOf(image), label.prCode, slots[i]);
    }
  }
  return doc.save({ useObjectStreams: true });
}

/** A box in mm from the top left, as pdf-lib's points from the bottom left. */
function toPt(box: Box) {
  return { x: mmToPt(box.x), y: mmToPt(SHEET_MM.height - box.y - box.height), width: mmToPt(box.width), height: mmToPt(box.height) };
}

/** An image object of the document: an embedded PNG, or one passed through as it is. */
interface Image {
  ref: PDFRef;
  width: number;
  height: number;
}

function drawLabel(page: PDFPage, font: PDFFont, image: Image, name: PDFName, prCode: string, slot: Box) {
  const parts = labelParts(slot);
  const box = toPt(contain(parts.image, image.width / image.height));
  page.pushOperators(...drawImage(name, { ...box, rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0) }));
  drawBars(page, prCode, parts.bars);
  const text = printable(prCode);
  const size = mmToPt(parts.text.height);
  const width = font.widthOfTextAtSize(text, size);
  const line = toPt(parts.text);
  page.drawText(text, { x: line.x + Math.max(0, (line.width - width) / 2), y: line.y + size * 0.2, size, font, color: rgb(0, 0, 0) });
}

/** A label printed many times is encoded once. */
const encoded = new Map<string, ReturnType<typeof barcodeOf>>();
const barcodeOfCached = (prCode: string) => (encoded.has(prCode) ? encoded.get(prCode) : encoded.set(prCode, barcodeOf(prCode)).get(prCode));

function drawBars(page: PDFPage, prCode: string, area: Box) {
  if (encoded.size > 10_000) encoded.clear();
  const code = barcodeOfCached(prCode);
  if (!code) return;
  const total = code.modules + 2 * code.quiet;
  const module = Math.min(MAX_MODULE_MM, area.width / total);
  const left = area.x + (area.width - code.modules * module) / 2;
  const y = mmToPt(SHEET_MM.height - area.y - area.height);
  const h = mmToPt(area.height);
  // All bars of a label in one path and one fill: a 1,000-label PDF stays small and quick to write.
  const ops = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  let x = left;
  code.widths.forEach((w, i) => {
    if (i % 2 === 0) ops.push(rectangle(mmToPt(x), y, mmToPt(w * module), h));
    x += w * module;
  });
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}
