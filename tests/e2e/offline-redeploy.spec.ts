import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { referenceDataDir, startReferenceServer, type ReferenceServer } from '../bench/reference-server';
import { AppShell, seedSession } from './page-models/app-shell';
import { PwaModel } from './page-models/pwa';
import { ScanPageModel } from './page-models/scan-page';

/*
 * Issue 10, finding 1, after a new deploy: a page still running the previous build opens Scan after the new
 * version's worker took over (its precache no longer holds the previous chunks, and the server no longer has
 * them), then the handheld loses the network and reloads into the new version. Both must work, and the scan must
 * be queued and sent once. A deploy needs builds and server restarts of its own: this spec runs its own reference
 * server (two ports above the suite's), once, in the desktop project.
 */

const PORT = Number(process.env.E2E_PORT ?? 8181) + 2;
const HOME = resolve(`.e2e-data/redeploy-${PORT}`);
const SITE = join(HOME, 'site');
const STORE = 'TKY001';
const SCAN_PAGE = 'src/scan/screen/scan-page.tsx';
test.use({ serviceWorkers: 'allow' });

/** A production build stamped with `id` (vite.config.ts: SHELFPAD_BUILD_ID), so every chunk name differs per build. */
function build(id: string): { dir: string; scanPageChunk: string } {
  const dir = join(HOME, id);
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', dir, '--emptyOutDir'], {
    stdio: 'inherit',
    env: { ...process.env, SHELFPAD_BUILD_ID: id },
  });
  expect(result.status, `vite build ${id}`).toBe(0);
  return built(dir);
}

function built(dir: string): { dir: string; scanPageChunk: string } {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  return { dir, scanPageChunk: `/${manifest[SCAN_PAGE].file}` };
}

/** The build the suite's own server serves (scripts/e2e-server.mjs, unstamped): the deploy before the new one. */
const suiteBuild = () => built(resolve(`.e2e-data/dist-${process.env.E2E_PORT ?? 8181}`));

/** A deploy as the reference server takes one: the site folder replaced, the server restarted on the same data. */
async function deploy(dir: string, previous?: ReferenceServer): Promise<ReferenceServer> {
  await previous?.stop();
  rmSync(SITE, { recursive: true, force: true });
  cpSync(dir, SITE, { recursive: true });
  return startReferenceServer({ port: PORT, pushPort: PORT + 1, distDir: SITE, keepData: true, startTimeoutMs: 240_000 });
}

async function tapScan(page: Page): Promise<void> {
  const shell = new AppShell(page);
  await shell.openMenu();
  await shell.menuItems.filter({ has: page.locator('ion-label', { hasText: /^\s*Scan\s*$/ }) }).click();
}

test('after a redeploy: the old page still opens Scan, and the offline reload starts the new version with a scan queued', async ({
  browser,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one server of its own, on fixed ports: run once');
  test.setTimeout(600_000);
  rmSync(HOME, { recursive: true, force: true });
  rmSync(referenceDataDir(PORT), { recursive: true, force: true });
  const v1 = suiteBuild();
  const v2 = build('v2');
  expect(v2.scanPageChunk, 'the two builds name their chunks differently').not.toBe(v1.scanPageChunk);

  let server = await deploy(v1.dir);
  const context = await browser.newContext({ baseURL: server.baseURL, serviceWorkers: 'allow', viewport: { width: 1440, height: 900 } });
  try {
    const login = await context.request.post('/api/auth/login', { data: { email: 'operator@shelfpad.test', password: 'Shelfpad#2026' } });
    const session = (await login.json()) as { accessToken: string; email: string };
    const headers = { 'Access-Token': session.accessToken, 'Access-Email': session.email };
    const tags = await context.request.post(`/api/tag/list/store/${STORE}`, {
      headers,
      data: { start: 0, length: 1, columns: [{ data: 'barcode' }], order: [{ column: 0, dir: 'asc' }] },
    });
    const [tag] = ((await tags.json()) as { data: { barcode: string; tagMac: string }[] }).data;
    const products = await context.request.post(`/api/product/list/store/${STORE}`, { headers, data: { start: 0, length: 1 } });
    const [{ prCode: product }] = ((await products.json()) as { data: { prCode: string }[] }).data;

    const page = await context.newPage();
    const pwa = new PwaModel(page);
    const scan = new ScanPageModel(page);
    await seedSession(page, session);
    await page.goto('/#/dashboard');
    await expect(page.getByTestId('dash-store-count')).toBeVisible({ timeout: 30_000 });
    await pwa.waitForActiveWorker();
    await pwa.waitForController();

    // The deploy; the new worker installs and takes over while the page still runs the previous build.
    server = await deploy(v2.dir, server);
    expect((await context.request.get(v1.scanPageChunk)).status(), 'the server no longer has the previous chunk').toBe(404);
    await pwa.checkForUpdate();
    await pwa.waitForWaitingWorker();
    await pwa.activateWaitingWorker();

    const oldChunk = page.waitForResponse((res) => res.url().endsWith(v1.scanPageChunk));
    await tapScan(page);
    expect((await oldChunk).status(), 'the previous build’s scan page, kept by the new worker').toBe(200);
    await expect(scan.storePicker).toBeVisible();
    await scan.pickStore(STORE);

    await context.setOffline(true);
    // The handheld app's chunk (scripts/vite-lean-chunks.ts names it).
    const newChunk = page.waitForResponse((res) => /\/assets\/handheld-[\w-]+\.js$/.test(res.url()));
    await page.reload();
    expect((await newChunk).fromServiceWorker(), 'the new build’s handheld app, from the precache').toBe(true);
    await expect(scan.storePicker).toHaveValue(STORE);
    // The store's products read back from IndexedDB, as pickStore waits for them online.
    await expect(page.getByTestId('product-cache')).toBeVisible({ timeout: 30_000 });
    await scan.idle();
    await scan.releaseFocus();
    await scan.scanTaken(tag.barcode, async () => (await scan.field('Tag ID').inputValue()) === tag.barcode);
    await scan.scanTaken(product, () => scan.loggedLast(product));
    await expect(scan.pending).toHaveAccessibleName('1 pending');

    await context.setOffline(false);
    await expect(scan.pending).toHaveAccessibleName('0 pending', { timeout: 30_000 });
    const held = await context.request.post(`/api/tag/list/store/${STORE}`, {
      headers,
      data: { start: 0, length: -1, tagIdList: [tag.barcode] },
    });
    expect(((await held.json()) as { data: { prCode?: string }[] }).data[0].prCode).toBe(product);
  } finally {
    // The server is stopped even when the context cannot close (a test timed out with its page gone).
    await context.close().catch(() => undefined);
    await server.stop();
    rmSync(HOME, { recursive: true, force: true });
    rmSync(referenceDataDir(PORT), { recursive: true, force: true });
  }
});
