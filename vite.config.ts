import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { clientEndpoints } from './scripts/vite-client-endpoints';
import { ioniconsPerIcon } from './scripts/vite-ionicons-per-icon';
import { leanChunks } from './scripts/vite-lean-chunks';
import { LOCALES_CACHE } from './src/platform/sw-caches';

const THEME_COLOR = '#0f5c4d';
const LOCALES_DIR = fileURLToPath(new URL('./locales', import.meta.url));

function jsonFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsonFilesUnder(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

/**
 * Translations are fetched at run time from ./locales/<lng>/<ns>.json (src/platform/i18n.ts) rather than bundled, so a
 * language nobody uses is never downloaded. They live outside public/ (one top-level folder per the design), so
 * this plugin serves them in development and copies them into the build at the same path.
 *
 * The app asks for them with ?v=<hash of all locale files>: the file names carry no hash, and without it a cached
 * old translation could meet the new code of an update (new keys shown raw) until the cache refreshed.
 */
function locales(): Plugin {
  return {
    name: 'shelfpad-locales',
    config() {
      const hash = createHash('sha256');
      for (const file of jsonFilesUnder(LOCALES_DIR).sort()) hash.update(relative(LOCALES_DIR, file)).update(readFileSync(file));
      return { define: { 'import.meta.env.VITE_LOCALES_VERSION': JSON.stringify(hash.digest('hex').slice(0, 12)) } };
    },
    configureServer(server) {
      server.watcher.add(LOCALES_DIR);
      // Translations are fetched once at start, so an edited file needs a reload rather than HMR.
      server.watcher.on('change', (file) => {
        if (file.startsWith(LOCALES_DIR + sep)) server.ws.send({ type: 'full-reload' });
      });
      server.middlewares.use('/locales', (req, res, next) => {
        const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
        const file = resolve(LOCALES_DIR, `.${path}`);
        // resolve() folds "..", so the prefix check keeps requests inside the locales folder.
        if (!file.startsWith(LOCALES_DIR + sep) || !file.endsWith('.json') || !existsSync(file)) return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const file of jsonFilesUnder(LOCALES_DIR)) {
        const fileName = `locales/${relative(LOCALES_DIR, file).split(sep).join('/')}`;
        // Parsing fails the build on a broken translation file instead of failing the app at start.
        const source = JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
}

/**
 * The source modules whose chunks (with their static imports, and the lazy chunks they open themselves) are
 * precached besides the entry: the two apps (console and lean handheld), the offline layer that replays the outbox,
 * and what the handheld and a manager's screens need to start offline after one visit — whatever path led there
 * (issue 10: the scan screen reached from the start page loads the console's scan page, not the handheld app).
 * Admin screens stay out on purpose: precaching them would make every user download every screen on install, and
 * every deploy would re-download all of them; they are cached at run time on first use (the /assets/ rule below).
 */
const OFFLINE_MODULES: readonly RegExp[] = [
  /\/src\/shell\/console\.tsx$/,
  /\/src\/scan\/handheld\/handheld-app\.tsx$/,
  /\/src\/offline\/offline-layer\.ts$/,
  /\/src\/features\/auth\/(login-page|tag-types)\.tsx?$/,
  /\/src\/features\/auth\/lean\/lean-login-app\.tsx$/,
  /\/src\/features\/(dashboard\/dashboard-page|exceptions\/exceptions-page|store\/store-list-page)\.tsx$/,
  // The phone's first screen on /dashboard (shell/entry.tsx): an offline reload there starts with it, not the console.
  /\/src\/features\/dashboard\/lean\/lean-dashboard-app\.tsx$/,
  /\/src\/scan\/screen\/(scan-page|queue-page)\.tsx$/,
  // Opened from the scan screen: the assign modal, the camera (with its decoder) and the scan sounds.
  /\/src\/features\/tag-assign\/tag-assign-modal\.tsx$/,
  /\/src\/scan\/input\/camera\/camera-view\.tsx$/,
  /\/node_modules\/(howler|@zxing)\//,
  // The dashboard's chart canvas and the store map's world outline (both lazy inside their screens).
  /\/src\/ui\/charts\/line-chart-canvas\.tsx$/,
  /\/node_modules\/world-atlas\//,
];

/**
 * The precache, read from the bundle graph: every entry chunk, Ionic's on-demand chunks and the chunks of
 * OFFLINE_MODULES, each with its static imports (transitively) and CSS.
 */
function shellFiles(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'shelfpad-shell-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      files.clear();
      const visit = (fileName: string) => {
        const item = bundle[fileName];
        if (files.has(fileName) || item?.type !== 'chunk') return;
        files.add(fileName);
        item.viteMetadata?.importedCss.forEach((css) => files.add(css));
        item.imports.forEach(visit);
      };
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const id = (item.facadeModuleId ?? '').split('\\').join('/');
        // Ionic's own on-demand chunks (ion-app loads ripple, tap and keyboard helpers at every start; transitions
        // and gestures come later) belong to the shell, not to a route: a start or a page change offline needs them.
        const ionic = item.isDynamicEntry && /\/node_modules\/@ionic\//.test(id);
        if (item.isEntry || ionic || (item.isDynamicEntry && OFFLINE_MODULES.some((pattern) => pattern.test(id)))) visit(item.fileName);
      }
    },
  };
  return { plugin, files };
}

const shell = shellFiles();

function buildFileNames(buildId: string | undefined) {
  if (!buildId) return {};
  const id = buildId.replace(/[^\w]/g, '');
  return {
    entryFileNames: `assets/[name]-${id}-[hash].js`,
    chunkFileNames: `assets/[name]-${id}-[hash].js`,
    assetFileNames: `assets/[name]-${id}-[hash][extname]`,
  };
}

/** Files worth compressing: text. Images and sounds are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|json|svg|webmanifest)$/;

/**
 * Precompressed copies next to every text file of the build (x.js.br, x.js.gz), which the server sends as they are
 * (server/plugins/static-site.ts, @fastify/static preCompressed): maximum compression once at build time instead of
 * a fast, weaker one on every request. sw.js is left out: the browser compares it byte for byte on every update
 * check, and tools (and the e2e suite) that rewrite it in place would leave a stale compressed copy beside it.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'shelfpad-precompress',
    apply: 'build',
    // After vite-plugin-pwa has written sw.js and its workbox runtime.
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
            entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
          );
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file) || file.endsWith(`${sep}sw.js`)) continue;
          const source = readFileSync(file);
          // Tiny files gain nothing and cost a request header more than they save.
          if (source.length < 1024) continue;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          );
          writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        }
      },
    },
  };
}

/** The lean apps' first loads in few files (scripts/vite-lean-chunks.ts); the modules shell/entry.tsx loads them from. */
const leanAppChunks = leanChunks({
  handheld: 'src/scan/handheld/handheld-app.tsx',
  'lean-login': 'src/features/auth/lean/lean-login-app.tsx',
  'lean-dashboard': 'src/features/dashboard/lean/lean-dashboard-app.tsx',
  // Loaded by every start once a member is signed in (main.tsx): whether the outbox has work to replay.
  'signed-in-start': 'src/offline/start-when-signed-in.ts',
});

export default defineConfig({
  plugins: [
    react(),
    clientEndpoints(),
    ioniconsPerIcon(),
    locales(),
    leanAppChunks.plugin,
    shell.plugin,
    VitePWA({
      strategies: 'generateSW',
      // The user decides when a new version takes over (update-prompt.tsx), so an open form is never reloaded away.
      registerType: 'prompt',
      // Registered by hand through workbox-window (src/platform/pwa.ts) to own the update flow and the first-visit caching.
      injectRegister: false,
      // favicon.svg and the apple-touch icon are referenced by index.html, so an offline start needs them too.
      // The scan sounds (18 KB) must play when the store's Wi-Fi is gone, so they are part of the offline shell.
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png', 'sounds/*.wav'],
      manifest: {
        id: '/',
        name: 'Shelfpad',
        short_name: 'Shelfpad',
        description:
          'Console for electronic shelf labels: stores, gateways, tags, products and signage, on the desktop, the phone and the handheld.',
        lang: 'en',
        // Login without a `next` (issue 31 §4): an opened app has no session yet (it lives in sessionStorage), and a
        // login from #/login goes on to the member's start page by their work (shell/start-page.ts) — an operator's
        // Scan — where a start at #/dashboard would send them back to the dashboard after login.
        start_url: './#/login',
        scope: './',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        categories: ['business', 'productivity'],
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Only the shell is a precache candidate: index.html and the hashed JS/CSS; the transform below then drops
        // every chunk that shellFiles() did not find. Locales stay out (a user needs one language of three, so they
        // are cached as used); config.json stays out (the server writes it at run time, not the build).
        globPatterns: ['index.html', 'assets/*.{js,css}'],
        manifestTransforms: [
          (entries) => {
            // Rolldown still closes the bundle after a failed build: stay out of the way so its own error shows.
            if (shell.files.size === 0) return { manifest: entries, warnings: ['no bundle was generated'] };
            const manifest = entries.filter((entry) => !/\.(js|css)$/.test(entry.url) || shell.files.has(entry.url));
            return { manifest, warnings: [] };
          },
        ],
        // docs/architecture.md §2 asks for both explicitly. skipWaiting stays false: in prompt mode a new worker waits until the
        // user accepts, then workbox-window's messageSkipWaiting() activates it (the generated worker listens for it).
        skipWaiting: false,
        // The first worker takes control of the page that installed it, so the chunks and locales that page loads
        // next go through the runtime caches and the very first visit is enough to start offline.
        clientsClaim: true,
        // Precaches of earlier builds would otherwise stay in storage forever.
        cleanupOutdatedCaches: true,
        // Hash routing: every navigation is the app's index.html, also offline.
        navigateFallback: 'index.html',
        // A navigation to the API (a download link opened in a tab) or to a file (the manifest, config.json, a
        // locale) must reach the server and never be answered with the app's HTML.
        navigateFallbackDenylist: [/^\/api\//, /^\/locales\//, /\/[^/?]+\.[^/]+$/],
        runtimeCaching: [
          {
            // Never cached: reads must be fresh and writes go through the app's outbox, which retries by itself
            // (docs/architecture.md §5). A customised apiBase on another path or origin matches no caching rule either, so it
            // also always goes to the network.
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly',
          },
          {
            // Runtime settings (apiBase, push URL): fresh when online so a changed setting reaches clients on their
            // next start, the last copy when offline so an offline start still knows its server. The timeout keeps
            // a start on a Wi-Fi that is up but passes nothing from hanging.
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname === '/config.json',
            handler: 'NetworkFirst',
            options: { cacheName: 'shelfpad-config', networkTimeoutSeconds: 4, cacheableResponse: { statuses: [200] } },
          },
          {
            // Translations: answer from the cache at once (fast, and offline) and refresh in the background, so a
            // text corrected on the server without a new build still shows on the next start. A new build asks for
            // new URLs (?v=, see locales()), so its code never meets old texts. Only the languages a user actually
            // uses end up here; the cap evicts the files of old versions.
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/locales/'),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: LOCALES_CACHE,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 40, purgeOnQuotaError: true },
            },
          },
          {
            // Lazy route chunks and their CSS: the names carry a content hash, so a cached copy is never stale and
            // the network is asked only for a chunk never seen before. The cap evicts chunks of old versions.
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'shelfpad-assets',
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 300, purgeOnQuotaError: true },
              // A page still running the previous build asks for chunks the server no longer has (404) or cannot
              // be reached for: public/sw-previous-build.js kept that build's precached files. Serialised into
              // sw.js, so the cache name is written out rather than shared.
              plugins: [
                {
                  fetchDidSucceed: async ({ request, response }) =>
                    response.status === 404
                      ? ((await caches.match(request, { cacheName: 'shelfpad-previous-build' })) ?? response)
                      : response,
                  handlerDidError: async ({ request }) => caches.match(request, { cacheName: 'shelfpad-previous-build' }),
                },
              ],
            },
          },
        ],
        // Copies the previous build's precached chunks aside while a new worker installs (see the rule above).
        importScripts: ['sw-previous-build.js'],
      },
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // dist/.vite/manifest.json: the chunk graph tests/bench/first-load.ts reads to measure each route's first load.
    manifest: true,
    rolldownOptions: {
      // SHELFPAD_BUILD_ID names every file after the build, so two builds of the same source share no file name, as
      // two releases do: the redeploy e2e test (tests/e2e/offline-redeploy.spec.ts) builds twice with it.
      output: { ...buildFileNames(process.env.SHELFPAD_BUILD_ID), codeSplitting: { groups: [leanAppChunks.group] } },
      treeshake: {
        // @ionic/core declares no sideEffects, so every ion-* module would be kept although a page imports a few.
        // Each one only defines its element when a wrapper that uses it is imported, so unused ones can go.
        // TypeBox declares none either: a module that imports it only for schemas the browser drops
        // (scripts/vite-client-endpoints.ts) would otherwise keep all of it.
        moduleSideEffects: (id: string) =>
          !/[\\/]@ionic[\\/]core[\\/]components[\\/]ion-[^\\/]+\.js$|[\\/]node_modules[\\/]typebox[\\/]/.test(id),
      },
    },
  },
  // The reference server answers /api and the push socket; `npm run dev` proxies /api to it.
  server: { proxy: { '/api': 'http://localhost:8080', '/config.json': 'http://localhost:8080' } },
});
