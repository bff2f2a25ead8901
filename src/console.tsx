import { setupIonicReact } from '@ionic/react';
import { SWRConfig } from 'swr';
import { persistentCache } from './app/swr-cache';
import './app/theme.css';
import App from './App';

// One look ('md') on every platform: a handheld, a manager's iPhone and an admin's desktop see the same screens,
// so the help, the screenshots and the e2e suite (Chromium only) describe what every user gets.
setupIonicReact({ mode: 'md' });

/**
 * The whole console: Ionic shell, menu and every route (loaded apart from the lean handheld app: app/entry.tsx).
 * Its reads are kept per member for an offline reload (app/swr-cache.ts).
 */
export default function Console() {
  return (
    <SWRConfig value={{ provider: persistentCache }}>
      <App />
    </SWRConfig>
  );
}
