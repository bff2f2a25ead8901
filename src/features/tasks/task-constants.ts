/*
 * Constants of the task screens (console-admin §4, §9), named after the spec.
 */
import type { TFunction } from 'i18next';
import { ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZES_LONG, pageSizesFrom } from '../../../contract/schemas/constants-admin';

export const TASK_PAGE_SIZES = pageSizesFrom(ADMIN_PAGE_SIZE);
/** The tags of one task: the long menu (1000, ALL), so a whole task reads on one page. */
export const TASK_DETAIL_PAGE_SIZES = pageSizesFrom(ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZES_LONG);
/** Task progress fills in live: the list and the detail poll this often (not in the spec: our choice, as the header's 5 s fallback). */
export const TASK_REFRESH_MS = 5_000;
/** The task detail preview turns the image by this much per tap. */
export const TASK_IMAGE_ROTATE_STEP = 90;
/** Progress colours (console-admin §4): below 0 none; 0–29 danger; 30–99 warning; 100 success. */
export type ProgressColour = 'danger' | 'warning' | 'success' | undefined;
export function progressColour(progress: number): ProgressColour {
  if (progress < 0) return undefined;
  if (progress < 30) return 'danger';
  if (progress < 100) return 'warning';
  return 'success';
}
/** Roles -1 and 0 may refresh a task (console-admin §4, §6). */
// spec: admin §4.2, admin §6.1 — refresh for roles -1 and 0
export const isPrivilegedRole = (roleId: number | undefined) => roleId === -1 || roleId === 0;
/** Refresh is offered while the task is unfinished and below 100 %. */
// spec: admin §4.2 — only while unfinished and below 100
export const canRefresh = (task: { endTime: string | null; progress: number; internalTaskId: number }) =>
  task.endTime === null && task.progress < 100 && task.internalTaskId > 0;

export const taskDetailPath = (companyCode: string, storeCode: string, taskId: string, taskType: string) =>
  `/task/detail/${encodeURIComponent(companyCode)}/${encodeURIComponent(storeCode)}/${encodeURIComponent(taskId)}/${encodeURIComponent(taskType)}`;

/** The task types the server records (console-admin §2: UPDATE, LAYOUT or others). */
export const TASK_TYPES = ['UPDATE', 'LAYOUT', 'ASSIGN', 'DEASSIGN', 'REASSIGN'] as const;
/** A task type in the member's language (issue 31.14); the stored value and the address keep the key. */
export const taskTypeLabel = (t: TFunction<'tasks'>, type: string): string =>
  (TASK_TYPES as readonly string[]).includes(type) ? t(`types.${type as (typeof TASK_TYPES)[number]}`) : type;
