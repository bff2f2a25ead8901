import { Transform, type Readable } from 'node:stream';
import Papa from 'papaparse';
import type { ProductInput } from '../../../src/api/contract/products';
import type { Db } from '../../db/client';
import { applyProductImportBatch, type UpdateOutcome } from '../../repos/product-update';
import { addUploadProgress, createUploadHistory, finishUploadHistory, importContext, type ImportContext } from '../../repos/product-uploads';
import { ApiError, badRequest } from '../errors';
import { canAccessStore, type SessionUser } from '../privileges';
import { defaultProductFileParser, PRODUCT_FILE_COLUMNS, type ParsedRow, type ProductFileParser, type RawRecord } from './product-file-format';

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

/** Refuses a file that is not text, before anything of it is parsed or stored. */
function textOnly(): Transform & { bytes: number } {
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (chunk.includes(0)) return done(badRequest('The file is not a CSV text file.', 'NOT_TEXT'));
      t.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  t.bytes = 0;
  return t;
}

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
    // dataTypeLength is the label layout's business (the modal does not enforce it either): only the type is checked.
    if (alias.type === 'NUMBER' && !Number.isFinite(Number(value))) return `${alias.name} "${value.slice(0, 40)}" is not a number`;
  }
  return { storeCode, product };
}

const errorLine = (row: number, prCode: string | undefined, message: string) => `Row ${row}${prCode ? ` (${prCode})` : ''}: ${message}`;

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
  const bytes = textOnly();
  const records = req.file.pipe(bytes).pipe(Papa.parse(Papa.NODE_STREAM_INPUT, { delimitersToGuess: [',', ';', '\t'] }));
  req.file.on('error', (e) => bytes.destroy(e));
  bytes.on('error', (e) => records.destroy(e));

  let historyId: number | undefined;
  const tasks = new Map<string, UpdateOutcome>();
  let count = 0;
  let errorCount = 0;
  let kept = 0;
  const stores = new Set<string>();

  const runBatch = async (batch: RawRecord[]) => {
    const parsed = await parser(batch, parserCtx);
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
      if (kept + data.length < UPLOAD_DETAIL_MAX_ROWS) data.push({ rowNo: row.row, data: detailOf(row, ctx, typeof checked === 'string' ? checked : undefined) });
    }
    if (historyId === undefined) {
      if (!byStore.size) {
        const first = errors[0] ?? 'the file has no product rows';
        throw badRequest(`The file does not follow the product file format (${[...PRODUCT_FILE_COLUMNS, '<product info by alias index>'].join(',')}): ${first}`, 'BAD_PRODUCT_FILE');
      }
      historyId = await createUploadHistory(db, req.companyCode, req.fileName, received);
      await req.onHistory?.(historyId);
    }
    for (const [storeCode, list] of byStore) {
      const outcome = await applyProductImportBatch(db, { storeCode, companyCode: req.companyCode, now: now(), task: tasks.get(storeCode) }, list);
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
  let row = 0;
  try {
    for await (const cells of records as AsyncIterable<string[]>) {
      row += 1;
      if (row === 1 && cells[0]) cells[0] = cells[0].replace(/^\uFEFF/, '');
      batch.push({ row, cells });
      if (batch.length >= IMPORT_BATCH_ROWS) {
        await runBatch(batch);
        batch = [];
        if (errorCount >= UPLOAD_MAX_ERRORS) {
          await addUploadProgress(db, historyId!, 0, [`Import stopped after row ${row}: more than ${UPLOAD_MAX_ERRORS} rows with errors.`], []);
          records.destroy();
          break;
        }
      }
    }
    if (batch.length || historyId === undefined) await runBatch(batch);
  } catch (error) {
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
    Object.assign(base, { storeCode: row.storeCode, prCode: p.prCode, type: p.type ?? '', layoutId: p.layoutId, nfc: p.nfc ?? '' });
    for (const a of ctx.aliases) base[a.name] = p.prInfo[a.index] ?? '';
  } else base.prCode = row.prCode ?? '';
  base.result = error ?? 'OK';
  return base;
}
