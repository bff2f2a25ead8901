import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { inflateSync } from 'node:zlib';
import {
  aliases,
  gatewayAlarmHistory,
  products,
  tagAlarmHistory,
  tagTemperatureHistory,
  tagTypes,
  tags,
  taskItems,
  updateTasks,
} from '../../server/db/schema/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

const STORE = 'TKY001';
let sut: TestServer;
let admin: AuthHeaders;
let operator: AuthHeaders;
let viewer: AuthHeaders;

beforeAll(async () => {
  ({
    sut,
    as: { admin, operator, viewer },
  } = await startWithLogins(['admin', 'operator', 'viewer']));
});
afterAll(async () => sut?.close());

const db = () => sut.deps.db;
const post = (url: string, payload: unknown, headers: AuthHeaders = admin) =>
  sut.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });
const get = (url: string, headers: AuthHeaders = admin) => sut.app.inject({ method: 'GET', url: `/api${url}`, headers });
const epoch = (d: Date) => Math.floor(d.getTime() / 1000);
type Page<T> = { draw: number; recordsTotal: number; recordsFiltered: number; data: T[] };
async function page<T>(url: string, body: Record<string, unknown> = {}, headers: AuthHeaders = admin): Promise<Page<T>> {
  const res = await post(url, { start: 0, length: 25, ...body }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<T>;
}

/** A tag of the store whose update history holds a cancelled row (the seed's running task). */
async function tagWithCancel(): Promise<string> {
  const [row] = await db()
    .select({ tagMac: taskItems.tagMac })
    .from(taskItems)
    .where(and(eq(taskItems.storeCode, STORE), eq(taskItems.status, 'CANCEL')))
    .limit(1);
  return row.tagMac;
}

describe('tag update history', () => {
  type Row = { taskId: string; prCode: string; status?: string; updatedAt?: string; prInfo: string[] };

  // spec: core §2.42, core §9.9 — the update history answers time descending
  it('answers 25 rows a page, newest first, paged exactly as the stored rows order', async () => {
    const tagMac = await tagWithCancel();
    const [tag] = await db().select().from(tags).where(eq(tags.tagMac, tagMac));
    // 30 more finished updates, older than the seed's, so that the history spans two pages.
    const base = Date.now() - 30 * 86_400_000;
    await db()
      .insert(taskItems)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          companyCode: tag.companyCode,
          storeCode: STORE,
          taskId: `OLD-${i}`,
          tagMac,
          barcode: tag.barcode,
          prCode: tag.prCode,
          layoutId: 'STD_PRICE',
          prInfo: ['old', String(i)],
          status: i % 3 ? ('OK' as const) : ('NG' as const),
          updatedAt: new Date(base + i * 3_600_000),
          createdAt: new Date(base + i * 3_600_000 - 60_000),
        })),
      );
    const expected = await db()
      .select({ taskId: taskItems.taskId })
      .from(taskItems)
      .where(and(eq(taskItems.storeCode, STORE), eq(taskItems.tagMac, tagMac)))
      .orderBy(desc(sql`coalesce(${taskItems.updatedAt}, ${taskItems.createdAt})`), desc(taskItems.id));
    expect(expected.length).toBeGreaterThan(25);
    const url = `/history/store/${STORE}/tag/${tagMac}/update`;
    const first = await page<Row>(url, { draw: 2 });
    const second = await page<Row>(url, { start: 25 });
    expect(first).toMatchObject({ draw: 2, recordsTotal: expected.length, recordsFiltered: expected.length });
    expect(first.data).toHaveLength(25);
    expect(first.data.map((r) => r.taskId)).toEqual(expected.slice(0, 25).map((r) => r.taskId));
    expect(second.data.map((r) => r.taskId)).toEqual(expected.slice(25).map((r) => r.taskId));
    // The tag id (barcode) names the tag as well as its MAC.
    const byBarcode = await page<Row>(`/history/store/${STORE}/tag/${tag.barcode}/update`);
    expect(byBarcode.data.map((r) => r.taskId)).toEqual(first.data.map((r) => r.taskId));
  });

  // spec: core §3.13, core §4.8 — update history rows: taskId, prCode, prInfo, status, updatedAt
  it('leaves status out while in progress, sends CANCEL without updatedAt, OK/NG with updatedAt', async () => {
    const tagMac = await tagWithCancel();
    const stored = await db()
      .select()
      .from(taskItems)
      .where(and(eq(taskItems.storeCode, STORE), eq(taskItems.tagMac, tagMac)));
    const { data } = await page<Row>(`/history/store/${STORE}/tag/${tagMac}/update`, { length: -1 });
    expect(data).toHaveLength(stored.length);
    const byTask = new Map(data.map((r) => [r.taskId, r]));
    for (const s of stored) {
      const row = byTask.get(s.taskId)!;
      if (s.status === null) expect(row.status === undefined && row.updatedAt === undefined).toBe(true);
      else if (s.status === 'CANCEL') expect(row).toMatchObject({ status: 'CANCEL' });
      else expect(row).toMatchObject({ status: s.status, updatedAt: s.updatedAt!.toISOString() });
      if (s.status === 'CANCEL') expect(row.updatedAt).toBeUndefined();
      expect(row.prInfo).toEqual(s.prInfo);
    }
    expect(stored.some((s) => s.status === 'CANCEL')).toBe(true);
    // In progress rows exist in the store (the seed's running task), and answer without a status.
    const [running] = await db()
      .select()
      .from(taskItems)
      .where(and(eq(taskItems.storeCode, STORE), isNull(taskItems.status)))
      .limit(1);
    const live = await page<Row>(`/history/store/${STORE}/tag/${running.tagMac}/update`, { length: -1 });
    const row = live.data.find((r) => r.taskId === running.taskId)!;
    expect(row.status).toBeUndefined();
    expect(row.updatedAt).toBeUndefined();
    // The running task is the newest: it comes first.
    expect(live.data[0].taskId).toBe(running.taskId);
  });

  // spec: core §5.8 — date filters sent as epoch seconds
  it('filters by status and by the date range in epoch seconds', async () => {
    const tagMac = await tagWithCancel();
    const mine = and(eq(taskItems.storeCode, STORE), eq(taskItems.tagMac, tagMac));
    const url = `/history/store/${STORE}/tag/${tagMac}/update`;
    const ok = await page<Row>(url, { length: -1, filter_status: 'OK' });
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(taskItems)
      .where(and(mine, eq(taskItems.status, 'OK')));
    expect(ok.recordsFiltered).toBe(n);
    expect(ok.data.every((r) => r.status === 'OK')).toBe(true);
    const since = new Date(Date.now() - 20 * 86_400_000);
    const recent = await page<Row>(url, { length: -1, filter_startDate: epoch(since) });
    const [{ m }] = await db()
      .select({ m: sql<number>`count(*)::int` })
      .from(taskItems)
      .where(and(mine, gte(sql`coalesce(${taskItems.updatedAt}, ${taskItems.createdAt})`, new Date(epoch(since) * 1000))));
    expect(recent.recordsFiltered).toBe(m);
    expect(m).toBeGreaterThan(0);
    const after = await page<Row>(url, { length: -1, filter_updatedAt: epoch(since), condition_updatedAt: '>=' });
    expect(after.recordsFiltered).toBe(m);
    expect((await post(url, { start: 0, length: 25, filter_updatedAt: 'soon' })).statusCode).toBe(400);
    // Values the schema lets through but no timestamp can hold are the client's mistake too.
    expect((await post(url, { start: 0, length: 25, filter_updatedAt: 1e17 })).statusCode).toBe(400);
    expect((await post(url, { start: 0, length: 25, filter_startDate: 9e15 })).statusCode).toBe(400);
    expect((await post(url, { start: 0, length: 25, filter_prInfo: 'old 1', condition_prInfo: '==' })).json().recordsFiltered).toBe(1);
  });
});

describe('battery, reset, temperature and alarm histories', () => {
  // spec: core §2.42, core §3.13, core §9.9 — battery, reset, temperature histories (their fields) newest first
  it('answer the stored rows newest first, 25 a page', async () => {
    const [t] = await db()
      .select({ tagMac: tagTemperatureHistory.tagMac })
      .from(tagTemperatureHistory)
      .where(eq(tagTemperatureHistory.storeCode, STORE))
      .limit(1);
    await db()
      .insert(tagTemperatureHistory)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          storeCode: STORE,
          tagMac: t.tagMac,
          temperature: 30 + i,
          updatedAt: new Date(Date.now() - (40 + i) * 86_400_000),
        })),
      );
    const stored = await db()
      .select()
      .from(tagTemperatureHistory)
      .where(and(eq(tagTemperatureHistory.storeCode, STORE), eq(tagTemperatureHistory.tagMac, t.tagMac)))
      .orderBy(desc(tagTemperatureHistory.updatedAt), desc(tagTemperatureHistory.id));
    expect(stored.length).toBeGreaterThan(25);
    const url = `/history/store/${STORE}/tag/${t.tagMac}/temperature`;
    const first = await page<{ temperature: number; updatedAt: string }>(url);
    const rest = await page<{ temperature: number; updatedAt: string }>(url, { start: 25 });
    expect(first.recordsTotal).toBe(stored.length);
    expect([...first.data, ...rest.data]).toEqual(
      stored.map((s) => ({ temperature: s.temperature, updatedAt: s.updatedAt.toISOString() })),
    );
    const warm = await page<{ temperature: number }>(url, { length: -1, filter_temperature: 30, condition_temperature: '>=' });
    expect(warm.recordsFiltered).toBe(stored.filter((s) => s.temperature >= 30).length);
    expect((await post(url, { start: 0, length: 25, filter_temperature: 1e12, condition_temperature: '>=' })).statusCode).toBe(400);

    const battery = await page<{ battery: number; updatedAt: string }>(`/history/store/${STORE}/tag/${t.tagMac}/battery`);
    const times = battery.data.map((r) => Date.parse(r.updatedAt));
    expect(battery.recordsTotal).toBeGreaterThan(0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const reset = await page<{ cnt: number; last_time: string }>(`/history/store/${STORE}/tag/${t.tagMac}/reset`);
    expect(reset.data.map((r) => r.cnt)).toEqual([2, 1]);
    expect(Date.parse(reset.data[0].last_time)).toBeGreaterThan(Date.parse(reset.data[1].last_time));
  });

  // spec: core §2.42, core §3.13 — tag alarm history: alarmTime, alarmType, time descending
  it('answers the tag alarm history by time descending; sorts and filters as asked', async () => {
    const [a] = await db()
      .select({ tagMac: tagAlarmHistory.tagMac })
      .from(tagAlarmHistory)
      .where(eq(tagAlarmHistory.storeCode, STORE))
      .limit(1);
    const stored = await db()
      .select()
      .from(tagAlarmHistory)
      .where(eq(tagAlarmHistory.tagMac, a.tagMac))
      .orderBy(desc(tagAlarmHistory.alarmTime));
    const url = `/history/store/${STORE}/tag/${a.tagMac}/alarm`;
    const res = await page<{ alarmType: string; alarmTime: string }>(url);
    expect(res.data).toEqual(stored.map((s) => ({ alarmType: s.alarmType, alarmTime: s.alarmTime.toISOString() })));
    const oldest = await page<{ alarmTime: string }>(url, { columns: [{ data: 'alarmTime' }], order: [{ column: 0, dir: 'asc' }] });
    expect(oldest.data[0].alarmTime).toBe(stored[stored.length - 1].alarmTime.toISOString());
    const typed = await page(url, { filter_alarmType: stored[0].alarmType.slice(1, 5) });
    expect(typed.recordsFiltered).toBe(stored.filter((s) => s.alarmType.includes(stored[0].alarmType.slice(1, 5))).length);
  });

  it('answers 404 for a tag the store lacks, 403 for a store the member may not see, 400 for a bad sort', async () => {
    const [t] = await db().select({ tagMac: tags.tagMac }).from(tags).where(eq(tags.storeCode, 'LON001')).limit(1);
    expect((await post(`/history/store/${STORE}/tag/${t.tagMac}/battery`, { start: 0, length: 25 })).statusCode).toBe(404);
    const unknown = await post(`/history/store/${STORE}/tag/FFFFFFFFFFFF/update`, { start: 0, length: 25 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('FFFFFFFFFFFF');
    expect((await post(`/history/store/LON001/tag/${t.tagMac}/battery`, { start: 0, length: 25 }, operator)).statusCode).toBe(403);
    expect((await post(`/history/store/LON001/tag/${t.tagMac}/battery`, { start: 0, length: 25 }, viewer)).statusCode).toBe(403);
    const [mine] = await db().select({ tagMac: tags.tagMac }).from(tags).where(eq(tags.storeCode, STORE)).limit(1);
    expect((await post(`/history/store/${STORE}/tag/${mine.tagMac}/battery`, { start: 0, length: 25 }, viewer)).statusCode).toBe(200);
    expect(
      (
        await post(`/history/store/${STORE}/tag/${mine.tagMac}/battery`, {
          start: 0,
          length: 25,
          columns: [{ data: 'x' }],
          order: [{ column: 0, dir: 'asc' }],
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('gateway alarm history', () => {
  // spec: core §3.12 — alarm history row: location, type, class, updatedAt
  it('pages the gateway alarms newest first; class, type and time filters never fail on odd values', async () => {
    const [g] = await db()
      .select({ gwMac: gatewayAlarmHistory.gwMac, storeCode: gatewayAlarmHistory.storeCode, n: sql<number>`count(*)::int` })
      .from(gatewayAlarmHistory)
      .groupBy(gatewayAlarmHistory.gwMac, gatewayAlarmHistory.storeCode)
      .orderBy(desc(sql`count(*)`))
      .limit(1);
    const stored = await db()
      .select()
      .from(gatewayAlarmHistory)
      .where(eq(gatewayAlarmHistory.gwMac, g.gwMac))
      .orderBy(desc(gatewayAlarmHistory.updatedAt), desc(gatewayAlarmHistory.id));
    const url = `/history/store/${g.storeCode}/gw/${g.gwMac.toLowerCase().match(/../g)!.join(':')}/alarm`;
    const res = await page<{ type: string; class: number; location: string; updatedAt: string }>(url, { length: 10 });
    expect(res.recordsTotal).toBe(stored.length);
    expect(res.data).toEqual(
      stored
        .slice(0, 10)
        .map((s) => ({ location: s.location, type: String(s.type), class: s.class, updatedAt: s.updatedAt.toISOString() })),
    );
    const cls = stored[0].class;
    expect((await page(url, { length: -1, filter_class: cls })).recordsFiltered).toBe(stored.filter((s) => s.class === cls).length);
    expect((await page(url, { filter_class: 'abc' })).recordsFiltered).toBe(0);
    expect((await page(url, { filter_type: 'x%' })).recordsFiltered).toBe(0);
    const mid = stored[Math.floor(stored.length / 2)].updatedAt;
    const since = await page(url, { length: -1, filter_updatedAt: epoch(mid), condition_updatedAt: '>=' });
    expect(since.recordsFiltered).toBe(stored.filter((s) => s.updatedAt.getTime() >= epoch(mid) * 1000).length);
    const ranged = await page(url, { length: -1, filter_startDate: epoch(mid) });
    expect(ranged.recordsFiltered).toBe(since.recordsFiltered);
    expect((await post(`/history/store/${g.storeCode}/gw/FFFFFFFFFFFF/alarm`, { start: 0, length: 10 })).statusCode).toBe(404);
  });
});

describe('task fail list', () => {
  it('lists the NG tags of one update task; an unknown task is a 404', async () => {
    const [t] = await db()
      .select({ taskId: taskItems.taskId })
      .from(taskItems)
      .innerJoin(updateTasks, and(eq(updateTasks.storeCode, taskItems.storeCode), eq(updateTasks.taskId, taskItems.taskId)))
      .where(and(eq(taskItems.storeCode, STORE), eq(taskItems.status, 'NG')))
      .limit(1);
    const stored = await db()
      .select()
      .from(taskItems)
      .where(and(eq(taskItems.storeCode, STORE), eq(taskItems.taskId, t.taskId), eq(taskItems.status, 'NG')))
      .orderBy(asc(taskItems.barcode));
    expect(stored.length).toBeGreaterThan(0);
    const res = await page<{ tagMac: string; barcode: string; status: string }>(`/task/fail/store/${STORE}/task/${t.taskId}`, {
      length: -1,
    });
    expect(res.data.map((r) => r.tagMac)).toEqual(stored.map((s) => s.tagMac));
    expect(res.data.every((r) => r.status === 'NG')).toBe(true);
    expect((await post(`/task/fail/store/${STORE}/task/NO-SUCH-TASK`, { start: 0, length: 25 })).statusCode).toBe(404);
  });
});

/** Width, height, bit depth and colour type from a PNG's IHDR, after checking the signature and the chunk CRC layout. */
function readPng(base64: string): { width: number; height: number; colourType: number; pixels: Buffer } {
  const png = Buffer.from(base64, 'base64');
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const len = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
    if (type === 'IEND') expect(at).toBe(png.length);
  }
  const pixels = inflateSync(Buffer.concat(idat));
  expect(pixels.length).toBe((width + 1) * height);
  return { width, height, colourType: png[25], pixels };
}

describe('tag preview', () => {
  // spec: core §3.14 — preview: encodedImage, subPage, alias, prInfo, layoutId
  it('draws a product tag at its type size: main image, sub pages, prInfo, alias names, layout', async () => {
    const [t] = await db()
      .select({
        tagMac: tags.tagMac,
        tagType: tags.tagType,
        prCode: tags.prCode,
        layoutId: tags.layoutId,
        companyCode: tags.companyCode,
        prInfo: products.prInfo,
      })
      .from(tags)
      .innerJoin(products, and(eq(products.storeCode, tags.storeCode), eq(products.prCode, tags.prCode)))
      .where(and(eq(tags.storeCode, STORE), isNotNull(tags.layoutId)))
      .limit(1);
    const [type] = await db().select().from(tagTypes).where(eq(tagTypes.prefix, t.tagType!));
    const res = await get(`/preview/store/${STORE}/tag/${t.tagMac}`, viewer);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      encodedImage: string;
      subPage: string[];
      alias: { index: number; name: string }[];
      prInfo: string[];
      layoutId: string;
    };
    const main = readPng(body.encodedImage);
    expect({ width: main.width, height: main.height, colourType: main.colourType }).toEqual({
      width: type.width,
      height: type.height,
      colourType: 3,
    });
    // Something is drawn: not every pixel is white (palette index 0).
    expect(main.pixels.some((p, i) => i % (main.width + 1) !== 0 && p !== 0)).toBe(true);
    expect(body.subPage.length).toBeGreaterThanOrEqual(1);
    for (const sub of body.subPage) expect(readPng(sub)).toMatchObject({ width: type.width, height: type.height });
    expect(body.prInfo).toEqual(t.prInfo);
    expect(body.layoutId).toBe(t.layoutId);
    expect(body.layoutId).not.toContain('no_product');
    const names = await db()
      .select({ index: aliases.index, name: aliases.name })
      .from(aliases)
      .where(eq(aliases.companyCode, t.companyCode))
      .orderBy(asc(aliases.index));
    expect(body.alias).toEqual(names);
  });

  it('shows the further products of a multi assign as sub pages after the detail page', async () => {
    const [t] = await db()
      .select({ tagMac: tags.tagMac })
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), isNull(tags.prCode)))
      .orderBy(desc(tags.tagMac))
      .limit(1);
    const codes = await db()
      .select({ prCode: products.prCode, prInfo: products.prInfo })
      .from(products)
      .where(eq(products.storeCode, STORE))
      .orderBy(asc(products.prCode))
      .limit(3);
    const assign = await post('/tag/assign/multiple', {
      taskId: -1,
      priorTaskId: -1,
      storeCode: STORE,
      tagMac: t.tagMac,
      prCodeList: codes.map((c) => c.prCode),
      layoutId: 'MULTI_3',
      degree: 0,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    const body = (await get(`/preview/store/${STORE}/tag/${t.tagMac}`)).json();
    expect(body.prInfo).toEqual(codes[0].prInfo);
    expect(body.layoutId).toBe('MULTI_3');
    expect(body.subPage).toHaveLength(1 + codes.length - 1);
  });

  // spec: core §2.41 — a layoutId containing no_product means no product
  it("marks a tag without a product with a layoutId containing 'no_product' and no sub pages", async () => {
    const [t] = await db()
      .select({ tagMac: tags.tagMac, barcode: tags.barcode })
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), isNull(tags.prCode)))
      .orderBy(asc(tags.tagMac))
      .limit(1);
    const res = await get(`/preview/store/${STORE}/tag/${t.barcode}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.layoutId).toContain('no_product');
    expect(body.subPage).toEqual([]);
    expect(body.prInfo).toEqual([]);
    expect(readPng(body.encodedImage).width).toBeGreaterThan(0);
    expect((await get(`/preview/store/${STORE}/tag/FFFFFFFFFFFF`)).statusCode).toBe(404);
    expect((await get(`/preview/store/LON001/tag/${t.tagMac}`, operator)).statusCode).toBe(403);
  });
});

describe('tag page individual', () => {
  it('counts the known tags, lists unknown ones, needs tag write', async () => {
    const list = await db().select({ tagMac: tags.tagMac, barcode: tags.barcode }).from(tags).where(eq(tags.storeCode, STORE)).limit(2);
    const res = await post(
      '/tag/page/individual',
      { storeCode: STORE, tagList: [list[0].tagMac, list[1].barcode, 'FFFFFFFFFFFF'], pageNo: 2 },
      operator,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, count: 2, failed: [{ tagMac: 'FFFFFFFFFFFF' }] });
    expect((await post('/tag/page/individual', { storeCode: STORE, tagList: ['FFFFFFFFFFFF'], pageNo: 1 })).statusCode).toBe(404);
    expect((await post('/tag/page/individual', { storeCode: STORE, tagList: [list[0].tagMac], pageNo: 1 }, viewer)).statusCode).toBe(403);
    expect((await post('/tag/page/individual', { storeCode: STORE, tagList: [list[0].tagMac], pageNo: 16 })).statusCode).toBe(400);
  });
});
