import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { productUpdates, products, tags, taskItems, updateTasks, uploadHistory } from '../../server/db/schema/index';
import { multipartBody, startWithLogins, type AuthHeaders, type TestServer } from './harness';

/* The product file upload (issue 12 §2): streaming CSV import, upload history and detail, second codes. */
const STORE = 'TKY001';
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord' | 'coop' | 'operator' | 'viewer', AuthHeaders>;
let shown: { prCode: string; type: string; layoutId: string; prInfo: string[]; tags: number };

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord', 'coop', 'operator', 'viewer']));
  const [row] = await sut.deps.db
    .select({ prCode: tags.prCode, n: sql<number>`count(*)::int` })
    .from(tags)
    .where(and(eq(tags.storeCode, STORE), eq(tags.operation, 1), isNotNull(tags.prCode)))
    .groupBy(tags.prCode)
    .orderBy(sql`count(*) desc`, asc(tags.prCode))
    .limit(1);
  const [p] = await sut.deps.db
    .select()
    .from(products)
    .where(and(eq(products.storeCode, STORE), eq(products.prCode, row.prCode!)));
  shown = { prCode: p.prCode, type: p.type ?? '', layoutId: p.layoutId!, prInfo: p.prInfo, tags: row.n };
}, 600_000);
afterAll(async () => sut?.close());

const upload = (content: string | Buffer, headers: AuthHeaders = as.acme, companyCode = 'ACME', name = 'prices.csv') => {
  const form = multipartBody({}, { name, content });
  return sut.app.inject({
    method: 'POST',
    url: '/api/product/file',
    query: { companyCode },
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });
};
const csvLine = (cells: string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',');
const histories = async () => sut.deps.db.select().from(uploadHistory).orderBy(asc(uploadHistory.id));
const countOf = async (table: typeof productUpdates | typeof updateTasks) =>
  (await sut.deps.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

describe('POST /product/file', () => {
  // spec: admin §3.10, admin §7.4 — upload history (fileName, storeCode, count, error list, finished, dataCount); history detail answers fileName, data, fileType
  it('imports good rows, records bad ones by row, and sends the changed content to the tags', async () => {
    const price = [...shown.prInfo];
    price[1] = '1234';
    const file = [
      'storeCode,prCode,type,layoutId,nfc,NAME,PRICE',
      csvLine([STORE, shown.prCode, shown.type, shown.layoutId, '', ...price]),
      csvLine([STORE, 'UP-NEW-1', 'FOOD', 'STD_PRICE', '', 'Upload tea, green', '320']),
      csvLine([STORE, 'UP-BAD-PRICE', 'FOOD', 'STD_PRICE', '', 'Tea', 'cheap']),
      csvLine([STORE, '', 'FOOD', 'STD_PRICE', '', 'No code']),
      csvLine(['LON001', 'UP-OTHER', 'FOOD', 'STD_PRICE', '', 'Elsewhere']),
      csvLine([STORE, 'UP-NO-LAYOUT', 'FOOD', '', '', 'x']),
      '',
    ].join('\r\n');
    const res = await upload(`\uFEFF${file}`);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { historyId: string; count: number; errorCount: number };
    expect(answer).toMatchObject({ success: true, fileName: 'prices.csv', count: 6, errorCount: 4 });

    const [h] = (await histories()).filter((x) => String(x.id) === answer.historyId);
    expect(h).toMatchObject({ companyCode: 'ACME', storeCode: STORE, count: 6, dataCount: 6 });
    expect(h.finished).not.toBeNull();
    expect(h.error).toEqual([
      'Row 4 (UP-BAD-PRICE): PRICE "cheap" is not a number',
      'Row 5: Please enter Product Code',
      'Row 6 (UP-OTHER): store LON001 is not a store of ACME',
      'Row 7 (UP-NO-LAYOUT): Please enter Layout ID',
    ]);
    const [created] = await sut.deps.db
      .select()
      .from(products)
      .where(and(eq(products.storeCode, STORE), eq(products.prCode, 'UP-NEW-1')));
    expect(created.prInfo.slice(0, 2)).toEqual(['Upload tea, green', '320']);
    const bad = await sut.deps.db.select().from(products).where(eq(products.prCode, 'UP-BAD-PRICE'));
    expect(bad).toHaveLength(0);

    // One update task for the file's store, with a task item for every tag of the re-priced product.
    const [task] = await sut.deps.db
      .select()
      .from(updateTasks)
      .where(
        and(
          eq(updateTasks.storeCode, STORE),
          sql`${updateTasks.updateId} in (select update_id from product_updates where pr_code = 'UP-NEW-1')`,
        ),
      );
    expect(task).toMatchObject({ productCount: 2, totalTags: shown.tags });
    const items = await sut.deps.db.select().from(taskItems).where(eq(taskItems.taskId, task.taskId));
    expect(items.every((i) => i.prCode === shown.prCode)).toBe(true);
    expect(items).toHaveLength(shown.tags);

    const detail = await sut.app.inject({ method: 'GET', url: `/api/product/file/history/${answer.historyId}`, headers: as.viewer });
    expect(detail.statusCode).toBe(200);
    const body = detail.json() as { fileName: string; fileType: string; data: Record<string, unknown>[] };
    expect(body).toMatchObject({ fileName: 'prices.csv', fileType: 'product' });
    expect(body.data[1]).toMatchObject({
      row: 3,
      storeCode: STORE,
      prCode: 'UP-NEW-1',
      NAME: 'Upload tea, green',
      PRICE: '320',
      result: 'OK',
    });
    expect(body.data[2]).toMatchObject({ prCode: 'UP-BAD-PRICE', result: 'PRICE "cheap" is not a number' });
  });

  it('leaves products whose values are unchanged alone: no history row, no task', async () => {
    const file = csvLine([STORE, 'UP-NEW-1', 'FOOD', 'STD_PRICE', '', 'Upload tea, green', '320']);
    const [updates, taskCount] = [await countOf(productUpdates), await countOf(updateTasks)];
    const res = await upload(`${file}\n`);
    expect(res.json()).toMatchObject({ count: 1, errorCount: 0 });
    expect(await countOf(productUpdates)).toBe(updates);
    expect(await countOf(updateTasks)).toBe(taskCount);
  });

  it('refuses a file that is not a product file with a clear 400 and stores nothing', async () => {
    const before = [(await histories()).length, await countOf(productUpdates)];
    const binary = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08]), as.acme, 'ACME', 'prices.zip');
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toBe('The file is not a CSV text file.');
    const json = await upload('{"products": [1, 2, 3]}\n');
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(
      /^The file does not follow the product file format \(storeCode,prCode,type,layoutId,nfc,.*\): Row 1/,
    );
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    expect([(await histories()).length, await countOf(productUpdates)]).toEqual(before);
  });

  it("checks the company, the product write privilege and the member's stores", async () => {
    const line = `${csvLine([STORE, 'UP-PRIV', 'FOOD', 'STD_PRICE', '', 'Priv'])}\n`;
    expect((await upload(line, as.viewer)).statusCode).toBe(403);
    expect((await upload(line, as.nord)).statusCode).toBe(403);
    expect(await sut.deps.db.select().from(products).where(eq(products.prCode, 'UP-PRIV'))).toHaveLength(0);
    // The operator has TKY001 and TKY002 only: a row of another ACME store is that row's error.
    const res = await upload(`${line}${csvLine(['SEL001', 'UP-PRIV-2', 'FOOD', 'STD_PRICE', '', 'Priv'])}\n`, as.operator);
    expect(res.statusCode).toBe(200);
    const [h] = (await histories()).filter((x) => String(x.id) === (res.json() as { historyId: string }).historyId);
    expect(h.error).toEqual(['Row 2 (UP-PRIV-2): permission denied for store SEL001']);
    expect(await sut.deps.db.select().from(products).where(eq(products.prCode, 'UP-PRIV-2'))).toHaveLength(0);
  });

  it('refuses a form without a file or with another field', async () => {
    const noFile = multipartBody({ note: 'x' });
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/product/file',
      query: { companyCode: 'ACME' },
      payload: noFile.payload,
      headers: { ...as.acme, ...noFile.headers },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('upload history', () => {
  const list = (headers: AuthHeaders, body: object = {}) =>
    sut.app.inject({ method: 'POST', url: '/api/product/file/history', payload: { draw: 1, start: 0, length: 25, ...body }, headers });

  // spec: admin §7.4, admin §3.10 — product file upload history (POST)
  it("lists a company's uploads newest first to its members only", async () => {
    type Page = {
      recordsTotal: number;
      data: { fileName: string; storeCode: string; count: number; error: string[]; finished: string | null; dataCount: number }[];
    };
    const mine = (await list(as.viewer)).json() as Page;
    expect(mine.data.slice(0, 3).map((r) => [r.fileName, r.count, r.error.length])).toEqual([
      ['prices.csv', 2, 1],
      ['prices.csv', 1, 0],
      ['prices.csv', 6, 4],
    ]);
    expect(mine.data[2]).toMatchObject({ storeCode: STORE, dataCount: 6 });
    expect(mine.data[2].finished).not.toBeNull();
    const nord = (await list(as.nord)).json() as Page;
    expect(nord.data.some((r) => r.fileName === 'prices.csv')).toBe(false);
    const all = (await list(as.admin)).json() as Page;
    expect(all.recordsTotal).toBe(mine.recordsTotal + nord.recordsTotal + ((await list(as.coop)).json() as Page).recordsTotal);
  });

  it('answers 404 for an upload of another company or an unknown id', async () => {
    const [h] = await histories();
    expect((await sut.app.inject({ method: 'GET', url: `/api/product/file/history/${h.id}`, headers: as.nord })).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'GET', url: '/api/product/file/history/abc', headers: as.admin })).statusCode).toBe(404);
  });
});

describe('POST /product/secondcode/list', () => {
  const list = (headers: AuthHeaders, body: object = {}) =>
    sut.app.inject({ method: 'POST', url: '/api/product/secondcode/list', payload: { draw: 1, start: 0, length: 25, ...body }, headers });

  // spec: admin §7.5, admin §3.11 — second code list: prCode, secondCode and the coop columns
  it("answers the coop stores' codes with their Italian columns, to coop only", async () => {
    const coop = (await list(as.coop, { storeCode: 'MIL001' })).json() as { recordsTotal: number; data: Record<string, string>[] };
    expect(coop.recordsTotal).toBe(20);
    expect(coop.data[0]).toMatchObject({ storeCode: 'MIL001', NOME_PROGRAMMA: 'shelfpad-seed' });
    expect(coop.data[0].secondCode).toMatch(/^2\d{8}$/);
    expect(((await list(as.nord)).json() as { recordsTotal: number }).recordsTotal).toBe(0);
    expect((await list(as.nord, { storeCode: 'MIL001' })).statusCode).toBe(403);
  });
});

describe('broken uploads', () => {
  it('answers a truncated or boundary-less multipart body with a 4xx at once', async () => {
    const form = multipartBody({}, { name: 'p.csv', content: `${STORE},UP-CUT,FOOD,STD_PRICE,,Cut\n`.repeat(50) });
    const cut = await sut.app.inject({
      method: 'POST',
      url: '/api/product/file',
      query: { companyCode: 'ACME' },
      payload: form.payload.subarray(0, Math.floor(form.payload.length / 2)),
      headers: { ...as.acme, ...form.headers },
    });
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);
    expect(cut.statusCode).toBeLessThan(500);
    const bare = await sut.app.inject({
      method: 'POST',
      url: '/api/product/file',
      query: { companyCode: 'ACME' },
      payload: form.payload,
      headers: { ...as.acme, 'content-type': 'multipart/form-data' },
    });
    expect(bare.statusCode).toBe(400);
  }, 20_000);

  it('answers a large body (read as a stream) that is no form, or is cut short, with a 400', async () => {
    const rows = `${STORE},UP-BIG,FOOD,STD_PRICE,,Big\n`.repeat(40_000); // over 1 MiB: the streamed path
    const form = multipartBody({}, { name: 'p.csv', content: rows });
    const post = (payload: Buffer, headers: Record<string, string>) =>
      sut.app.inject({
        method: 'POST',
        url: '/api/product/file',
        query: { companyCode: 'ACME' },
        payload,
        headers: { ...as.acme, ...headers },
      });
    const noForm = await post(Buffer.from(rows), form.headers);
    expect(noForm.statusCode, noForm.body).toBe(400);
    const cut = await post(form.payload.subarray(0, form.payload.length - 4096), form.headers);
    expect(cut.statusCode, cut.body).toBe(400);
    const products = await sut.app.inject({
      method: 'POST',
      url: `/api/product/list/store/${STORE}`,
      payload: { draw: 1, start: 0, length: 1, filter_prCode: 'UP-BIG', condition_prCode: '==' },
      headers: as.acme,
    });
    expect((products.json() as { recordsFiltered: number }).recordsFiltered).toBe(0);
  }, 60_000);
});
