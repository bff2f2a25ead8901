import { PRINT_STORE_PAGE_SIZE } from '../../../contract/schemas/constants-plus';
import type { PaperType } from './pdf/paper-layout';

/** plus-signage §2.6 and §9: the print store list shows 10 rows. */
export const PRINT_STORE_PAGE_SIZES = [PRINT_STORE_PAGE_SIZE, 25, 50] as const;
export const PRINT_PATH = '/print';
export const printEditPath = (storeCode: string) => `/print/edit/${encodeURIComponent(storeCode)}`;
/** The paper first offered: the common shelf label strip. */
export const DEFAULT_PAPER_TYPE: PaperType = 'CROMA.107';
/** The product file picker's offer (§5: .csv or .txt). */
export const PRODUCT_FILE_ACCEPT = '.csv,.txt,text/csv,text/plain';
