import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { gateways, products, tagGatewayCounts, tagStoreCounts, tags, tagUpdateDays } from '../../server/db/schema/index';
import { SIM_DEFAULTS, startSimulator } from '../../server/sim/index';
import { multipartBody, startWithLogins, type AuthHeaders, type TestServer } from './harness';

/*
 * Issue 32 §3: the dashboard, the store tag list, the exceptions and the tag type list read per-store counters that
 * triggers on tags keep (migration 0013). After every kind of write — assign, the radio's answer, deassign, a
 * product import's update task, an assign file, a gateway and a store deleted — what the API answers must equal a
 * count over the tags themselves; the products' totals likewise (migration 0014).
 */
const STORE = 'TKY001';
let sut: TestServer;
let admin: AuthHeaders;

beforeAll(async () => {
  ({
    sut,
    as: { admin },
  } = await startWithLogins(['admin']));
});
afterAll(async () => sut?.close());

const db = () => sut.deps.db;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  sut.app.inject({ method, url: `/api${url}`, headers: admin, ...(payload ? { payload: payload as object } : {}) });
const todayStart = () => new Date(new Date().toISOString().slice(0, 10));

/** The counters as a GROUP BY over tags computes them: the old queries, kept here as the reference. */
async function recount() {
  const byType = await db()
    .select({
      storeCode: tags.storeCode,
      type: sql<string>`coalesce(${tags.tagType}, 'UNKNOWN')`,
      total: sql<number>`count(*)::int`,
      error: sql<number>`(count(*) filter (where ${tags.operation} = 1 and ${tags.status} not in ('OK', 'WIP')))::int`,
      inprogress: sql<number>`(count(*) filter (where ${tags.status} = 'WIP'))::int`,
      lowBattery: sql<number>`(count(*) filter (where ${tags.battStatus} = 'NG'))::int`,
      today: sql<number>`(count(*) filter (where ${tags.updatedAt} >= ${todayStart()}))::int`,
      updatedAt: sql<string | null>`max(${tags.updatedAt})`,
    })
    .from(tags)
    .groupBy(sql`1, 2`);
  const stores = new Map<
    string,
    {
      total: number;
      error: number;
      inprogress: number;
      lowBattery: number;
      todayUpdated: number;
      countByType: Record<string, number>;
      updatedAt?: string;
    }
  >();
  for (const r of byType) {
    const s = stores.get(r.storeCode) ?? { total: 0, error: 0, inprogress: 0, lowBattery: 0, todayUpdated: 0, countByType: {} };
    s.total += r.total;
    s.error += r.error;
    s.inprogress += r.inprogress;
    s.lowBattery += r.lowBattery;
    s.todayUpdated += r.today;
    s.countByType[r.type] = r.total;
    const at = r.updatedAt ? new Date(r.updatedAt).toISOString() : undefined;
    if (at && (!s.updatedAt || at > s.updatedAt)) s.updatedAt = at;
    stores.set(r.storeCode, s);
  }
  const perGw = await db()
    .select({ gwMac: tags.gwMac, n: sql<number>`count(*)::int` })
    .from(tags)
    .where(isNotNull(tags.gwMac))
    .groupBy(tags.gwMac);
  const productRows = await db()
    .select({
      storeCode: products.storeCode,
      total: sql<number>`count(*)::int`,
      todayUpdated: sql<number>`(count(*) filter (where ${products.updatedAt} >= ${todayStart()}))::int`,
      updatedAt: sql<string>`max(${products.updatedAt})`,
    })
    .from(products)
    .groupBy(products.storeCode);
  const productStores = new Map(
    productRows.map((r) => [r.storeCode, { total: r.total, todayUpdated: r.todayUpdated, updatedAt: new Date(r.updatedAt).toISOString() }]),
  );
  return { byType, stores, perGw: new Map(perGw.map((r) => [r.gwMac!, r.n])), productStores };
}

async function exceptionRecount(storeCode: string) {
  const [row] = await db()
    .select({
      totalTags: sql<number>`count(*)::int`,
      errorTags: sql<number>`(count(*) filter (where ${tags.operation} = 1 and ${tags.status} not in ('OK', 'WIP')))::int`,
      // Written out (tags.x inside a sub-select would name the sub-select's own table).
      noProductTags: sql<number>`(count(*) filter (where pr_code is null or pr_code not in (select pr_code from products p where p.store_code = ${storeCode})))::int`,
      duplicateTags: sql<number>`(count(*) filter (where pr_code in (select pr_code from tags d where d.store_code = ${storeCode} and d.pr_code is not null group by pr_code having count(*) > 1)))::int`,
      batteryNgTags: sql<number>`(count(*) filter (where ${tags.battStatus} = 'NG'))::int`,
    })
    .from(tags)
    .where(eq(tags.storeCode, storeCode));
  return row;
}

/** Everything the API answers from the counters equals the recount; so do the kept rows themselves. */
async function expectCountsEqualTags(storeCode = STORE) {
  const truth = await recount();

  const dash = await call('GET', '/stats/dashboard');
  expect(dash.statusCode, dash.body).toBe(200);
  const { tagStatus, gwTagStatus, productStatus } = dash.json() as {
    tagStatus: Record<string, Record<string, unknown>>;
    productStatus: Record<string, unknown>;
    gwTagStatus: Record<string, { gwMac: string; tagCount: number }[]>;
  };
  expect(Object.keys(tagStatus).sort()).toEqual([...truth.stores.keys()].sort());
  for (const [code, s] of truth.stores) {
    const { countByType, ...counts } = s;
    expect(tagStatus[code], code).toMatchObject(counts);
    expect(tagStatus[code].countByType, code).toEqual(countByType);
  }
  expect(productStatus).toEqual(Object.fromEntries(truth.productStores));
  for (const list of Object.values(gwTagStatus)) for (const gw of list) expect(gw.tagCount, gw.gwMac).toBe(truth.perGw.get(gw.gwMac) ?? 0);

  const page = await call('POST', '/status/store/pagination/tag', {
    draw: 1,
    start: 0,
    length: 100,
    columns: [{ data: 'storeCode' }],
    order: [{ column: 0, dir: 'asc' }],
  });
  expect(page.statusCode, page.body).toBe(200);
  for (const row of page.json().data as {
    storeCode: string;
    total: number;
    error: number;
    inprogress: number;
    success: number;
    lowBattery: number;
    todayUpdated: number;
    updatedAt?: string;
  }[]) {
    const s = truth.stores.get(row.storeCode);
    const want = s
      ? {
          total: s.total,
          error: s.error,
          inprogress: s.inprogress,
          success: s.total - s.error - s.inprogress,
          lowBattery: s.lowBattery,
          todayUpdated: s.todayUpdated,
          updatedAt: s.updatedAt,
        }
      : { total: 0, error: 0, inprogress: 0, success: 0, lowBattery: 0, todayUpdated: 0, updatedAt: undefined };
    expect(
      {
        total: row.total,
        error: row.error,
        inprogress: row.inprogress,
        success: row.success,
        lowBattery: row.lowBattery,
        todayUpdated: row.todayUpdated,
        updatedAt: row.updatedAt,
      },
      row.storeCode,
    ).toEqual(want);
  }

  const productPage = await call('POST', '/status/store/pagination/product', {
    draw: 1,
    start: 0,
    length: 100,
    columns: [{ data: 'storeCode' }],
    order: [{ column: 0, dir: 'asc' }],
  });
  expect(productPage.statusCode, productPage.body).toBe(200);
  for (const row of productPage.json().data as { storeCode: string; total: number; todayUpdated: number; updatedAt?: string }[]) {
    const want = truth.productStores.get(row.storeCode) ?? { total: 0, todayUpdated: 0, updatedAt: undefined };
    expect({ total: row.total, todayUpdated: row.todayUpdated, updatedAt: row.updatedAt }, row.storeCode).toEqual(want);
  }

  // The store's tag list counts an unfiltered request from the counters, a filtered one over the tags.
  const list = await call('POST', `/tag/list/store/${storeCode}`, { draw: 1, start: 0, length: 1 });
  expect(list.statusCode, list.body).toBe(200);
  const storeTotal = truth.stores.get(storeCode)?.total ?? 0;
  expect(list.json()).toMatchObject({ recordsTotal: storeTotal, recordsFiltered: storeTotal });
  const wip = await call('POST', `/tag/list/store/${storeCode}`, {
    draw: 1,
    start: 0,
    length: 1,
    filter_status: 'WIP',
    condition_status: '==',
  });
  expect(wip.json()).toMatchObject({ recordsTotal: storeTotal, recordsFiltered: truth.stores.get(storeCode)?.inprogress ?? 0 });

  if (truth.stores.has(storeCode)) {
    const exc = await call('GET', `/stats/exceptions/store/${storeCode}`);
    expect(exc.statusCode, exc.body).toBe(200);
    expect(exc.json()).toMatchObject(await exceptionRecount(storeCode));
  }

  // The kept rows: no store or type counted that the tags do not have, nothing negative.
  const kept = await db().select().from(tagStoreCounts).orderBy(asc(tagStoreCounts.storeCode), asc(tagStoreCounts.tagType));
  expect(
    kept
      .filter((r) => r.total > 0)
      .map((r) => ({
        storeCode: r.storeCode,
        type: r.tagType,
        total: r.total,
        error: r.error,
        inprogress: r.inprogress,
        lowBattery: r.lowBattery,
      })),
  ).toEqual(
    truth.byType.map(({ today: _t, updatedAt: _u, ...r }) => r).sort((a, b) => (a.storeCode + a.type < b.storeCode + b.type ? -1 : 1)),
  );
  expect(kept.every((r) => r.total >= 0 && r.error >= 0 && r.inprogress >= 0 && r.lowBattery >= 0)).toBe(true);
  const gwKept = await db().select().from(tagGatewayCounts);
  expect(new Map(gwKept.filter((r) => r.total !== 0).map((r) => [r.gwMac, r.total]))).toEqual(truth.perGw);
  const days = await db().select().from(tagUpdateDays);
  expect(days.every((r) => r.total >= 0)).toBe(true);
}

async function tagsOf(storeCode: string, where: 'assigned' | 'blank', n: number) {
  return db()
    .select()
    .from(tags)
    .where(
      and(eq(tags.storeCode, storeCode), where === 'assigned' ? and(eq(tags.operation, 1), eq(tags.status, 'OK')) : isNull(tags.prCode)),
    )
    .orderBy(asc(tags.tagMac))
    .limit(n);
}
async function productsOf(storeCode: string, n: number) {
  return (
    await db()
      .select({ prCode: products.prCode })
      .from(products)
      .where(eq(products.storeCode, storeCode))
      .orderBy(asc(products.prCode))
      .limit(n)
  ).map((p) => p.prCode);
}

describe('per-store tag counters (issue 32 §3)', () => {
  it('equal a recount over the seeded tags', async () => {
    await expectCountsEqualTags();
  });

  it('follow an assign, the radio answering it, and a deassign', async () => {
    const blank = await tagsOf(STORE, 'blank', 2);
    const codes = await productsOf(STORE, 2);
    expect(blank).toHaveLength(2);
    const sim = startSimulator(sut.deps, { seed: 5, speed: 1, manual: true, failureRate: 0.5 });
    try {
      const assigned = await call('POST', '/tag/assign', {
        taskId: -1,
        priorTaskId: -1,
        storeCode: STORE,
        tagList: blank.map((t, i) => ({ tagMac: t.tagMac, prCode: codes[i], degree: 0 })),
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect((await db().select({ s: tags.status }).from(tags).where(eq(tags.tagMac, blank[0].tagMac)))[0].s).toBe('WIP');
      await expectCountsEqualTags();

      await sim.advance(SIM_DEFAULTS.tagResponseMaxMs + 5_000);
      const answered = await db().select({ s: tags.status }).from(tags).where(eq(tags.tagMac, blank[0].tagMac));
      expect(['OK', 'NG']).toContain(answered[0].s);
      await expectCountsEqualTags();
    } finally {
      sim.stop();
    }

    const deassigned = await call('POST', '/tag/deassign', { storeCode: STORE, tagList: [blank[0].tagMac] });
    expect(deassigned.statusCode, deassigned.body).toBe(200);
    await expectCountsEqualTags();
  });

  it('follow a product import whose update task reaches tags, and an assign file', async () => {
    const [shown] = await db()
      .select({ prCode: tags.prCode })
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), eq(tags.operation, 1), isNotNull(tags.prCode)))
      .orderBy(asc(tags.prCode))
      .limit(1);
    const [product] = await db()
      .select()
      .from(products)
      .where(and(eq(products.storeCode, STORE), eq(products.prCode, shown.prCode!)));
    const info = [...product.prInfo];
    info[1] = String(Number(info[1] ?? 0) + 1);
    const line = [STORE, product.prCode, product.type ?? '', product.layoutId ?? '', product.nfc ?? '', ...info]
      .map((c) => `"${c.replaceAll('"', '""')}"`)
      .join(',');
    const added = [STORE, 'TC-NEW-1', 'FOOD', 'STD_PRICE', '', 'Counted tea', '120'].join(',');
    const form = multipartBody({}, { name: 'prices.csv', content: `${line}\n${added}\n` });
    const imported = await sut.app.inject({
      method: 'POST',
      url: '/api/product/file',
      query: { companyCode: 'ACME' },
      payload: form.payload,
      headers: { ...admin, ...form.headers },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ count: 2, errorCount: 0 });
    expect(
      (
        await db()
          .select({ s: tags.status })
          .from(tags)
          .where(and(eq(tags.storeCode, STORE), eq(tags.prCode, product.prCode)))
      )[0].s,
    ).toBe('UPDATE');
    await expectCountsEqualTags();

    const blank = await tagsOf(STORE, 'blank', 3);
    const [code] = await productsOf(STORE, 1);
    const file = multipartBody(
      { storeCode: STORE, defaultPrCode: code },
      { name: 'assign.csv', content: blank.map((t) => t.barcode).join('\n') },
    );
    const assigned = await sut.app.inject({
      method: 'POST',
      url: '/api/tag/assign/file',
      payload: file.payload,
      headers: { ...admin, ...file.headers },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ assigned: blank.length });
    await expectCountsEqualTags();
  });

  it('follow writes the API does not make: a batch of battery and type changes, a tag moved to another store', async () => {
    const some = await tagsOf(STORE, 'assigned', 5);
    await db()
      .update(tags)
      .set({ battStatus: 'NG', tagType: 'ZZ' })
      .where(sql`${tags.tagMac} in ${some.slice(0, 3).map((t) => t.tagMac)}`);
    await db().update(tags).set({ storeCode: 'TKY002', gwMac: null }).where(eq(tags.tagMac, some[4].tagMac));
    await db().update(tags).set({ rssi: -50 }).where(eq(tags.storeCode, STORE));
    await expectCountsEqualTags();
  });

  it('follow a deleted gateway (its tags lose it) and a deleted store (its tags go)', async () => {
    const [gw] = await db().select().from(gateways).where(eq(gateways.storeCode, STORE)).orderBy(asc(gateways.gwMac)).limit(1);
    expect((await call('DELETE', `/config/gw/store/${STORE}/gw/${gw.gwMac}`)).statusCode).toBe(200);
    await expectCountsEqualTags();

    expect((await call('DELETE', '/config/store/TKY002')).statusCode).toBe(200);
    await expectCountsEqualTags();
    const [left] = await db()
      .select({ n: sql<number>`coalesce(sum(${tagStoreCounts.total}), 0)::int` })
      .from(tagStoreCounts)
      .where(eq(tagStoreCounts.storeCode, 'TKY002'));
    expect(left.n).toBe(0);
  });
});
