/**
 * The handheld benchmarks' view of the product: the reference server's API (what was stored) and the /scan page in
 * Debian's Chromium (what a handheld does). The page is instrumented from outside, with an init script, so the
 * figures come from the app as it ships:
 *   - every Enter keydown's event.timeStamp (the keystroke, on the page's performance.now() clock),
 *   - the first animation frame after a flash element mounts (when the green/red flash is on screen),
 *   - window.__shelfpadFeedback (feedback.ts: each sound with the performance.now() it was played at).
 */
import type { Browser, Page } from '@playwright/test';

export const OPERATOR = 'operator@shelfpad.test';
const PASSWORD = 'Shelfpad#2026';

export interface Api {
  session: Record<string, unknown>;
  post<T>(path: string, body: unknown): Promise<T>;
  get<T>(path: string): Promise<T>;
}

export interface TagRow {
  tagMac: string;
  barcode: string;
  prCode?: string;
}

export async function apiLogin(baseURL: string, email = OPERATOR): Promise<Api> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const session = (await res.json()) as Record<string, unknown>;
  const headers = {
    'content-type': 'application/json',
    'access-token': String(session.accessToken),
    'access-email': String(session.email),
  };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${baseURL}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
  return { session, post: (path, body) => call('POST', path, body), get: (path) => call('GET', path) };
}

export async function storeTags(api: Api, storeCode: string): Promise<TagRow[]> {
  const page = await api.post<{ data: TagRow[] }>(`/tag/list/store/${storeCode}`, {
    start: 0,
    length: -1,
    columns: [{ data: 'barcode' }],
    order: [{ column: 0, dir: 'asc' }],
  });
  return page.data;
}

export async function storeProducts(api: Api, storeCode: string, count: number): Promise<string[]> {
  const page = await api.post<{ data: { prCode: string }[] }>(`/product/list/store/${storeCode}`, { start: 0, length: count });
  return page.data.map((p) => p.prCode);
}

/** barcode → product code the server holds now, for the given tags. */
export async function productsOnServer(api: Api, storeCode: string, tags: TagRow[]): Promise<Map<string, string | undefined>> {
  const page = await api.post<{ data: TagRow[] }>(`/tag/list/store/${storeCode}`, {
    start: 0,
    length: -1,
    tagIdList: tags.map((t) => t.barcode),
  });
  return new Map(page.data.map((r) => [r.barcode, r.prCode]));
}

/** How many assigns a tag received since `sinceSeconds` (its update history): 1 means neither lost nor doubled. */
export async function assignsSince(api: Api, storeCode: string, tag: TagRow, sinceSeconds: number): Promise<number> {
  const page = await api.post<{ recordsFiltered: number }>(`/history/store/${storeCode}/tag/${tag.tagMac}/update`, {
    start: 0,
    length: 1,
    filter_startDate: sinceSeconds,
  });
  return page.recordsFiltered;
}

export interface BenchWindow {
  __bench: { enters: number[]; flashes: number[] };
}

function instrument() {
  const bench: BenchWindow['__bench'] = { enters: [], flashes: [] };
  (window as unknown as BenchWindow).__bench = bench;
  // Capture phase on window, installed before the app's own listener: it sees every suffix, cancelled or not.
  window.addEventListener('keydown', (e) => e.key === 'Enter' && bench.enters.push(e.timeStamp), { capture: true });
  new MutationObserver((records) => {
    const mounted = records.some((r) => [...r.addedNodes].some((n) => n instanceof Element && n.hasAttribute('data-scan-flash')));
    if (mounted) requestAnimationFrame(() => bench.flashes.push(performance.now()));
  }).observe(document, { childList: true, subtree: true });
}

/** A phone-sized page on /scan, signed in, store and mode chosen (as the device remembers them), store data loaded. */
export async function openScanPage(
  browser: Browser,
  baseURL: string,
  api: Api,
  opts: { storeCode: string; mode: string; camera?: boolean },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
    permissions: opts.camera ? ['camera'] : [],
  });
  await context.addInitScript(
    ([session, storeCode, mode]) => {
      sessionStorage.setItem('shelfpad.session', session);
      localStorage.setItem('shelfpad.testHooks', '1');
      localStorage.setItem('shelfpad.scan.store', storeCode);
      localStorage.setItem('shelfpad.scan.mode', mode);
    },
    [JSON.stringify(api.session), opts.storeCode, opts.mode] as const,
  );
  await context.addInitScript(instrument);
  const page = await context.newPage();
  await page.goto('/#/scan');
  await page.getByTestId('product-cache').waitFor({ state: 'visible', timeout: 60_000 });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3_000 })));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Shift'); // the switch to keyboard focus styles happens on the first keydown: not in a scan
  return page;
}

/** A wedge scan: the code as key events `msPerChar` apart, then Enter. */
export async function wedge(page: Page, code: string, msPerChar: number): Promise<void> {
  await page.keyboard.type(code, { delay: msPerChar });
  await page.keyboard.press('Enter');
}

export const fieldValue = (page: Page, name: string) => page.locator(`input[name="${name}"]`).inputValue();
export const feedbackCount = (page: Page) => page.evaluate(() => (window.__shelfpadFeedback ?? []).length);

/** Wait for `check` to hold, polling; false after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs: number, everyMs = 20): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
export const round = (n: number | undefined) => (n === undefined ? null : Math.round(n * 10) / 10);
