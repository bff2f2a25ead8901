import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';
import { whenIdle } from './idle';
import { allNamespaceUrls, cacheMissingNamespaces } from './i18n';

/*
 * The service worker, registered by hand (vite.config.ts: injectRegister false) so that the app owns two things the
 * generated register script does not do: the update prompt (a new version waits until the user says so) and the
 * first visit's caching (below).
 */

/** A hash-routed app never navigates, so the browser's own update check (on navigation) would rarely run. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let workbox: Workbox | undefined;
let registration: ServiceWorkerRegistration | undefined;
let updateAvailable = false;
const listeners = new Set<() => void>();

function setUpdateAvailable(value: boolean): void {
  updateAvailable = value;
  listeners.forEach((listener) => listener());
}

/**
 * Everything the page fetched before the worker controlled it bypassed the runtime caches, most of all the first
 * route's lazy chunk and the locale files; and a lean first screen (entry.tsx) loaded only its own texts. Hand the
 * worker those URLs and every text of the language: workbox's router takes a CACHE_URLS message and runs each URL
 * through its matching rule, so the first visit alone is enough to start any screen offline. The worker fetches
 * them: the page neither fetches nor parses texts it does not show (issue 10: 24 requests on a phone's main thread).
 */
function cacheWhatLoadedBeforeControl(wb: Workbox): void {
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => {
      const url = new URL(name);
      return url.origin === location.origin && /^\/(assets|locales)\/|^\/config\.json$/.test(url.pathname);
    });
  const urlsToCache = [...new Set([...loaded, ...allNamespaceUrls()])];
  void wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache } });
}

/** Register /sw.js in production builds (the dev server has no worker: stale caches would hide code changes). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || workbox) return;
  const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  workbox = wb;
  // Also fires at start when a worker installed during an earlier visit is still waiting (wasWaitingBeforeRegister).
  wb.addEventListener('waiting', () => setUpdateAvailable(true));
  // The first worker is handed what the page loaded without it, and every text a later offline start may need.
  wb.addEventListener('activated', (event) => {
    if (!event.isUpdate) cacheWhatLoadedBeforeControl(wb);
  });
  // register() waits for the window's load event, so installing the worker never competes with the first render.
  void wb.register().then((registered) => {
    registration = registered;
    // A worker that already controlled the page keeps what it fetches: the texts it lacks (those of a new version),
    // when the page is idle.
    if (navigator.serviceWorker.controller)
      void whenIdle(5_000)
        .then(cacheMissingNamespaces)
        .catch(() => undefined);
    setInterval(() => {
      if (navigator.onLine) void registered?.update().catch(() => undefined);
    }, UPDATE_CHECK_MS);
  });
}

/**
 * The user accepted the update: let the waiting worker take over, and reload once it controls the page so that the
 * page and the worker belong to the same version. With nothing waiting (another tab already accepted) a reload is
 * all that is left to do.
 */
export function applyUpdate(): void {
  if (!workbox || !registration?.waiting) return window.location.reload();
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

/** Hide the prompt until the next new version (the waiting worker stays and is offered again at the next start). */
export function dismissUpdate(): void {
  setUpdateAvailable(false);
}

/** True while a new version waits for the user's consent. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateAvailable,
    () => false,
  );
}

/**
 * Ask the browser not to evict our storage under pressure (docs/architecture.md §5): the outbox in IndexedDB holds writes that
 * have not reached the server yet. Chromium grants it silently to installed or engaged sites; the answer is only
 * informative, the app works either way.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  try {
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
}
