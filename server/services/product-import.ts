import type { Readable } from 'node:stream';
import type { ProductInput } from '../../contract/schemas/products';
import type { Db } from '../db/client';
import { applyProductImportBatch, type UpdateOutcome } from '../repos/product-update';
import { addUploadProgress, createUploadHistory, finishUploadHistory, importContext, type ImportContext } from '../repos/product-uploads';
import { ApiError, badRequest } from '../lib/errors';
import { canAccessStore, type SessionUser } from '../lib/privileges';
import { csvRecords, NotTextError, PRODUCT_FILE_LIMITS, type FileEncoding } from '../lib/product-file/csv-records';
import {
  defaultProductFileParser,
  PRODUCT_FILE_COLUMNS,
  type ParsedRow,
  type ProductFileParser,
  type RawRecord,
} from '../lib/product-file/product-file-format';

/** Records per batch: one transaction per store and batch, then the event loop is free for other requests. */
export const IMPORT_BATCH_ROWS = 1000;
/** Rows kept for the history detail page (the first of the file); the counts and errors cover every row. */
export const UPLOAD_DETAIL_MAX_ROWS = 1000;
/** A file with this many bad rows is the wrong file: the import stops there (what came before it stays). */
export const UPLOAD_MAX_ERRORS = 10_000;
// console-admin §4 product create messages, exact text: a file row breaks the same rules as the modal.
const NO_CODE = 'Please enter Product Code';
const NO_LAYOUT = 'Please enter Layout ID';

export interface ImportRequest {
  companyCode: string;
  user: SessionUser;
  fileName: string;
  file: Readable;
  /** The file's text encoding (utf-8 unless the upload names another). */
  encoding?: FileEncoding;
  /** A company's own parser (a later issue) plugs in here; the default CSV format otherwise. */
  parser?: ProductFileParser;
  now?: () => Date;
  /** Told the upload history row once it exists (the import job keeps it, to close the row if its process dies). */
  onHistory?: (historyId: number) => Promise<void>;
}

export interface ImportResult {
  historyId: string;
  count: number;
  errorCount: number;
}

/** The file's bytes as they pass, counted for the upload history. */
async function* counted(source: AsyncIterable<Buffer>, counter: { bytes: number }): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    counter.bytes += chunk.length;
    yield chunk;
  }
}

const UNDECODABLE = (encoding: FileEncoding) =>
  `the text is not valid ${encoding.toUpperCase()}: choose the file's encoding when you upload it`;

/** Checks any parser's rows against the company: stores the member may write, product types, number fields. */
function checkRow(row: ParsedRow, ctx: ImportContext, req: ImportRequest): { storeCode: string; product: ProductInput } | string {
  if ('error' in row) return row.error;
  const { storeCode, product } = row;
  if (!storeCode) return 'storeCode is empty';
  if (!ctx.storeCodes.has(storeCode)) return `store ${storeCode} is not a store of ${req.companyCode}`;
  if (!canAccessStore(req.user, storeCode, req.companyCode)) return `permission denied for store ${storeCode}`;
  if (!product.prCode) return NO_CODE;
  if (product.prCode.length > 64) return 'prCode is longer than 64 characters';
  if (!product.layoutId) return NO_LAYOUT;
  if (product.layoutId.length > 128) return 'layoutId is longer than 128 characters';
  if (product.type && !ctx.typeCodes.has(product.type)) return `product type ${product.type} does not exist`;
  if ((product.nfc?.length ?? 0) > 512) return 'nfc is longer than 512 characters';
  if (product.prInfo.length > 255) return 'more than 255 product info values';
  for (const alias of ctx.aliases) {
    const value = product.prInfo[alias.index] ?? '';
    if (!value) continue;
    if (alias.type === 'NUMBER' && !Number.isFinite(Number(value))) return `${alias.name} "${value.slice(0, 40)}" is not a number`;
    // An alias's dataTypeLength (console-admin §3, default 10) is the most characters its value may have. A longer
    // value refuses its row rather than being cut: a cut name or price on a shelf label is a wrong label nobody
    // notices ("…, 500 g" gone), while a row error names the row in the upload history for the ERP to fix. The
    // demo config gives NAME 40 characters, which every seeded name fits. Counted in characters, not UTF-16 units.
    const most = alias.dataTypeLength;
    if (most && value.length > most && [...value].length > most)
      return `${alias.name} is longer than ${most} characters (${[...value].length})`;
  }
  return { storeCode, product };
}

/**
 * The history keeps what a row said only as an excerpt: a rejected megabyte-long value stored whole made every
 * history answer megabytes long (issue 29 §8).
 */
const HISTORY_VALUE_CHARS = 80;
const HISTORY_MESSAGE_CHARS = 300;
const excerpt = (value: string, most: number) => (value.length > most ? `${value.slice(0, most - 1)}…` : value);
const errorLine = (row: number, prCode: string | undefined, message: string) =>
  excerpt(`Row ${row}${prCode ? ` (${excerpt(prCode, HISTORY_VALUE_CHARS)})` : ''}: ${message}`, HISTORY_MESSAGE_CHARS);

/**
 * Imports a product file as it arrives (issue 12 §2, §4): the multipart stream is parsed record by record and
 * written in batches, never held whole. Each batch upserts its changed products through the update pipeline
 * (product-update.ts), one update task per store for the whole file, and adds its counts to the upload history,
 * so the console sees rows processed while the file is still being read. A file whose first batch has no usable
 * row is refused (400) before anything is stored.
 */
export async function importProductFile(db: Db, req: ImportRequest): Promise<ImportResult> {
  const now = req.now ?? (() => new Date());
  const received = now();
  const ctx = await importContext(db, req.companyCode);
  const parser = req.parser ?? defaultProductFileParser;
  const parserCtx = { companyCode: req.companyCode, aliasNames: ctx.aliases.map((a) => a.name) };
  const encoding = req.encoding ?? 'utf-8';
  const bytes = { bytes: 0 };
  const records = csvRecords(counted(req.file, bytes), encoding, PRODUCT_FILE_LIMITS);

  let historyId: number | undefined;
  const tasks = new Map<string, UpdateOutcome>();
  let count = 0;
  let errorCount = 0;
  let kept = 0;
  const stores = new Set<string>();

  const runBatch = async (batch: RawRecord[], unreadable: ParsedRow[]) => {
    const parsed = [...unreadable, ...(batch.length ? await parser(batch, parserCtx) : [])].sort((a, b) => a.row - b.row);
    const errors: string[] = [];
    const byStore = new Map<string, ProductInput[]>();
    const data: { rowNo: number; data: Record<string, unknown> }[] = [];
    for (const row of parsed) {
      const checked = checkRow(row, ctx, req);
      const prCode = 'product' in row ? row.product.prCode : row.prCode;
      if (typeof checked === 'string') errors.push(errorLine(row.row, prCode, checked));
      else {
        stores.add(checked.storeCode);
        const list = byStore.get(checked.storeCode) ?? [];
        list.push(checked.product);
        byStore.set(checked.storeCode, list);
      }
      if (kept + data.length < UPLOAD_DETAIL_MAX_ROWS)
        data.push({ rowNo: row.row, data: detailOf(row, ctx, typeof checked === 'string' ? checked : undefined) });
    }
    if (historyId === undefined) {
      if (!byStore.size) {
        const first = errors[0] ?? 'the file has no product rows';
        throw badRequest(
          `The file does not follow the product file format (${[...PRODUCT_FILE_COLUMNS, '<product info by alias index>'].join(',')}): ${first}`,
          'BAD_PRODUCT_FILE',
        );
      }
      historyId = await createUploadHistory(db, req.companyCode, req.fileName, received);
      await req.onHistory?.(historyId);
    }
    for (const [storeCode, list] of byStore) {
      const outcome = await applyProductImportBatch(
        db,
        { storeCode, companyCode: req.companyCode, now: now(), task: tasks.get(storeCode) },
        list,
      );
      if (outcome) tasks.set(storeCode, outcome);
    }
    count += parsed.length;
    errorCount += errors.length;
    kept += data.length;
    await addUploadProgress(db, historyId, parsed.length, errors, data);
    // Other requests get their turn between batches (PGlite answers one query at a time on this thread).
    await new Promise((resolve) => setImmediate(resolve));
  };

  let batch: RawRecord[] = [];
  // Records no parser can read (over a size limit, or bytes that are no text of the encoding): errors of their rows.
  let unreadable: ParsedRow[] = [];
  let row = 0;
  try {
    for await (const record of records) {
      row = record.row;
      if ('error' in record) unreadable.push({ row, error: record.error });
      else if (record.cells.some((cell) => cell.includes('\uFFFD'))) unreadable.push({ row, error: UNDECODABLE(encoding) });
      else batch.push(record);
      if (batch.length + unreadable.length >= IMPORT_BATCH_ROWS) {
        await runBatch(batch, unreadable);
        batch = [];
        unreadable = [];
        if (errorCount >= UPLOAD_MAX_ERRORS) {
          await addUploadProgress(
            db,
            historyId!,
            0,
            [`Import stopped after row ${row}: more than ${UPLOAD_MAX_ERRORS} rows with errors.`],
            [],
          );
          break;
        }
      }
    }
    if (batch.length || unreadable.length || historyId === undefined) await runBatch(batch, unreadable);
  } catch (caught) {
    const error = caught instanceof NotTextError ? badRequest(caught.message, 'NOT_TEXT') : caught;
    // A broken stream after some batches: what was imported stays, and the history says where it ended.
    if (historyId !== undefined) {
      const message = error instanceof ApiError ? error.message : 'the upload was cut short';
      await addUploadProgress(db, historyId, 0, [`Import stopped after row ${row}: ${message}`], []);
      await finishUploadHistory(db, historyId, null, bytes.bytes, now());
    }
    const status = (error as { statusCode?: number }).statusCode;
    // The multipart limits keep their own 4xx (413 for a file too large).
    if (error instanceof ApiError || (status && status >= 400 && status < 500)) throw error;
    throw badRequest(`The upload was cut short: ${(error as Error).message}`, 'UPLOAD_CUT');
  }
  await finishUploadHistory(db, historyId!, stores.size === 1 ? [...stores][0] : null, bytes.bytes, now());
  return { historyId: String(historyId), count, errorCount };
}

/** A row as the detail page shows it: the columns by name, info slots by alias name, and its error if any. */
function detailOf(row: ParsedRow, ctx: ImportContext, error: string | undefined): Record<string, unknown> {
  const base: Record<string, unknown> = { row: row.row };
  if ('product' in row) {
    const p = row.product;
    const cut = (value: string | undefined) => excerpt(String(value ?? ''), HISTORY_VALUE_CHARS);
    Object.assign(base, {
      storeCode: cut(row.storeCode),
      prCode: cut(p.prCode),
      type: cut(p.type),
      layoutId: cut(p.layoutId),
      nfc: cut(p.nfc),
    });
    for (const a of ctx.aliases) base[a.name] = cut(p.prInfo[a.index]);
  } else base.prCode = excerpt(row.prCode ?? '', HISTORY_VALUE_CHARS);
  base.result = error ?? 'OK';
  return base;
}
