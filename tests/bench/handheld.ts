/**
 * Handheld figures of docs/architecture.md §8, measured in Debian's Chromium against a started reference server:
 *   - wedge scan → sound and flash: from the product scan's Enter keydown to the success sound (the feedback hook's
 *     timestamp) and to the first frame with the flash; the assign's sound comes with the server's answer, so this
 *     includes the outbox write and the round trip. A refusal at scan time (unknown product) is reported beside it:
 *     that answer never leaves the page.
 *   - camera first decode: from the video playing (the camera is open) to the EAN-13 in the product field.
 *   - sustained scan pairs: pairs scanned back to back as fast as the page takes keys; none may be dropped, counted
 *     on the server.
 *   - replay: 1,000 assigns queued offline, then the network back; until all are on the server, each exactly once.
 * Reported, never asserted: a figure over budget is for the report to name.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { makeBarcodeY4m } from '../e2e/fixtures/make-y4m';
import {
  apiLogin,
  assignsSince,
  feedbackCount,
  fieldValue,
  openScanPage,
  productsOnServer,
  quantile,
  round,
  storeProducts,
  storeTags,
  until,
  wedge,
  type Api,
  type BenchWindow,
  type TagRow,
} from './handheld-page';
import { startReferenceServer } from './reference-server';
import { prepareBigStore, tagDetailFirstRows } from './tag-detail';

const SCAN_STORE = 'TKY002';
const REPLAY_STORE = 'TKY001';
const LATENCY_PAIRS = 30;
const REFUSALS = 15;
const SUSTAINED_PAIRS = 60;
const CAMERA_OPENS = 4;
const REPLAY_OPS = 1_000;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type Figure = Record<string, unknown>;

/** Scan until the page took it: `taken` tells. A burst the rhythm rule turned away (a starved CPU) is counted. */
async function scanUntilTaken(page: Page, code: string, taken: () => Promise<boolean>, stats: { rejected: number }): Promise<void> {
  for (let attempt = 0; attempt < 8; attempt++) {
    await wedge(page, code, 10);
    if (await until(taken, 2_000)) return;
    stats.rejected++;
  }
  throw new Error(`the page never took the scan ${code}`);
}

async function wedgeLatency(browser: Browser, baseURL: string, api: Api, tags: TagRow[], products: string[]): Promise<Figure> {
  const page = await openScanPage(browser, baseURL, api, { storeCode: SCAN_STORE, mode: 'assign' });
  const stats = { rejected: 0 };
  const sound: number[] = [];
  const flash: number[] = [];
  // One product scan: Enter keydown → the sound it gets, and → the first frame with the flash.
  const measure = async (product: string, kind: 'success' | 'failure') => {
    const before = await feedbackCount(page);
    const flashes = await page.evaluate(() => (window as unknown as BenchWindow).__bench.flashes.length);
    await scanUntilTaken(page, product, async () => (await feedbackCount(page)) > before, stats);
    await until(() => page.evaluate((n) => (window as unknown as BenchWindow).__bench.flashes.length > n, flashes), 2_000);
    const m = await page.evaluate(
      ([f, b]) => {
        const w = window as unknown as BenchWindow;
        // the Enter of the scan that was taken: the last one, as nothing is typed after it
        return { enter: w.__bench.enters[w.__bench.enters.length - 1], played: window.__shelfpadFeedback![b], flash: w.__bench.flashes[f] };
      },
      [flashes, before] as const,
    );
    if (m.played.kind !== kind) throw new Error(`expected a ${kind} sound for ${product}, got ${m.played.kind}`);
    return { sound: m.played.at - m.enter, flash: m.flash === undefined ? undefined : m.flash - m.enter };
  };
  const scanTag = (code: string) => scanUntilTaken(page, code, async () => (await fieldValue(page, 'tagId')) === code, stats);
  for (let i = 0; i < LATENCY_PAIRS; i++) {
    await scanTag(tags[i].barcode);
    const m = await measure(products[i % products.length], 'success');
    sound.push(m.sound);
    if (m.flash !== undefined) flash.push(m.flash);
  }
  // A refused product ends its pair (assign-mode.tsx clears both fields before the check): each refusal pairs the
  // same spare tag again, which no refusal assigns.
  const refusal: number[] = [];
  for (let i = 0; i < REFUSALS; i++) {
    await scanTag(tags[LATENCY_PAIRS].barcode);
    refusal.push((await measure(`NOSUCH${String(i).padStart(7, '0')}`, 'failure')).sound);
  }
  await page.context().close();
  const summary = (v: number[]) => ({
    p50_ms: round(quantile(v, 0.5)),
    p95_ms: round(quantile(v, 0.95)),
    max_ms: round(Math.max(...v)),
    samples: v.length,
  });
  return {
    assign_success_sound: summary(sound),
    assign_flash_on_screen: summary(flash),
    refused_product_failure_sound: summary(refusal),
    bursts_rejected_by_rhythm_and_rescanned: stats.rejected,
    budget_p95_ms: 50,
  };
}

async function sustainedPairs(browser: Browser, baseURL: string, api: Api, tags: TagRow[], products: string[]): Promise<Figure> {
  const page = await openScanPage(browser, baseURL, api, { storeCode: SCAN_STORE, mode: 'assign' });
  const since = Math.floor(Date.now() / 1000) - 1;
  const expected = new Map(tags.map((t, i) => [t.barcode, products[i % products.length]]));
  const t0 = Date.now();
  for (const tag of tags) {
    await wedge(page, tag.barcode, 0);
    await wedge(page, expected.get(tag.barcode)!, 0);
  }
  const scanned = Date.now();
  const allThere = async () => {
    const held = await productsOnServer(api, SCAN_STORE, tags);
    return [...expected].every(([barcode, product]) => held.get(barcode) === product);
  };
  await until(allThere, 30_000, 100);
  const stored = Date.now();
  const held = await productsOnServer(api, SCAN_STORE, tags);
  const assigned = [...expected].filter(([barcode, product]) => held.get(barcode) === product).length;
  const counts = await Promise.all(tags.map((t) => assignsSince(api, SCAN_STORE, t, since)));
  const log = await page.getByTestId('scan-counters').innerText();
  await page.context().close();
  return {
    pairs: tags.length,
    keys_per_pair: tags[0].barcode.length + expected.get(tags[0].barcode)!.length + 2,
    scanned_pairs_per_second: round(tags.length / ((scanned - t0) / 1000)),
    stored_pairs_per_second: round(tags.length / ((stored - t0) / 1000)),
    dropped: tags.length - assigned,
    doubled: counts.filter((n) => n > 1).length,
    scan_log: log,
    budget_pairs_per_second: 20,
  };
}

async function cameraFirstDecode(browser: Browser, baseURL: string, api: Api, code: string, y4mNote: string): Promise<Figure> {
  const page = await openScanPage(browser, baseURL, api, { storeCode: SCAN_STORE, mode: 'plus', camera: true });
  const opens: { tap_to_decode_ms: number; open_to_decode_ms: number }[] = [];
  for (let i = 0; i < CAMERA_OPENS; i++) {
    await page.locator('input[name="productCode"]').fill('');
    // A string, not a function: tsx would wrap the inner function in a helper that does not exist in the page.
    await page.evaluate(`(() => {
      const cam = {};
      window.__cam = cam;
      document.addEventListener('click', () => (cam.tap ??= performance.now()), { capture: true, once: true });
      document.addEventListener('playing', () => (cam.playing ??= performance.now()), { capture: true });
      const poll = () => {
        const input = document.querySelector('input[name="productCode"]');
        if (input && input.value === ${JSON.stringify(code)}) cam.filled = performance.now();
        else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    })()`);
    await page
      .locator('[data-scan-field]')
      .filter({ has: page.locator('input[name="productCode"]') })
      .getByRole('button')
      .click();
    await page.waitForFunction(() => (window as unknown as { __cam: { filled?: number } }).__cam.filled !== undefined, undefined, {
      timeout: 30_000,
    });
    const cam = await page.evaluate(() => (window as unknown as { __cam: { tap: number; playing: number; filled: number } }).__cam);
    opens.push({ tap_to_decode_ms: round(cam.filled - cam.tap)!, open_to_decode_ms: round(cam.filled - cam.playing)! });
    await page.getByTestId('camera-view').waitFor({ state: 'detached' });
  }
  await page.context().close();
  const later = opens.slice(1).map((o) => o.open_to_decode_ms);
  return {
    engine: 'zxing (Chromium on Linux has no BarcodeDetector)',
    video: y4mNote,
    first_open: opens[0],
    reopened_open_to_decode_max_ms: round(Math.max(...later)),
    opens,
    budget_ms: 1000,
  };
}

/** Exported for a run of this figure alone (a change to the outbox is measured without the other figures). */
export async function replayQueued(browser: Browser, baseURL: string, api: Api, tags: TagRow[], products: string[]): Promise<Figure> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  await context.addInitScript((session) => {
    sessionStorage.setItem('shelfpad.session', session);
    localStorage.setItem('shelfpad.testHooks', '1');
  }, JSON.stringify(api.session));
  const page = await context.newPage();
  // The scan screen, where a handheld is when its Wi-Fi comes back (the queue screen would render every one of the
  // 1,000 operations on every change, which is that screen's cost, not the replay's); the hook is on any route.
  await page.goto('/#/scan');
  await page.waitForFunction(() => Boolean(window.__shelfpadOutbox));
  const since = Math.floor(Date.now() / 1000) - 1;
  const expected = new Map(tags.map((t, i) => [t.barcode, products[i % products.length]]));
  const ops = tags.map((t) => ({
    kind: 'tagAssign' as const,
    storeCode: REPLAY_STORE,
    payload: {
      taskId: -1,
      priorTaskId: -1,
      storeCode: REPLAY_STORE,
      tagList: [{ tagMac: t.barcode, prCode: expected.get(t.barcode)!, degree: 0 }],
    },
  }));
  await context.setOffline(true);
  await page.evaluate(async (all) => {
    for (const op of all) await window.__shelfpadOutbox!.enqueue(op);
  }, ops);
  const online = Date.now();
  await context.setOffline(false);
  const settled = () =>
    page.evaluate(() => window.__shelfpadOutbox!.ops().then((all) => all.filter((o) => o.state === 'done' || o.state === 'failed').length));
  await until(async () => (await settled()) >= tags.length, 120_000, 250);
  const all = await page.evaluate(() => window.__shelfpadOutbox!.ops());
  const lastSettled = Math.max(...all.map((o) => o.settledAt ?? 0));
  await context.close();

  const held = await productsOnServer(api, REPLAY_STORE, tags);
  const lost = [...expected].filter(([barcode, product]) => held.get(barcode) !== product).length;
  const counts: number[] = [];
  for (let i = 0; i < tags.length; i += 20)
    counts.push(...(await Promise.all(tags.slice(i, i + 20).map((t) => assignsSince(api, REPLAY_STORE, t, since)))));
  return {
    queued: tags.length,
    replay_s: round((lastSettled - online) / 1000),
    lost,
    duplicated: counts.filter((n) => n > 1).length,
    failed_in_outbox: all.filter((o) => o.state === 'failed').length,
    budget_s: 10,
  };
}

/**
 * The browser figures: the handheld's (issue 4) and the tag detail page's (issue 5), in one Chromium against one
 * reference server whose database also holds the 50,000-tag store.
 */
export async function browserFigures(opts: {
  port: number;
  pushPort: number;
  distDir?: string;
}): Promise<{ handheld: Figure; tagDetail: Figure }> {
  const server = await startReferenceServer({ ...opts, prepare: prepareBigStore, startTimeoutMs: 300_000 });
  const videoFile = resolve(`.e2e-data/bench-camera-${opts.port}.y4m`);
  let browser: Browser | undefined;
  try {
    const api = await apiLogin(server.baseURL);
    const scanTags = (await storeTags(api, SCAN_STORE)).filter((t) => !t.prCode);
    const scanProducts = await storeProducts(api, SCAN_STORE, 50);
    const replayTags = (await storeTags(api, REPLAY_STORE)).slice(0, REPLAY_OPS);
    const replayProducts = await storeProducts(api, REPLAY_STORE, 50);
    if (scanTags.length < LATENCY_PAIRS + 1 + SUSTAINED_PAIRS) throw new Error(`${SCAN_STORE} has too few free tags for the bench`);
    if (replayTags.length < REPLAY_OPS) throw new Error(`${REPLAY_STORE} has fewer than ${REPLAY_OPS} tags`);
    mkdirSync(resolve('.e2e-data'), { recursive: true });
    const cameraCode = scanProducts[7];
    makeBarcodeY4m(cameraCode, videoFile);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${videoFile}`,
      ],
    });
    const latency = await wedgeLatency(browser, server.baseURL, api, scanTags.slice(0, LATENCY_PAIRS + 1), scanProducts);
    const sustained = await sustainedPairs(
      browser,
      server.baseURL,
      api,
      scanTags.slice(LATENCY_PAIRS + 1, LATENCY_PAIRS + 1 + SUSTAINED_PAIRS),
      scanProducts,
    );
    const camera = await cameraFirstDecode(browser, server.baseURL, api, cameraCode, 'y4m 640×480, 30 frames at 30 fps, EAN-13');
    const replay = await replayQueued(browser, server.baseURL, api, replayTags, replayProducts);
    // A failure here must not lose the handheld figures above: it is reported in place of the figure.
    const tagDetail = await tagDetailFirstRows(browser, server.baseURL).catch((error: Error) => ({ error: error.message }));
    return {
      handheld: {
        browser: 'Debian Chromium, 390×844 phone viewport',
        wedge_scan_to_feedback: latency,
        camera_first_decode: camera,
        sustained_wedge_scan_pairs: sustained,
        replay_1000_queued_assigns: replay,
      },
      tagDetail,
    };
  } finally {
    await browser?.close();
    await server.stop();
    rmSync(videoFile, { force: true });
  }
}
