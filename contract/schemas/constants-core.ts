/*
 * Business constants of console-core §9 (and a few from §2/§4), named after the spec. Values not given by the
 * spec are marked "our choice".
 */

export const LANGUAGES = ['en_US', 'ja_JP', 'ko_KR'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en_US';

// spec: core §9.1
export const NOTIFICATION_DURATION_MS = 10_000;

// spec: core §9.2 — polling periods
// Polling periods.
export const COLLECTING_POLL_MS = 5_000;
export const DOWNLOAD_STATUS_POLL_MS = 1_000;
export const SERVER_LIST_REFRESH_MS = 1_000;
export const SERVER_DETAIL_REFRESH_MS = 60_000;
export const GATEWAY_DETAIL_REFRESH_MS = 240_000;

// spec: core §9.3 — 24 h windows
// Windows and lifetimes.
export const STATUS_HISTORY_WINDOW_S = 86_400;
/** `end` of a system status query: -1 means "up to now". */
export const STATUS_HISTORY_END_NOW = -1;
export const SAVED_FILTER_TTL_S = 86_400;

// spec: core §9.4 — page sizes
// Page sizes.
export const GATEWAY_LIST_PAGE_SIZE = 50;
export const STORE_TABLE_PAGE_SIZE = 50;
export const MAP_LIST_PAGE_SIZE = 15;
/** -1 is "all". */
export const MAP_LIST_PAGE_SIZES = [15, 25, 50, 100, -1] as const;
export const TAG_STORE_LIST_PAGE_SIZE = 10;
export const TAG_DETAIL_PAGE_SIZE = 25;
export const HISTORY_PAGE_SIZE = 25;
export const SHORT_HISTORY_PAGE_SIZE = 10;
export const GATEWAY_ALARM_HISTORY_PAGE_SIZE = 10;
export const PREDEFINED_CONFIG_PAGE_SIZE = 25;
export const SENSOR_LIST_PAGE_SIZE = 25;
export const DASHBOARD_BAR_MAX_STORES = 10;
/** Rows an exceptions detail list answers at most; the download has them all (our choice). */
export const EXCEPTION_LIST_MAX = 1_000;

// spec: core §9.5 — map start zoom 1 at 0,0; marker zoom 14
// Map.
export const MAP_START_ZOOM = 1;
export const MAP_START_CENTER = { latitude: 0, longitude: 0 } as const;
export const MAP_MARKER_ZOOM = 14;

// spec: core §9.6 — gateway port 8080, default channel row 11 and 26
// Gateways.
// spec: admin §9.7 — gateway port fixed at 8080
export const GATEWAY_PORT = 8080;
export const DEFAULT_CHANNEL_ROW = { gwIndex: 0, dataChannel: 11, eventChannel: 26 } as const;
/** Channels 11–26; 27–31 only with the store's outbandEnable (console-admin §9). */
export const CHANNEL_MIN = 11;
// spec: admin §9.7 — channels 11 to 26, to 31 with outbandEnable
export const CHANNEL_MAX = 26;
export const CHANNEL_MAX_OUTBAND = 31;
export const GATEWAY_RAMDISK_PATH = '/ramdisk';
export const GATEWAY_LOG_DISK_PATH = '/ramdisk/logs';

// Tags and products.
export const TAG_DEGREES = [0, 180] as const;
/** taskId and priorTaskId of a new assign, update or sensor write. */
export const NEW_TASK_ID = -1;
export const PR_CODE_PAD_LENGTH = 13;
export const PRODUCT_INFO_LIST_CHARS = 80;
/** A layoutId containing this text means the tag shows no product. */
export const NO_PRODUCT_LAYOUT_MARK = 'no_product';
/** Most tags one request may name: a large store's whole list fits (our choice). */
export const TAG_LIST_MAX = 10_000;
/** Product codes of one multi assign (our choice). */
export const MULTI_ASSIGN_MAX_CODES = 100;

// Download tasks (console-core §7).
// spec: core §9.14 — download task types 0 to 6
export const DOWNLOAD_TYPE = {
  SERVER_LOG: 0,
  GATEWAY_LOG: 1,
  STORE_FILE: 2,
  TAG_LIST: 3,
  FILTERED_PRODUCTS: 4,
  COMPANY_TAGS: 5,
  ASSIGNED_PRODUCTS: 6,
} as const;

// spec: core §9.13 — daily report at 10, gateway offline over 1 h, no CSV over 4 h
// Alarms.
export const ALARM_CLASS = { INFORMATION: 1, WARNING: 2, CRITICAL: 3 } as const;
export const ALARM_DAILY_REPORT_HOUR = 10;
export const GATEWAY_OFFLINE_NOTICE_S = 3_600;
export const CSV_MISSING_NOTICE_S = 4 * 3_600;

// spec: core §9.12 — duration choices 1, 2, 3 seconds
// Settings units.
export const DURATION_CHOICES_S = [1, 2, 3] as const;

// Live push (NOTES.md 6).
export const PUSH_DEFAULT_PORT = 8801;
export const PUSH_TYPE_COLLECTING = 1;
/** Tag status changes share the channel (docs/architecture.md §3); the type number is our choice. */
export const PUSH_TYPE_TAG_STATUS = 2;
