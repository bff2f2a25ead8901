/**
 * Issue 5's browser figure: how long an admin waits, from navigation start, until /tag/detail/{store} shows its
 * first 25 rows for a store of 50,000 tags — the console's chunks, the session check, the tag list call and the
 * render, against the reference server as it ships. Cold = a new browser context (empty HTTP cache, the service
 * worker blocked); warm = the same page reloaded. Reported, never asserted.
 */
import type { Browser, Page } from '@playwright/test';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { vacuumAnalyze } from '../../server/db/maintenance';
import { stores } from '../../server/db/schema/index';
import { seedIfEmpty, seedStoreTags } from '../../server/seed/index';
import { apiLogin, quantile, round } from './handheld-page';

export const BIG_STORE = 'BENCH50K';
export const BIG_STORE_TAGS = 50_000;
const ADMIN = 'admin@shelfpad.test';
const RUNS = 5;
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/**
 * The reference server's database before it starts: the demo data it would seed itself, plus one store of 50,000
 * tags (the same generator the server-side figure uses).
 */
export async function prepareBigStore(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await seedIfEmpty(database.db, { seed: loadConfig({}).seed });
    const [anyStore] = await database.db.select().from(stores).limit(1);
    const bigStore = { storeCode: BIG_STORE, companyCode: anyStore.companyCode };
    await database.db.insert(stores).values({ ...bigStore, storeName: 'Benchmark store', latitude: 35.68, longitude: 139.76 });
    await seedStoreTags(database.db, { ...bigStore, count: BIG_STORE_TAGS, seed: 11 });
    await vacuumAnalyze(database.db);
  } finally {
    await database.close();
  }
}

/** Milliseconds from navigation start until 25 tag rows are on screen (the page's performance.now(), per frame). */
async function rowsShownAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => document.querySelectorAll('.ion-page:not(.ion-page-hidden) [data-row-key]').length >= 25 && performance.now(),
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

export async function tagDetailFirstRows(browser: Browser, baseURL: string): Promise<Record<string, unknown>> {
  const api = await apiLogin(baseURL, ADMIN);
  const figures: Record<string, unknown> = { store: BIG_STORE, tags: BIG_STORE_TAGS, runs: RUNS };
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ baseURL, viewport, serviceWorkers: 'block' });
      await context.addInitScript((session) => sessionStorage.setItem('shelfpad.session', session), JSON.stringify(api.session));
      const page = await context.newPage();
      await page.goto(`/#/tag/detail/${BIG_STORE}`);
      cold.push(await rowsShownAt(page));
      await page.reload();
      warm.push(await rowsShownAt(page));
      await context.close();
    }
    cold.sort((a, b) => a - b);
    warm.sort((a, b) => a - b);
    figures[name] = {
      cold_p50_ms: round(quantile(cold, 0.5)),
      cold_max_ms: round(cold[cold.length - 1]),
      warm_p50_ms: round(quantile(warm, 0.5)),
      warm_max_ms: round(warm[warm.length - 1]),
    };
  }
  return figures;
}
