import useSWR, { type SWRConfiguration } from 'swr';
import type { ApiFailure } from './contract-client';
import type { EndpointDef, ParamsOf, QueryOf, ResponseOf } from '../../contract/endpoints/define';
import { api } from './api-client';

export { api };

type ReadArgs<E extends EndpointDef> = { params?: ParamsOf<E>; query?: QueryOf<E> };

/**
 * Read an endpoint with SWR (GET calls). The key is the endpoint and its arguments; `null` args pause the read.
 * Polling periods come from the spec's constants through `refreshInterval`.
 */
export function useCall<E extends EndpointDef>(def: E, args: ReadArgs<E> | null, config?: SWRConfiguration<ResponseOf<E>, ApiFailure>) {
  return useSWR<ResponseOf<E>, ApiFailure>(args ? [def.method, def.path, JSON.stringify(args)] : null, () => api.call(def, args as never), {
    revalidateOnFocus: false,
    ...config,
  });
}
