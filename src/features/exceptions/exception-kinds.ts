import { DOWNLOAD_TYPE } from '../../../contract/schemas/constants-core';
import type { ExceptionsStats } from '../../../contract/schemas/dashboard';
import type { DownloadBody } from '../../../contract/schemas/files';
import { exceptionsEndpoints } from '../../../contract/endpoints/exceptions';

/** The five gauges of the exceptions screen (console-core §2), in the spec's order. */
export const EXCEPTION_KINDS = ['error', 'noProduct', 'duplicate', 'lowBattery', 'ngGateway'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];
export type TagExceptionKind = Exclude<ExceptionKind, 'ngGateway'>;

export const isTagKind = (kind: ExceptionKind): kind is TagExceptionKind => kind !== 'ngGateway';

/** The detail list of each tag gauge; the NG gateways come with the stats (ngGWDetail). */
export const TAG_LIST_ENDPOINTS = {
  error: exceptionsEndpoints.tagErrorList,
  noProduct: exceptionsEndpoints.tagNoProductList,
  duplicate: exceptionsEndpoints.tagDuplicateList,
  lowBattery: exceptionsEndpoints.tagLowBatteryList,
} as const;

/** A gauge's count and what it is counted against: tags for the tag gauges, gateways for the NG gateways. */
export function gaugeOf(kind: ExceptionKind, stats: ExceptionsStats): { value: number; max: number } {
  switch (kind) {
    case 'error':
      return { value: stats.errorTags, max: stats.totalTags };
    case 'noProduct':
      return { value: stats.noProductTags, max: stats.totalTags };
    case 'duplicate':
      return { value: stats.duplicateTags, max: stats.totalTags };
    case 'lowBattery':
      return { value: stats.batteryNgTags, max: stats.totalTags };
    case 'ngGateway':
      return { value: stats.ngGWs, max: stats.totalGWs };
  }
}

/*
 * What each download asks for, so that the file holds exactly the list: error and no-product tags are the spec's
 * tag list presets (type 3, 'error' / 'NoProduct'); low-battery and duplicate tags have no preset, so they are
 * type 3 with the table filter that selects the same tags (battStatus == NG; countByPrCode >= 2); NG gateways are
 * the store file (type 2, the store's gateway list) narrowed to the statuses that are not NORMAL.
 */
export function downloadBody(kind: ExceptionKind, storeCode: string): DownloadBody {
  switch (kind) {
    case 'error':
      return { type: DOWNLOAD_TYPE.TAG_LIST, storeCode, filter: { preset: 'error' } };
    case 'noProduct':
      return { type: DOWNLOAD_TYPE.TAG_LIST, storeCode, filter: { preset: 'NoProduct' } };
    case 'lowBattery':
      return { type: DOWNLOAD_TYPE.TAG_LIST, storeCode, filter: { table: { filter_battStatus: 'NG', condition_battStatus: '==' } } };
    case 'duplicate':
      return { type: DOWNLOAD_TYPE.TAG_LIST, storeCode, filter: { table: { filter_countByPrCode: 2, condition_countByPrCode: '>=' } } };
    case 'ngGateway':
      return { type: DOWNLOAD_TYPE.STORE_FILE, storeCode, filter: { table: { filter_status: ['ALARM', 'OFFLINE'] } } };
  }
}

/** The picked store, kept only while the member still has it; otherwise the member's first store. */
export function storeToShow(picked: string | null | undefined, stores: readonly string[]): string | undefined {
  return picked && stores.includes(picked) ? picked : stores[0];
}
