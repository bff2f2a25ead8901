/*
 * Constants of the paper label screens (console-admin §2 Paper, §5, §9), named after the spec.
 */
import { ADMIN_PAGE_SIZES, PRINT_RESULTS } from '../../../contract/schemas/constants-admin';
import { endpoints } from '../../../contract/endpoints';
import { useCall } from '../../platform/api';

/** Most admin tables: 25 rows per page, first in the menu (console-admin §9). */
export const PAPER_PAGE_SIZES = [25, ...ADMIN_PAGE_SIZES.filter((n) => n !== 25)] as const;
/** Printers answer label by label: the task lists poll this often (not in the spec: our choice, as the task screens). */
export const PAPER_REFRESH_MS = 5_000;
/** console-admin §5: the print result filter offers exactly these. */
export const PRINT_RESULT_FILTER = PRINT_RESULTS;
export const HEALTH_STATUSES = ['NORMAL', 'ALARM', 'OFFLINE'] as const;

export const PAPER_PATH = '/paper';
export const PAPER_UPLOAD_HISTORY_PATH = '/paper/upload/history';
export const paperUploadDetailPath = (historyId: string) => `${PAPER_UPLOAD_HISTORY_PATH}/detail/${encodeURIComponent(historyId)}`;
export const paperTaskListPath = (storeCode: string) => `/paper/task/${encodeURIComponent(storeCode)}`;
export const paperTaskDetailPath = (storeCode: string, taskId: string) => `${paperTaskListPath(storeCode)}/${encodeURIComponent(taskId)}`;

/** Every store of the member with its paper counts: the overview's rows, and the store names of the task screens. */
export function usePaperStores() {
  return useCall(endpoints.paperStoreList, {});
}

/** A store of the overview list by code, and its company's alias items (names of the product info slots). */
export function usePaperStore(storeCode: string | undefined) {
  const stores = usePaperStores();
  const store = stores.data?.find((s) => s.storeCode === storeCode);
  const alias = useCall(endpoints.aliasConfig, store ? { params: { companyCode: store.companyCode } } : null);
  return { store, alias: alias.data ?? [] };
}
