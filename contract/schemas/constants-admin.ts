/*
 * Business constants of console-admin §9 (and a few from §4/§5), named after the spec. Constants the core
 * document shares (map zooms, gateway port, channels, alarm classes, the 80-character cut) live in
 * constants-core.ts and are not repeated here. Values not given by the spec are marked "our choice".
 */

// Tables.
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100, 500] as const;
/** The longer menu some tables offer; -1 is "ALL". */
export const ADMIN_PAGE_SIZES_LONG = [10, 25, 50, 100, 500, 1000, -1] as const;
/**
 * A table's page-size menu: the spec's sizes with `first` as the default ("Page size 25 for most tables"); the
 * pager lists them in ascending order. The long menu (1000 and ALL) is for the lists the spec says "sometimes".
 */
// spec: admin §9.1 — page size 25 first; menus 10–500, sometimes 1000 or ALL
export const pageSizesFrom = (first: number, sizes: readonly number[] = ADMIN_PAGE_SIZES): readonly number[] => [
  first,
  ...sizes.filter((n) => n !== first),
];
export const SOFTWARE_LIST_PAGE_SIZE = 10;
export const NOTIFICATION_TABLE_PAGE_SIZE = 50;
/** The OTA gateway table is not paged. */
export const OTA_GATEWAY_PAGE_SIZE = -1;

// Products.
export const PRODUCT_INFO_SLOTS = 255;
export const PRODUCT_INFO_VISIBLE_DEFAULT = 10;
/** Product objects of a product update sent at once (our choice). */
export const PRODUCT_UPDATE_MAX = 1000;
/** The error text that closes update, LED and page control normally (console-admin §4). */
export const NO_MATCHING_TAGS = 'no matching tags';

// Time and editors.
export const TIME_PICKER_MINUTE_STEP = 5;
export const ALIAS_INITIAL_LOAD_DELAY_MS = 1_000;
export const CHART_PALETTE_SIZE = 11;
export const STORE_MAP_PICK_ZOOM = 18;

// LED and page control.
export const LED_DEFAULTS = { duration: 5, ledState: 0, ledBrightness: 1, blinkingSpeed: 2 } as const;
export const PAGE_NO_DEFAULT = 0;

// Companies.
export const COMPANY_DEFAULTS = {
  historyRetentionDays: 30,
  updateHistoryRetentionDays: 7,
  tagDisplayRefreshDays: 1,
  gatewayStatusCheckInterval: 600,
  gatewayStatusCheckMargin: 120,
  panId: 'BFFF',
  /** "a public time service" (our choice of host). */
  timeServerIp: 'pool.ntp.org',
  timeServerPort: 123,
  mainFromMac: 2,
  mainFromPage: 3,
} as const;
export const GATEWAY_STATUS_CHECK_MARGIN_MIN = 100;
export const COMPANY_ADMIN_SUFFIX = '-admin';
/** The default admin login of a new company: the company code plus "-admin". */
export const companyAdminDefault = (companyCode: string) => `${companyCode}${COMPANY_ADMIN_SUFFIX}`;

// Stores.
export const STORE_DEFAULTS = {
  totalDuration: 60,
  eventDuration: 1,
  cpDuration: 14,
  baseTimeout: 60,
  timeoutTag: 0.1,
  nfRandomPercent: 5,
  nfRetryCnt: 8,
  nfBasicSleep: 18,
  nfDeepSleepDuration: 30,
  tagStatusCheckDay: 'SUN',
} as const;
export const TAG_STATUS_CHECK_DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
/** "SUN..SAT (plus manual on update)": the store update offers a manual choice besides the week days. */
export const TAG_STATUS_CHECK_MANUAL = 'MANUAL';
/** With useSubDomain on, a store code is `<companyCode>_<storeCode>`. */
export const SUB_DOMAIN_STORE_SEPARATOR = '_';

// Server config.
export const TIME_SERVER_PORT_DEFAULT = 123;

// Mobile software.
export const MOBILE_SW_FILE_PATTERN = /^mobile_.+\.apk$/;
export const MOBILE_SW_FILE_EXAMPLE = 'mobile_{version_info}.apk';

// OTA.
export const OTA_DEFAULTS = {
  repeatCnt: 5,
  otaStartTime: 200,
  otaSleepMinTime: 10,
  otaSleepDistTime: 1,
  otaTransmissionTime: 60,
} as const;
/** Transmission time strictly between 0 and 255. */
export const OTA_TRANSMISSION_TIME = { min: 1, max: 254 } as const;
export const OTA_FIRMWARE_EXTENSION = 'bin';
/** endTime of an OTA task and result of an OTA detail row while in progress. */
export const OTA_IN_PROGRESS = -1;
/** result of an OTA detail row once done (our choice; the spec names only -1). */
export const OTA_RESULT = { inProgress: -1, failed: 0, updated: 1 } as const;
export const OTA_HISTORY_DEFAULT_COLUMNS = [
  'taskId',
  'storeCode',
  'totalTags',
  'updatedTags',
  'progress',
  'startTime',
  'endTime',
  'gwResult',
  'fileName',
  'otaType',
  'tagVersion',
  'startVersion',
  'endVersion',
] as const;

// Progress colours of tasks and OTA jobs: below 0 none, below 30 danger, below 100 warning, 100 success.
export const PROGRESS_DANGER_BELOW = 30;
export const PROGRESS_DONE = 100;

// Aliases.
export const ALIAS_DATA_TYPE_LENGTH_DEFAULT = 10;

// Uploads.
export const UPLOAD_MAX_FILES = 10;
/** The product file upload takes one file at a time. */
export const PRODUCT_FILE_UPLOAD_MAX_FILES = 1;

// Alarms and notifications.
export const DEFAULT_NOTIFICATION_KEYS = ['gwOff1Hr', 'notRecvCsv4Hr', 'abnorTagProduct'] as const;

// Paper labels: print result from resultCode (missing NONE, 1 SUCCESS, anything else FAIL).
export const PRINT_RESULTS = ['NONE', 'SUCCESS', 'FAIL'] as const;
export const PRINT_RESULT_SUCCESS_CODE = 1;

// Collecting-info types shown in the detail modal; any other command is "All Tag Status Collect".
export const COLLECTING_INFO_TYPES = ['Tag Status Check', 'Battery Check', 'Gateway Scan'] as const;
export const COLLECTING_INFO_OTHER = 'All Tag Status Collect';

// Roles: the parent "setting" privilege is readable when any of these is.
export const SETTING_CHILD_SECTIONS = ['company_config', 'store_config', 'alias', 'layout_config'] as const;
/** role_id values with every privilege (super admin, company admin). */
export const SUPER_ADMIN_ROLE = -1;
export const COMPANY_ADMIN_ROLE = 0;
