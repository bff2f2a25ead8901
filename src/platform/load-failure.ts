import { createContext, useContext, useEffect, useRef } from 'react';
import { ApiFailure } from './contract-client';
import { api } from './api';
import { authEndpoints } from '../../contract/endpoints/auth';
import { clearSession } from './session';

/**
 * How the message is shown: the screens' error dialog (ui/dialogs.tsx), handed in by the shell (shell/load-failure-dialog.tsx), so
 * that this platform module draws nothing of its own. Without it (a test rendering one screen alone) the browser's
 * alert shows the message.
 */
export const LoadFailureDialog = createContext<(message: string) => Promise<void>>(async (message) => window.alert(message));

/**
 * console-core §6: when dashboard, server, store or gateway data fails to load, the message is shown, then the
 * user is logged out and the page reloaded; console-admin §8 asks the same of roles, members and the configuration
 * pages (server, company, AMac, alias, layout, OTA). Network failures are left alone: offline is not a reason to log out.
 */
// spec: core §6.5 — load failure: message, then logout and reload
// spec: admin §6.8, admin §8.3 — configuration, role, member, account, paper and code editor load failures: message, logout, reload
export function useLogoutOnLoadFailure(error: Error | undefined): void {
  const showError = useContext(LoadFailureDialog);
  const handled = useRef(false);
  useEffect(() => {
    if (!error || (error instanceof ApiFailure && error.network) || handled.current) return;
    handled.current = true;
    void showErrorThenLogout(showError, error.message);
  }, [error, showError]);
}

/** The message, then logout and reload; also where the spec asks it after a failed write (predefined import, §8). */
export async function showErrorThenLogout(showError: (message: string) => Promise<void>, message: string): Promise<void> {
  await showError(message);
  await api.call(authEndpoints.authLogout, {}).catch(() => undefined);
  clearSession();
  window.location.reload();
}

/**
 * A failed load or save where the spec's catalogue says "show the message, then log out and reload" (console-admin
 * §8 configuration pages, plus-signage §8 show/set/timeline). A network failure only shows its message: offline is
 * not a reason to log out, and the user keeps what is on screen to try again.
 */
// spec: admin §6.8 — a network failure only shows its message
export async function showFailureThenLogout(showError: (message: string) => Promise<void>, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiFailure && error.network) return showError(message);
  return showErrorThenLogout(showError, message);
}
