/**
 * Show editor drag smoothness (issue 17, docs/architecture.md §8: ≥ 50 frames/s): a slide of 30 objects is stored on a device
 * through the API, the editor is opened in Debian's Chromium at desktop size, and one object is dragged across the
 * canvas by the mouse for a few seconds while requestAnimationFrame counts the frames the page draws. Reported:
 * frames per second during the drag, and the 95th percentile and longest frame interval. Runs alone with
 * `npx tsx tests/bench/show-editor-drag.ts` (a server of its own on a build in dist/ or DIST_DIR, or BENCH_BASE_URL).
 */
import { chromium } from '@playwright/test';
import { pathToFileURL } from 'node:url';
import { startReferenceServer } from './reference-server';

const STORE = 'SEL001';
const OBJECTS = 30;
const DRAG_MS = 3_000;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const round = (n: number) => Math.round(n * 10) / 10;

interface FrameWindow {
  __frames: number[];
  __counting: boolean;
}

export async function showEditorDragFigure(opts: { port: number; pushPort: number; distDir?: string }) {
  const server = await startReferenceServer({ ...opts, startTimeoutMs: 300_000 });
  try {
    return await measureDrag(server.baseURL);
  } finally {
    await server.stop();
  }
}

/** The measurement against a running server with the demo data (it stores a slide on one of SEL001's devices). */
export async function measureDrag(base: string) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const login = await (
      await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@shelfpad.test', password: 'Shelfpad#2026' }),
      })
    ).json();
    const headers = { 'content-type': 'application/json', 'access-token': login.accessToken, 'access-email': login.email };
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    // A device with a large screen (1920 × 1080: a 960 × 540 canvas) and the store's images.
    const devices = (await call('POST', `/plus/device/list/store/${STORE}`, { start: 0, length: 50 })).data as { mac: string }[];
    let mac = '';
    let screen = { width: 0, height: 0 };
    for (const d of devices) {
      const data = await call('GET', `/plus/store/${STORE}/device/${d.mac}/show`);
      if (data.screenWidth * data.screenHeight > screen.width * screen.height)
        [mac, screen] = [d.mac, { width: data.screenWidth, height: data.screenHeight }];
    }
    const images = (await call('GET', `/plus/asset/image/choices/store/${STORE}`)) as { id: string }[];
    const cell = { width: Math.floor(screen.width / 6), height: Math.floor(screen.height / 5) };
    const object = Array.from({ length: OBJECTS }, (_, i) => {
      const place = { left: (i % 6) * cell.width, top: Math.floor(i / 6) * cell.height, width: cell.width - 20, height: cell.height - 20 };
      return i % 3 === 2
        ? { type: 'webpage', id: `http://shelfpad.test/${i}`, ...place }
        : { type: 'image', id: images[i % images.length].id, ...place };
    });
    await call('POST', `/plus/store/${STORE}/device/${mac}/show`, {
      show: [{ duration: 30, bgColor: '#202020', empty: false, schedule: [], object }],
      productShowIdx: null,
    });

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
    await context.addInitScript((s) => sessionStorage.setItem('shelfpad.session', JSON.stringify(s)), login);
    const page = await context.newPage();
    await page.goto(`${base}/#/plus/device/show/${STORE}/${mac}`);
    const target = page.getByTestId('show-object').first();
    await target.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1_000);
    // A script string: tsx would wrap a named function of a callback in a helper the page does not have.
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__counting = true;
      const tick = (t) => {
        if (!window.__counting) return;
        window.__frames.push(t);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    const box = (await target.boundingBox())!;
    const start = { x: box.x + 20, y: box.y + 20 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    const began = Date.now();
    let step = 0;
    while (Date.now() - began < DRAG_MS) {
      step++;
      // A loop over the canvas: the object crosses the other 29.
      const angle = step / 20;
      await page.mouse.move(start.x + 300 + Math.cos(angle) * 250, start.y + 120 + Math.sin(angle) * 100);
    }
    await page.mouse.up();
    // The drag must have moved the object (a figure of a page that ignored the mouse would mean nothing).
    await page.waitForTimeout(300);
    const after = (await target.boundingBox())!;
    const moved = Math.round(Math.hypot(after.x - box.x, after.y - box.y));
    const frames = await page.evaluate(() => {
      const w = window as unknown as FrameWindow;
      w.__counting = false;
      return w.__frames;
    });
    const intervals = frames
      .slice(1)
      .map((t, i) => t - frames[i])
      .sort((a, b) => a - b);
    const seconds = (frames[frames.length - 1] - frames[0]) / 1000;
    await context.close();
    return {
      browser: 'Debian Chromium, 1440×900, --disable-gpu',
      objects_on_slide: OBJECTS,
      screen: `${screen.width}x${screen.height}`,
      pointer_moves: step,
      object_moved_px: moved,
      frames_per_second_while_dragging: round((frames.length - 1) / seconds),
      frame_interval_p95_ms: round(intervals[Math.floor(intervals.length * 0.95)] ?? 0),
      frame_interval_max_ms: round(intervals[intervals.length - 1] ?? 0),
      budget_fps: 50,
    };
  } finally {
    await browser.close();
  }
}

// Alone: BENCH_BASE_URL measures a server already running; otherwise one is started on BENCH_PORT.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.BENCH_PORT ?? 8395);
  const figure = process.env.BENCH_BASE_URL
    ? await measureDrag(process.env.BENCH_BASE_URL)
    : await showEditorDragFigure({ port, pushPort: port + 1, distDir: process.env.DIST_DIR });
  console.log(JSON.stringify(figure, null, 2));
}
