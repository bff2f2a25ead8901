import useSWR from 'swr';
import type { ApiFailure } from '../../platform/contract-client';
import type { ServerDetail, SystemStatusPoint } from '../../../contract/schemas/status';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';
import { usePageShown } from '../../ui/use-page-shown';
import { historyQuery } from './server-labels';
import { SERVER_DETAIL_REFRESH_MS, SERVER_LIST_REFRESH_MS } from './server-status-constants';

/** The server list, every second while it is shown; a failed load logs out (console-core §6). */
export function useServerList() {
  const shown = usePageShown();
  // SWR drops a refresh within its 2 s dedupe window: without lowering it the list would refresh every 2 s.
  const result = useCall(
    endpoints.statusServerList,
    {},
    { refreshInterval: shown ? SERVER_LIST_REFRESH_MS : 0, dedupingInterval: SERVER_LIST_REFRESH_MS / 2 },
  );
  useLogoutOnLoadFailure(result.error);
  return result;
}

/*
 * The detail and its history carry times of the request itself (the cache buster t; the window "24 h before
 * now"), so their SWR keys stay fixed and the request is built when it is sent.
 */
export function useServerDetail(serverId: string) {
  const refreshInterval = usePageShown() ? SERVER_DETAIL_REFRESH_MS : 0;
  const detail = useSWR<ServerDetail, ApiFailure>(
    ['server-detail', serverId],
    () => api.call(endpoints.statusServerDetail, { params: { serverId }, query: { t: Date.now() } }),
    { refreshInterval, revalidateOnFocus: false },
  );
  const history = useSWR<SystemStatusPoint[], ApiFailure>(
    ['server-history', serverId],
    () => api.call(endpoints.systemStatusServer, { params: { serverId }, query: historyQuery(Date.now()) }),
    { refreshInterval, revalidateOnFocus: false },
  );
  useLogoutOnLoadFailure(detail.error ?? history.error);
  return { detail, history };
}
