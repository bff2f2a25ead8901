import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { paperTaskDetails, products, uploadHistory } from '../../server/db/schema/index';
import { multipartBody, startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** The saved parsers at upload: a company's product file parser and a store's paper parser replace the default formats. */
let sut: TestServer;
let as: Record<string, AuthHeaders>;
const STORE = 'TKY001';

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme']));
}, 600_000);
afterAll(async () => sut?.close());

const post = (url: string, payload: object, query?: Record<string, string>) => sut.app.inject({ method: 'POST', url: `/api${url}`, query, payload, headers: as.acme });
const uploadProducts = (content: string) => {
  const form = multipartBody({}, { name: 'pipes.txt', content });
  return sut.app.inject({ method: 'POST', url: '/api/product/file', query: { companyCode: 'ACME' }, payload: form.payload, headers: { ...as.acme, ...form.headers } });
};

// A pipe-separated file, price first: nothing the default CSV format reads.
const PIPES = `function parse(text, context) {
  return text.split("\\n").filter(Boolean).map((line, i) => {
    const cells = line.split("|");
    return { storeCode: "${STORE}", prCode: cells[1], layoutId: "STD_PRICE", prInfo: [cells[2], cells[0]], line: context.line + i };
  });
}`;

describe('product file upload with the company’s parser', () => {
  it('imports what the script reads', async () => {
    expect((await post('/config/parser/product', { code: PIPES }, { companyCode: 'ACME' })).statusCode).toBe(200);
    const res = await uploadProducts('320|PIPE-1|Pipe tea\n150|PIPE-2|Pipe rice\n');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, errorCount: 0 });
    const [p] = await sut.deps.db.select().from(products).where(and(eq(products.storeCode, STORE), eq(products.prCode, 'PIPE-1')));
    expect(p.prInfo.slice(0, 2)).toEqual(['Pipe tea', '320']);
  });

  it('marks the rows with the parser’s error when the script fails', async () => {
    expect((await post('/config/parser/product', { code: 'function parse(text) { throw new Error("no pipes today"); }' }, { companyCode: 'ACME' })).statusCode).toBe(200);
    const res = await uploadProducts('320|PIPE-3|Pipe tea\n');
    // No product row at all: the upload is refused, naming the parser's error.
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Parser error: Error: no pipes today (line 1, column 39)');
    expect(await sut.deps.db.select().from(uploadHistory).where(eq(uploadHistory.fileName, 'pipes.txt'))).toHaveLength(1);
    // Back to the default format for the other tests of the file.
    await post('/config/parser/product', { code: '' }, { companyCode: 'ACME' });
  });
});

describe('paper upload with the store’s parser', () => {
  it('prints the labels the script reads, and a failing script is the upload’s error', async () => {
    const [product] = await sut.deps.db.select().from(products).where(eq(products.storeCode, STORE)).limit(1);
    const code = 'function parse(text) { return text.split("\\n").filter(Boolean).map((l) => { const [code, name] = l.split("|"); return { prCode: code, prInfo: [name] }; }); }';
    expect((await post(`/config/parser/paper/store/${STORE}`, { code })).statusCode).toBe(200);
    const form = multipartBody({}, { name: 'labels.txt', content: `${product.prCode}|Pipe label\n` });
    const res = await sut.app.inject({ method: 'POST', url: `/api/paper/file/store/${STORE}`, payload: form.payload, headers: { ...as.acme, ...form.headers } });
    expect(res.statusCode, res.body).toBe(200);
    const details = await sut.deps.db.select().from(paperTaskDetails).where(and(eq(paperTaskDetails.storeCode, STORE), eq(paperTaskDetails.prCode, product.prCode)));
    expect(details.some((d) => JSON.stringify(d).includes('Pipe label'))).toBe(true);

    expect((await post(`/config/parser/paper/store/${STORE}`, { code: 'function parse() { return null; }' })).statusCode).toBe(200);
    const again = multipartBody({}, { name: 'labels.txt', content: 'x\n' });
    const failed = await sut.app.inject({ method: 'POST', url: `/api/paper/file/store/${STORE}`, payload: again.payload, headers: { ...as.acme, ...again.headers } });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toMatch(/^No valid data\nParser error: parse answered something other than its contract asks/);
  });
});
