import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { systemAlarms } from '../../server/db/schema/index';
import { scriptedPaperParser, scriptedProductFileParser } from '../../server/services/upload-parsers';
import { SYSTEM_ALARM_TYPES } from '../../contract/schemas/system-alarm-types';
import { startTestServer, type TestServer } from './harness';

/** The saved parsers in the uploads' seams: rows as the seams take them, and a failing script marks the rows. */
let sut: TestServer;

beforeAll(async () => {
  sut = await startTestServer();
});
afterAll(async () => {
  await sut?.close();
});

// A semicolon file with the price first: the kind of format a customer's parser exists for.
const PRODUCT_PARSER = `function parse(text, context) {
  return text.split("\\n").filter((l) => l && !l.startsWith("price")).map((l, i) => {
    const [price, code, name] = l.split(";");
    return { storeCode: "TKY001", prCode: code, layoutId: "STD_PRICE", prInfo: [name, price], line: context.line + i };
  });
}`;

describe('product file parser script', () => {
  it('turns a batch of records into product rows', async () => {
    const parse = scriptedProductFileParser(sut.deps.db, PRODUCT_PARSER, 'prices.csv');
    const rows = await parse(
      [
        { row: 1, cells: ['price;code;name'] },
        { row: 2, cells: ['128;4901;Green tea'] },
      ],
      { companyCode: 'ACME', aliasNames: ['NAME', 'PRICE'] },
    );
    expect(rows).toEqual([
      { row: 1, storeCode: 'TKY001', product: { prCode: '4901', layoutId: 'STD_PRICE', prInfo: ['Green tea', '128'] } },
    ]);
  });

  it('marks every row of a failing batch with the parser error, with one alarm per upload', async () => {
    const parse = scriptedProductFileParser(sut.deps.db, 'function parse(text) {\n  return text.nope.x;\n}', 'broken.csv');
    const ctx = { companyCode: 'ACME', aliasNames: ['NAME'] };
    const first = await parse(
      [
        { row: 1, cells: ['a', 'b'] },
        { row: 2, cells: ['c', 'd'] },
      ],
      ctx,
    );
    await parse([{ row: 3, cells: ['e'] }], ctx);
    const message = "Parser error: TypeError: cannot read property 'x' of undefined (line 2, column 19)";
    expect(first).toEqual([
      { row: 1, error: message },
      { row: 2, error: message },
    ]);
    const alarms = await sut.deps.db
      .select()
      .from(systemAlarms)
      .where(eq(systemAlarms.type, SYSTEM_ALARM_TYPES.PRODUCT_FILE_PARSER_EXCEPTION.code));
    expect(alarms.filter((a) => (a.data as { file?: string }).file === 'broken.csv')).toHaveLength(1);
  });
});

describe('paper parser script', () => {
  it('answers the rows with their info by alias index, or the parser error', async () => {
    const parse = scriptedPaperParser(
      sut.deps.db,
      'function parse(text) { return text.split("\\n").map((l) => ({ prCode: l, prInfo: ["", l.toLowerCase()] })); }',
      'TKY001',
      'p.txt',
    );
    const file = await parse('A1\nB2', { aliases: [] });
    expect(file).toEqual({
      rows: [
        { line: 1, prCode: 'A1', prInfo: new Map([[1, 'a1']]) },
        { line: 2, prCode: 'B2', prInfo: new Map([[1, 'b2']]) },
      ],
      errors: [],
      count: 2,
    });
    const broken = await scriptedPaperParser(
      sut.deps.db,
      'function parse() { return [{ prInfo: [] }]; }',
      'TKY001',
      'p.txt',
    )('x', { aliases: [] });
    expect(broken.rows).toEqual([]);
    expect(broken.errors[0]).toMatch(/^Parser error: parse answered something other than its contract asks/);
  });
});
