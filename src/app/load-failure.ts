import { useEffect, useRef } from 'react';
import type { ApiFailure } from '../api/client';
import { api } from './api';
import { authEndpoints } from '../api/endpoints/auth';
import { clearSession } from './session';
import { useDialogs } from '../ui/dialogs';

/**
 * console-core §6: when dashboard, server, store or gateway data fails to load, the message is shown, then the
 * user is logged out and the page reloaded. Network failures are left alone: offline is not a reason to log out.
 */
export function useLogoutOnLoadFailure(error: ApiFailure | undefined): void {
  const { error: showError } = useDialogs();
  const handled = useRef(false);
  useEffect(() => {
    if (!error || error.network || handled.current) return;
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
