import { authEndpoints } from '../../../contract/endpoints/auth';
import { api } from '../../platform/api';
import { clearSession } from '../../platform/session';
import { clearTagTypes } from './tag-types';

/**
 * End the session on the server and in the browser. A failed logout call (offline, session already gone) still
 * clears the browser side: the member asked to leave.
 */
export async function endSession(): Promise<void> {
  await api.call(authEndpoints.authLogout, {}).catch(() => undefined);
  clearSession();
  clearTagTypes();
}
