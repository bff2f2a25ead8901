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
    void (async () => {
      await showError(error.message);
      await api.call(authEndpoints.authLogout, {}).catch(() => undefined);
      clearSession();
      window.location.reload();
    })();
  }, [error, showError]);
}
