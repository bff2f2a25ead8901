import { loadRuntimeConfig } from './app/config';
import { startApp } from './app/entry';
import { initI18n } from './app/i18n';
import { registerServiceWorker, requestPersistentStorage } from './app/pwa';
import { offlineLayer } from './offline/lazy';

async function start() {
  // The API base and the translations must be known before the first screen renders.
  await Promise.all([loadRuntimeConfig(), initI18n()]);
  await startApp();
  registerServiceWorker();
  void requestPersistentStorage();
  // Queued handheld writes are replayed from the start, whatever screen opens; loaded apart so that Dexie is
  // not part of the first screen's bundle.
  void offlineLayer().then(({ startOutbox }) => startOutbox());
}

void start();
