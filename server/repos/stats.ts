import { and, asc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  AlarmConfig,
  DailyCount,
  GatewayStoreStatus,
  GatewayTagCount,
  HealthCounts,
  ProductStats,
  TagStats,
} from '../../contract/schemas/dashboard';
import type { Db } from '../db/client';
import {
  alarmConfig,
  companies,
  dailyCounts,
  gateways,
  productStoreCounts,
  products,
  productUpdateDays,
  servers,
  stores,
  tagGatewayCounts,
  tagStoreCounts,
  tags,
  tagUpdateDays,
  updateTasks,
  type HealthStatus,
} from '../db/schema/index';
import type { SessionUser } from '../lib/privileges';
import { storeCodesOf } from './members';
import { gatewayStatusSql } from './gateways';

/** 'all' for the super administrator, so that lists need no IN over every store. */
export type StoreScope = 'all' | string[];

export async function scopeOf(db: Db, user: SessionUser): Promise<StoreScope> {
  return user.roleId === -1 ? 'all' : storeCodesOf(db, user);
}

export function inScope(column: PgColumn, scope: StoreScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return scope.length ? inArray(column, scope) : sql`false`;
}

/** "Today" is the UTC day: the server has no time zone per store (our choice). */
export const todayStart = (now = new Date()) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/*
 * Tag counters shared by the dashboard, the store lists and the exceptions. error is the spec's error-file
 * pre-filter (assigned, status neither OK nor WIP); in progress is WIP; good = total − error − in progress.
 */
export const isErrorTag = sql`(${tags.operation} = 1 and ${tags.status} not in ('OK', 'WIP'))`;
export const isInProgressTag = sql`(${tags.status} = 'WIP')`;
export const isLowBatteryTag = sql`(${tags.battStatus} = 'NG')`;
const countWhere = (cond: SQL) => sql<number>`(count(*) filter (where ${cond}))::int`;

/** A day as the tag_update_days rows name it (UTC, like todayStart). */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** Tags updated since `since` (a day start), per store: the kept day rows from that day on. */
function updatedSinceAggregate(db: Db, scope: StoreScope, since: Date) {
  return db
    .select({ storeCode: tagUpdateDays.storeCode, n: sql<number>`sum(${tagUpdateDays.total})::int`.as('d_total') })
    .from(tagUpdateDays)
    .where(and(gte(tagUpdateDays.day, dayOf(since)), inScope(tagUpdateDays.storeCode, scope)))
    .groupBy(tagUpdateDays.storeCode)
    .as('tag_days');
}

/** The store's newest tag update: one backward step of tags_store_updated_idx per store, not a scan of its tags. */
const lastTagUpdate = (storeCode: SQL | PgColumn) =>
  sql<Date | null>`(select max(${tags.updatedAt}) from ${tags} where ${tags.storeCode} = ${storeCode})`;

/** Per store: tag counters, from the maintained counts (schema/tag-counts.ts) rather than the tags. */
export function tagAggregate(db: Db, scope: StoreScope, since: Date) {
  const c = tagStoreCounts;
  const perStore = db
    .select({
      storeCode: c.storeCode,
      total: sql<number>`sum(${c.total})::int`.as('c_total'),
      error: sql<number>`sum(${c.error})::int`.as('c_error'),
      inprogress: sql<number>`sum(${c.inprogress})::int`.as('c_inprogress'),
      lowBattery: sql<number>`sum(${c.lowBattery})::int`.as('c_low_battery'),
    })
    .from(c)
    .where(inScope(c.storeCode, scope))
    .groupBy(c.storeCode)
    .having(sql`sum(${c.total}) > 0`)
    .as('tag_counts');
  const days = updatedSinceAggregate(db, scope, since);
  return db
    .select({
      storeCode: perStore.storeCode,
      total: sql<number>`${perStore.total}`.as('t_total'),
      error: sql<number>`${perStore.error}`.as('t_error'),
      inprogress: sql<number>`${perStore.inprogress}`.as('t_inprogress'),
      lowBattery: sql<number>`${perStore.lowBattery}`.as('t_low_battery'),
      todayUpdated: sql<number>`coalesce(${days.n}, 0)`.as('t_today'),
      updatedAt: lastTagUpdate(perStore.storeCode).mapWith(tags.updatedAt).as('t_updated_at'),
    })
    .from(perStore)
    .leftJoin(days, eq(days.storeCode, perStore.storeCode))
    .as('tag_agg');
}

/** Per store: gateway counts, with a NORMAL gateway without time sync counted as ALARM. */
export function gatewayAggregate(db: Db, scope: StoreScope) {
  return db
    .select({
      storeCode: gateways.storeCode,
      gwCount: sql<number>`count(*)::int`.as('g_count'),
      normal: countWhere(sql`${gatewayStatusSql} = 'NORMAL'`).as('g_normal'),
      alarm: countWhere(sql`${gatewayStatusSql} = 'ALARM'`).as('g_alarm'),
      offline: countWhere(sql`${gatewayStatusSql} = 'OFFLINE'`).as('g_offline'),
    })
    .from(gateways)
    .where(inScope(gateways.storeCode, scope))
    .groupBy(gateways.storeCode)
    .as('gw_agg');
}

/** Stores the member sees, with their company name. */
export async function storesInScope(db: Db, scope: StoreScope) {
  return db
    .select({
      storeCode: stores.storeCode,
      storeName: stores.storeName,
      companyCode: stores.companyCode,
      companyName: companies.companyName,
    })
    .from(stores)
    .innerJoin(companies, eq(companies.companyCode, stores.companyCode))
    .where(inScope(stores.storeCode, scope))
    .orderBy(asc(stores.storeCode));
}

export async function serverCounts(db: Db): Promise<HealthCounts> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      normal: countWhere(sql`${servers.status} = 'NORMAL'`),
      alarm: countWhere(sql`${servers.status} = 'ALARM'`),
      offline: countWhere(sql`${servers.status} = 'OFFLINE'`),
    })
    .from(servers);
  return row;
}

/*
 * The keys of these records are data — store codes, versions and tag types that gateways and imports report — so
 * they start without a prototype: a store called "__proto__" or "constructor" must find a fresh entry, not
 * Object.prototype, which the counters below would then write into for the whole process.
 */
const keyedByData = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

const emptyGw = (): GatewayStoreStatus => ({
  total: 0,
  normal: 0,
  alarm: 0,
  offline: 0,
  gmpVersion: keyedByData(),
  grmVersion: keyedByData(),
});
const lower = (s: HealthStatus) => s.toLowerCase() as 'normal' | 'alarm' | 'offline';

/** Gateway health and version counts per store, grouped in SQL by store, status and versions. */
export async function gatewayStatusByStore(db: Db, scope: StoreScope): Promise<Record<string, GatewayStoreStatus>> {
  const shown = gatewayStatusSql;
  const rows = await db
    .select({
      storeCode: gateways.storeCode,
      status: shown,
      gmp: gateways.gmpVersion,
      grm: gateways.grmVersion,
      n: sql<number>`count(*)::int`,
    })
    .from(gateways)
    .where(inScope(gateways.storeCode, scope))
    .groupBy(gateways.storeCode, shown, gateways.gmpVersion, gateways.grmVersion);
  const out = keyedByData<GatewayStoreStatus>();
  for (const r of rows) {
    const s = (out[r.storeCode] ??= emptyGw());
    s.total += r.n;
    s[lower(r.status)] += r.n;
    if (r.gmp) s.gmpVersion[r.gmp] = (s.gmpVersion[r.gmp] ?? 0) + r.n;
    if (r.grm) s.grmVersion[r.grm] = (s.grmVersion[r.grm] ?? 0) + r.n;
  }
  return out;
}

/** Tag stats per store and tag type (a tag without a type counts as UNKNOWN), from the maintained counts. */
export async function tagStatsByStore(db: Db, scope: StoreScope, since: Date): Promise<Record<string, TagStats>> {
  const c = tagStoreCounts;
  const [rows, perStore] = await Promise.all([
    db
      .select({
        storeCode: c.storeCode,
        type: c.tagType,
        total: c.total,
        error: c.error,
        inprogress: c.inprogress,
        lowBattery: c.lowBattery,
      })
      .from(c)
      .where(and(sql`${c.total} > 0`, inScope(c.storeCode, scope))),
    storeTagTimes(db, scope, since),
  ]);
  const out = keyedByData<TagStats>();
  for (const r of rows) {
    const s = (out[r.storeCode] ??= {
      total: 0,
      error: 0,
      inprogress: 0,
      lowBattery: 0,
      countByType: keyedByData(),
      countNgByType: keyedByData(),
      todayUpdated: 0,
    });
    s.total += r.total;
    s.error += r.error;
    s.inprogress += r.inprogress;
    s.lowBattery += r.lowBattery;
    s.countByType[r.type] = r.total;
    if (r.error) s.countNgByType[r.type] = r.error;
  }
  for (const r of perStore) {
    const s = out[r.storeCode];
    if (!s) continue;
    s.todayUpdated = r.todayUpdated;
    if (r.updatedAt) s.updatedAt = r.updatedAt.toISOString();
  }
  return out;
}

/** Per store with tags: how many were updated since `since`, and the newest update. */
async function storeTagTimes(db: Db, scope: StoreScope, since: Date) {
  const days = updatedSinceAggregate(db, scope, since);
  const withTags = db
    .selectDistinct({ storeCode: tagStoreCounts.storeCode })
    .from(tagStoreCounts)
    .where(and(sql`${tagStoreCounts.total} > 0`, inScope(tagStoreCounts.storeCode, scope)))
    .as('with_tags');
  return db
    .select({
      storeCode: withTags.storeCode,
      todayUpdated: sql<number>`coalesce(${days.n}, 0)`,
      updatedAt: lastTagUpdate(withTags.storeCode).mapWith(tags.updatedAt),
    })
    .from(withTags)
    .leftJoin(days, eq(days.storeCode, withTags.storeCode));
}

/** Tags per gateway (the maintained counts of the tags table), with the gateway's shown status. */
export async function gatewayTagCounts(db: Db, scope: StoreScope): Promise<Record<string, GatewayTagCount[]>> {
  const perGw = db
    .select({ gwMac: tagGatewayCounts.gwMac, n: sql<number>`sum(${tagGatewayCounts.total})::int`.as('gw_tag_n') })
    .from(tagGatewayCounts)
    .where(inScope(tagGatewayCounts.storeCode, scope))
    .groupBy(tagGatewayCounts.gwMac)
    .as('gw_tags');
  const rows = await db
    .select({
      storeCode: gateways.storeCode,
      gwMac: gateways.gwMac,
      status: gatewayStatusSql,
      tagCount: sql<number>`coalesce(${perGw.n}, 0)::int`,
    })
    .from(gateways)
    .leftJoin(perGw, eq(perGw.gwMac, gateways.gwMac))
    .where(inScope(gateways.storeCode, scope))
    .orderBy(asc(gateways.storeCode), asc(gateways.gwIndex), asc(gateways.gwMac));
  const out = keyedByData<GatewayTagCount[]>();
  for (const { storeCode, ...gw } of rows) (out[storeCode] ??= []).push(gw);
  return out;
}

/** Kept day rows older than yesterday are never read again (schema/tag-counts.ts); the hourly purge drops them. */
export async function purgeOldTagDays(db: Db): Promise<void> {
  await db.delete(tagUpdateDays).where(sql`${tagUpdateDays.day} < (now() at time zone 'UTC')::date - 1`);
  await db.delete(productUpdateDays).where(sql`${productUpdateDays.day} < (now() at time zone 'UTC')::date - 1`);
}

/** Per store with products: the maintained total, those updated since `since` and the newest update (index step). */
export function productAggregate(db: Db, scope: StoreScope, since: Date) {
  const days = db
    .select({ storeCode: productUpdateDays.storeCode, n: sql<number>`sum(${productUpdateDays.total})::int`.as('pd_total') })
    .from(productUpdateDays)
    .where(and(gte(productUpdateDays.day, dayOf(since)), inScope(productUpdateDays.storeCode, scope)))
    .groupBy(productUpdateDays.storeCode)
    .as('product_days');
  const c = productStoreCounts;
  return db
    .select({
      storeCode: c.storeCode,
      total: sql<number>`${c.total}`.as('p_total'),
      todayUpdated: sql<number>`coalesce(${days.n}, 0)`.as('p_today'),
      updatedAt: sql<Date | null>`(select max(${products.updatedAt}) from ${products} where ${products.storeCode} = ${c.storeCode})`
        .mapWith(products.updatedAt)
        .as('p_updated'),
    })
    .from(c)
    .leftJoin(days, eq(days.storeCode, c.storeCode))
    .where(and(sql`${c.total} > 0`, inScope(c.storeCode, scope)))
    .as('product_agg');
}

export async function productStatsByStore(db: Db, scope: StoreScope, since: Date): Promise<Record<string, ProductStats>> {
  const rows = await db.select().from(productAggregate(db, scope, since));
  return Object.fromEntries(
    rows.map(({ storeCode, updatedAt, ...r }) => [storeCode, { ...r, ...(updatedAt ? { updatedAt: updatedAt.toISOString() } : {}) }]),
  );
}

/** Days shown by the daily charts (our choice: two weeks, what the stats task keeps at least). */
export const DAILY_CHART_DAYS = 14;

export async function dailyUpdateCounts(
  db: Db,
  scope: StoreScope,
  now = new Date(),
): Promise<{ tags: DailyCount[]; products: DailyCount[] }> {
  const from = new Date(todayStart(now).getTime() - (DAILY_CHART_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .select({ date: dailyCounts.date, storeCode: dailyCounts.storeCode, total: dailyCounts.total, productTotal: dailyCounts.productTotal })
    .from(dailyCounts)
    .where(and(gte(dailyCounts.date, from), inScope(dailyCounts.storeCode, scope)))
    .orderBy(asc(dailyCounts.date), asc(dailyCounts.storeCode));
  return {
    tags: rows.map((r) => ({ date: r.date, storeCode: r.storeCode, total: r.total })),
    products: rows.map((r) => ({ date: r.date, storeCode: r.storeCode, total: r.productTotal })),
  };
}

/** Stores with an update task still running. */
export async function updatingStores(db: Db, scope: StoreScope): Promise<string[]> {
  const rows = await db
    .selectDistinct({ storeCode: updateTasks.storeCode })
    .from(updateTasks)
    .where(and(isNull(updateTasks.endTime), inScope(updateTasks.storeCode, scope)))
    .orderBy(asc(updateTasks.storeCode));
  return rows.map((r) => r.storeCode);
}

/** The alarm configuration; the administrators' e-mails only for members who may read alarms. */
export async function getAlarmConfig(db: Db, withAdmin: boolean): Promise<AlarmConfig> {
  const [row] = await db.select().from(alarmConfig).where(eq(alarmConfig.id, 1));
  if (!row) return { available: [], server: [], content: {}, variables: [], ...(withAdmin ? { admin: [] } : {}) };
  return {
    available: row.available.map(String),
    server: row.server,
    content: row.content,
    variables: row.variables,
    ...(withAdmin ? { admin: row.admin } : {}),
  };
}
