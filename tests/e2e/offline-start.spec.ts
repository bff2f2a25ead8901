import { expect, test, type Page } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD } from './fixtures/api';
import { AppShell, seedSession } from './page-models/app-shell';
import { LoginPage } from './page-models/login-page';
import { PwaModel } from './page-models/pwa';
import { ScanPageModel } from './page-models/scan-page';

/*
 * Issue 10, finding 1, as staff reach the scan screen: the app opened at its start page, a login, Scan from the
 * menu — then no network and a reload. The page must start from the service worker with the lean handheld app
 * (never loaded online on this path), and a scan must be queued and reach the server once the network is back.
 * offline-scan.spec.ts opens /#/scan directly; offline-redeploy.spec.ts covers the same after a new deploy.
 */

const STORE = 'TKY001';
const OPERATOR = 'operator@shelfpad.test';
test.use({ serviceWorkers: 'allow' });

type Api = Awaited<ReturnType<typeof apiLogin>>;
interface TagRow {
  tagMac: string;
  barcode: string;
  prCode?: string;
}

/**
 * A tag of TKY001 no other spec touches (offline-scan takes 1000-1199, outbox.spec the first 360), per project;
 * each test of this file its own (`tagAt`, and the product at `productAt`).
 */
async function pickPair(api: Api, project: string, tagAt = 1300, productAt = 10): Promise<{ tag: TagRow; product: string }> {
  const tags = await api.post(`/tag/list/store/${STORE}`, {
    start: 0,
    length: -1,
    columns: [{ data: 'barcode' }],
    order: [{ column: 0, dir: 'asc' }],
  });
  const all = ((await tags.json()) as { data: TagRow[] }).data;
  const products = await api.post(`/product/list/store/${STORE}`, { start: 0, length: 20 });
  const codes = ((await products.json()) as { data: { prCode: string }[] }).data.map((p) => p.prCode);
  const index = project === 'phone' ? 0 : 1;
  return { tag: all[tagAt + index], product: codes[productAt + index] };
}

async function assignsSince(api: Api, tag: TagRow, since: number): Promise<number> {
  const res = await api.post(`/history/store/${STORE}/tag/${tag.tagMac}/update`, { start: 0, length: 10, filter_startDate: since });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { recordsFiltered: number }).recordsFiltered;
}

/** Scan from the side menu (the drawer on a phone); "Scan" alone, not "Scan queue". */
async function tapScan(page: Page): Promise<void> {
  const shell = new AppShell(page);
  await shell.openMenu();
  await shell.menuItems.filter({ has: page.locator('ion-label', { hasText: /^\s*Scan\s*$/ }) }).click();
}

test('from the start page: login, Scan, offline reload → the scan screen starts and a scan is queued, then sent once', async ({
  page,
  context,
  request,
}, info) => {
  test.setTimeout(180_000);
  const api = await apiLogin(request, OPERATOR);
  const { tag, product } = await pickPair(api, info.project.name);
  const since = Math.floor(Date.now() / 1000) - 1;
  const pwa = new PwaModel(page);
  const scan = new ScanPageModel(page);
  const login = new LoginPage(page);

  // The one online visit, as a new user makes it: the start page, the login form, Scan in the menu.
  await page.goto('/');
  await expect(login.heading).toHaveText('Shelfpad');
  await login.login(OPERATOR, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/#\/login/);
  await tapScan(page);
  await expect(scan.storePicker).toBeVisible();
  await scan.pickStore(STORE);
  // The worker has installed (its precache is complete) and controls the page.
  await pwa.waitForActiveWorker();
  await pwa.waitForController();

  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker(), 'index.html came from the service worker').toBe(true);
  await expect(scan.storePicker).toHaveValue(STORE);
  await scan.idle();
  await scan.releaseFocus();
  await scan.scanTaken(tag.barcode, async () => (await scan.field('Tag ID').inputValue()) === tag.barcode);
  await scan.scanTaken(product, () => scan.loggedLast(product));
  await expect(scan.logLines.first()).toHaveAttribute('data-status', 'queued');
  await expect(scan.pending).toHaveAccessibleName('1 pending');
  expect(await assignsSince(api, tag, since), 'nothing reached the server while offline').toBe(0);

  await context.setOffline(false);
  await expect(scan.pending).toHaveAccessibleName('0 pending', { timeout: 30_000 });
  expect(await assignsSince(api, tag, since)).toBe(1);
});

/** Operations of this browser's outbox still to be sent ('pending' or 'sending'), read from IndexedDB. */
function openOutboxItems(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const open = indexedDB.open('shelfpad');
    const db = await new Promise<IDBDatabase>(
      (resolve, reject) => ((open.onsuccess = () => resolve(open.result)), (open.onerror = () => reject(open.error))),
    );
    try {
      const index = db.transaction('outbox', 'readonly').objectStore('outbox').index('state');
      const count = (state: string) =>
        new Promise<number>((resolve, reject) => {
          const req = index.count(IDBKeyRange.only(state));
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
      return (await count('pending')) + (await count('sending'));
    } finally {
      db.close();
    }
  });
}

/** The offline layer's own chunks (src/offline/lazy.ts): Dexie and the outbox. */
const QUEUE_CODE = /\/assets\/(offline-layer|outbox)-/;

test('a scan queued offline is sent when the app next opens on the dashboard; with nothing queued, no queue code loads', async ({
  context,
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const api = await apiLogin(request, OPERATOR);
  const { tag, product } = await pickPair(api, info.project.name, 1250, 12);
  const since = Math.floor(Date.now() / 1000) - 1;
  const scan = new ScanPageModel(page);
  await seedSession(page, api.session);
  await page.goto('/#/scan');
  await scan.pickStore(STORE);
  await scan.idle();

  // Queued with no network, and the handheld closed before the network returns: the scan waits in the queue.
  await context.setOffline(true);
  await scan.releaseFocus();
  await scan.scanTaken(tag.barcode, async () => (await scan.field('Tag ID').inputValue()) === tag.barcode);
  await scan.scanTaken(product, () => scan.loggedLast(product));
  await expect(scan.pending).toHaveAccessibleName('1 pending');
  await page.close();
  await context.setOffline(false);

  // The next start is on the dashboard, a screen without the queue: it finds the scan waiting and sends it.
  const next = await context.newPage();
  const queueCode: string[] = [];
  next.on('request', (r) => QUEUE_CODE.test(new URL(r.url()).pathname) && queueCode.push(r.url()));
  await seedSession(next, api.session);
  await next.goto('/#/dashboard');
  await expect(next.getByTestId('dash-store-count')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => assignsSince(api, tag, since), { timeout: 30_000 }).toBe(1);
  expect(queueCode.length, 'the queue was loaded to send the scan').toBeGreaterThan(0);

  // Nothing waits now: a start on the dashboard loads none of the queue's code. (The server stores the assign a
  // moment before the outbox hears its answer and closes the item: a reload in between rightly loads the queue.)
  await expect.poll(() => openOutboxItems(next)).toBe(0);
  queueCode.length = 0;
  await next.reload();
  await expect(next.getByTestId('dash-store-count')).toBeVisible({ timeout: 30_000 });
  await next.waitForLoadState('networkidle');
  expect(queueCode, 'no queue code without queued work').toEqual([]);
  expect(await assignsSince(api, tag, since), 'sent once').toBe(1);
});

test('a screen whose code cannot be loaded offline says so, with a retry, instead of a blank page', async ({ page, context, request }) => {
  const pwa = new PwaModel(page);
  await new AppShell(page).signIn(request, 'admin@shelfpad.test');
  await page.goto('/#/dashboard');
  await expect(page.getByTestId('dash-store-count')).toBeVisible({ timeout: 30_000 });
  await pwa.waitForActiveWorker();
  await pwa.waitForController();

  // The sensor screens are admin screens: not precached, and never opened on this device.
  await context.setOffline(true);
  await page.goto('/#/sensor');
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be loaded. Check the connection, then try again.' });
  await expect(alert).toBeVisible();

  await context.setOffline(false);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toBeHidden();
  await expect(page.locator('ion-title').filter({ hasText: 'Sensor status' }).first()).toBeVisible();
});
