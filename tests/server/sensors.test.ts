import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { SENSOR_MEASUREMENTS, SENSOR_TYPE_FIELDS, SENSOR_TYPES } from '../../contract/schemas/sensors';
import { products, sensorAlarmHistory, sensorConfigs, sensorMeasurements, sensors, serverConfig, tags } from '../../server/db/schema/index';
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
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: AuthHeaders = admin) =>
  sut.app.inject({ method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers });
const epoch = (d: Date) => Math.floor(d.getTime() / 1000);
const sensorRow = async (tagMac: string) => (await db().select().from(sensors).where(eq(sensors.tagMac, tagMac)))[0];
const ofType = async (type: string, store = STORE) =>
  db()
    .select()
    .from(sensors)
    .where(and(eq(sensors.storeCode, store), eq(sensors.sensorType, type as 'TOF')))
    .orderBy(asc(sensors.tagMac));
const productCodes = async (n: number) =>
  (
    await db()
      .select({ prCode: products.prCode })
      .from(products)
      .where(eq(products.storeCode, STORE))
      .orderBy(asc(products.prCode))
      .limit(n)
  ).map((p) => p.prCode);
const assign = (tagList: unknown[], headers: AuthHeaders = admin) =>
  call('POST', '/sensor/assign', { taskId: -1, priorTaskId: -1, storeCode: STORE, tagList }, headers);

describe('sensor types and distance error range', () => {
  it('lists every type with the settings its modal asks for', async () => {
    const res = await call('GET', '/sensor/type', undefined, viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENSOR_TYPES.map((sensorType) => ({ sensorType, fields: [...SENSOR_TYPE_FIELDS[sensorType]] })));
  });

  // spec: plus §7.3 — the distance error range (a number)
  it("answers the server's range, or the store's own when its sensor config names one", async () => {
    const [config] = await db().select({ range: serverConfig.distanceErrorRange }).from(serverConfig);
    expect((await call('GET', '/sensor/distance-error-range')).json()).toEqual({ distanceErrorRange: config.range });
    await db()
      .update(sensorConfigs)
      .set({ config: sql`${sensorConfigs.config} || '{"distanceErrorRange": 8}'::jsonb` })
      .where(eq(sensorConfigs.storeCode, 'MIL001'));
    expect((await call('GET', '/sensor/distance-error-range?storeCode=MIL001')).json()).toEqual({ distanceErrorRange: 8 });
    // The store's range is the one its assign checks against.
    const [tof] = await ofType('TOF', 'MIL001');
    const [product] = await db().select({ prCode: products.prCode }).from(products).where(eq(products.storeCode, 'MIL001')).limit(1);
    const tofWidth = (productWidth: number) =>
      call('POST', '/sensor/assign', {
        taskId: -1,
        priorTaskId: -1,
        storeCode: 'MIL001',
        tagList: [{ tagMac: tof.tagMac, prCode: product.prCode, sensor: { sensorType: 'TOF', fields: { productWidth, depth: 300 } } }],
      });
    expect((await tofWidth(8)).statusCode).toBe(400);
    expect((await tofWidth(9)).statusCode).toBe(200);
    expect((await call('GET', `/sensor/distance-error-range?storeCode=${STORE}`)).json()).toEqual({ distanceErrorRange: config.range });
    expect((await call('GET', '/sensor/distance-error-range?storeCode=LON001', undefined, operator)).statusCode).toBe(403);
    expect((await call('GET', '/sensor/distance-error-range?storeCode=NOPE01')).statusCode).toBe(400);
  });
});

describe('sensor list', () => {
  // spec: core §3.16 — sensor rows: sensorType, status, reportTime, updatedAt as stored
  it('pages, sorts and filters the store sensors exactly as the rows say', async () => {
    const all = await db().select().from(sensors).where(eq(sensors.storeCode, STORE)).orderBy(asc(sensors.barcode));
    const page = (body: Record<string, unknown>) => call('POST', `/sensor/list/store/${STORE}`, { start: 0, length: 25, ...body }, viewer);
    const first = (await page({ length: 4 })).json();
    expect(first).toMatchObject({ recordsTotal: all.length, recordsFiltered: all.length });
    expect(first.data.map((s: { tagMac: string }) => s.tagMac)).toEqual(all.slice(0, 4).map((s) => s.tagMac));
    expect(first.data[0]).toMatchObject({
      sensorType: all[0].sensorType,
      fields: all[0].fields,
      status: all[0].status,
      updatedAt: all[0].updatedAt.toISOString(),
    });
    const tof = (await page({ filter_sensorType: 'TOF' })).json();
    expect(tof.data.map((s: { tagMac: string }) => s.tagMac)).toEqual(all.filter((s) => s.sensorType === 'TOF').map((s) => s.tagMac));
    const mid = all.map((s) => s.updatedAt).sort((a, b) => a.getTime() - b.getTime())[Math.floor(all.length / 2)];
    const recent = (await page({ length: -1, filter_updatedAt: epoch(mid), condition_updatedAt: '>=' })).json();
    expect(recent.recordsFiltered).toBe(all.filter((s) => s.updatedAt.getTime() >= epoch(mid) * 1000).length);
    const byReport = (await page({ length: -1, columns: [{ data: 'reportTime' }], order: [{ column: 0, dir: 'desc' }] })).json();
    const times = byReport.data.map((s: { reportTime: string }) => Date.parse(s.reportTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await page({ filter_reportTime: 'yesterday' })).statusCode).toBe(400);
    expect((await call('POST', `/sensor/list/store/LON001`, { start: 0, length: 25 }, operator)).statusCode).toBe(403);
  });
});

describe('sensor assign', () => {
  // spec: plus §2.55 — product width at least the distance error range + 1
  it('refuses a TOF productWidth below the distance error range + 1, non-integers and wrong settings; nothing changes', async () => {
    const [tof] = await ofType('TOF');
    const before = await sensorRow(tof.tagMac);
    const [code] = await productCodes(1);
    const range = (await call('GET', `/sensor/distance-error-range?storeCode=${STORE}`)).json().distanceErrorRange as number;
    const tofWith = (fields: Record<string, unknown>) => [{ tagMac: tof.tagMac, prCode: code, sensor: { sensorType: 'TOF', fields } }];
    const narrow = await assign(tofWith({ productWidth: range, depth: 400 }));
    expect(narrow.statusCode).toBe(400);
    expect(narrow.json().message).toContain(`productWidth must be at least ${range + 1}`);
    expect((await assign(tofWith({ productWidth: 12.5, depth: 400 }))).statusCode).toBe(400);
    expect((await assign(tofWith({ productWidth: '12', depth: 400 }))).statusCode).toBe(400);
    expect((await assign(tofWith({ productWidth: 60 }))).json().message).toContain('depth');
    expect((await assign(tofWith({ productWidth: 60, depth: 400, colour: 1 }))).json().message).toContain('colour');
    expect(
      (
        await assign([
          {
            tagMac: tof.tagMac,
            prCode: code,
            sensor: { sensorType: 'HAT', fields: { tempMin: 9, tempMax: 2, humidityMin: 30, humidityMax: 70 } },
          },
        ])
      ).statusCode,
    ).toBe(400);
    expect(
      (await assign([{ tagMac: tof.tagMac, prCode: '   ', sensor: { sensorType: 'PEOPLECOUNT', fields: { threshold: 5 } } }])).json()
        .message,
    ).toBe('Enter Product Code, Please!');
    expect((await assign([{ tagMac: tof.tagMac, prCode: code, sensor: { sensorType: 'SONAR', fields: {} } }])).statusCode).toBe(400);
    expect(await sensorRow(tof.tagMac)).toEqual(before);
  });

  it('answers 404 for an unknown tag or product and changes nothing, not even the valid entries', async () => {
    const [first, second] = await ofType('LOADCELL');
    const before = await db().select().from(sensors).where(eq(sensors.storeCode, STORE)).orderBy(asc(sensors.tagMac));
    const [code] = await productCodes(1);
    const valid = { tagMac: first.tagMac, prCode: code, sensor: { sensorType: 'LOADCELL', fields: { unitWeight: 100, minWeight: 0 } } };
    const unknownTag = await assign([valid, { ...valid, tagMac: 'FFFFFFFFFFFF' }]);
    expect(unknownTag.statusCode).toBe(404);
    expect(unknownTag.json().message).toBe(`Tag FFFFFFFFFFFF does not exist in store ${STORE}.`);
    const unknownProduct = await assign([valid, { ...valid, tagMac: second.tagMac, prCode: 'NO-SUCH-CODE' }]);
    expect(unknownProduct.statusCode).toBe(404);
    expect(unknownProduct.json().message).toBe('This product does not exist');
    // A sensor of another store is unknown here.
    const [foreign] = await ofType('LOADCELL', 'LON001');
    expect((await assign([{ ...valid, tagMac: foreign.tagMac }])).statusCode).toBe(404);
    expect((await assign([valid, { ...valid, tagMac: first.barcode }])).statusCode).toBe(400);
    expect(await db().select().from(sensors).where(eq(sensors.storeCode, STORE)).orderBy(asc(sensors.tagMac))).toEqual(before);
  });

  // spec: plus §1.10, plus §3.9, plus §7.4 — assignSensor stores tagMac, prCode, sensorType and its fields
  it('stores product, type and settings; a plain tag of the store becomes a sensor tag', async () => {
    const [tof] = await ofType('TOF');
    const [tag] = await db().select().from(tags).where(eq(tags.storeCode, STORE)).orderBy(asc(tags.tagMac)).limit(1);
    const [a, b] = await productCodes(2);
    const range = (await call('GET', `/sensor/distance-error-range?storeCode=${STORE}`)).json().distanceErrorRange as number;
    const res = await assign(
      [
        { tagMac: tof.barcode, prCode: a, sensor: { sensorType: 'TOF', fields: { productWidth: range + 1, depth: 350 } } },
        {
          tagMac: tag.tagMac.toLowerCase(),
          prCode: ` ${b} `,
          sensor: { sensorType: 'HAT', fields: { tempMin: -2, tempMax: 6, humidityMin: 20, humidityMax: 80 } },
        },
      ],
      operator,
    );
    expect(res.statusCode).toBe(403); // the operator reads sensors but may not write them
    const ok = await assign([
      { tagMac: tof.barcode, prCode: a, sensor: { sensorType: 'TOF', fields: { productWidth: range + 1, depth: 350 } } },
      {
        tagMac: tag.tagMac.toLowerCase(),
        prCode: ` ${b} `,
        sensor: { sensorType: 'HAT', fields: { tempMin: -2, tempMax: 6, humidityMin: 20, humidityMax: 80 } },
      },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, assigned: 2, failed: [] });
    expect(await sensorRow(tof.tagMac)).toMatchObject({
      prCode: a,
      sensorType: 'TOF',
      fields: { productWidth: range + 1, depth: 350 },
      operation: 1,
      operationName: 'ASSIGN',
    });
    expect(await sensorRow(tag.tagMac)).toMatchObject({
      storeCode: STORE,
      companyCode: tag.companyCode,
      barcode: tag.barcode,
      prCode: b,
      sensorType: 'HAT',
      fields: { tempMin: -2, tempMax: 6, humidityMin: 20, humidityMax: 80 },
      operation: 1,
      gwMac: tag.gwMac,
    });
    const listed = (
      await call('POST', `/sensor/list/store/${STORE}`, { start: 0, length: 25, filter_tagMac: tag.tagMac, condition_tagMac: '==' })
    ).json();
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ prCode: b, sensorType: 'HAT' });
  });
});

describe('sensor update and deassign', () => {
  // spec: plus §7.4 — updateSensor {taskId -1, priorTaskId -1, storeCode, tagList}
  it('updates type and settings of known sensors only', async () => {
    const [hat] = await ofType('HAT');
    const body = (tagMac: string) => ({
      taskId: -1,
      priorTaskId: -1,
      storeCode: STORE,
      tagList: [{ tagMac, sensor: { sensorType: 'PEOPLECOUNT', fields: { threshold: 12 } } }],
    });
    const res = await call('PUT', '/sensor/update', body(hat.tagMac));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, count: 1 });
    expect(await sensorRow(hat.tagMac)).toMatchObject({ sensorType: 'PEOPLECOUNT', fields: { threshold: 12 }, prCode: hat.prCode });
    const [plain] = await db().select().from(tags).where(eq(tags.storeCode, STORE)).orderBy(desc(tags.tagMac)).limit(1);
    expect((await call('PUT', '/sensor/update', body(plain.tagMac))).statusCode).toBe(404);
    const negative = await call('PUT', '/sensor/update', {
      ...body(hat.tagMac),
      tagList: [{ tagMac: hat.tagMac, sensor: { sensorType: 'PEOPLECOUNT', fields: { threshold: -1 } } }],
    });
    expect(negative.statusCode).toBe(400);
    expect(await sensorRow(hat.tagMac)).toMatchObject({ fields: { threshold: 12 } });
    expect((await call('PUT', '/sensor/update', body(hat.tagMac), viewer)).statusCode).toBe(403);
  });

  it('detaches sensors from their product; an unknown one is a 404 and nothing changes', async () => {
    const [a, b] = await ofType('TVOC');
    const before = await sensorRow(a.tagMac);
    const unknown = await call('POST', '/sensor/deassign', { storeCode: STORE, tagList: [a.tagMac, 'FFFFFFFFFFFF'] });
    expect(unknown.statusCode).toBe(404);
    expect(await sensorRow(a.tagMac)).toEqual(before);
    const res = await call('POST', '/sensor/deassign', { storeCode: STORE, tagList: [a.tagMac, b.barcode] });
    expect(res.json()).toEqual({ success: true, count: 2 });
    for (const s of [a, b])
      expect(await sensorRow(s.tagMac)).toMatchObject({
        prCode: null,
        operation: 0,
        operationName: 'DEASSIGN',
        sensorType: 'TVOC',
        fields: s.fields,
      });
  });
});

describe('sensor history', () => {
  // spec: core §2.48, core §2.49 — sensor history: only the type's measurements (HAT humidity, temperature)
  it("answers the last 24 h by default, or the asked window, oldest first, with only the type's measurements", async () => {
    const [hat] = await ofType('HAT', 'LON001');
    const m = sensorMeasurements;
    const countIn = async (from: Date, to: Date) =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(m)
          .where(and(eq(m.tagMac, hat.tagMac), gte(m.time, from), lte(m.time, to)))
      )[0].n;
    const res = await call('GET', `/history/store/LON001/sensor/${hat.tagMac}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const span = Date.parse(body.endDate) - Date.parse(body.startDate);
    expect(span).toBe(86_400_000);
    expect(body.data.length).toBe(await countIn(new Date(body.startDate), new Date(body.endDate)));
    expect(body.data.length).toBeGreaterThan(0);
    const times = body.data.map((p: { updatedAt: string }) => Date.parse(p.updatedAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    for (const p of body.data) expect(Object.keys(p).sort()).toEqual(['updatedAt', ...SENSOR_MEASUREMENTS.HAT].sort());
    expect(body.tagInfo).toMatchObject({ tagMac: hat.tagMac, sensorType: 'HAT', barcode: hat.barcode });

    const end = epoch(new Date()) - 3600;
    const start = end - 6 * 3600;
    const window = (await call('GET', `/history/store/LON001/sensor/${hat.barcode}?startDate=${start}&endDate=${end}`)).json();
    expect(window.data.length).toBe(await countIn(new Date(start * 1000), new Date(end * 1000)));
    expect(window.data.length).toBeLessThan(body.data.length);
    expect((await call('GET', `/history/store/LON001/sensor/${hat.tagMac}?startDate=${end}&endDate=${start}`)).statusCode).toBe(400);
    expect((await call('GET', `/history/store/LON001/sensor/${hat.tagMac}?startDate=abc`)).statusCode).toBe(400);
    expect((await call('GET', `/history/store/LON001/sensor/${hat.tagMac}?startDate=0&endDate=${end}`)).statusCode).toBe(400);
    expect((await call('GET', `/history/store/LON001/sensor/FFFFFFFFFFFF`)).statusCode).toBe(404);
    expect((await call('GET', `/history/store/LON001/sensor/${hat.tagMac}`, undefined, operator)).statusCode).toBe(403);
  });

  // spec: core §2.48 — sensor alarm history
  it('answers the sensor alarm history newest first with type names', async () => {
    const [row] = await db()
      .select({ sensorMac: sensorAlarmHistory.sensorMac })
      .from(sensorAlarmHistory)
      .where(eq(sensorAlarmHistory.storeCode, STORE))
      .limit(1);
    const stored = await db()
      .select()
      .from(sensorAlarmHistory)
      .where(eq(sensorAlarmHistory.sensorMac, row.sensorMac))
      .orderBy(desc(sensorAlarmHistory.updatedAt));
    const res = await call('POST', `/history/store/${STORE}/sensor/${row.sensorMac}/alarm`, { start: 0, length: 25 }, viewer);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((r: { alarmTime: string }) => r.alarmTime)).toEqual(stored.map((s) => s.updatedAt.toISOString()));
    expect(body.data.every((r: { alarmType: string }) => /^[A-Z_]+$/.test(r.alarmType))).toBe(true);
    const named = await call('POST', `/history/store/${STORE}/sensor/${row.sensorMac}/alarm`, {
      start: 0,
      length: 25,
      filter_alarmType: body.data[0].alarmType,
      condition_alarmType: '==',
    });
    expect(named.json().recordsFiltered).toBe(stored.length);
  });
});
