/*
 * Constants and small rules of the OTA screens (console-admin §4, §9; NOTES.md 10), named after the spec.
 */
import {
  ADMIN_PAGE_SIZE,
  ADMIN_PAGE_SIZES_LONG,
  OTA_DEFAULTS,
  OTA_HISTORY_DEFAULT_COLUMNS,
  OTA_IN_PROGRESS,
  pageSizesFrom,
} from '../../../contract/schemas/constants-admin';

export { OTA_DEFAULTS, OTA_HISTORY_DEFAULT_COLUMNS, OTA_IN_PROGRESS };
/** The OTA gateway table is not paged (console-admin §9): -1 is "all" for DataTable. */
// spec: admin §9.1 — OTA gateway table not paged
export const OTA_GATEWAY_PAGE_SIZES = [-1] as const;
export const OTA_HISTORY_PAGE_SIZES = pageSizesFrom(ADMIN_PAGE_SIZE);
/** One row per tag of the task: the long menu (1000, ALL). */
export const OTA_DETAIL_PAGE_SIZES = pageSizesFrom(ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZES_LONG);
/** Progress of a running job fills in live: our choice, as the task list's period. */
export const OTA_REFRESH_MS = 5_000;

/** Versions are shown in hex (NOTES.md 10): 0x0412. */
export const hexVersion = (version: number | null | undefined) =>
  version === null || version === undefined ? '' : `0x${version.toString(16).toUpperCase().padStart(4, '0')}`;

/** OTA progress (console-admin §4): below 0 no colour, below 30 red, below 100 orange, 100 green. */
export type OtaProgressColour = 'danger' | 'warning' | 'success' | undefined;
// spec: admin §4.3 — OTA progress colours
export function otaProgressColour(progress: number): OtaProgressColour {
  if (progress < 0) return undefined;
  if (progress < 30) return 'danger';
  if (progress < 100) return 'warning';
  return 'success';
}
/** Refresh is offered until the progress reaches 100, while the job runs. */
// spec: admin §4.3 — refresh offered until 100 while in progress (endTime -1)
export const canRefreshOta = (task: { progress: number; endTime: string | number }) =>
  task.progress < 100 && task.endTime === OTA_IN_PROGRESS;

export const otaDetailPath = (storeCode: string, taskId: string) =>
  `/setting/ota-config/${encodeURIComponent(storeCode)}/history/${encodeURIComponent(taskId)}`;
