/*
 * console-core §9 for the store and gateway screens. The values are the spec's, kept once in the contract's
 * constants (the server reads them too) and named here for this area.
 */
export {
  GATEWAY_DETAIL_REFRESH_MS, // 240000: the gateway detail refreshes every 240 seconds
  GATEWAY_LIST_PAGE_SIZE, // 50 gateways per page in a store
  STORE_TABLE_PAGE_SIZE, // 50 stores per page
  MAP_LIST_PAGE_SIZES, // map side list: 15, 25, 50, 100, all (-1)
  GATEWAY_ALARM_HISTORY_PAGE_SIZE, // 10 alarms per page
  GATEWAY_PORT, // 8080, fixed
  DEFAULT_CHANNEL_ROW, // a new channel row: gwIndex 0, dataChannel 11, eventChannel 26
  STATUS_HISTORY_WINDOW_S, // the 24 h line chart
} from '../../../contract/schemas/constants-core';

/** Files the predefined gateway import accepts (console-core §5). */
export const PREDEFINED_FILE_EXTENSIONS = ['.csv', '.txt'] as const;

/** The store detail screen (console-core §2), linked from the store list and the store config list. */
export const storeDetailPath = (storeCode: string) => `/store/detail/${encodeURIComponent(storeCode)}`;
