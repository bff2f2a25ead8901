import { loadRuntimeConfig } from './platform/config';
import { prepareApp } from './shell/entry';
import { initI18n } from './platform/i18n';
import { registerServiceWorker, requestPersistentStorage } from './platform/pwa';

async function start() {
  // The app's code is requested first, so that it loads alongside the config and the texts rather than after them.
  const app = prepareApp();
  // The API base and the first screen's translations must be known before it renders. Missing translations (an
  // offline start that never cached them) must not stop the app: its texts then show as keys.
  await Promise.all([loadRuntimeConfig(), initI18n(app.namespaces).catch((error: unknown) => console.error(error))]);
  // Queued handheld writes are replayed from the start, whatever screen opens, once a member is signed in; loaded
  // apart (with Dexie) so that neither is part of the first screen's bundle, and started before the app so that a
  // screen whose code fails to load (entry.tsx shows why) never keeps the queue from replaying.
  void import('./offline/start-when-signed-in').then(({ startOutboxWhenSignedIn }) => startOutboxWhenSignedIn());
  await app.start();
  registerServiceWorker();
  void requestPersistentStorage();
}

void start();
