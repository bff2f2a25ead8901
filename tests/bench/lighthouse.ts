/**
 * Lighthouse figures of DESIGN.md §8: mobile (the default config: simulated slow 4G, 4× CPU slowdown) for /login,
 * /dashboard and /scan, the last two with a session, in Debian's Chromium against a started reference server:
 *   - cold: Lighthouse's own storage reset (no HTTP cache, no service worker, no IndexedDB) before the load;
 *   - warm: after one ordinary visit whose service worker took control, no reset: what a returning user gets.
 * Bytes are what really crossed the network (Lighthouse's transfer sizes: compressed as the server sent them).
 * Reported, never asserted.
 *
 * The session lives in sessionStorage, which Lighthouse's storage reset leaves alone: it is written into the tab
 * before each run, so "with a session" means a signed-in member opening the route.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { apiLogin } from './handheld-page';
import { startReferenceServer } from './reference-server';

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
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

async function measure(page: Page, url: string, warm: boolean): Promise<LighthouseRun> {
  const result = await lighthouse(url, { onlyCategories: ['performance'], disableStorageReset: warm, logLevel: 'error', output: 'json' }, undefined, page);
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
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
  };
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

/** Cold and warm Lighthouse runs of each route; `session` is the API's login answer. */
export async function lighthouseFigures(baseURL: string, session: unknown, routes = ['/login', '/dashboard', '/scan']): Promise<Record<string, unknown>> {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  let browser: Browser | undefined;
  const figures: Record<string, unknown> = {};
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    for (const route of routes) {
      const url = `${baseURL}/#${route}`;
      const signedIn = route === '/login' ? undefined : session;
      // A fresh browser context per route: nothing of the previous route's visit is warm.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await withSession(page, baseURL, signedIn);
      const cold = await measure(page, url, false);
      await withSession(page, baseURL, signedIn);
      await warmUp(page, url);
      const warm = await measure(page, url, true);
      figures[route] = { cold, warm };
      await context.close();
    }
  } finally {
    await browser?.disconnect();
    chrome.kill();
  }
  return { ...figures, config: 'Lighthouse mobile (simulated slow 4G, 4× CPU), Debian Chromium headless', budget: { performance_cold: 90, performance_warm: 95, login_transfer_kb: 250 } };
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
