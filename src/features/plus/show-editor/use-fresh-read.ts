import { useEffect, useState } from 'react';
import type { EndpointDef, ParamsOf, ResponseOf } from '../../../../contract/endpoints/define';
import { api } from '../../../platform/api';

/**
 * One read from the server, never from the console's persistent SWR cache (src/platform/swr-cache.ts): the editor
 * starts its history from what is stored now, so a list cached before the last save must not be edited.
 * `params` null waits; a change of `key` reads again.
 */
export function useFreshRead<E extends EndpointDef>(def: E, params: ParamsOf<E> | null, key: string) {
  const [state, setState] = useState<{ key: string; data?: ResponseOf<E>; error?: Error }>({ key: '' });
  useEffect(() => {
    if (!params) return undefined;
    let live = true;
    api
      .call(def, { params } as never)
      .then((data) => live && setState({ key, data: data as ResponseOf<E> }))
      .catch((error: Error) => live && setState({ key, error }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the read
  }, [key]);
  return state.key === key ? state : { key, data: undefined, error: undefined };
}
