/**
 * Lighthouse figures of docs/architecture.md §8: mobile (the default config: simulated slow 4G, 4× CPU slowdown) for /login,
 * /dashboard and /scan, the last two with a session, in Debian's Chromium against a started reference server:
 *   - cold: Lighthouse's own storage reset (no HTTP cache, no service worker, no IndexedDB) before the load;
 *   - warm: after one ordinary visit whose service worker took control, no reset: what a returning user gets.
 * Bytes are what really crossed the network (Lighthouse's transfer sizes: compressed as the server sent them).
 * Reported, never asserted.
 *
 * Lighthouse's simulated throttling scales the CPU time it observes, so a busy machine lowers the score: each figure
 * is the median of LIGHTHOUSE_RUNS runs (3 by default), reported with every run's score and the load average it
 * ran under. LIGHTHOUSE_ROUTES (comma list) measures fewer routes; LIGHTHOUSE_REPORT_DIR keeps each run's full
 * report (the diagnostics: main-thread work, the LCP element, unused JS, the request chain).
 *
 * The session lives in sessionStorage, which Lighthouse's storage reset leaves alone: it is written into the tab
 * before each run, so "with a session" means a signed-in member opening the route.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { apiLogin } from './handheld-page';
import { startReferenceServer } from './reference-server';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const SESSION_KEY = 'shelfpad.session';

export interface LighthouseRun {
  performance: number;
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  transferred_kb: number;
  requests: number;
  heaviest: string[];
  /** The 1-minute load average when the run started: a loaded machine reads as a slower phone. */
  load: number;
}

/** The median run (by score) of several, with every run's score and load beside it. */
export interface LighthouseFigure extends LighthouseRun {
  runs: { performance: number; load: number }[];
}

const round = (n: number) => Math.round(n);

async function withSession(page: Page, baseURL: string, session: unknown | undefined): Promise<void> {
  // Any same-origin document gives the tab its sessionStorage; config.json is the lightest.
  await page.goto(`${baseURL}/config.json`);
  await page.evaluate(
    (key, value) => (value ? sessionStorage.setItem(key, value) : sessionStorage.removeItem(key)),
    SESSION_KEY,
    session ? JSON.stringify(session) : '',
  );
}

/** A run whose trace Lighthouse could not read (NO_NAVSTART and the like under load) is left out of the median. */
async function measure(page: Page, url: string, warm: boolean, reportFile?: string): Promise<LighthouseRun | undefined> {
  const load = Math.round(loadavg()[0] * 100) / 100;
  const result = await lighthouse(
    url,
    { onlyCategories: ['performance'], disableStorageReset: warm, logLevel: 'error', output: 'json' },
    undefined,
    page,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  if (reportFile) writeFileSync(reportFile, JSON.stringify(result.lhr));
  if (result.lhr.runtimeError) {
    console.error(`lighthouse ${url} (${warm ? 'warm' : 'cold'}): ${result.lhr.runtimeError.code}, run left out`);
    return undefined;
  }
  const { audits, categories } = result.lhr;
  const items = (audits['network-requests'].details as { items?: { url: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const requests = items.length;
  // The heaviest transfers name what to cut next.
  const heaviest = [...items]
    .sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))
    .slice(0, 6)
    .map((item) => `${new URL(item.url).pathname} ${Math.round((item.transferSize ?? 0) / 102.4) / 10} KB`);
  return {
    performance: round((categories.performance.score ?? 0) * 100),
    fcp_ms: round(audits['first-contentful-paint'].numericValue ?? 0),
    lcp_ms: round(audits['largest-contentful-paint'].numericValue ?? 0),
    tbt_ms: round(audits['total-blocking-time'].numericValue ?? 0),
    cls: Math.round((audits['cumulative-layout-shift'].numericValue ?? 0) * 1000) / 1000,
    transferred_kb: Math.round((audits['total-byte-weight'].numericValue ?? 0) / 102.4) / 10,
    requests,
    heaviest,
    load,
  };
}

function median(all: (LighthouseRun | undefined)[]): LighthouseFigure | { error: string } {
  const runs = all.filter((run): run is LighthouseRun => run !== undefined);
  if (runs.length === 0) return { error: `no readable run of ${all.length}` };
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], runs: runs.map(({ performance, load }) => ({ performance, load })) };
}

/** One visit that leaves the service worker in control and the runtime caches filled, as a returning user has. */
async function warmUp(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Let the page's lazy chunks and first reads settle into the runtime caches.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
}

export interface LighthouseOptions {
  routes?: string[];
  runs?: number;
  reportDir?: string;
}

const envRoutes = process.env.LIGHTHOUSE_ROUTES?.split(',').filter(Boolean);

/** Cold and warm Lighthouse runs of each route; `session` is the API's login answer. */
export async function lighthouseFigures(
  baseURL: string,
  session: unknown,
  options: LighthouseOptions = {},
): Promise<Record<string, unknown>> {
  const {
    routes = envRoutes ?? ['/login', '/dashboard', '/scan'],
    runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3),
    reportDir = process.env.LIGHTHOUSE_REPORT_DIR,
  } = options;
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  let browser: Browser | undefined;
  const measured = new Map<string, { cold: (LighthouseRun | undefined)[]; warm: (LighthouseRun | undefined)[] }>(
    routes.map((route) => [route, { cold: [], warm: [] }]),
  );
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    // Round after round over all routes, so that a burst of load elsewhere spoils one run of each rather than all
    // runs of one route.
    for (let run = 0; run < runs; run++) {
      for (const route of routes) {
        const url = `${baseURL}/#${route}`;
        const signedIn = route === '/login' ? undefined : session;
        const report = (kind: string) =>
          reportDir ? join(reportDir, `${route.replace(/\W/g, '') || 'root'}-${kind}-${run + 1}.json`) : undefined;
        // A fresh browser context per route and run: nothing of a previous visit is warm.
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        await withSession(page, baseURL, signedIn);
        measured.get(route)!.cold.push(await measure(page, url, false, report('cold')));
        await withSession(page, baseURL, signedIn);
        await warmUp(page, url);
        measured.get(route)!.warm.push(await measure(page, url, true, report('warm')));
        await context.close();
      }
    }
  } finally {
    await browser?.disconnect();
    chrome.kill();
  }
  const figures = Object.fromEntries([...measured].map(([route, { cold, warm }]) => [route, { cold: median(cold), warm: median(warm) }]));
  return {
    ...figures,
    config: `Lighthouse mobile (simulated slow 4G, 4× CPU), Debian Chromium headless, median of ${runs} runs`,
    budget: { performance_cold: 90, performance_warm: 95, login_transfer_kb: 250 },
  };
}

/** The figures against a reference server of their own serving `distDir` (a fresh database with the demo data). */
export async function lighthouseOnBuild(opts: { port: number; distDir: string }): Promise<Record<string, unknown>> {
  const server = await startReferenceServer({ port: opts.port, pushPort: opts.port + 1, distDir: opts.distDir, startTimeoutMs: 300_000 });
  try {
    const { session } = await apiLogin(server.baseURL, 'admin@shelfpad.test');
    return await lighthouseFigures(server.baseURL, session);
  } finally {
    await server.stop();
  }
}
