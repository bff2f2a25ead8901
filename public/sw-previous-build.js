/*
 * Imported by the generated service worker (vite.config.ts: workbox.importScripts). A deploy removes the previous
 * build's chunks from the server, and once the new worker activates, workbox removes them from its precache too —
 * but a page still running the previous build (another tab, or one that has not reloaded yet) may still load one of
 * its lazy chunks. So while a new worker installs, the previous build's precached /assets/ files are copied into a
 * cache of their own (replacing the copy of the build before), which the /assets/ rule answers from when the server
 * no longer has a file or cannot be reached.
 */
const PREVIOUS_BUILD_CACHE = 'shelfpad-previous-build';

async function keepPreviousBuild() {
  // The very first install has no previous build.
  if (!self.registration.active) return;
  const precaches = (await caches.keys()).filter((name) => name.startsWith('workbox-precache'));
  await caches.delete(PREVIOUS_BUILD_CACHE);
  const kept = await caches.open(PREVIOUS_BUILD_CACHE);
  for (const name of precaches) {
    const precache = await caches.open(name);
    for (const request of await precache.keys()) {
      const url = new URL(request.url);
      if (!url.pathname.startsWith('/assets/')) continue;
      // Precache keys may carry workbox's revision parameter; pages ask for the plain URL.
      url.searchParams.delete('__WB_REVISION__');
      const response = await precache.match(request);
      if (response) await kept.put(url.href, response);
    }
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepPreviousBuild().catch(() => undefined));
});
