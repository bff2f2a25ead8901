import { useState } from 'react';
import useSWR from 'swr';
import { useIonViewDidLeave, useIonViewWillEnter } from '@ionic/react';
import type { ApiFailure } from '../../api/client';
import type { GatewayDetail } from '../../api/contract/gateways';
import { endpoints } from '../../api/endpoints';
import { api, useCall } from '../../app/api';
import { useLogoutOnLoadFailure } from '../../app/load-failure';
import { GATEWAY_DETAIL_REFRESH_MS } from './store-constants';

/** The member's stores with their gateway counts; a failed load logs out (console-core §6). */
export function useStoreList() {
  const result = useCall(endpoints.statusStoreList, { query: {} });
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
 * The gateway detail refreshes every 240 s while its page is shown and stops once it is left (console-core §2).
 * The page counts as shown from its first render: a lazily loaded page may miss its first enter event.
 */
export function useGatewayDetail(storeCode: string, gwMac: string) {
  const [shown, setShown] = useState(true);
  useIonViewWillEnter(() => setShown(true));
  useIonViewDidLeave(() => setShown(false));
  const result = useSWR<GatewayDetail, ApiFailure>(
    ['gateway-detail', storeCode, gwMac],
    () => api.call(endpoints.statusGateway, { params: { storeCode, gwMac } }),
    { refreshInterval: shown ? GATEWAY_DETAIL_REFRESH_MS : 0, revalidateOnFocus: false },
  );
  useLogoutOnLoadFailure(result.error);
  return result;
}
