/*
 * Constants of the tag status screens (console-core §9), named after the spec. The numbers themselves live in
 * the contract's constants module so that the server and the bench read the same values.
 */
import {
  HISTORY_PAGE_SIZE,
  PRODUCT_INFO_LIST_CHARS,
  TAG_DETAIL_PAGE_SIZE,
  TAG_STORE_LIST_PAGE_SIZE,
} from '../../../contract/schemas/constants-core';

/** Tag store list: 10 rows per page; larger pages offered after the spec's default (our choice). */
export const TAG_STORE_LIST_PAGE_SIZES = [TAG_STORE_LIST_PAGE_SIZE, 25, 50, 100] as const;
/** Tag detail list: 25 rows per page. */
export const TAG_DETAIL_PAGE_SIZES = [TAG_DETAIL_PAGE_SIZE, 50, 100] as const;
/** Tag histories: 25 rows per page. */
export const TAG_HISTORY_PAGE_SIZES = [HISTORY_PAGE_SIZE, 50, 100] as const;

/** Default ordering: tag id ascending in tag detail; time descending in histories. */
export const TAG_DETAIL_DEFAULT_ORDER = { field: 'barcode', dir: 'asc' } as const;

/** Product info in lists is cut to 80 characters plus an ellipsis. */
export const PRODUCT_INFO_CUT_CHARS = PRODUCT_INFO_LIST_CHARS;
export const PRODUCT_INFO_ELLIPSIS = '...';

/** How long each preview image stays before the next one of the loop (not in the spec: our choice). */
export const TAG_PREVIEW_LOOP_MS = 2_000;
/** The preview rotates in steps of 90 degrees. */
export const TAG_PREVIEW_ROTATE_STEP = 90;

/** The command a status check of the selected tags sends (collecting.ts names the wire values). */
export const TAG_STATUS_CHECK_CMD = 'TAG_STATUS_CHECK' as const;
