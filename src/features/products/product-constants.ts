/*
 * Constants of the product screens (console-admin §9), named after the spec; the numbers live in the contract's
 * constants modules so that the server reads the same values.
 */
import {
  ADMIN_PAGE_SIZE,
  ADMIN_PAGE_SIZES_LONG,
  CHART_PALETTE_SIZE,
  pageSizesFrom,
  LED_DEFAULTS,
  PAGE_NO_DEFAULT,
  PRODUCT_INFO_SLOTS,
  PRODUCT_INFO_VISIBLE_DEFAULT,
} from '../../../contract/schemas/constants-admin';
import { PRODUCT_INFO_LIST_CHARS } from '../../../contract/schemas/constants-core';

/** Most admin tables: 25 rows per page, first in the menu. */
export const PRODUCT_PAGE_SIZES = pageSizesFrom(ADMIN_PAGE_SIZE);
/** A store's products, an update task's and an upload's rows: the long menu (1000, ALL). */
export const PRODUCT_LONG_PAGE_SIZES = pageSizesFrom(ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZES_LONG);
/** The info columns a list without aliases shows (the spec's "default visible 10"). */
export const PRODUCT_INFO_VISIBLE = PRODUCT_INFO_VISIBLE_DEFAULT;
/** A product's info slots: a form can open any of them, a table can show any of them (console-admin §3, §9). */
export { PRODUCT_INFO_SLOTS };
export const PRODUCT_INFO_CUT = PRODUCT_INFO_LIST_CHARS;
export { LED_DEFAULTS, PAGE_NO_DEFAULT };
/** The 11 line colours of the update history chart (console-admin §9 "Chart line palette of 11 colours"). */
// spec: admin §9.15 — chart line palette of 11 colours
export const CHART_PALETTE: readonly string[] = [
  '#2f7ed8',
  '#d9534f',
  '#5cb85c',
  '#f0ad4e',
  '#8e44ad',
  '#16a085',
  '#e67e22',
  '#34495e',
  '#c0392b',
  '#27ae60',
  '#7f8c8d',
].slice(0, CHART_PALETTE_SIZE);
/** The product image modal turns the label by this much per tap (as the tag preview does). */
export const PRODUCT_IMAGE_ROTATE_STEP = 90;
/** Where the product tag list keeps the chosen info columns (console-admin §2 "remembered locally"). */
export const PRODUCT_TAG_COLUMNS_KEY = 'shelfpad.productTagList.infoColumns';

/** Text of a list cell: cut at 80 characters plus an ellipsis (console-admin §9). */
export const cutText = (text: string | undefined) =>
  text && text.length > PRODUCT_INFO_CUT ? `${text.slice(0, PRODUCT_INFO_CUT)}…` : (text ?? '');

export const productListPath = (storeCode: string) => `/product/list/${encodeURIComponent(storeCode)}`;
export const productHistoryPath = (companyCode: string, storeCode: string, prCode: string) =>
  `/product/${encodeURIComponent(companyCode)}/${encodeURIComponent(storeCode)}/${encodeURIComponent(prCode)}/update/history`;
export const updateTaskListPath = (storeCode: string) => `/product/${encodeURIComponent(storeCode)}/update/task/list`;
export const updateTaskDetailPath = (storeCode: string, updateId: string, taskId: string) =>
  `/product/${encodeURIComponent(storeCode)}/${encodeURIComponent(updateId)}/${encodeURIComponent(taskId)}/update/task/detail`;

/** console-admin §4/§9: 'Upload queue limited to 10 files', sent one at a time. */
// spec: admin §5.14, admin §9.9 — upload queue limited to 10 files
export const UPLOAD_QUEUE_MAX = 10;
/** How often the upload modal reads the rows processed of the file the server is importing (our choice). */
export const UPLOAD_PROGRESS_POLL_MS = 1_000;
export const UPLOAD_HISTORY_PATH = '/product/file/upload/history';
export const uploadHistoryDetailPath = (historyId: string) => `${UPLOAD_HISTORY_PATH}/detail/${encodeURIComponent(historyId)}`;
export const SECOND_CODE_PATH = '/product/secondCode/list';
