import { createClient } from './contract-client';
import { runtimeConfig } from './config';
import { clearSession, getSession, requestSessionRecheck } from './session';

/**
 * The one client of the PWA: base from the runtime config, credentials from the session. Apart from the SWR reads
 * (api.ts) so that the lean login screen calls the server without loading SWR.
 */
export const api = createClient({
  // spec: core §7.0a — every call goes to the API base of the runtime config
  baseUrl: () => runtimeConfig().apiBase,
  credentials: () => {
    const session = getSession();
    return session ? { accessToken: session.accessToken, email: session.email } : undefined;
  },
  // The server no longer knows the token: the guard sends the user to login on the next render.
  onUnauthorized: clearSession,
  // Refused: the role may have changed since the session was read; the guard reads it again, the menu follows.
  onForbidden: requestSessionRecheck,
});
