import { setupIonicReact } from '@ionic/react';
import { SWRConfig } from 'swr';
import { persistentCache } from '../platform/swr-cache';
import '../platform/theme.css';
import App from './App';
import { LoadFailureDialogs } from './load-failure-dialog';

// One look ('md') on every platform: a handheld, a manager's iPhone and an admin's desktop see the same screens,
// so the help, the screenshots and the e2e suite (Chromium only) describe what every user gets.
setupIonicReact({ mode: 'md' });

/**
 * The whole console: Ionic shell, menu and every route (loaded apart from the lean handheld app: entry.tsx).
 * Its reads are kept per member for an offline reload (platform/swr-cache.ts); a screen's failed load shows its message
 * in the console's error dialog (load-failure-dialog.tsx).
 */
export default function Console() {
  return (
    <SWRConfig value={{ provider: persistentCache }}>
      <LoadFailureDialogs>
        <App />
      </LoadFailureDialogs>
    </SWRConfig>
  );
}
