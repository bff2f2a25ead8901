import { describe, expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { OPS, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { labelPdf, outlinePdf, type PdfLabel } from '../../src/features/print/pdf/label-pdf';
import { customGrid, paperGrid } from '../../src/features/print/pdf/paper-layout';
import { barcodesIn, imagesPainted, openPdf, outlineEdges, PT_PER_MM, type MmBox } from '../e2e/fixtures/pdf-labels';
import { nodeFontFiles } from './print-pdf-fonts';

/*
 * The printed labels' PDF as vectors (issue 30 §4, §5), built in Node by the code the browser runs and read back
 * with pdfjs and zxing: the names and prices in each script come back as text, every barcode decodes, the fonts
 * are embedded subsets and no image carries text; the labels sit where the paper's published geometry puts them,
 * with the printer's offset and scale and a start at label N, checked on the rendered outline print to 0.2 mm.
 */

const LABELS: PdfLabel[] = [
  {
    prCode: '4901234567894',
    prInfo: ['北海道産 牛乳 1000ml 特選', '228', '北海道', '本'],
    qty: 1,
    style: 'fresh',
    money: { locale: 'ja-JP', currency: 'JPY' },
  },
  {
    prCode: '8801234567893',
    prInfo: ['서울우유 1L 신선한 우유', '12800', '', '', '9900'],
    qty: 1,
    style: 'promotion',
    money: { locale: 'ko-KR', currency: 'KRW' },
  },
  {
    prCode: 'IT-PASTA-01',
    prInfo: ['Spaghetti di Gragnano già pronti', '3.49'],
    qty: 1,
    style: 'standard',
    money: { locale: 'it-IT', currency: 'EUR' },
  },
];
/** What a reader sees, written out here (not by the code under test); spaces ignored, as text extraction varies them. */
const EXPECTED = [
  ['北海道産牛乳1000ml特選', '￥228', '北海道/本', '4901234567894'],
  ['서울우유1L신선한우유', '₩9,900', '₩12,800', '8801234567893'],
  ['SpaghettidiGragnanogiàpronti', '3,49€', 'IT-PASTA-01'],
];
const squash = (text: string) => text.replace(/\s+/g, '');

/** CROMA.107 as §9 publishes it: 75×27 mm labels, two columns from 30 mm, ten rows from 13.5 mm, A4. */
const croma107 = (i: number): MmBox => ({ x: 30 + (i % 2) * 75, y: 13.5 + Math.floor(i / 2) * 27, width: 75, height: 27 });
const lowerHalf = (b: MmBox): MmBox => ({ x: b.x, y: b.y + b.height / 2, width: b.width, height: b.height / 2 });

async function pageText(doc: PDFDocumentProxy, n: number) {
  const content = await (await doc.getPage(n)).getTextContent();
  return content.items.flatMap((item) =>
    'str' in item ? [{ str: item.str, x: item.transform[4] / PT_PER_MM, y: 297 - item.transform[5] / PT_PER_MM }] : [],
  );
}

/** The BaseFont names of the fonts a page uses, and whether each is embedded. */
async function fontsUsed(doc: PDFDocumentProxy, n: number) {
  const page = await doc.getPage(n);
  const ops = await page.getOperatorList();
  const ids = new Set(ops.fnArray.flatMap((fn, i) => (fn === OPS.setFont ? [ops.argsArray[i][0] as string] : [])));
  return [...ids].map((id) => {
    const font = page.commonObjs.get(id) as { name: string; missingFile: boolean };
    return { name: font.name, embedded: !font.missingFile };
  });
}

describe('vector label PDF', () => {
  it('writes each script’s name and price as text, every barcode decodes, fonts are embedded subsets, no images', async () => {
    const fonts = nodeFontFiles();
    const doc = await openPdf(await labelPdf(LABELS, { grid: paperGrid('CROMA.107'), fonts }));
    expect(doc.numPages).toBe(1);
    const items = await pageText(doc, 1);
    LABELS.forEach((_, i) => {
      const slot = croma107(i);
      const inSlot = items.filter((t) => t.x >= slot.x && t.x < slot.x + slot.width && t.y >= slot.y && t.y < slot.y + slot.height);
      const text = squash(inSlot.map((t) => t.str).join(''));
      for (const part of EXPECTED[i]) expect(text, `label ${i}`).toContain(part);
    });
    expect(
      await barcodesIn(
        doc,
        1,
        LABELS.map((_, i) => lowerHalf(croma107(i))),
      ),
    ).toEqual(LABELS.map((l) => l.prCode));
    expect(await imagesPainted(doc, 1)).toBe(0);
    const used = await fontsUsed(doc, 1);
    expect(used.length).toBeGreaterThanOrEqual(4);
    for (const font of used) {
      expect(font.name).toMatch(/^[A-Z]{6}\+NotoSans(JP|KR)?-/);
      expect(font.embedded, font.name).toBe(true);
    }
    expect(new Set(used.map((f) => f.name.slice(0, 6))).size).toBe(used.length);
    // Only the pieces these characters need were read, not the ~370 files of the three families.
    expect(fonts.loaded.length).toBeLessThan(30);
    expect(fonts.loaded.every((f) => /^noto-sans(-jp|-kr)?-[\w-]+-wght-normal\.woff2$/.test(f))).toBe(true);
  });

  it('cuts a name too long for its label with the ellipsis', async () => {
    const long = {
      prCode: '4901234567894',
      prInfo: ['Mozzarella di bufala campana DOP '.repeat(6), '5.90'],
      qty: 1,
      money: { locale: 'it-IT', currency: 'EUR' },
    };
    const doc = await openPdf(await labelPdf([long], { grid: paperGrid('CROMA.107'), fonts: nodeFontFiles() }));
    const text = (await pageText(doc, 1)).map((t) => t.str).join('');
    expect(text).toContain('…');
    expect(text).toContain('5,90');
    expect(text.length).toBeLessThan(long.prInfo[0].length);
  });

  it('draws Japanese and Korean names bold, not at the fonts’ default instance (Thin)', async () => {
    const names = [LABELS[0], { ...LABELS[1], style: 'standard' as const }];
    const doc = await openPdf(await labelPdf(names, { grid: paperGrid('CROMA.107'), fonts: nodeFontFiles() }));
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: 4 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas: canvas as never, canvasContext: canvas.getContext('2d') as never, viewport }).promise;
    const px = (mm: number) => Math.round(mm * PT_PER_MM * 4);
    // The name's ink over its text items' extent: bold Noto CJK covers about a third of it, Thin about a tenth.
    const items = await pageText(doc, 1);
    for (const [i, label] of names.entries()) {
      const slot = croma107(i);
      const first = items.find((t) => t.y > slot.y && t.y < slot.y + slot.height && label.prInfo[0].startsWith(t.str) && t.str.trim());
      expect(first, label.prInfo[0]).toBeDefined();
      const data = canvas.getContext('2d').getImageData(px(first!.x), px(first!.y - 3), px(12), px(3)).data;
      let dark = 0;
      for (let p = 0; p < data.length; p += 4) if (data[p] < 128) dark++;
      expect(dark / (data.length / 4), label.prInfo[0]).toBeGreaterThan(0.2);
    }
  });

  it('prints from label N of a partly used sheet, moved by the printer’s offset and scale', async () => {
    const correction = { x: 2, y: -1.5, scale: 98 };
    const labels = LABELS.map((l) => ({ ...l, qty: 8 }));
    const doc = await openPdf(await labelPdf(labels, { grid: paperGrid('CROMA.107'), fonts: nodeFontFiles(), correction, startAt: 5 }));
    // 24 labels from slot 5: 16 on the first sheet, 8 on the second.
    expect(doc.numPages).toBe(2);
    const k = correction.scale / 100;
    const placed = (b: MmBox): MmBox => ({
      x: b.x * k + correction.x,
      y: b.y * k + correction.y,
      width: b.width * k,
      height: b.height * k,
    });
    const items = await pageText(doc, 1);
    const inBox = (b: MmBox) =>
      items.filter((t) => t.x >= b.x - 0.2 && t.x <= b.x + b.width + 0.2 && t.y >= b.y - 0.2 && t.y <= b.y + b.height + 0.2);
    for (let i = 0; i < 4; i++) expect(inBox(placed(croma107(i))), `slot ${i + 1} is used`).toEqual([]);
    expect(
      squash(
        inBox(placed(croma107(4)))
          .map((t) => t.str)
          .join(''),
      ),
    ).toContain('北海道産牛乳');
    // Every text item of the sheet lies in one of the moved slots 5–20.
    for (const item of items)
      expect(
        Array.from({ length: 16 }, (_, i) => placed(croma107(i + 4))).some((b) => inBox(b).includes(item)),
        item.str,
      ).toBe(true);
    const codes = await barcodesIn(
      doc,
      1,
      Array.from({ length: 16 }, (_, i) => lowerHalf(placed(croma107(i + 4)))),
    );
    expect(codes).toEqual([...Array(8).fill(LABELS[0].prCode), ...Array(8).fill(LABELS[1].prCode)]);
    expect((await pageText(doc, 2)).length).toBeGreaterThan(0);
  });
});

describe('outline test print', () => {
  it('draws every CROMA.107 label outline where §9 puts it, within 0.2 mm', async () => {
    const { pages, errors } = await outlineEdges(
      await outlinePdf(paperGrid('CROMA.107')),
      Array.from({ length: 20 }, (_, i) => croma107(i)),
    );
    expect(pages).toBe(1);
    expect(errors).toHaveLength(80);
    for (const e of errors) expect(e).toBeLessThanOrEqual(0.2);
  });

  it('draws a user-defined sheet with margins and gaps, moved and scaled for the printer, within 0.2 mm', async () => {
    // A Letter-sized sheet of 3 × 10 labels: 9.5 mm top and 5 mm left margins, 3 mm between columns, 0.5 mm between rows.
    const paper = { sheet: { width: 215.9, height: 279.4 }, rows: 10, columns: 3, margin: { top: 9.5, left: 5 }, gap: { x: 3, y: 0.5 } };
    const grid = customGrid(paper)!;
    const width = (215.9 - 10 - 2 * 3) / 3;
    const height = (279.4 - 19 - 9 * 0.5) / 10;
    expect(grid.label.width).toBeCloseTo(width, 9);
    const correction = { x: 1.5, y: -0.8, scale: 101 };
    const k = 1.01;
    const boxes = Array.from({ length: 30 }, (_, i) => {
      const x = 5 + (i % 3) * (width + 3);
      const y = 9.5 + Math.floor(i / 3) * (height + 0.5);
      return { x: x * k + 1.5, y: y * k - 0.8, width: width * k, height: height * k };
    });
    const { pages, errors } = await outlineEdges(await outlinePdf(grid, correction), boxes);
    expect(pages).toBe(1);
    expect(errors).toHaveLength(120);
    for (const e of errors) expect(e).toBeLessThanOrEqual(0.2);
    // A label that is 0.3 mm off is seen to be: the check is not blind.
    const { errors: off } = await outlineEdges(await outlinePdf(grid, { ...correction, x: 1.8 }), boxes.slice(0, 1));
    expect(Math.max(...off)).toBeGreaterThan(0.2);
  });

  it('refuses a user-defined sheet whose numbers leave no room for a label', () => {
    expect(
      customGrid({ sheet: { width: 210, height: 297 }, rows: 2, columns: 3, margin: { top: 10, left: 110 }, gap: { x: 0, y: 0 } }),
    ).toBeUndefined();
    expect(
      customGrid({ sheet: { width: 210, height: 297 }, rows: 0, columns: 3, margin: { top: 10, left: 10 }, gap: { x: 0, y: 0 } }),
    ).toBeUndefined();
  });
});
