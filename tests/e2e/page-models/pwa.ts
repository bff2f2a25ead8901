import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export interface ManifestIcon {
  src: string;
  sizes?: string;
  type?: string;
  purpose?: string;
}

export interface WebManifest {
  id?: string;
  name?: string;
  short_name?: string;
  description?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: ManifestIcon[];
}

/** The session key of src/platform/session.ts: tests that need a signed-in page put the API's login answer there. */
const SESSION_KEY = 'shelfpad.session';

/** What an installing browser looks at: the manifest link, the service worker, and the update prompt. */
export class PwaModel {
  readonly updatePrompt: Locator;
  readonly reloadButton: Locator;

  constructor(readonly page: Page) {
    this.updatePrompt = page.getByText('A new version is available');
    this.reloadButton = page.getByRole('button', { name: 'Reload' });
  }

  /** The manifest the page links to, resolved against the page URL as a browser does. */
  async manifest(request: APIRequestContext): Promise<{ url: string; contentType: string; body: WebManifest }> {
    const href = await this.page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href, 'index.html links a manifest').toBeTruthy();
    const url = new URL(href!, this.page.url()).href;
    const res = await request.get(url);
    expect(res.status(), `GET ${url}`).toBe(200);
    return { url, contentType: res.headers()['content-type'] ?? '', body: (await res.json()) as WebManifest };
  }

  /** Width and height from a PNG's IHDR chunk: the manifest's `sizes` must be the file's real size. */
  static async pngSize(request: APIRequestContext, url: string): Promise<{ type: string; width: number; height: number }> {
    const res = await request.get(url);
    expect(res.status(), `GET ${url}`).toBe(200);
    const bytes = await res.body();
    expect(bytes.subarray(1, 4).toString('latin1'), `${url} is a PNG`).toBe('PNG');
    return { type: res.headers()['content-type'] ?? '', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }

  /** Resolves once a worker is active for this page's scope (it installed and precached the shell). */
  async waitForActiveWorker(): Promise<string> {
    return this.page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
  }

  /** The script URL of the worker controlling the page, or null when the page went to the network by itself. */
  controller(): Promise<string | null> {
    return this.page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  }

  async waitForController(): Promise<void> {
    await this.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }

  /** Runtime cache contents, as paths: shows what the first visit left for an offline start. */
  cachedPaths(cacheName: string): Promise<string[]> {
    return this.page.evaluate(async (name) => {
      const cache = await caches.open(name);
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    }, cacheName);
  }

  /** Paths of every cache of the page's origin (precache and runtime caches together). */
  allCachedPaths(): Promise<string[]> {
    return this.page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys())
        paths.push(...(await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname));
      return paths;
    });
  }

  /** Ask the browser to look for a new sw.js now, as it does on navigation or the app's hourly check. */
  async checkForUpdate(): Promise<void> {
    await this.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
  }

  /** True when a new worker is installed and waiting for the user's consent. */
  hasWaitingWorker(): Promise<boolean> {
    return this.page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
  }

  /** What the user's Reload does, without the prompt: the waiting worker takes over (workbox's SKIP_WAITING). */
  async activateWaitingWorker(): Promise<void> {
    await this.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const waiting = registration?.waiting;
      if (!waiting) throw new Error('no waiting service worker');
      await new Promise<void>((resolve) => {
        waiting.addEventListener('statechange', () => waiting.state === 'activated' && resolve());
        waiting.postMessage({ type: 'SKIP_WAITING' });
      });
    });
  }

  /** Resolves once a new worker has installed and waits (after a deploy and an update check). */
  async waitForWaitingWorker(): Promise<void> {
    await expect.poll(() => this.hasWaitingWorker(), { timeout: 30_000 }).toBe(true);
  }

  async signIn(session: unknown): Promise<void> {
    await this.page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [SESSION_KEY, JSON.stringify(session)] as const);
  }

  async signOut(): Promise<void> {
    await this.page.evaluate((key) => sessionStorage.removeItem(key), SESSION_KEY);
  }
}
