import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

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
 * Translations are fetched at run time from ./locales/<lng>/<ns>.json (src/app/i18n.ts) rather than bundled, so a
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
 * The files the shell needs before any route renders: every entry chunk and Ionic's on-demand chunks, with their
 * static imports (transitively) and CSS, read from the bundle graph. Lazy route chunks are left out of the precache
 * on purpose: precaching them would make every user download every screen (admin, signage, ...) on install, and
 * every deploy would re-download all of them. They are cached at run time on first use (the /assets/ rule below).
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
        // Ionic's own on-demand chunks (ion-app loads ripple, tap and keyboard helpers at every start; transitions
        // and gestures come later) belong to the shell, not to a route: a start or a page change offline needs them.
        if (item.isEntry || (item.isDynamicEntry && /[\\/]node_modules[\\/]@ionic[\\/]/.test(item.facadeModuleId ?? ''))) visit(item.fileName);
      }
    },
  };
  return { plugin, files };
}

const shell = shellFiles();

export default defineConfig({
  plugins: [
    react(),
    locales(),
    shell.plugin,
    VitePWA({
      strategies: 'generateSW',
      // The user decides when a new version takes over (update-prompt.tsx), so an open form is never reloaded away.
      registerType: 'prompt',
      // Registered by hand through workbox-window (src/app/pwa.ts) to own the update flow and the first-visit caching.
      injectRegister: false,
      // favicon.svg and the apple-touch icon are referenced by index.html, so an offline start needs them too.
      // The scan sounds (18 KB) must play when the store's Wi-Fi is gone, so they are part of the offline shell.
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png', 'sounds/*.wav'],
      manifest: {
        id: '/',
        name: 'Shelfpad',
        short_name: 'Shelfpad',
        description: 'Console for electronic shelf labels: stores, gateways, tags, products and signage, on the desktop, the phone and the handheld.',
        lang: 'en',
        // The landing page after login; the router sends a user without a session to login first.
        start_url: './#/dashboard',
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
        // DESIGN.md §2 asks for both explicitly. skipWaiting stays false: in prompt mode a new worker waits until the
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
            // (DESIGN.md §5). A customised apiBase on another path or origin matches no caching rule either, so it
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
              cacheName: 'shelfpad-locales',
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
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // dist/.vite/manifest.json: the chunk graph tests/bench/first-load.ts reads to measure each route's first load.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @ionic/core declares no sideEffects, so every ion-* module would be kept although a page imports a few.
        // Each one only defines its element when a wrapper that uses it is imported, so unused ones can go.
        moduleSideEffects: (id: string) => !/[\\/]@ionic[\\/]core[\\/]components[\\/]ion-[^\\/]+\.js$/.test(id),
      },
    },
  },
  // The reference server answers /api and the push socket; `npm run dev` proxies /api to it.
  server: { proxy: { '/api': 'http://localhost:8080', '/config.json': 'http://localhost:8080' } },
});
