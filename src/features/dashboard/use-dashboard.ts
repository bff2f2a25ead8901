import type { Middleware } from 'swr';
import { dashboardEndpoints } from '../../../contract/endpoints/dashboard';
import { api, useCall } from '../../platform/api';
import { DASHBOARD_REFRESH_MS } from './dashboard-constants';

/*
 * `t` is the spec's cache buster (GET /stats/dashboard?t={time}): it must be the time of each request, yet a
 * changing t in the SWR key would make every refresh a new cache entry. So the key stays fixed and this
 * middleware stamps the time when the request is actually sent.
 */
const stampEachRequest: Middleware = (useSWRNext) =>
  function useStamped(key, fetcher, config) {
    const stamped = fetcher && (() => api.call(dashboardEndpoints.statsDashboard, { query: { t: Date.now() } }));
    return useSWRNext(key, stamped as typeof fetcher, config);
  };

/** The dashboard answer, refreshed every DASHBOARD_REFRESH_MS (the console and the lean phone dashboard alike). */
export function useDashboardAnswer() {
  return useCall(dashboardEndpoints.statsDashboard, { query: {} }, { refreshInterval: DASHBOARD_REFRESH_MS, use: [stampEachRequest] });
}
