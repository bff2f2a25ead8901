import type { FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import { Value } from 'typebox/value';
import { PrCode } from '../../../contract/schemas/common';
import { PaperUploadFieldsSchema } from '../../../contract/schemas/paper';
import type { AliasItem } from '../../../contract/schemas/settings-alias';
import { badRequest } from '../errors';

/** A price-label run of a whole store fits easily (our choice). */
const PAPER_FILE_MAX_BYTES = 2 * 1024 * 1024;
const PAPER_FILE_MAX_ROWS = 10_000;
/** Product info slots (console-admin §9) and the longest value one may hold. */
const PR_INFO_SLOTS = 255;
const PR_INFO_MAX_CHARS = 1000;

export interface PaperForm {
  fileName: string;
  taskDes?: string;
  text: string;
}

/**
 * The multipart form of the paper upload: one file named `file` and an optional taskDes. The form was read (and a
 * malformed body refused) by plugins/multipart-form.ts; the route's JSON schema cannot see its parts, so this checks
 * them: anything else is a 400 and nothing is stored.
 */
export function readPaperForm(req: FastifyRequest): PaperForm {
  const form = req.multipartForm;
  if (!form) throw badRequest('Send the file as multipart/form-data (field file).');
  if (!Value.Check(PaperUploadFieldsSchema, form.fields)) {
    const unknown = Object.keys(form.fields).find((k) => k !== 'taskDes');
    throw badRequest(unknown ? `Unexpected field: ${unknown}` : 'taskDes is longer than 200 characters.');
  }
  const stray = form.files.find((f) => f.fieldname !== 'file');
  if (stray) throw badRequest(`Unexpected file field: ${stray.fieldname}`);
  // console-admin §5: one file at a time.
  if (form.files.length > 1) throw badRequest('Send one file only.');
  const file = form.files[0];
  if (!file) throw badRequest('The form has no file.');
  if (file.content.length > PAPER_FILE_MAX_BYTES) throw badRequest(`The file is larger than ${PAPER_FILE_MAX_BYTES / 1024 / 1024} MiB.`);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(file.content);
  if (file.content.includes(0) || text.includes('\uFFFD')) throw badRequest('The file is not a UTF-8 CSV text file.', 'NOT_CSV');
  const fileName = (file.filename || 'paper.csv').slice(0, 255);
  return { fileName, taskDes: form.fields.taskDes?.trim() || undefined, text };
}

/** One label the file asks for: its product code and the info slots it gives (absent slots: none given). */
export interface PaperFileRow {
  line: number;
  prCode: string;
  /** Sparse by alias index; empty when the row names the product only. */
  prInfo: Map<number, string>;
}

export interface ParsedPaperFile {
  rows: PaperFileRow[];
  /** One message per bad row ("Line 7: …"); the good rows are printed all the same. */
  errors: string[];
  /** Rows read, good and bad. */
  count: number;
}

export interface PaperParseContext {
  /** The company's alias items: the names and order of the product info fields. */
  aliases: readonly AliasItem[];
}

/** A script parser runs in the sandbox, hence may answer later. */
export type PaperParser = (text: string, ctx: PaperParseContext) => ParsedPaperFile | Promise<ParsedPaperFile>;

/**
 * The default format: a CSV (',' or ';' or tab) whose first value is the product code and the others the product
 * info fields in the order of the company's alias config. A first line starting with "prCode" is a header instead,
 * naming the info columns by their alias names in any order. Empty lines and lines starting with # are skipped.
 * A broken file (unknown header column, too many rows, nothing usable) is a 400; a bad row is an error of its own.
 */
export const parseDefaultPaperFile: PaperParser = (text, { aliases }) => {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimitersToGuess: [',', ';', '\t'], skipEmptyLines: 'greedy' });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken) throw badRequest(`Line ${(broken.row ?? 0) + 1}: ${broken.message}.`, 'MALFORMED_CSV');
  const lines = parsed.data
    .map((cells, i) => ({ line: i + 1, cells: cells.map((c) => c.trim()) }))
    .filter((l) => !l.cells[0]?.startsWith('#'));
  if (lines.length > PAPER_FILE_MAX_ROWS + 1) throw badRequest(`The file has more than ${PAPER_FILE_MAX_ROWS} rows.`);

  const ordered = [...aliases].sort((a, b) => a.index - b.index);
  let slots: (number | undefined)[] = ordered.length ? ordered.map((a) => a.index) : Array.from({ length: PR_INFO_SLOTS }, (_, i) => i);
  const header = lines[0]?.cells[0]?.toLowerCase() === 'prcode' ? lines.shift() : undefined;
  if (header) slots = header.cells.slice(1).map((name) => slotOfHeader(name, ordered));

  const out: ParsedPaperFile = { rows: [], errors: [], count: lines.length };
  for (const { line, cells } of lines) {
    while (cells.length > 1 && !cells[cells.length - 1]) cells.pop();
    const error = rowError(cells, slots);
    if (error) {
      out.errors.push(`Line ${line}: ${error}`);
      continue;
    }
    const prInfo = new Map<number, string>();
    cells.slice(1).forEach((value, i) => {
      const slot = slots[i];
      if (slot !== undefined && value !== '') prInfo.set(slot, value);
    });
    out.rows.push({ line, prCode: cells[0], prInfo });
  }
  return out;
};

function slotOfHeader(name: string, aliases: readonly AliasItem[]): number | undefined {
  if (!name) return undefined;
  const alias = aliases.find((a) => a.name.trim().toLowerCase() === name.toLowerCase());
  if (!alias)
    throw badRequest(
      `Unknown column "${name.slice(0, 40)}": the columns are prCode and the product info names of the alias config.`,
      'MALFORMED_CSV',
    );
  return alias.index;
}

function rowError(cells: string[], slots: readonly (number | undefined)[]): string | undefined {
  const prCode = cells[0] ?? '';
  if (!prCode) return 'empty product code';
  if (!Value.Check(PrCode, prCode)) return 'the product code is too long';
  if (cells.length - 1 > slots.length)
    return `${cells.length} values, but a row has the product code and ${slots.length} product info fields`;
  if (cells.some((c) => c.length > PR_INFO_MAX_CHARS)) return `a value is longer than ${PR_INFO_MAX_CHARS} characters`;
  return undefined;
}

/**
 * The labels to print: a row's own info, over the store's product of that code when it has one (a row may name the
 * product only). A row of an unknown product without any info has nothing to print: an error of its own.
 */
export function labelsOf(
  file: ParsedPaperFile,
  known: ReadonlyMap<string, string[]>,
): { labels: { prCode: string; prInfo: string[] }[]; errors: string[] } {
  const labels: { prCode: string; prInfo: string[] }[] = [];
  const errors = [...file.errors];
  for (const row of file.rows) {
    const base = known.get(row.prCode);
    if (!base && !row.prInfo.size) {
      errors.push(`Line ${row.line}: unknown product ${row.prCode} and no product info to print`);
      continue;
    }
    const prInfo = [...(base ?? [])];
    for (const [slot, value] of row.prInfo) {
      while (prInfo.length < slot) prInfo.push('');
      prInfo[slot] = value;
    }
    labels.push({ prCode: row.prCode, prInfo });
  }
  const lineOf = (message: string) => Number(/^Line (\d+)/.exec(message)?.[1] ?? 0);
  return { labels, errors: errors.sort((a, b) => lineOf(a) - lineOf(b)) };
}
