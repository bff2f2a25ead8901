import type { FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import { Value } from 'typebox/value';
import { StoreCode, PrCode } from '../../contract/schemas/common';
import { TAG_LIST_MAX } from '../../contract/schemas/constants-core';
import { TagRef } from '../../contract/schemas/tags';
import { badRequest } from '../lib/errors';
import type { AssignEntry } from '../repos/tag-assign';

/** console-core §5, exact text. */
export const DEFAULT_CODE_MISSING = 'Please enter the Default Product Code.';
/** 10,000 lines of a tag id and a product code fit easily (our choice). */
const ASSIGN_FILE_MAX_BYTES = 2 * 1024 * 1024;
const FIELDS = ['storeCode', 'defaultPrCode'] as const;
const FIELD_MAX_CHARS = 1024;

export interface AssignForm {
  storeCode: string;
  defaultPrCode?: string;
  text: string;
}

/**
 * The multipart form of the CSV assign: fields storeCode and defaultPrCode and one file named `file`. The form was
 * read (and a malformed body refused) by plugins/multipart-form.ts; this checks that it is this call's form, since
 * the route's JSON schema cannot see multipart parts: anything else in it is a 400.
 */
export function readAssignForm(req: FastifyRequest): AssignForm {
  const form = req.multipartForm;
  if (!form) throw badRequest('Send the file as multipart/form-data (fields storeCode, defaultPrCode, file).');
  for (const name of Object.keys(form.fields)) {
    if (!(FIELDS as readonly string[]).includes(name)) throw badRequest(`Unexpected field: ${name}`);
    if (form.fields[name].length > FIELD_MAX_CHARS) throw badRequest(`The field ${name} is too long.`);
  }
  const { storeCode, defaultPrCode } = form.fields as Partial<Record<(typeof FIELDS)[number], string>>;
  const stray = form.files.find((f) => f.fieldname !== 'file');
  if (stray) throw badRequest(`Unexpected file field: ${stray.fieldname}`);
  if (form.files.length > 1) throw badRequest('Send one file only.');
  const file = form.files[0]?.content;
  if (!storeCode || !Value.Check(StoreCode, storeCode)) throw badRequest('storeCode is missing or malformed.');
  if (!file) throw badRequest('The form has no file.');
  if (file.length > ASSIGN_FILE_MAX_BYTES) throw badRequest(`The file is larger than ${ASSIGN_FILE_MAX_BYTES / 1024 / 1024} MiB.`);
  if (file.includes(0)) throw badRequest('The file is not a CSV text file.');
  return { storeCode, defaultPrCode, text: file.toString('utf8') };
}

/**
 * Lines "tag id,product code" (',' — or ';' / tab as spreadsheets export them); empty lines and lines starting
 * with # are skipped; a line with only a tag id takes the default product code. No header row: the spec shows
 * none for this file. Anything else is a 400 naming the line, and nothing is assigned.
 */
export function parseAssignCsv(text: string, defaultPrCode: string | undefined): AssignEntry[] {
  const fallback = defaultPrCode?.trim();
  if (!fallback) throw badRequest(DEFAULT_CODE_MISSING);
  if (!Value.Check(PrCode, fallback)) throw badRequest('The Default Product Code is too long.');
  const entries: AssignEntry[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    const at = `Line ${i + 1}`;
    const parsed = Papa.parse<string[]>(trimmed, { delimitersToGuess: [',', ';', '\t'] });
    const error = parsed.errors.find((e) => e.type !== 'Delimiter');
    if (error) throw badRequest(`${at}: ${error.message}.`, 'MALFORMED_CSV');
    if (parsed.data.length !== 1) throw badRequest(`${at}: expected "tag id,product code".`, 'MALFORMED_CSV');
    const cells = parsed.data[0].map((c) => c.trim());
    while (cells.length > 1 && !cells[cells.length - 1]) cells.pop();
    if (cells.length > 2) throw badRequest(`${at}: expected "tag id,product code", found ${cells.length} values.`, 'MALFORMED_CSV');
    const [tagRef, prCode] = cells;
    if (!tagRef || !Value.Check(TagRef, tagRef)) throw badRequest(`${at}: "${tagRef.slice(0, 40)}" is not a tag id.`, 'MALFORMED_CSV');
    if (prCode && !Value.Check(PrCode, prCode)) throw badRequest(`${at}: the product code is too long.`, 'MALFORMED_CSV');
    if (entries.length >= TAG_LIST_MAX) throw badRequest(`The file has more than ${TAG_LIST_MAX} tag lines.`);
    entries.push({ tagRef, prCode: prCode || fallback, degree: 0 });
  });
  // console-core §8 message for a file without usable rows.
  if (!entries.length) throw badRequest('No valid data');
  return entries;
}
