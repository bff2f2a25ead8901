import { describe, expect, it } from 'vitest';
import { PRINT_QTY_MAX } from '../../contract/schemas/constants-plus';
import { isEan13 } from '../../contract/barcode';
import { labelPdf } from '../../src/features/print/pdf/label-pdf';
import { mmToPt, paginate, paperGrid, sheetSlots, SHEET_MM } from '../../src/features/print/pdf/paper-layout';
import { addProducts, isProductFileName, parseProductFile } from '../../src/features/print/print-list';
import { barcodesIn, imagesPainted, openPdf, pageSizes } from '../e2e/fixtures/pdf-labels';
import { nodeFontFiles } from '../server/print-pdf-fonts';

/** Label printing's pure parts (plus-signage §5, §9): the paper geometry, the product file, the list, the PDF. */

describe('paper layout (§9 print paper types)', () => {
  it('converts millimetres to points at 72 per inch', () => {
    expect(mmToPt(25.4)).toBe(72);
    expect(mmToPt(210)).toBeCloseTo(595.28, 2);
    expect(mmToPt(297)).toBeCloseTo(841.89, 2);
  });

  // spec: plus §9.9, plus §9.10, plus §9.11, plus §9.12, plus §9.13 — per page, size and columns of each paper type
  it('places each type’s labels at their size on an A4 sheet, centred, without overlap', () => {
    const expected = {
      'CROMA.A4': [1, 1, 210, 297],
      'CROMA.A6': [4, 2, 105, 148],
      'CROMA.107': [20, 2, 75, 27],
      'CROMA.105': [10, 2, 105, 59],
    } as const;
    for (const [type, [perPage, columns, width, height]] of Object.entries(expected)) {
      const grid = paperGrid(type as keyof typeof expected);
      const slots = sheetSlots(grid);
      expect([slots.length, grid.columns]).toEqual([perPage, columns]);
      for (const s of slots) {
        expect([s.width, s.height]).toEqual([width, height]);
        expect(s.x).toBeGreaterThanOrEqual(0);
        expect(s.y).toBeGreaterThanOrEqual(0);
        expect(s.x + s.width).toBeLessThanOrEqual(SHEET_MM.width + 1e-9);
        expect(s.y + s.height).toBeLessThanOrEqual(SHEET_MM.height + 1e-9);
      }
      const minX = Math.min(...slots.map((s) => s.x));
      const maxX = Math.max(...slots.map((s) => s.x + s.width));
      expect(minX).toBeCloseTo(SHEET_MM.width - maxX, 9);
    }
    // CROMA.107: two columns of 75 mm from 30 mm, ten rows of 27 mm from 13.5 mm.
    expect(sheetSlots(paperGrid('CROMA.107')).slice(0, 3)).toEqual([
      { x: 30, y: 13.5, width: 75, height: 27 },
      { x: 105, y: 13.5, width: 75, height: 27 },
      { x: 30, y: 40.5, width: 75, height: 27 },
    ]);
  });

  it('repeats a label by its quantity and cuts the run into sheets', () => {
    const pages = paginate(
      [
        { id: 'a', qty: 18 },
        { id: 'b', qty: 7 },
      ],
      20,
    );
    expect(pages.map((p) => p.length)).toEqual([20, 5]);
    expect(pages[0].slice(17).map((l) => l?.id)).toEqual(['a', 'b', 'b']);
  });

  it('leaves the used labels of a partly used sheet empty when printing from label N', () => {
    const pages = paginate([{ id: 'a', qty: 18 }], 20, 4);
    expect(pages.map((p) => p.length)).toEqual([20, 2]);
    expect(pages[0].slice(0, 5).map((l) => l?.id)).toEqual([undefined, undefined, undefined, undefined, 'a']);
  });
});

describe('product files and the print list (§5)', () => {
  // spec: plus §5.21 — the product file is .csv or .txt
  it('takes .csv and .txt only', () => {
    expect(['a.csv', 'B.TXT', 'c.xlsx', 'csv', 'd.csv.exe'].map(isProductFileName)).toEqual([true, true, false, false, false]);
  });

  it('reads a code per line with an optional quantity, skipping a header and blank lines', () => {
    const text = '\uFEFFprCode,qty\r\n4901234567894,3\n"4901234567900";0\n\n  ABC-1\t2000\nXYZ,abc\n';
    expect(parseProductFile(text)).toEqual([
      { prCode: '4901234567894', qty: 3 },
      { prCode: '4901234567900', qty: 1 },
      { prCode: 'ABC-1', qty: PRINT_QTY_MAX },
      { prCode: 'XYZ', qty: 1 },
    ]);
  });

  it('adds found products once, sums quantities and names the codes that do not exist', () => {
    const found = [{ prCode: 'A', prInfo: ['Tea', '1.00'] }];
    const first = addProducts(
      [],
      [
        { prCode: 'A', qty: 1 },
        { prCode: 'NOPE', qty: 1 },
        { prCode: 'A', qty: 2 },
      ],
      found,
    );
    expect(first).toEqual({ list: [{ prCode: 'A', prInfo: ['Tea', '1.00'], qty: 3 }], missing: ['NOPE'] });
  });
});

describe('label PDF', () => {
  it('recognises EAN-13 check digits', () => {
    expect(isEan13('4901234567894')).toBe(true);
    expect(isEan13('4901234567890')).toBe(false);
    expect(isEan13('490123456789')).toBe(false);
  });

  it('writes A4 pages with vector labels (no bitmaps) and a readable barcode in each CROMA.105 label', async () => {
    const codes = ['4901234567894', 'SKU-0042', 'abc 12/x'];
    const labels = codes.map((prCode, i) => ({ prCode, prInfo: [`Tea ${i}`, '1.50'], qty: i === 0 ? 9 : 1 }));
    const bytes = await labelPdf(labels, { grid: paperGrid('CROMA.105'), fonts: nodeFontFiles() });
    const doc = await openPdf(bytes);
    expect(await pageSizes(doc)).toEqual([
      { width: expect.closeTo(595.28, 2), height: expect.closeTo(841.89, 2) },
      { width: expect.closeTo(595.28, 2), height: expect.closeTo(841.89, 2) },
    ]);
    expect([await imagesPainted(doc, 1), await imagesPainted(doc, 2)]).toEqual([0, 0]);
    // CROMA.105: 105×59 mm in two columns from the top at 1 mm; the barcode is in each label's lower half.
    const lowerHalves = Array.from({ length: 10 }, (_, i) => ({
      x: (i % 2) * 105,
      y: 1 + Math.floor(i / 2) * 59 + 29.5,
      width: 105,
      height: 29.5,
    }));
    expect(await barcodesIn(doc, 1, lowerHalves, 3)).toEqual([...Array(9).fill(codes[0]), codes[1]]);
    expect(await barcodesIn(doc, 2, lowerHalves.slice(0, 2), 3)).toEqual([codes[2], '']);
  }, 60_000);
});
