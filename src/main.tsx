import { loadRuntimeConfig } from './app/config';
import { startApp } from './app/entry';
import { initI18n } from './app/i18n';
import { registerServiceWorker, requestPersistentStorage } from './app/pwa';

async function start() {
  // The API base and the translations must be known before the first screen renders. Missing translations (an
  // offline start that never cached them) must not stop the app: its texts then show as keys.
  await Promise.all([loadRuntimeConfig(), initI18n().catch((error: unknown) => console.error(error))]);
  // Queued handheld writes are replayed from the start, whatever screen opens, once a member is signed in; loaded
  // apart (with Dexie) so that neither is part of the first screen's bundle, and started before the app so that a
  // screen whose code fails to load (entry.tsx shows why) never keeps the queue from replaying.
  void import('./offline/start-when-signed-in').then(({ startOutboxWhenSignedIn }) => startOutboxWhenSignedIn());
  await startApp();
  registerServiceWorker();
  void requestPersistentStorage();
}

void start();
