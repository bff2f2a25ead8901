import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { paperTaskDetails, products, uploadHistory } from '../../server/db/schema/index';
import { SCRIPT_LIMITS } from '../../server/lib/sandbox/run-script';
import { multipartBody, startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** The saved parsers at upload: a company's product file parser and a store's paper parser replace the default formats. */
let sut: TestServer;
let as: Record<string, AuthHeaders>;
const STORE = 'TKY001';

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme']));
}, 600_000);
afterAll(async () => sut?.close());

const post = (url: string, payload: object, query?: Record<string, string>) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, query, payload, headers: as.acme });
const uploadProducts = (content: string) => {
  const form = multipartBody({}, { name: 'pipes.txt', content });
  return sut.app.inject({
    method: 'POST',
    url: '/api/product/file',
    query: { companyCode: 'ACME' },
    payload: form.payload,
    headers: { ...as.acme, ...form.headers },
  });
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
    const [p] = await sut.deps.db
      .select()
      .from(products)
      .where(and(eq(products.storeCode, STORE), eq(products.prCode, 'PIPE-1')));
    expect(p.prInfo.slice(0, 2)).toEqual(['Pipe tea', '320']);
  });

  it('marks the rows with the parser’s error when the script fails', async () => {
    expect(
      (
        await post(
          '/config/parser/product',
          { code: 'function parse(text) { throw new Error("no pipes today"); }' },
          { companyCode: 'ACME' },
        )
      ).statusCode,
    ).toBe(200);
    const res = await uploadProducts('320|PIPE-3|Pipe tea\n');
    // No product row at all: the upload is refused, naming the parser's error.
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Parser error: Error: no pipes today (line 1, column 39)');
    expect(await sut.deps.db.select().from(uploadHistory).where(eq(uploadHistory.fileName, 'pipes.txt'))).toHaveLength(1);
    // Back to the default format for the other tests of the file.
    await post('/config/parser/product', { code: '' }, { companyCode: 'ACME' });
  });
});

describe('a runaway product file parser at upload', () => {
  // The production limits (60 s, 512 MB) are shortened for the test; the same pool and interrupt stop the script.
  const production = SCRIPT_LIMITS.productFileParser;
  const LIMIT_MS = 1_500;
  beforeAll(async () => {
    SCRIPT_LIMITS.productFileParser = { ...production, timeMs: LIMIT_MS, memoryBytes: 32 * 1024 * 1024 };
    // pg-boss installs itself on a database's first job (server/scale/jobs.ts): done before the timings, which are the parser's.
    await sut.deps.jobs!.prepare();
  });
  afterAll(async () => {
    SCRIPT_LIMITS.productFileParser = production;
    await post('/config/parser/product', { code: '' }, { companyCode: 'ACME' });
  });

  /** Uploads with the parser saved, and meanwhile (100 ms in) reads the saved parser: both timed. */
  const runaway = async (code: string, fileName: string) => {
    expect((await post('/config/parser/product', { code }, { companyCode: 'ACME' })).statusCode).toBe(200);
    const started = performance.now();
    const form = multipartBody({}, { name: fileName, content: '320|RUN-1|Runaway tea\n' });
    const upload = sut.app.inject({
      method: 'POST',
      url: '/api/product/file',
      query: { companyCode: 'ACME' },
      payload: form.payload,
      headers: { ...as.acme, ...form.headers },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const otherStarted = performance.now();
    const other = await sut.app.inject({
      method: 'GET',
      url: '/api/config/parser/product',
      query: { companyCode: 'ACME' },
      headers: as.acme,
    });
    const otherMs = performance.now() - otherStarted;
    const res = await upload;
    const uploadMs = performance.now() - started;
    expect(other.statusCode, other.body).toBe(200);
    expect(otherMs).toBeLessThan(1_000);
    const [history] = await sut.deps.db.select().from(uploadHistory).where(eq(uploadHistory.fileName, fileName));
    return { res, uploadMs, otherMs, history };
  };

  it('stops `while(true){}` at the time limit; the upload shows the error and other requests keep answering', async () => {
    const { res, uploadMs, otherMs, history } = await runaway('function parse(text) { while (true) {} }', 'loop.txt');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(`Parser error: The script ran longer than its limit of ${LIMIT_MS} ms and was stopped.`);
    // Every row failed in the first batch: the upload is refused whole, nothing is stored.
    expect(history).toBeUndefined();
    expect(uploadMs).toBeGreaterThanOrEqual(LIMIT_MS);
    // Stopped by the interrupt handler, well before the pool's hard stop (limit + 2 s).
    expect(uploadMs).toBeLessThan(LIMIT_MS + 1_500);
    console.info(`parser loop stopped after ${Math.round(uploadMs)} ms; a request made meanwhile answered in ${Math.round(otherMs)} ms`);
  });

  it('stops an endless allocation at the memory limit; the upload shows the error and other requests keep answering', async () => {
    // The memory limit must be what stops it: a job's time counts from when it was asked (lib/sandbox/fair-queue.ts), so
    // on a loaded machine (the PostgreSQL pass runs four files at once) a worker's start could use up a 1.5 s limit first.
    const ALLOCATION_TIME_MS = 8_000;
    SCRIPT_LIMITS.productFileParser = { ...SCRIPT_LIMITS.productFileParser, timeMs: ALLOCATION_TIME_MS };
    const { res, uploadMs, otherMs } = await runaway(
      'function parse(text) { const all = []; while (true) all.push({ text, n: all.length }); }',
      'grow.txt',
    ).finally(() => {
      SCRIPT_LIMITS.productFileParser = { ...SCRIPT_LIMITS.productFileParser, timeMs: LIMIT_MS };
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain('Parser error: The script used more than its memory limit of 32 MB and was stopped.');
    expect(uploadMs).toBeLessThan(ALLOCATION_TIME_MS);
    console.info(
      `parser allocation stopped after ${Math.round(uploadMs)} ms; a request made meanwhile answered in ${Math.round(otherMs)} ms`,
    );
  });
});

describe('paper upload with the store’s parser', () => {
  it('prints the labels the script reads, and a failing script is the upload’s error', async () => {
    const [product] = await sut.deps.db.select().from(products).where(eq(products.storeCode, STORE)).limit(1);
    const code =
      'function parse(text) { return text.split("\\n").filter(Boolean).map((l) => { const [code, name] = l.split("|"); return { prCode: code, prInfo: [name] }; }); }';
    expect((await post(`/config/parser/paper/store/${STORE}`, { code })).statusCode).toBe(200);
    const form = multipartBody({}, { name: 'labels.txt', content: `${product.prCode}|Pipe label\n` });
    const res = await sut.app.inject({
      method: 'POST',
      url: `/api/paper/file/store/${STORE}`,
      payload: form.payload,
      headers: { ...as.acme, ...form.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    const details = await sut.deps.db
      .select()
      .from(paperTaskDetails)
      .where(and(eq(paperTaskDetails.storeCode, STORE), eq(paperTaskDetails.prCode, product.prCode)));
    expect(details.some((d) => JSON.stringify(d).includes('Pipe label'))).toBe(true);

    expect((await post(`/config/parser/paper/store/${STORE}`, { code: 'function parse() { return null; }' })).statusCode).toBe(200);
    const again = multipartBody({}, { name: 'labels.txt', content: 'x\n' });
    const failed = await sut.app.inject({
      method: 'POST',
      url: `/api/paper/file/store/${STORE}`,
      payload: again.payload,
      headers: { ...as.acme, ...again.headers },
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toMatch(/^No valid data\nParser error: parse answered something other than its contract asks/);
  });
});
