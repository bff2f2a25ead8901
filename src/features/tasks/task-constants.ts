/*
 * Constants of the task screens (console-admin §4, §9), named after the spec.
 */
import { ADMIN_PAGE_SIZES } from '../../api/contract/constants-admin';

export const TASK_PAGE_SIZES = [25, ...ADMIN_PAGE_SIZES.filter((n) => n !== 25)] as const;
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
export const isPrivilegedRole = (roleId: number | undefined) => roleId === -1 || roleId === 0;
/** Refresh is offered while the task is unfinished and below 100 %. */
export const canRefresh = (task: { endTime: string | null; progress: number; internalTaskId: number }) => task.endTime === null && task.progress < 100 && task.internalTaskId > 0;

export const taskDetailPath = (companyCode: string, storeCode: string, taskId: string, taskType: string) =>
  `/task/detail/${encodeURIComponent(companyCode)}/${encodeURIComponent(storeCode)}/${encodeURIComponent(taskId)}/${encodeURIComponent(taskType)}`;
