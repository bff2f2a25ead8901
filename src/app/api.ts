import useSWR, { type SWRConfiguration } from 'swr';
import { createClient, type ApiFailure } from '../api/client';
import type { EndpointDef, ParamsOf, QueryOf, ResponseOf } from '../api/endpoints/define';
import { runtimeConfig } from './config';
import { clearSession, getSession } from './session';

/** The one client of the PWA: base from the runtime config, credentials from the session. */
export const api = createClient({
  baseUrl: () => runtimeConfig().apiBase,
  credentials: () => {
    const session = getSession();
    return session ? { accessToken: session.accessToken, email: session.email } : undefined;
  },
  // The server no longer knows the token: the guard sends the user to login on the next render.
  onUnauthorized: clearSession,
});

type ReadArgs<E extends EndpointDef> = { params?: ParamsOf<E>; query?: QueryOf<E> };

/**
 * Read an endpoint with SWR (GET calls). The key is the endpoint and its arguments; `null` args pause the read.
 * Polling periods come from the spec's constants through `refreshInterval`.
 */
export function useCall<E extends EndpointDef>(def: E, args: ReadArgs<E> | null, config?: SWRConfiguration<ResponseOf<E>, ApiFailure>) {
  return useSWR<ResponseOf<E>, ApiFailure>(
    args ? [def.method, def.path, JSON.stringify(args)] : null,
    () => api.call(def, args as never),
    { revalidateOnFocus: false, ...config },
  );
}
