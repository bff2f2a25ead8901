import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { downloadTasks, gateways, products, stores, tags } from '../../server/db/schema/index';
import { login, startTestServer, type AuthHeaders, type TestServer } from './harness';

const PASSWORD = 'Shelfpad#2026';
const STORE = 'TKY001';
let sut: TestServer;
let admin: AuthHeaders;
let operator: AuthHeaders;
let viewer: AuthHeaders;
let dataDir: string;

beforeAll(async () => {
  sut = await startTestServer();
  dataDir = await mkdtemp(join(tmpdir(), 'shelfpad-files-'));
  sut.deps.config.dataDir = dataDir;
  [admin, operator, viewer] = await Promise.all(
    ['admin@shelfpad.test', 'operator@shelfpad.test', 'viewer@shelfpad.test'].map((e) => login(sut.app, e, PASSWORD)),
  );
});
afterAll(async () => {
  await sut?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const db = () => sut.deps.db;
const post = (url: string, payload?: unknown, headers: AuthHeaders = admin) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers });
const get = (url: string, headers: AuthHeaders = admin) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers });
type Status = { taskId: string; type: number; createdAt: string; finishedAt?: string; fileName?: string; error?: string };

async function start(body: Record<string, unknown>, headers: AuthHeaders = admin): Promise<string> {
  const res = await post('/file/download', body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().taskId as string;
}

/** Poll as the console does (every second there; faster here) until finishedAt or an error. */
async function settle(taskId: string, headers: AuthHeaders = admin): Promise<Status> {
  for (let i = 0; i < 200; i++) {
    const res = await post(`/file/download/task/${taskId}`, undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    const status = res.json() as Status;
    if (status.finishedAt || status.error) return status;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`task ${taskId} did not finish`);
}

/** Start, wait, fetch: the CSV rows as objects by header, with the answer's headers. */
async function download(body: Record<string, unknown>, headers: AuthHeaders = admin) {
  const taskId = await start(body, headers);
  const status = await settle(taskId, headers);
  expect(status.error).toBeUndefined();
  const res = await get(`/file/download/task/${taskId}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { taskId, status, rows: parsed.data, fields: parsed.meta.fields ?? [], res };
}

const tagList = async (body: Record<string, unknown>, store = STORE) => {
  const res = await post(`/tag/list/store/${store}`, { start: 0, length: -1, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { barcode: string; tagMac: string; status: string }[] }).data;
};

describe('tag list download (type 3)', () => {
  // spec: core §9.14 — download type 3, the tag list
  it('writes exactly the tags the same filter lists, in list order, with a file name', async () => {
    const table = { filter_status: ['NG', 'MISSING', 'WIP'], filter_battery: 30, condition_battery: '>=' };
    const listed = await tagList(table);
    expect(listed.length).toBeGreaterThan(0);
    const { rows, status, res, fields } = await download({ type: 3, storeCode: STORE, filter: { table } });
    expect(rows.map((r) => r.tagMac)).toEqual(listed.map((t) => t.tagMac));
    expect(rows.map((r) => r.barcode)).toEqual(listed.map((t) => t.barcode));
    expect(fields).toContain('status');
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(listed.map((t) => t.status)));
    expect(status.fileName).toMatch(/^tags_TKY001_\d{8}-\d{6}\.csv$/);
    expect(Date.parse(status.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(status.createdAt));
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`filename="${status.fileName}"`);
    // The task's row says where the file is and that it is done.
    const [task] = await db().select().from(downloadTasks).where(eq(downloadTasks.id, status.taskId));
    expect(task).toMatchObject({ status: 'done', memberEmail: 'admin@shelfpad.test', type: 3, storeCode: STORE });
  });

  it("honours the 'error', 'NoProduct' and 'NoImage' pre-filters and a list of tag ids", async () => {
    const inStore = eq(tags.storeCode, STORE);
    const macs = async (cond: ReturnType<typeof sql>) =>
      (await db().select({ tagMac: tags.tagMac }).from(tags).where(and(inStore, cond)).orderBy(asc(tags.barcode), asc(tags.tagMac))).map(
        (t) => t.tagMac,
      );
    const errorTags = await macs(sql`${tags.operation} = 1 and ${tags.status} not in ('OK', 'WIP')`);
    expect(errorTags.length).toBeGreaterThan(0);
    expect((await download({ type: 3, storeCode: STORE, filter: { preset: 'error' } })).rows.map((r) => r.tagMac)).toEqual(errorTags);

    const noProduct = await macs(
      sql`(${tags.prCode} is null or not exists (select 1 from ${products} p where p.store_code = ${tags.storeCode} and p.pr_code = ${tags.prCode}))`,
    );
    expect(noProduct.length).toBeGreaterThan(0);
    const np = await download({ type: 3, storeCode: STORE, filter: { preset: 'NoProduct' } });
    expect(np.rows.map((r) => r.tagMac)).toEqual(noProduct);
    expect(np.status.fileName).toContain('_NoProduct_');

    // A pre-filter and the table filter apply together.
    const ngError = await download({ type: 3, storeCode: STORE, filter: { preset: 'error', table: { filter_status: 'NG' } } });
    expect(ngError.rows.map((r) => r.tagMac)).toEqual(await macs(sql`${tags.operation} = 1 and ${tags.status} = 'NG'`));

    // NoImage: an assigned tag whose layout names no layout of the company.
    const [victim] = await db()
      .select({ tagMac: tags.tagMac })
      .from(tags)
      .where(and(inStore, eq(tags.operation, 1), sql`${tags.prCode} in (select pr_code from products where store_code = ${STORE})`))
      .limit(1);
    await db().update(tags).set({ layoutId: 'NO_SUCH_LAYOUT' }).where(eq(tags.tagMac, victim.tagMac));
    expect((await download({ type: 3, storeCode: STORE, filter: { preset: 'NoImage' } })).rows.map((r) => r.tagMac)).toEqual([
      victim.tagMac,
    ]);

    const picked = (await tagList({})).slice(3, 8);
    const byId = await download({ type: 3, storeCode: STORE, filter: { barcodeList: picked.map((t) => t.barcode) } });
    expect(byId.rows.map((r) => r.tagMac)).toEqual(picked.map((t) => t.tagMac));
  });

  it('refuses a filter the tag list would refuse, a missing store and foreign stores, before any task exists', async () => {
    const [{ before }] = await db()
      .select({ before: sql<number>`count(*)::int` })
      .from(downloadTasks);
    const refused = [
      { type: 3, storeCode: STORE, filter: { table: { filter_gwMac: 'x' } } },
      { type: 3, storeCode: STORE, filter: { table: { filter_battery: 'many' } } },
      { type: 3, storeCode: STORE, filter: { table: { filter_battery: 1e12 } } },
      { type: 4, storeCode: STORE, filter: { table: { filter_tagCount: 1e12 } } },
      { type: 3, storeCode: STORE, filter: { table: { filter_prCode: '1', condition_prCode: '>=' } } },
      { type: 3, storeCode: STORE, filter: { table: { filter_status: 'OK', condition_status: 'like' } } },
      { type: 3, storeCode: STORE, filter: { preset: 'broken' } },
      { type: 3, filter: {} },
      { type: 9, storeCode: STORE },
      { type: 3, storeCode: 'NOPE01' },
    ];
    for (const body of refused) expect((await post('/file/download', body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await post('/file/download', refused[0])).json().message).toContain('filter_gwMac');
    expect((await post('/file/download', { type: 3, storeCode: 'LON001' }, operator)).statusCode).toBe(403);
    const [{ after }] = await db()
      .select({ after: sql<number>`count(*)::int` })
      .from(downloadTasks);
    expect(after).toBe(before);
  });
});

describe('who may download what', () => {
  // spec: core §9.14 — download type 0, the server log
  it("checks the type's section: the operator may not download a server log (server read)", async () => {
    const res = await post('/file/download', { type: 0 }, operator);
    expect(res.statusCode).toBe(403);
    const log = await download({ type: 0 }, viewer);
    expect(log.fields).toEqual(['time', 'serverId', 'serverName', 'cpu', 'memory', 'disk']);
    expect(log.rows.length).toBeGreaterThan(0);
    expect((await post('/file/download', { type: 0, filter: { serverId: 'no-such-server' } })).statusCode).toBe(404);
  });

  it("answers a task's status and file only to the member who started it", async () => {
    const taskId = await start({ type: 3, storeCode: STORE, filter: { table: { filter_status: 'OK' } } }, operator);
    await settle(taskId, operator);
    expect((await post(`/file/download/task/${taskId}`, undefined, viewer)).statusCode).toBe(404);
    expect((await get(`/file/download/task/${taskId}`, viewer)).statusCode).toBe(404);
    expect((await get(`/file/download/task/${taskId}`, admin)).statusCode).toBe(404);
    expect((await get(`/file/download/task/${taskId}`, operator)).statusCode).toBe(200);
    expect((await post('/file/download/task/not-a-task', undefined, operator)).statusCode).toBe(404);
    expect((await post(`/file/download/task/${taskId}`)).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'POST', url: `/api/file/download/task/${taskId}` })).statusCode).toBe(401);
  });

  // spec: core §9.14 — download type 5, company-wide tags
  it("a company-wide tag list holds the tags of the member's stores of that company only", async () => {
    const { rows } = await download({ type: 5, filter: { companyCode: 'ACME', table: { filter_status: 'NG' } } }, operator);
    const member = await db()
      .select({ tagMac: tags.tagMac })
      .from(tags)
      .where(and(inArray(tags.storeCode, ['TKY001', 'TKY002']), eq(tags.status, 'NG')));
    expect(new Set(rows.map((r) => r.tagMac))).toEqual(new Set(member.map((t) => t.tagMac)));
    expect(new Set(rows.map((r) => r.storeCode))).toEqual(new Set(['TKY001', 'TKY002']));
    expect((await post('/file/download', { type: 5, filter: { companyCode: 'NORD' } }, operator)).statusCode).toBe(403);
    const acmeStores = (await db().select({ storeCode: stores.storeCode }).from(stores).where(eq(stores.companyCode, 'ACME'))).map(
      (s) => s.storeCode,
    );
    const all = await download({ type: 5, filter: { companyCode: 'ACME', table: { filter_status: 'NG' } } });
    const allNg = await db()
      .select({ tagMac: tags.tagMac })
      .from(tags)
      .where(and(inArray(tags.storeCode, acmeStores), eq(tags.status, 'NG')));
    expect(all.rows).toHaveLength(allNg.length);
  });
});

describe('other download types', () => {
  // spec: core §9.14 — download types 4 and 6
  it('writes the filtered products (4) and the assigned products (6) of a store', async () => {
    const inStore = eq(products.storeCode, STORE);
    const all = await db().select().from(products).where(inStore).orderBy(asc(products.prCode));
    const part = all[0].prCode.slice(2, 6);
    const filtered = await download({ type: 4, storeCode: STORE, filter: { table: { filter_prCode: part } } });
    expect(filtered.rows.map((r) => r.prCode)).toEqual(all.filter((p) => p.prCode.includes(part)).map((p) => p.prCode));
    expect(filtered.fields.slice(0, 7)).toEqual(['prCode', 'type', 'layoutId', 'nfc', 'barcode', 'tagCount', 'updatedAt']);
    expect(filtered.fields).toContain('NAME');
    const first = filtered.rows[0];
    expect(first.NAME).toBe(all.find((p) => p.prCode === first.prCode)!.prInfo[0]);

    const assigned = await db()
      .select({ prCode: products.prCode })
      .from(products)
      .where(
        and(
          inStore,
          sql`exists (select 1 from ${tags} t where t.store_code = ${products.storeCode} and t.pr_code = ${products.prCode} and t.operation = 1)`,
        ),
      )
      .orderBy(asc(products.prCode));
    const six = await download({ type: 6, storeCode: STORE });
    expect(six.rows.map((r) => r.prCode)).toEqual(assigned.map((p) => p.prCode));
    expect(six.rows.every((r) => Number(r.tagCount) >= 1)).toBe(true);
    expect((await post('/file/download', { type: 4, storeCode: STORE, filter: { table: { filter_tagCount: 'x' } } })).statusCode).toBe(400);
  });

  // spec: core §9.14 — download types 1 and 2
  it("writes a store's gateway list (2) and a gateway log (1); an OFFLINE gateway's log is refused", async () => {
    const gws = await db().select().from(gateways).where(eq(gateways.storeCode, STORE)).orderBy(asc(gateways.gwIndex), asc(gateways.gwMac));
    const store = await download({ type: 2, storeCode: STORE }, viewer);
    expect(store.rows.map((r) => r.gwMac)).toEqual(gws.map((g) => g.gwMac));
    const online = gws.find((g) => g.status !== 'OFFLINE')!;
    const log = await download({ type: 1, storeCode: STORE, filter: { gwMac: online.gwMac } });
    expect(log.rows.every((r) => r.gwMac === online.gwMac)).toBe(true);
    expect((await post('/file/download', { type: 1, storeCode: STORE })).statusCode).toBe(400);
    const [offline] = await db().select().from(gateways).where(eq(gateways.status, 'OFFLINE')).limit(1);
    const refused = await post('/file/download', { type: 1, storeCode: offline.storeCode, filter: { gwMac: offline.gwMac } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Unable to log download from offline gateway.');
    expect(
      (
        await post('/file/download', {
          type: 1,
          storeCode: STORE,
          filter: { gwMac: offline.storeCode === STORE ? 'FFFFFFFFFFFF' : offline.gwMac },
        })
      ).statusCode,
    ).toBe(404);
  });

  // spec: core §4.6 — a failed task reports an error and never a finishedAt; its file is not served
  it('sets an error state, without finishedAt, when the file cannot be written', async () => {
    const blocked = join(dataDir, 'blocked');
    await writeFile(blocked, 'a file where the downloads folder would go');
    sut.deps.config.dataDir = blocked;
    try {
      const taskId = await start({ type: 2, storeCode: STORE });
      const status = await settle(taskId);
      expect(status.error).toBeTruthy();
      expect(status.finishedAt).toBeUndefined();
      const file = await get(`/file/download/task/${taskId}`);
      expect(file.statusCode).toBe(409);
    } finally {
      sut.deps.config.dataDir = dataDir;
    }
  });
});
