import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { paperTaskDetails, paperTasks, paperUploadHistory, products, stores } from '../../server/db/schema/index';
import { seedPaperTasks, storePrinters } from '../../server/seed/paper';
import { startSimulator } from '../../server/sim/index';
import { printAnswer } from '../../server/sim/paper';
import { multipartBody, startWithLogins, type AuthHeaders, type TestServer } from './harness';

/* Paper labels (console-admin §2 Paper, §3, §4, §5, §7): overview, upload → history → print task → printers' answers. */
const STORE = 'TKY001';
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord' | 'operator' | 'viewer', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord', 'operator', 'viewer']));
}, 600_000);
afterAll(async () => sut?.close());

const page = { draw: 1, start: 0, length: 100 };
const post = (url: string, payload: object, headers: AuthHeaders = as.admin) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
const get = (url: string, headers: AuthHeaders = as.admin) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers });
function upload(
  content: string | Buffer,
  opts: { headers?: AuthHeaders; store?: string; fields?: Record<string, string>; name?: string } = {},
) {
  const form = multipartBody(opts.fields ?? {}, { name: opts.name ?? 'labels.csv', content });
  return sut.app.inject({
    method: 'POST',
    url: `/api/paper/file/store/${opts.store ?? STORE}`,
    payload: form.payload,
    headers: { ...(opts.headers ?? as.admin), ...form.headers },
  });
}
const stored = async () => {
  const db = sut.deps.db;
  const [[h], [t], [d]] = await Promise.all([
    db.select({ n: count() }).from(paperUploadHistory),
    db.select({ n: count() }).from(paperTasks),
    db.select({ n: count() }).from(paperTaskDetails),
  ]);
  return { history: h.n, tasks: t.n, details: d.n };
};
const knownProduct = async () =>
  (await sut.deps.db.select().from(products).where(eq(products.storeCode, STORE)).orderBy(asc(products.prCode)).limit(1))[0];

describe('GET /paper/store/list', () => {
  // spec: admin §7.23, admin §3.15 — paper list: stores with status, position, totalTaskCount, totalCompleteCount, todayTaskCount
  it('answers the stores of the member with status, position and task counts', async () => {
    const res = await get('/paper/store/list', as.viewer);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as {
      storeCode: string;
      status: string;
      position: unknown;
      totalTaskCount: number;
      totalCompleteCount: number;
      todayTaskCount: number;
    }[];
    expect(rows.map((r) => r.storeCode).sort()).toEqual(['SEL001', 'TKY001', 'TKY002']);
    const tky = rows.find((r) => r.storeCode === STORE)!;
    // The seed: two finished tasks per store, one of them from earlier today.
    expect(tky).toMatchObject({ status: 'NORMAL', totalTaskCount: 2, totalCompleteCount: 2 });
    expect(tky.todayTaskCount).toBeGreaterThanOrEqual(1);
    expect(tky.position).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
    const nord = (await get('/paper/store/list', as.nord)).json() as { companyCode: string }[];
    expect(nord.length).toBeGreaterThan(0);
    expect(nord.every((r) => r.companyCode === 'NORD')).toBe(true);
    expect((await get('/paper/store/list', as.operator)).statusCode).toBe(403);
  });
});

describe('POST /paper/file/store/:storeCode (upload)', () => {
  it('turns a CSV into a history row, a print task and one NONE detail row per label; bad rows are errors of their own', async () => {
    const product = await knownProduct();
    const csv = [
      'prCode,NAME,PRICE,BRAND',
      'PAPER-A,Green tea 500ml,120,Acme',
      'PAPER-B,"Rice, 5kg",2480,',
      ',no code,1,',
      product.prCode,
      'UNKNOWN-ONLY',
      'PAPER-C,Too,many,values,here,1,2,3',
    ].join('\n');
    const res = await upload(csv, { fields: { taskDes: 'Friday prices' } });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ success: true, count: 3, taskId: expect.stringMatching(/^P-TKY001-\d{4}$/) });
    expect(answer.error).toEqual([
      'Line 4: empty product code',
      'Line 6: unknown product UNKNOWN-ONLY and no product info to print',
      'Line 7: 8 values, but a row has the product code and 3 product info fields',
    ]);
    const [history] = await sut.deps.db
      .select()
      .from(paperUploadHistory)
      .where(eq(paperUploadHistory.id, Number(answer.historyId)));
    expect(history).toMatchObject({
      storeCode: STORE,
      fileName: 'labels.csv',
      taskId: answer.taskId,
      taskDes: 'Friday prices',
      count: 6,
      finished: null,
    });
    expect(history.error).toEqual(answer.error);
    const [task] = await sut.deps.db
      .select()
      .from(paperTasks)
      .where(and(eq(paperTasks.storeCode, STORE), eq(paperTasks.taskId, answer.taskId)));
    expect(task).toMatchObject({ total: 3, complete: 0, taskDes: 'Friday prices' });
    const details = await sut.deps.db
      .select()
      .from(paperTaskDetails)
      .where(eq(paperTaskDetails.taskId, answer.taskId))
      .orderBy(asc(paperTaskDetails.id));
    expect(details.map((d) => [d.prCode, d.prInfo, d.resultCode])).toEqual([
      ['PAPER-A', ['Green tea 500ml', '120', '', '', '', '', 'Acme'], null],
      ['PAPER-B', ['Rice, 5kg', '2480'], null],
      // A row naming a known product only prints the product's own info.
      [product.prCode, product.prInfo, null],
    ]);
  });

  it('reads a file without header in the alias order, and names the task after the file when no description is given', async () => {
    const res = await upload('PAPER-D;Milk;198\n# a comment\n\nPAPER-E;Bread;250\n', { name: 'bakery.csv' });
    expect(res.statusCode).toBe(200);
    const [task] = await sut.deps.db.select().from(paperTasks).where(eq(paperTasks.taskId, res.json().taskId));
    expect(task).toMatchObject({ total: 2, taskDes: 'bakery' });
    const detail = await get(`/paper/file/history/${res.json().historyId}`);
    expect(detail.json()).toEqual({
      fileName: 'bakery.csv',
      storeCode: STORE,
      data: [
        { prCode: 'PAPER-D', prInfo: ['Milk', '198'] },
        { prCode: 'PAPER-E', prInfo: ['Bread', '250'] },
      ],
    });
  });

  it('refuses a bad file with a 4xx and stores nothing', async () => {
    const before = await stored();
    const cases: [string, ReturnType<typeof upload>][] = [
      ['binary', upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff, 0xfe]))],
      ['no usable row', upload(',x\nUNKNOWN-ONLY\n')],
      ['empty', upload('')],
      ['unknown header column', upload('prCode,COLOUR\nA,red\n')],
      ['broken quotes', upload('A,"open\n')],
      ['unknown field', upload('A,x\n', { fields: { notAField: 'x' } })],
      ['description too long', upload('A,x\n', { fields: { taskDes: 'x'.repeat(201) } })],
      ['unknown store', upload('A,x\n', { store: 'NOPE01' })],
    ];
    for (const [what, pending] of cases) {
      const res = await pending;
      expect([what, res.statusCode]).toEqual([what, 400]);
      expect(res.json().message).toBeTruthy();
    }
    const noFile = multipartBody({ taskDes: 'x' });
    const res = await sut.app.inject({
      method: 'POST',
      url: `/api/paper/file/store/${STORE}`,
      payload: noFile.payload,
      headers: { ...as.admin, ...noFile.headers },
    });
    expect(res.statusCode).toBe(400);
    const json = await sut.app.inject({
      method: 'POST',
      url: `/api/paper/file/store/${STORE}`,
      payload: { file: 'A,x' },
      headers: as.admin,
    });
    expect(json.statusCode).toBe(400);
    expect((await upload(',x\n')).json().message).toContain('No valid data');
    expect(await stored()).toEqual(before);
  });

  it('needs paper write on a store of the member', async () => {
    const before = await stored();
    expect((await upload('A,x\n', { headers: as.viewer })).statusCode).toBe(403);
    expect((await upload('A,x\n', { headers: as.operator })).statusCode).toBe(403);
    expect((await upload('A,x\n', { headers: as.nord })).statusCode).toBe(403);
    expect(await stored()).toEqual(before);
    expect((await upload('A,x\n', { headers: as.acme })).statusCode).toBe(200);
  });
});

describe('upload history', () => {
  // spec: admin §7.23 — paper upload history as a POST table
  it("lists the uploads of the member's stores with filters; the company filter narrows", async () => {
    const viewer = (await post('/paper/file/history', page, as.viewer)).json();
    expect(viewer.data.length).toBeGreaterThan(0);
    expect(viewer.data.every((r: { storeCode: string }) => ['TKY001', 'TKY002', 'SEL001'].includes(r.storeCode))).toBe(true);
    const nord = (await post('/paper/file/history', page, as.nord)).json();
    expect(nord.data.every((r: { storeCode: string }) => ['LON001', 'BER001'].includes(r.storeCode))).toBe(true);
    const narrowed = (await post('/paper/file/history', { ...page, global_companyCode: 'NORD' })).json();
    expect(narrowed.recordsFiltered).toBe(nord.recordsFiltered);
    const bakery = (await post('/paper/file/history', { ...page, filter_fileName: 'bakery', condition_fileName: '~' })).json();
    expect(bakery.data.map((r: { fileName: string; count: number }) => [r.fileName, r.count])).toEqual([['bakery.csv', 2]]);
    expect((await post('/paper/file/history', page, as.operator)).statusCode).toBe(403);
    expect((await post('/paper/file/history', { ...page, filter_count: 'many', condition_count: '>=' })).statusCode).toBe(400);
  });

  // spec: admin §7.23, admin §3.21 — paper history detail (historyId) answers fileName and data
  it('answers one upload to members of its store only; 404 for an unknown or malformed id', async () => {
    const [seeded] = await sut.deps.db
      .select()
      .from(paperUploadHistory)
      .where(eq(paperUploadHistory.storeCode, STORE))
      .orderBy(asc(paperUploadHistory.id))
      .limit(1);
    const res = await get(`/paper/file/history/${seeded.id}`, as.viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json().fileName).toBe(seeded.fileName);
    expect(res.json().data).toHaveLength(seeded.count);
    expect((await get(`/paper/file/history/${seeded.id}`, as.nord)).statusCode).toBe(403);
    expect((await get('/paper/file/history/999999', as.admin)).statusCode).toBe(404);
    expect((await get('/paper/file/history/not-a-number', as.admin)).statusCode).toBe(404);
  });
});

describe('print tasks and the simulated printers', () => {
  // spec: admin §7.23, admin §3.21, admin §5.15 — paper task (total, complete, progress, taskDes) and detail with the NONE / SUCCESS / FAIL filter (the print result half of §5.15)
  it("lists the store's tasks with progress, and the detail rows with the print result filter", async () => {
    const tasks = (await post(`/paper/task/list/store/${STORE}`, page, as.viewer)).json();
    const seeded = tasks.data.find((t: { taskId: string }) => t.taskId === 'P-TKY001-0001');
    expect(seeded).toMatchObject({ total: 5, complete: 5, progress: 100, taskDes: 'Weekly price labels' });
    const running = tasks.data.find((t: { complete: number; total: number }) => t.complete < t.total);
    expect(running.progress).toBe(0);
    const all = (await post(`/paper/task/store/${STORE}/task/P-TKY001-0001`, page, as.viewer)).json();
    expect(all.recordsTotal).toBe(5);
    expect(all.data.every((r: { printerName: string }) => storePrinters(STORE).some((p) => p.name === r.printerName))).toBe(true);
    const success = (
      await post(`/paper/task/store/${STORE}/task/P-TKY001-0001`, { ...page, filter_result: 'SUCCESS', condition_result: '==' })
    ).json();
    const fail = (await post(`/paper/task/store/${STORE}/task/P-TKY001-0001`, { ...page, filter_result: ['FAIL'] })).json();
    expect(success.recordsFiltered + fail.recordsFiltered).toBe(5);
    expect(success.data.every((r: { resultCode: number; printedTime: string | null }) => r.resultCode === 1 && r.printedTime)).toBe(true);
    expect(fail.data.every((r: { resultCode: number; resultMsg: string }) => r.resultCode !== 1 && r.resultMsg)).toBe(true);
    const none = (
      await post(`/paper/task/store/${STORE}/task/${running.taskId}`, { ...page, filter_result: 'NONE', condition_result: '==' })
    ).json();
    expect(none.recordsFiltered).toBe(running.total);
    expect(none.data[0]).not.toHaveProperty('resultCode');
    expect((await post(`/paper/task/store/${STORE}/task/NOPE`, page)).statusCode).toBe(404);
    expect((await post(`/paper/task/store/${STORE}/task/P-TKY001-0001`, page, as.nord)).statusCode).toBe(403);
    expect((await post(`/paper/task/list/store/${STORE}`, page, as.operator)).statusCode).toBe(403);
  });

  it('answers every waiting label over simulated time: printer, result, printed time; the task completes', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `SIM-${String(i).padStart(2, '0')},Label ${i},${100 + i}`).join('\n');
    const { taskId, historyId } = (await upload(rows)).json();
    const sim = startSimulator(sut.deps, { seed: 42, speed: 1, manual: true, modules: ['paper'] });
    try {
      await sim.advance(1_000);
      const early = await sut.deps.db
        .select()
        .from(paperTasks)
        .where(and(eq(paperTasks.storeCode, STORE), eq(paperTasks.taskId, taskId)));
      expect(early[0].complete).toBeLessThan(30);
      await sim.advance(20_000);
    } finally {
      sim.stop();
    }
    const details = await sut.deps.db
      .select()
      .from(paperTaskDetails)
      .where(and(eq(paperTaskDetails.storeCode, STORE), eq(paperTaskDetails.taskId, taskId)));
    for (const d of details) {
      const expected = printAnswer(42, d);
      expect(d).toMatchObject({
        resultCode: expected.resultCode,
        resultMsg: expected.resultMsg,
        printerName: expected.printer.name,
        printerIp: expected.printer.ip,
      });
      expect(Boolean(d.printedTime)).toBe(expected.printed);
    }
    const codes = new Set(details.map((d) => (d.resultCode === 1 ? 'SUCCESS' : 'FAIL')));
    expect([...codes].sort()).toEqual(['FAIL', 'SUCCESS']);
    const [task] = await sut.deps.db
      .select()
      .from(paperTasks)
      .where(and(eq(paperTasks.storeCode, STORE), eq(paperTasks.taskId, taskId)));
    expect(task.complete).toBe(30);
    const [history] = await sut.deps.db
      .select()
      .from(paperUploadHistory)
      .where(eq(paperUploadHistory.id, Number(historyId)));
    expect(history.finished).toBeInstanceOf(Date);
    const listed = (await post(`/paper/task/list/store/${STORE}`, { ...page, filter_taskId: taskId, condition_taskId: '==' })).json();
    expect(listed.data[0]).toMatchObject({ total: 30, complete: 30, progress: 100 });
  });
});

describe('demo print tasks', () => {
  it('keep the task of earlier today within today (UTC) when the data is made just after midnight, and none ends in the future', async () => {
    const db = sut.deps.db;
    const storeCode = 'MIDNIGHT1';
    const [tky] = await db.select().from(stores).where(eq(stores.storeCode, STORE));
    await db
      .insert(stores)
      .values({ storeCode, companyCode: tky.companyCode, storeName: 'Midnight store', latitude: 35.6, longitude: 139.7 });
    try {
      const now = new Date('2026-11-30T00:04:00Z');
      const plan = (await db.select().from(products).where(eq(products.storeCode, STORE)).orderBy(asc(products.prCode)).limit(8)).map(
        (p) => ({
          prCode: p.prCode,
          type: 'FOOD' as const,
          layoutId: 'STD_PRICE',
          prInfo: p.prInfo as string[],
          nfc: null,
        }),
      );
      await seedPaperTasks(db, 7, now, [{ storeCode, products: plan }]);
      const tasks = await db.select().from(paperTasks).where(eq(paperTasks.storeCode, storeCode)).orderBy(asc(paperTasks.createdAt));
      expect(tasks).toHaveLength(2);
      const midnight = new Date('2026-11-30T00:00:00Z').getTime();
      expect(tasks[0].createdAt.getTime()).toBeLessThan(midnight);
      expect(tasks[1].createdAt.getTime()).toBeGreaterThanOrEqual(midnight);
      const details = await db.select().from(paperTaskDetails).where(eq(paperTaskDetails.storeCode, storeCode));
      const times = [...tasks.map((t) => t.updatedAt.getTime()), ...details.map((d) => d.updatedAt.getTime())];
      expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    } finally {
      await db.delete(paperTaskDetails).where(eq(paperTaskDetails.storeCode, storeCode));
      await db.delete(paperTasks).where(eq(paperTasks.storeCode, storeCode));
      await db.delete(paperUploadHistory).where(eq(paperUploadHistory.storeCode, storeCode));
      await db.delete(stores).where(eq(stores.storeCode, storeCode));
    }
  });
});
