import type { ProductInput } from '../../contract/schemas/products';
import type { Db } from '../db/client';
import type { ParsedRow, ProductFileParser } from '../lib/product-file/product-file-format';
import type { PaperParser, ParsedPaperFile } from '../lib/paper-file/paper-file-format';
import { findStore } from '../repos/stores';
import { parseWithScript } from './script-use';

/*
 * The saved parsers in the shape the uploads' seams take (server/lib/product-file/product-file-format.ts,
 * server/lib/paper-file/paper-file-format.ts): the script's rows become the seam's rows; a script that fails marks every row
 * it was given with "Parser error: …", so the upload's history shows why.
 */

/** One CSV cell as RFC 4180 writes it. */
const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/**
 * The product file parser script over the import's batches: each batch of records goes in as CSV text (the script's
 * `line` is the file line of its first record); one alarm per upload however many batches fail.
 */
export function scriptedProductFileParser(db: Db, code: string, fileName: string): ProductFileParser {
  let alarmed = false;
  return async (records, ctx) => {
    if (!records.length) return [];
    const first = records[0].row;
    const batchText = records.map((r) => r.cells.map(csvCell).join(',')).join('\n');
    const context = { companyCode: ctx.companyCode, fileName, line: first, aliasNames: [...ctx.aliasNames] };
    const result = await parseWithScript(db, 'productFileParser', code, batchText, context, { alarm: !alarmed });
    if (!result.ok) {
      alarmed = true;
      return records.map((r) => ({ row: r.row, error: result.message }));
    }
    const last = records[records.length - 1].row;
    return result.rows.map((row, i): ParsedRow => {
      const line = typeof row.line === 'number' && Number.isInteger(row.line) ? row.line : Math.min(first + i, last);
      const prInfo = Array.isArray(row.prInfo) ? row.prInfo.map((v) => String(v)) : [];
      const product: ProductInput = { prCode: String(row.prCode), layoutId: text(row.layoutId) ?? '', prInfo };
      if (text(row.type)) product.type = text(row.type);
      if (text(row.nfc)) product.nfc = text(row.nfc);
      return { row: line, storeCode: text(row.storeCode) ?? '', product };
    });
  };
}

/** The paper parser script of a store, answering what the default paper format answers. */
export function scriptedPaperParser(db: Db, code: string, storeCode: string, fileName: string): PaperParser {
  return async (fileText): Promise<ParsedPaperFile> => {
    // The store's company takes the turn in the sandbox (the parser's context names the store only).
    const tenant = (await findStore(db, storeCode))?.companyCode;
    const result = await parseWithScript(db, 'paperParser', code, fileText, { storeCode, fileName }, { tenant });
    if (!result.ok) return { rows: [], errors: [result.message], count: 0 };
    const rows = result.rows.map((row, i) => {
      const prInfo = new Map<number, string>();
      (row.prInfo as string[]).forEach((value, index) => value !== '' && prInfo.set(index, value));
      return { line: typeof row.line === 'number' ? row.line : i + 1, prCode: String(row.prCode), prInfo };
    });
    return { rows, errors: [], count: rows.length };
  };
}
