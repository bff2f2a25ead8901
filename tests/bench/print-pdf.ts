/**
 * Label printing (issue 18, issue 30 §4): a PDF of 1,000 labels of 1,000 different products on CROMA.107 (50 A4
 * pages) — the time the server's renderer takes for their preview bitmaps (server/lib/print/paper-label.ts, as
 * /print/preview does in calls of up to PRINT_PREVIEW_MAX), the time the console's PDF writer takes
 * (src/features/print/pdf/label-pdf.ts, the code the browser runs: vector text in subset Noto fonts, vector
 * bars), and the PDF's size. The fonts are read from the package folder, as the browser fetches the same files.
 * Goals: ≤ 3 s and ≤ 400 KB. Before issue 30 the PDF held the bitmaps: 1.61 s and 2.54 MB on this machine.
 * Runs alone with `npx tsx tests/bench/print-pdf.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { paperLabelImages } from '../../server/lib/print/paper-label';
import { labelPdf } from '../../src/features/print/pdf/label-pdf';
import { paperGrid } from '../../src/features/print/pdf/paper-layout';
import { nodeFontFiles } from '../server/print-pdf-fonts';

const LABELS = 1_000;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Valid EAN-13 codes, as the demo products have. */
function ean13(body: string): string {
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

const STORES = [
  (i: number) => ({
    prInfo: [`静岡県産 有機緑茶 ${i} 500ml ペットボトル`, `${100 + (i % 97) * 10}`, '', '', `${90 + (i % 97) * 9}`],
    money: { locale: 'ja-JP', currency: 'JPY' },
  }),
  (i: number) => ({
    prInfo: [`제주 유기농 녹차 ${i} 500ml 페트병`, `${1000 + (i % 97) * 100}`, '', '', `${900 + (i % 97) * 90}`],
    money: { locale: 'ko-KR', currency: 'KRW' },
  }),
  (i: number) => ({
    prInfo: [
      `Tè verde biologico ${i} bottiglia da 500 ml`,
      `${(1 + (i % 97) / 10).toFixed(2)}`,
      '',
      '',
      `${(0.9 + (i % 97) / 11).toFixed(2)}`,
    ],
    money: { locale: 'it-IT', currency: 'EUR' },
  }),
];

export async function printPdfFigure() {
  const products = Array.from({ length: LABELS }, (_, i) => ({
    prCode: ean13(`490${String(100_000_000 + i).slice(0, 9)}`),
    prInfo: [`Product ${i} organic green tea 500 ml`, `${(1 + (i % 97) / 10).toFixed(2)}`, 'Shizuoka', 'pcs'],
    layoutId: 'PROMO_RED',
  }));
  let t = performance.now();
  const images = await paperLabelImages(products, () => 'promotion');
  const bitmapSeconds = (performance.now() - t) / 1000;
  if (images.length !== LABELS) throw new Error('bitmaps missing');
  // The PDF's labels in three stores' scripts and money, a third each: Japanese, Korean and Italian names.
  const labels = products.map((p, i) => ({ prCode: p.prCode, qty: 1, style: 'promotion' as const, ...STORES[i % 3](i) }));
  t = performance.now();
  const cpu = process.cpuUsage();
  const pdf = await labelPdf(labels, { grid: paperGrid('CROMA.107'), fonts: nodeFontFiles() });
  const pdfSeconds = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  const pdfCpuSeconds = (used.user + used.system) / 1e6;
  return {
    labels: LABELS,
    paper: 'CROMA.107',
    pages: Math.ceil(LABELS / 20),
    server_bitmaps_seconds: round(bitmapSeconds),
    browser_pdf_seconds: round(pdfSeconds),
    // The wall time on a shared, busy machine overstates the work: the CPU time is the steadier figure.
    browser_pdf_cpu_seconds: round(pdfCpuSeconds),
    pdf_kb: round(pdf.length / 1024, 0),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(JSON.stringify(await printPdfFigure(), null, 2));
