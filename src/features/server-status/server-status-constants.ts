/*
 * console-core §9 for the server screens. The periods are the spec's, kept once in the contract's constants
 * (the server's history window reads them too) and named here for this area.
 */
export {
  SERVER_LIST_REFRESH_MS, // 1000: the server list refreshes every second
  SERVER_DETAIL_REFRESH_MS, // 60000: the server detail refreshes every 60 seconds
  STATUS_HISTORY_WINDOW_S, // 86400: the history chart covers 24 hours
  STATUS_HISTORY_END_NOW, // -1: `end` of the history call means "up to now"
} from '../../../contract/schemas/constants-core';

/** Page sizes of the server list and the detail's small lists: not in the spec (NOTES.md 12), our choice. */
export const SERVER_LIST_PAGE_SIZES = [25, 50, 100, -1] as const;
