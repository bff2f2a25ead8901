import { useState } from 'react';
import type { SWRConfiguration } from 'swr';
import type { ApiFailure } from './contract-client';
import type { EndpointDef, ParamsOf, ResponseOf } from '../../contract/endpoints/define';
import { useCall } from './api';

/**
 * A GET read through useCall whose answer a screen copies into a form or a draft: the answer (or the failure) is
 * given only once the server has answered for these params since they were asked for, never a kept one — the
 * console's SWR cache (src/platform/swr-cache.ts) keeps answers and failures, and a copy made before the last save must
 * not be edited. `onAnswer` runs once per asking, and a later revalidation (a reconnect) neither overwrites the
 * draft nor reports a failure. `params` undefined waits; asking again for the same params (a modal opened anew)
 * reads again.
 */
export function useFreshCall<E extends EndpointDef>(
  def: E,
  params: ParamsOf<E> | undefined,
  onAnswer?: (row: ResponseOf<E>) => void,
  config?: SWRConfiguration<ResponseOf<E>, ApiFailure>,
) {
  const key = params === undefined ? undefined : JSON.stringify(params);
  const [asked, setAsked] = useState<{ key: string; answered: boolean; error?: ApiFailure }>();
  // Closed (no params): the next asking waits for its own answer, even for the same params.
  if (key === undefined && asked !== undefined) setAsked(undefined);
  const answered = key !== undefined && asked?.key === key && asked.answered;
  const call = useCall(def, key === undefined ? null : ({ params } as never), {
    ...config,
    revalidateOnMount: true,
    // Every asking is its own request, so its outcome comes through onSuccess or onError.
    dedupingInterval: 0,
    onSuccess: (row) => {
      if (answered || key === undefined) return;
      setAsked({ key, answered: true });
      onAnswer?.(row);
    },
    onError: (error) => {
      if (!answered && key !== undefined) setAsked({ key, answered: false, error });
    },
  });
  return { data: answered ? call.data : undefined, error: asked?.key === key ? asked?.error : undefined, mutate: call.mutate };
}
