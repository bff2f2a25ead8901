/**
 * Label printing (issue 18): a PDF of 1,000 labels of 1,000 different products on CROMA.107 (50 A4 pages) — the
 * time the server's renderer takes for their bitmaps (server/lib/print/paper-label.ts, as /print/preview does in
 * calls of up to PRINT_PREVIEW_MAX), the time the console's PDF writer takes (src/features/print/pdf/label-pdf.ts,
 * the code the browser runs), and the PDF's size. Runs alone with `npx tsx tests/bench/print-pdf.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { paperLabelImages } from '../../server/lib/print/paper-label';
import { labelPdf } from '../../src/features/print/pdf/label-pdf';

const LABELS = 1_000;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Valid EAN-13 codes, as the demo products have. */
function ean13(body: string): string {
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

export async function printPdfFigure() {
  const products = Array.from({ length: LABELS }, (_, i) => ({
    prCode: ean13(`490${String(100_000_000 + i).slice(0, 9)}`),
    prInfo: [`Product ${i} organic green tea 500 ml`, `${(1 + (i % 97) / 10).toFixed(2)}`, 'Shizuoka', 'pcs'],
    layoutId: 'PROMO_RED',
  }));
  let t = performance.now();
  const images = await paperLabelImages(products, () => 'promotion');
  const bitmapSeconds = (performance.now() - t) / 1000;
  const labels = products.map((p, i) => ({ prCode: p.prCode, qty: 1, png: new Uint8Array(Buffer.from(images[i], 'base64')) }));
  t = performance.now();
  const pdf = await labelPdf('CROMA.107', labels);
  const pdfSeconds = (performance.now() - t) / 1000;
  return {
    labels: LABELS,
    paper: 'CROMA.107',
    pages: Math.ceil(LABELS / 20),
    server_bitmaps_seconds: round(bitmapSeconds),
    browser_pdf_seconds: round(pdfSeconds),
    pdf_mb: round(pdf.length / 1024 / 1024),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(JSON.stringify(await printPdfFigure(), null, 2));
