import useSWR from 'swr';
import type { ApiFailure } from '../../platform/contract-client';
import type { GatewayDetail } from '../../../contract/schemas/gateways';
import type { SystemStatusPoint } from '../../../contract/schemas/status';
import { endpoints } from '../../../contract/endpoints';
import { api, useCall } from '../../platform/api';
import { usePageShown } from '../../ui/use-page-shown';
import { useLogoutOnLoadFailure } from '../../platform/load-failure';
import { historyQuery } from '../../ui/charts/status-history';
import { GATEWAY_DETAIL_REFRESH_MS } from './store-constants';

/**
 * The member's stores with their gateway counts, narrowed to the global company selection when one is made
 * (console-core §2); a failed load logs out (console-core §6).
 */
export function useStoreList(companyCode?: string) {
  const result = useCall(endpoints.statusStoreList, { query: companyCode ? { global_companyCode: companyCode } : {} });
  useLogoutOnLoadFailure(result.error);
  return result;
}

/** One store with its gateway list; a failed load logs out (console-core §6). */
export function useStoreDetail(storeCode: string) {
  const result = useCall(endpoints.statusStore, { params: { storeCode } });
  useLogoutOnLoadFailure(result.error);
  return result;
}

/**
 * The gateway detail and its 24 h history refresh every 240 s while the page is shown and stop once it is left
 * (console-core §2). The history's window ("24 h before now") is built when each request is sent, so its SWR key stays fixed;
 * the time it was sent comes along, for trimming older points.
 */
export function useGatewayDetail(storeCode: string, gwMac: string) {
  const shown = usePageShown();
  const options = { refreshInterval: shown ? GATEWAY_DETAIL_REFRESH_MS : 0, revalidateOnFocus: false };
  const detail = useSWR<GatewayDetail, ApiFailure>(
    ['gateway-detail', storeCode, gwMac],
    () => api.call(endpoints.statusGateway, { params: { storeCode, gwMac } }),
    options,
  );
  const history = useSWR<{ points: SystemStatusPoint[]; nowMs: number }, ApiFailure>(
    ['gateway-history', gwMac],
    async () => {
      const nowMs = Date.now();
      return { points: await api.call(endpoints.systemStatusGateway, { params: { gwMac }, query: historyQuery(nowMs) }), nowMs };
    },
    options,
  );
  useLogoutOnLoadFailure(detail.error ?? history.error);
  return { detail, history };
}
