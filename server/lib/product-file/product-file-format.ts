/*
 * The product file (console-admin §2 "file upload", issue 12): the default format, and the seam where a company's
 * own parser (console-admin §2 Settings, /system/product-file-parser: JavaScript run in a sandbox, a later issue)
 * takes its place. A parser turns raw CSV records into product rows; everything after it — the checks against
 * the stores, the alias config and the product types, the upsert and the update tasks — is the same for every
 * parser (server/services/product-import.ts).
 *
 * Default format: CSV in UTF-8 (a BOM is skipped), ',' between values (';' and tab are recognised too), one
 * product per record, values quoted as RFC 4180 does when they hold the separator, a quote or a line break:
 *
 *   storeCode,prCode,type,layoutId,nfc,<info 0>,<info 1>,…,<info n-1>
 *
 * <info i> is the product info slot of alias index i of the company's alias config, in index order (the seed's
 * NAME, PRICE, ORIGIN, UNIT, PROMO, CATEGORY, BRAND). Missing trailing info values are empty; type and nfc may
 * be empty (the stored type / NFC stays). A first record whose first value is "storeCode" is a header and skipped.
 */

import type { ProductInput } from '../../../contract/schemas/products';

/** One CSV record as read from the file; `row` counts records from 1 (the header included). */
export interface RawRecord {
  row: number;
  cells: string[];
}

/** A product row of the file for one store, or why this record is refused. */
export type ParsedRow = { row: number; storeCode: string; product: ProductInput } | { row: number; error: string; prCode?: string };

export interface ParserContext {
  companyCode: string;
  /** The company's alias names in index order: the number and meaning of the info columns. */
  aliasNames: readonly string[];
}

/** The seam: records in, product rows (or row errors) out, in order. A header or blank record yields nothing. */
export type ProductFileParser = (records: readonly RawRecord[], ctx: ParserContext) => Promise<ParsedRow[]> | ParsedRow[];

/** The leading columns of the default format, before the info slots. */
export const PRODUCT_FILE_COLUMNS = ['storeCode', 'prCode', 'type', 'layoutId', 'nfc'] as const;

export const defaultProductFileParser: ProductFileParser = (records, ctx) => {
  const out: ParsedRow[] = [];
  for (const { row, cells } of records) {
    const values = cells.map((c) => c.trim());
    while (values.length && !values[values.length - 1]) values.pop();
    if (!values.length) continue;
    if (row === 1 && values[0].toLowerCase() === 'storecode') continue;
    const [storeCode = '', prCode = '', type = '', layoutId = '', nfc = '', ...info] = values;
    const most = PRODUCT_FILE_COLUMNS.length + ctx.aliasNames.length;
    if (values.length > most) {
      out.push({
        row,
        prCode,
        error: `${values.length} values, the product file of ${ctx.companyCode} has at most ${most} (${PRODUCT_FILE_COLUMNS.length} + ${ctx.aliasNames.length} info columns)`,
      });
      continue;
    }
    const prInfo = ctx.aliasNames.map((_, i) => info[i] ?? '');
    out.push({ row, storeCode, product: { prCode, layoutId, prInfo, ...(type ? { type } : {}), ...(nfc ? { nfc } : {}) } });
  }
  return out;
};
