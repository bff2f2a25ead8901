import { describe, expect, it } from 'vitest';
import { csvRecords, guessDelimiter, type CsvLimits, type CsvRecord, type FileEncoding } from '../../server/lib/product-file/csv-records';

const WIDE: CsvLimits = { fieldChars: 1000, fields: 50, recordChars: 10_000 };

async function read(chunks: (Buffer | string)[], limits = WIDE, encoding: FileEncoding = 'utf-8'): Promise<CsvRecord[]> {
  const out: CsvRecord[] = [];
  for await (const record of csvRecords(chunks, encoding, limits)) out.push(record);
  return out;
}

/** The bytes cut into pieces of `size` bytes: every split point a real stream could have. */
const pieces = (bytes: Buffer, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

describe('CSV records from a byte stream', () => {
  it('reads RFC 4180 values: quotes, doubled quotes, separators and line breaks inside quotes, CRLF and CR', async () => {
    const text =
      'storeCode,prCode,NAME\r\nTKY001,4901,"Green tea, 500 ml"\r\nTKY001,4902,"He said ""hi""\nover two lines"\rTKY001,4903,plain "inner" quote\n';
    expect(await read([text])).toEqual([
      { row: 1, cells: ['storeCode', 'prCode', 'NAME'] },
      { row: 2, cells: ['TKY001', '4901', 'Green tea, 500 ml'] },
      { row: 3, cells: ['TKY001', '4902', 'He said "hi"\nover two lines'] },
      { row: 4, cells: ['TKY001', '4903', 'plain "inner" quote'] },
    ]);
  });

  it('gives the same records however the bytes are cut, multi-byte characters and CRLF included', async () => {
    const names = ['緑茶「伊右衛門」, 500 ml', '신라면 "매운맛"; 120g', 'Crème brûlée 🍮', '北海道産 じゃがいも'];
    const text = `${names.map((n, i) => `SEL001,${1000 + i},"${n.replace(/"/g, '""')}",${i}`).join('\r\n')}\r\n`;
    const bytes = Buffer.from(text);
    const whole = await read([bytes]);
    expect(whole.map((r) => ('cells' in r ? r.cells[2] : r.error))).toEqual(names);
    for (let size = 1; size <= 13; size++) expect(await read(pieces(bytes, size))).toEqual(whole);
  });

  it('keeps every name of a large file intact across every 64 KiB chunk boundary', async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => `TKY001,${i},商品名${'あいう'.repeat(i % 7)}${i}`);
    const bytes = Buffer.from(`${rows.join('\n')}\n`);
    const records = await read(pieces(bytes, 64 * 1024));
    expect(records).toHaveLength(rows.length);
    expect(records.map((r) => ('cells' in r ? r.cells.join(',') : r.error))).toEqual(rows);
  });

  it('decodes Shift_JIS and EUC-KR files, and marks bytes that are no UTF-8 text', async () => {
    // "日本" in Shift_JIS, "한국" in EUC-KR: each character two bytes, here cut between its two bytes.
    const sjis = Buffer.from([0x41, 0x2c, 0x93, 0xfa, 0x96, 0x7b, 0x0a]);
    expect(await read(pieces(sjis, 3), WIDE, 'shift_jis')).toEqual([{ row: 1, cells: ['A', '日本'] }]);
    const euc = Buffer.from([0x42, 0x2c, 0xc7, 0xd1, 0xb1, 0xb9, 0x0a]);
    expect(await read(pieces(euc, 3), WIDE, 'euc-kr')).toEqual([{ row: 1, cells: ['B', '한국'] }]);
    const [asUtf8] = await read([sjis]);
    expect('cells' in asUtf8 && asUtf8.cells[1]).toContain('\uFFFD');
  });

  it('guesses the separator from the first line, outside quotes', () => {
    expect(guessDelimiter('a;b;c\n1,2')).toBe(';');
    expect(guessDelimiter('a\tb\tc')).toBe('\t');
    expect(guessDelimiter('"x;y;z",b,c')).toBe(',');
    expect(guessDelimiter('single')).toBe(',');
  });

  it('cuts a record over a limit into an error of that record alone, and reads the next one', async () => {
    const limits: CsvLimits = { fieldChars: 10, fields: 4, recordChars: 60 };
    const text = ['a,b', 'x'.repeat(11), 'a,b,c,d,e', `${'y,'.repeat(40)}y`, 'c,d', `"${'q'.repeat(100)}`].join('\n');
    expect(await read([text], limits)).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, error: 'value 1 is longer than 10 characters' },
      { row: 3, error: 'the record has more than 4 values' },
      { row: 4, error: 'the record has more than 4 values' },
      { row: 5, cells: ['c', 'd'] },
      // An unclosed quote runs to the end of the file: the record limit stops it.
      { row: 6, error: 'the record is longer than 60 characters' },
    ]);
  });

  it('reads a 64 MB line of separators in bounded memory, as one error', async () => {
    const chunk = Buffer.alloc(1024 * 1024, ',');
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    async function* source() {
      yield Buffer.from('TKY001');
      for (let i = 0; i < 64; i++) {
        yield chunk;
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      yield Buffer.from('\nTKY001,4901,STD,,,Tea\n');
    }
    const records: CsvRecord[] = [];
    for await (const r of csvRecords(source(), 'utf-8', { fieldChars: 16 * 1024, fields: 260, recordChars: 256 * 1024 })) records.push(r);
    expect(records).toEqual([
      { row: 1, error: 'the record has more than 260 values' },
      { row: 2, cells: ['TKY001', '4901', 'STD', '', '', 'Tea'] },
    ]);
    // 64 million empty values held as strings would be gigabytes; the splitter keeps at most one record's limits.
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a file with NUL bytes as not text', async () => {
    await expect(read([Buffer.from([0x41, 0x00, 0x42])])).rejects.toThrow('The file is not a CSV text file.');
  });
});
