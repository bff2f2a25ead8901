/*
 * Business constants of plus-signage §9 (and the tables of §2 and §3), named after the spec. Values not given
 * by the spec are marked "our choice".
 */
export { UPLOAD_MAX_FILES } from './constants-admin';

// Tables.
// spec: plus §2.2, plus §2.9, plus §9.1 — 25 rows per page
export const PLUS_PAGE_SIZE = 25;
// spec: plus §9.1 — the print store list uses 10
export const PRINT_STORE_PAGE_SIZE = 10;
/** Browser storage name of the device list filter. */
// spec: plus §2.9 — the device list filter's storage name
export const PLUS_DEVICE_FILTER_KEY = 'plus_device_filter';
export const V1_MASTER_DEFAULT_COLUMNS = ['storeCode', 'product', 'category', 'section', 'shelfID', 'position', 'timezone'] as const;

// Devices.
// spec: plus §2.12, plus §2.13, plus §2.14, plus §2.15, plus §2.16, plus §2.17, plus §2.18, plus §2.19, plus §2.20, plus §2.21, plus §2.22, plus §2.23, plus §2.24 — model labels
export const PLUS_MODEL_LABELS: Readonly<Record<string, string>> = {
  IP231A: '23.1 inch',
  IP354A: '35.4 inch',
  IP231TA: '23.1 Touch OLD',
  IP231TB: '23.1 Touch',
  IP231TC: '23.1 Face',
  IP270A: '27 Non-Touch',
  IP291TA: '29 Touch',
  IP439A: '43.9 Non-Touch',
  IP471A: '47.1',
  IPFINDERA: 'Finder',
  IPMINI: 'Mini',
  IPSTBOXA: 'MediaBox',
};
// spec: plus §2.25 — any other model
export const PLUS_MODEL_LABEL_OTHER = '-';
export const plusModelLabel = (model: string | undefined) => (model && PLUS_MODEL_LABELS[model]) || PLUS_MODEL_LABEL_OTHER;

/** Model names of v1 devices with their sizes (plus-signage §3). */
// spec: plus §3.18 — v1 models with their sizes
export const V1_MODEL_SIZES: Readonly<Record<string, string>> = {
  IP231A: '23.1" (60cm)',
  IP354A: '35.4" (90cm)',
  IP231TA: '23.1" Touch (60cm) OLD',
  IP231TB: '23.1" Touch (60cm)',
  IP231TC: '23.1" Face (60cm)',
  IP270A: '27" Non-Touch',
  IP291TA: '29" Touch',
  IP439A: '43.9" Non-Touch',
  IP471A: '47.1" (120cm)',
  IPFINDERA: 'Finder',
  IPMINI: 'Mini',
  IPSTBOXA: 'MediaBox',
};

export const PLUS_DEVICE_ONLINE = 'ONLINE';
// spec: plus §4.1 — device ONLINE or not; the v1 statuses
export const V1_DEVICE_STATUSES = ['ONLINE', 'OFFLINE', 'NORMAL', 'ALARM'] as const;
/** Hex characters of a hardware address; digits after them are the product index. */
// spec: plus §9.6 — 12 hex characters, then the index digits
export const PLUS_MAC_HEX_LENGTH = 12;
// spec: plus §9.2 — autosave delay, info view duration, brightness range
export const DEVICE_AUTOSAVE_MS = 500;
export const INFO_VIEW_DURATION = { min: 10, max: 300 } as const;
export const PLUS_BRIGHTNESS = { min: 0, max: 255 } as const;
/** Upper bound of a device's own maximum volume (our choice); the server checks against the device's value. */
export const PLUS_VOLUME_LIMIT = 100;
// spec: plus §5.19, plus §9.3 — v1 volume 0-15 (else 0), brightness 0-10 (else 10)
export const V1_VOLUME = { min: 0, max: 15, reset: 0 } as const;
export const V1_BRIGHTNESS = { min: 0, max: 10, reset: 10 } as const;
export const PLUS_UPLOAD_TYPES = ['sw', 'launcher', 'other'] as const;
/** Replacing an existing file or content takes one file. */
// spec: plus §5.22, plus §9.8 — 10 files at once (UPLOAD_MAX_FILES), 1 when replacing
export const UPLOAD_MAX_FILES_REPLACE = 1;

// Screen sizes.
// spec: plus §5.8 — size labels by dimensions, and back (TEMPLATE_SIZE_DIMENSIONS)
export const SCREEN_SIZE_LABELS: Readonly<Record<string, string>> = {
  '1920x158': '23.1',
  '1920x540': '29',
  '2880x158': '35.4',
  '3840x160': '3840x160',
  '1920x720': '1920x720',
  '1920x1080': '1920x1080',
  '2560x1440': '2560x1440',
  '3840x1080': '3840x1080',
  '3840x2160': '3840x2160',
};
export const screenSizeLabel = (width: number, height: number) => SCREEN_SIZE_LABELS[`${width}x${height}`] ?? '';
/** Template sizes that name a screen; any other size is read as 'WxH'. */
export const TEMPLATE_SIZE_DIMENSIONS: Readonly<Record<string, { width: number; height: number }>> = {
  '23.1': { width: 1920, height: 158 },
  '29': { width: 1920, height: 540 },
  '35.4': { width: 2880, height: 158 },
};
// spec: plus §3.4 — a template's size defaults to '23.1'
export const TEMPLATE_SIZE_DEFAULT = '23.1';

// Show editor.
// spec: plus §3.6, plus §9.4 — 30 s, #000000, canvas at half scale
export const SHOW_DEFAULTS = { duration: 30, bgColor: '#000000' } as const;
export const EDITOR_CANVAS_SCALE = 0.5;
/** The product choice list holds 2 × floor(screen width / 180) entries. */
export const PRODUCT_CHOICE_WIDTH_STEP = 180;
// spec: plus §3.7 — product object defaults
export const PRODUCT_OBJECT_DEFAULTS = { autoSize: true, id: 0 } as const;
export const SHOW_OBJECT_TYPES = ['image', 'video', 'widget', 'webpage', 'product'] as const;
export const WEBPAGE_PREFIX = 'http://';
export const WEEK_DAY_COUNT = 7;

// v1 layouts.
// spec: plus §9.5 — types 23 and 29; width 1920, heights 158 and 540
export const V1_DEVICE_TYPES = ['23', '29'] as const;
export const V1_DEVICE_DEFAULTS = { width: 1920, height: { '23': 158, '29': 540 }, rotation: 0 } as const;
/** Content layout "RxC", or '-' for none. */
export const V1_CONTENT_LAYOUT_NONE = '-';
/** The set item that stands for the price entry instead of a show. */
export const V1_SET_PRICE_ITEM = 'price';

// Alarm setting.
// spec: plus §9.3 — alarm thresholds 1-100
export const ALARM_THRESHOLD = { min: 1, max: 100 } as const;

// Printing.
// spec: plus §9.9, plus §9.10, plus §9.11, plus §9.12, plus §9.13 — the print paper types
export const PRINT_PAPER_TYPES = [
  { type: 'CROMA.A4', perPage: 1, size: { width: 210, height: 297 }, layout: null },
  { type: 'CROMA.A6', perPage: 4, size: { width: 105, height: 148 }, layout: { rows: 2, columns: 2 } },
  { type: 'CROMA.107', perPage: 20, size: { width: 75, height: 27 }, layout: { columns: 2 } },
  { type: 'CROMA.105', perPage: 10, size: { width: 105, height: 59 }, layout: { columns: 2 } },
] as const;
// spec: plus §9.14 — 255 / 36 prInfo entries, default qty 1
export const GENERIC_LABEL_PRINFO = 255;
export const STATIC_LABEL_PRINFO = 36;
export const PRINT_QTY_DEFAULT = 1;
/** Print quantity of one label (our choice). */
export const PRINT_QTY_MAX = 1000;
/**
 * Labels drawn by one preview call (our choice): ~1 ms of the server's time each, so a call stays short; the
 * console asks for a longer list in parts of this size.
 */
export const PRINT_PREVIEW_MAX = 200;
// spec: plus §4.17 — the PDF opens 2 s after it is built
export const PRINT_PDF_OPEN_DELAY_MS = 2_000;
export const PRINT_FILE_EXTENSIONS = ['csv', 'txt'] as const;

// File sizes.
// spec: plus §9.15 — file size units, base 1024
export const FILE_SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;
export const FILE_SIZE_BASE = 1024;
