/**
 * A 1,000-label PDF built in the browser (issue 30 Measure, goal ≤ 3 s and ≤ 400 KB): the built PWA in Debian's
 * Chromium, the print screen of a store worked as a user works it — a product file with quantities adding up to
 * 1,000 labels, the PROMO_RED template on CROMA.107, "Preview and print" — so the PDF comes from the very code a
 * user's print runs (src/features/print/use-print-job.ts → print-pdf.ts → pdf/label-pdf.ts, its chunks and font
 * pieces fetched from the build). The server's preview bitmaps come first (5 calls of 200); the figure is the
 * browser's part: from the last preview answer to the PDF's object URL, taken in the page. The first print loads
 * pdf-lib, fontkit and the font pieces; the prints after it reuse them (p50 over all prints, and the first apart).
 * Runs alone with `npx tsx tests/bench/print-pdf-browser.ts` (a build of its own, or DIST_DIR; BENCH_STORE to choose
 * the store, TKY001 by default: Japanese names, the largest font pieces).
 */
import { chromium, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { chooseOption } from '../e2e/page-models/fields';
import { startReferenceServer } from './reference-server';

const LABELS = 1_000;
const PRINTS = 3;
const MEMBER = { email: 'admin@shelfpad.test', password: 'Shelfpad#2026' };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

interface PrintMarks {
  clicked?: number;
  previewEnd?: number;
  created?: number;
  bytes?: number;
}

export async function printPdfInBrowserFigure(opts: { port: number; pushPort: number; distDir?: string; store?: string }) {
  const server = await startReferenceServer({ ...opts, startTimeoutMs: 300_000 });
  try {
    return await measurePrint(server.baseURL, opts.store ?? 'TKY001');
  } finally {
    await server.stop();
  }
}

/** Quantities over the store's products that add up to LABELS, as a product file with a qty column. */
function productFile(codes: string[]): string {
  const lines = codes.map((code, i) => `${code},${Math.floor(LABELS / codes.length) + (i < LABELS % codes.length ? 1 : 0)}`);
  return ['prCode,qty', ...lines].join('\n');
}

/** Measurement hooks in the page: when the preview answers arrive and when the PDF's object URL is made. */
async function hookPrint(page: Page) {
  await page.evaluate(`(() => {
    window.__printMarks = {};
    const fetchBefore = window.fetch.bind(window);
    window.fetch = async (...args) => {
      const res = await fetchBefore(...args);
      const url = typeof args[0] === 'string' ? args[0] : args[0].url;
      if (url.endsWith('/print/preview')) await res.clone().arrayBuffer().then(() => (window.__printMarks.previewEnd = performance.now()));
      return res;
    };
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object) => {
      if (object instanceof Blob && object.type === 'application/pdf') Object.assign(window.__printMarks, { created: performance.now(), bytes: object.size });
      return createObjectURL(object);
    };
    // The PDF's tab (opened 2 s later) would only load the machine further.
    window.open = () => null;
  })()`);
}

export async function measurePrint(base: string, store: string) {
  const login = await (
    await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(MEMBER) })
  ).json();
  const headers = { 'content-type': 'application/json', 'access-token': login.accessToken, 'access-email': login.email };
  const listed = await (
    await fetch(`${base}/api/product/list/store/${store}`, { method: 'POST', headers, body: JSON.stringify({ start: 0, length: 200 }) })
  ).json();
  const codes = (listed.data as { prCode: string }[]).map((p) => p.prCode);
  if (!codes.length) throw new Error(`no products in ${store}`);

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
    await context.addInitScript((s) => sessionStorage.setItem('shelfpad.session', JSON.stringify(s)), login);
    const page = await context.newPage();
    await page.goto(`${base}/#/print/edit/${store}`);
    await page.getByTestId('print-file').waitFor({ timeout: 60_000 });
    const chooser = page.waitForEvent('filechooser', { timeout: 60_000 });
    await page.getByTestId('print-file').click();
    await (await chooser).setFiles({ name: 'labels.csv', mimeType: 'text/plain', buffer: Buffer.from(productFile(codes)) });
    await page
      .getByTestId('print-count')
      .filter({ hasText: `Labels: ${LABELS.toLocaleString('en-US')}` })
      .or(page.getByTestId('print-count').filter({ hasText: `Labels: ${LABELS}` }))
      .waitFor({ timeout: 60_000 });
    await chooseOption(page.getByTestId('print-template'), 'PROMO_RED');
    await chooseOption(page.getByTestId('print-paper'), /^CROMA\.107 \(/);
    await hookPrint(page);

    // The page's main-thread busy time (Chromium's TaskDuration): on a shared, busy machine the steadier figure.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const busySeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    const runs: { pdf_ms: number; from_click_ms: number; bytes: number; main_thread_s: number }[] = [];
    for (let i = 0; i < PRINTS; i++) {
      await page.evaluate(`window.__printMarks = { clicked: performance.now() }`);
      const busyBefore = await busySeconds();
      await page.getByTestId('print-preview-button').click();
      // A function, not a string: the console's CSP refuses eval.
      await page.waitForFunction(() => (window as unknown as { __printMarks: PrintMarks }).__printMarks.created !== undefined, undefined, {
        timeout: 300_000,
        polling: 100,
      });
      const marks = (await page.evaluate(`window.__printMarks`)) as Required<PrintMarks>;
      const mainThread = (await busySeconds()) - busyBefore;
      runs.push({
        pdf_ms: marks.created - marks.previewEnd,
        from_click_ms: marks.created - marks.clicked,
        bytes: marks.bytes,
        main_thread_s: mainThread,
      });
      // The screen settles (its summary, the previews) before the next print.
      await page.getByTestId('print-pdf-summary').waitFor({ timeout: 60_000 });
      await page.waitForTimeout(2_500);
    }
    const summary = await page.getByTestId('print-pdf-summary').innerText();
    await context.close();
    const sorted = runs.map((r) => r.pdf_ms).sort((a, b) => a - b);
    return {
      browser: 'Debian Chromium, 1440×900, --disable-gpu',
      store,
      products: codes.length,
      labels: LABELS,
      paper: 'CROMA.107',
      summary_shown: summary.replace(/\s+/g, ' ').trim(),
      prints: runs.length,
      pdf_build_first_s: round(runs[0].pdf_ms / 1000),
      pdf_build_p50_s: round(sorted[Math.floor(sorted.length / 2)] / 1000),
      pdf_build_each_s: runs.map((r) => round(r.pdf_ms / 1000)),
      // From the click to the PDF: the preview calls' answers handled and the PDF written (the server's time is not in it).
      main_thread_busy_per_print_s: runs.map((r) => round(r.main_thread_s)),
      print_from_click_p50_s: round(runs.map((r) => r.from_click_ms).sort((a, b) => a - b)[Math.floor(runs.length / 2)] / 1000),
      pdf_kb: round(runs[runs.length - 1].bytes / 1024, 0),
      budget_s: 3,
      budget_kb: 400,
    };
  } finally {
    await browser.close();
  }
}

// Alone: BENCH_BASE_URL measures a server already running; otherwise a build of its own is served on BENCH_PORT.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const store = process.env.BENCH_STORE ?? 'TKY001';
  if (process.env.BENCH_BASE_URL) console.log(JSON.stringify(await measurePrint(process.env.BENCH_BASE_URL, store), null, 2));
  else {
    const port = Number(process.env.BENCH_PORT ?? 8397);
    let distDir = process.env.DIST_DIR;
    if (!distDir) {
      distDir = `.e2e-data/bench-dist-${port}`;
      const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', distDir, '--emptyOutDir'], { stdio: 'inherit' });
      if (build.status !== 0) throw new Error('vite build failed');
    }
    console.log(JSON.stringify(await printPdfInBrowserFigure({ port, pushPort: port + 1, distDir, store }), null, 2));
  }
}
