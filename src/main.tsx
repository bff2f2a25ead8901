import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupIonicReact } from '@ionic/react';
import './app/theme.css';
import App from './App';
import { loadRuntimeConfig } from './app/config';
import { initI18n } from './app/i18n';
import { registerServiceWorker, requestPersistentStorage } from './app/pwa';

// One look ('md') on every platform: a handheld, a manager's iPhone and an admin's desktop see the same screens,
// so the help, the screenshots and the e2e suite (Chromium only) describe what every user gets.
setupIonicReact({ mode: 'md' });

async function start() {
  // The API base and the translations must be known before the first screen renders.
  await Promise.all([loadRuntimeConfig(), initI18n()]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  registerServiceWorker();
  void requestPersistentStorage();
  // Queued handheld writes are replayed from the start, whatever screen opens; loaded apart so that Dexie is
  // not part of the first screen's bundle.
  void import('./offline/outbox').then(({ startOutbox }) => startOutbox());
}

void start();
