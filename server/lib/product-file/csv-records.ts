/*
 * CSV records read from a byte stream with every size bounded (issue 29 §1, issue 32 §1). The bytes are decoded as one
 * text stream (a TextDecoder in streaming mode carries a character split across two chunks into the next one), then
 * split into RFC 4180 records. A general CSV library keeps a record whole however long it grows, and papaparse split a
 * 190 MB line of commas into one string and then 190 million fields, which ended the process: here a record over its
 * limits is cut off where it crosses them, its remaining text skipped, and it comes out as an error for that record
 * alone. Memory is bounded by the limits, whatever the file holds.
 */

import type { PRODUCT_FILE_ENCODINGS } from '../../../contract/schemas/products';

export interface CsvLimits {
  /** Characters of one value. */
  fieldChars: number;
  /** Values of one record. */
  fields: number;
  /** Characters of one record, separators and quotes included. */
  recordChars: number;
}

/** A product row has 5 columns and up to 255 info slots (console-admin §4); a value is a name or a price, not a page. */
export const PRODUCT_FILE_LIMITS: CsvLimits = { fieldChars: 16 * 1024, fields: 5 + 255, recordChars: 256 * 1024 };

/** The encodings a product file may be in (the upload's `encoding`): TextDecoder labels. */
export type FileEncoding = (typeof PRODUCT_FILE_ENCODINGS)[number];

/** A record as read: `row` counts records from 1; `error` says why its values are not usable (over a limit). */
export type CsvRecord = { row: number; cells: string[] } | { row: number; error: string };

const DELIMITERS = [',', ';', '\t'];

/** The delimiter of the first line: the candidate outside quotes that occurs most (',' when none does). */
export function guessDelimiter(firstText: string): string {
  const counts = new Map(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of firstText) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/**
 * The record splitter: text goes in as it is decoded, complete records come out. State survives between pieces of
 * text, so a record, a quoted value or a "" escape may span any number of them.
 */
export class CsvRecordSplitter {
  private cells: string[] = [];
  private field = '';
  private quoted = false;
  /** The last character was the closing quote candidate of a quoted value (`""` is an escaped quote). */
  private quoteSeen = false;
  /** At the start of a value (a quote there opens a quoted value). */
  private atFieldStart = true;
  private recordChars = 0;
  private tooLong: string | undefined;
  private lastWasCr = false;
  private row = 0;
  private out: CsvRecord[] = [];

  constructor(
    private readonly delimiter: string,
    private readonly limits: CsvLimits,
  ) {}

  /** Splits the next piece of text; answers the records it completed. */
  push(text: string): CsvRecord[] {
    const { delimiter } = this;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (this.lastWasCr) {
        this.lastWasCr = false;
        if (ch === '\n') continue;
      }
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (ch === '"') {
            this.append('"');
            continue;
          }
          this.quoted = false; // the quote closed the value: this character is read as outside quotes below
        } else if (ch === '"') {
          this.quoteSeen = true;
          this.count(1);
          continue;
        } else {
          // A run of plain characters inside quotes, taken at once.
          const end = nextQuote(text, i);
          this.append(text.slice(i, end));
          i = end - 1;
          continue;
        }
      }
      if (this.tooLong) {
        // A record already over its limits: skip to its end, only watching for a quote that opens a value.
        const end = nextBreakOrQuote(text, i);
        if (end > i) {
          this.count(end - i);
          this.atFieldStart = text[end - 1] === delimiter;
          i = end - 1;
          continue;
        }
      }
      if (ch === delimiter) {
        this.endField();
        this.count(1);
      } else if (ch === '\n' || ch === '\r') {
        this.endRecord();
        this.lastWasCr = ch === '\r';
      } else if (ch === '"' && this.atFieldStart) {
        this.quoted = true;
        this.atFieldStart = false;
        this.count(1);
      } else {
        const end = nextSpecial(text, i, delimiter);
        this.append(text.slice(i, end));
        this.atFieldStart = false;
        i = end - 1;
      }
    }
    return this.take();
  }

  /** The end of the text: the last record, when it has no line break after it. */
  end(): CsvRecord[] {
    if (this.quoteSeen) this.quoted = false;
    if (this.quoted && !this.tooLong) this.tooLong = 'a quoted value is not closed before the end of the file';
    if (this.cells.length || this.field || !this.atFieldStart || this.tooLong) this.endRecord();
    return this.take();
  }

  private take(): CsvRecord[] {
    const records = this.out;
    this.out = [];
    return records;
  }

  private count(chars: number): void {
    this.recordChars += chars;
    if (!this.tooLong && this.recordChars > this.limits.recordChars)
      this.tooLong = `the record is longer than ${this.limits.recordChars} characters`;
  }

  private append(piece: string): void {
    this.count(piece.length);
    if (this.tooLong) return;
    if (this.field.length + piece.length > this.limits.fieldChars) {
      this.tooLong = `value ${this.cells.length + 1} is longer than ${this.limits.fieldChars} characters`;
      return;
    }
    this.field += piece;
  }

  private endField(): void {
    if (!this.tooLong) {
      if (this.cells.length >= this.limits.fields) this.tooLong = `the record has more than ${this.limits.fields} values`;
      else this.cells.push(this.field);
    }
    this.field = '';
    this.atFieldStart = true;
  }

  private endRecord(): void {
    this.endField();
    this.row += 1;
    this.out.push(this.tooLong ? { row: this.row, error: this.tooLong } : { row: this.row, cells: this.cells });
    this.cells = [];
    this.recordChars = 0;
    this.tooLong = undefined;
    this.quoted = false;
    this.quoteSeen = false;
  }
}

function nextBreakOrQuote(text: string, from: number): number {
  BREAK_OR_QUOTE.lastIndex = from;
  return BREAK_OR_QUOTE.exec(text)?.index ?? text.length;
}
const BREAK_OR_QUOTE = /[\r\n"]/g;

function nextQuote(text: string, from: number): number {
  const at = text.indexOf('"', from);
  return at < 0 ? text.length : at;
}

/** The index of the next delimiter, line break or quote after `from` (a quote inside an unquoted value is kept as it is). */
function nextSpecial(text: string, from: number, delimiter: string): number {
  for (let i = from + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === delimiter || ch === '\n' || ch === '\r') return i;
  }
  return text.length;
}

export class NotTextError extends Error {}

/** Leaves this much text undecided while guessing the delimiter from the first line. */
const GUESS_WINDOW = 64 * 1024;

/**
 * The records of a byte stream in the given encoding. A NUL byte means the file is not text (a spreadsheet, an
 * image, UTF-16): NotTextError. Bytes that are not valid in the encoding become U+FFFD, which the importer reports
 * for the row that holds them — never stored silently.
 */
export async function* csvRecords(
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  encoding: FileEncoding,
  limits: CsvLimits,
): AsyncGenerator<CsvRecord> {
  // ignoreBOM false: the decoder drops a leading byte order mark itself.
  const decoder = new TextDecoder(encoding);
  let splitter: CsvRecordSplitter | undefined;
  let pending = '';
  const feed = (text: string): CsvRecord[] => {
    if (splitter) return splitter.push(text);
    pending += text;
    if (!/[\r\n]/.test(pending) && pending.length < GUESS_WINDOW) return [];
    splitter = new CsvRecordSplitter(guessDelimiter(pending), limits);
    const first = pending;
    pending = '';
    return splitter.push(first);
  };
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (bytes.includes(0)) throw new NotTextError('The file is not a CSV text file.');
    yield* feed(decoder.decode(bytes, { stream: true }));
  }
  yield* feed(decoder.decode());
  splitter ??= new CsvRecordSplitter(guessDelimiter(pending), limits);
  if (pending) yield* splitter.push(pending);
  yield* splitter.end();
}
