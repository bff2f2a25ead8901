import { and, asc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  AlarmConfig, DailyCount, GatewayStoreStatus, GatewayTagCount, HealthCounts, ProductStats, TagStats,
} from '../../src/api/contract/dashboard';
import type { Db } from '../db/client';
import { alarmConfig, companies, dailyCounts, gateways, products, servers, stores, tags, updateTasks, type HealthStatus } from '../db/schema/index';
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

/** Per store: tag counters (one GROUP BY over the tags of the stores in scope). */
export function tagAggregate(db: Db, scope: StoreScope, since: Date) {
  return db
    .select({
      storeCode: tags.storeCode,
      total: sql<number>`count(*)::int`.as('t_total'),
      error: countWhere(isErrorTag).as('t_error'),
      inprogress: countWhere(isInProgressTag).as('t_inprogress'),
      lowBattery: countWhere(isLowBatteryTag).as('t_low_battery'),
      todayUpdated: countWhere(sql`${tags.updatedAt} >= ${since}`).as('t_today'),
      updatedAt: sql<Date | null>`max(${tags.updatedAt})`.mapWith(tags.updatedAt).as('t_updated_at'),
    })
    .from(tags)
    .where(inScope(tags.storeCode, scope))
    .groupBy(tags.storeCode)
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
    .select({ storeCode: stores.storeCode, storeName: stores.storeName, companyCode: stores.companyCode, companyName: companies.companyName })
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

const emptyGw = (): GatewayStoreStatus => ({ total: 0, normal: 0, alarm: 0, offline: 0, gmpVersion: keyedByData(), grmVersion: keyedByData() });
const lower = (s: HealthStatus) => s.toLowerCase() as 'normal' | 'alarm' | 'offline';

/** Gateway health and version counts per store, grouped in SQL by store, status and versions. */
export async function gatewayStatusByStore(db: Db, scope: StoreScope): Promise<Record<string, GatewayStoreStatus>> {
  const shown = gatewayStatusSql;
  const rows = await db
    .select({ storeCode: gateways.storeCode, status: shown, gmp: gateways.gmpVersion, grm: gateways.grmVersion, n: sql<number>`count(*)::int` })
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

/** Tag stats per store, grouped in SQL by store and tag type (a tag without a type counts as UNKNOWN). */
export async function tagStatsByStore(db: Db, scope: StoreScope, since: Date): Promise<Record<string, TagStats>> {
  const type = sql<string>`coalesce(${tags.tagType}, 'UNKNOWN')`;
  const rows = await db
    .select({
      storeCode: tags.storeCode,
      type,
      total: sql<number>`count(*)::int`,
      error: countWhere(isErrorTag),
      inprogress: countWhere(isInProgressTag),
      lowBattery: countWhere(isLowBatteryTag),
      todayUpdated: countWhere(sql`${tags.updatedAt} >= ${since}`),
      updatedAt: sql<Date | null>`max(${tags.updatedAt})`.mapWith(tags.updatedAt),
    })
    .from(tags)
    .where(inScope(tags.storeCode, scope))
    .groupBy(tags.storeCode, type);
  const out = keyedByData<TagStats>();
  for (const r of rows) {
    const s = (out[r.storeCode] ??= { total: 0, error: 0, inprogress: 0, lowBattery: 0, countByType: keyedByData(), countNgByType: keyedByData(), todayUpdated: 0 });
    s.total += r.total;
    s.error += r.error;
    s.inprogress += r.inprogress;
    s.lowBattery += r.lowBattery;
    s.todayUpdated += r.todayUpdated;
    s.countByType[r.type] = r.total;
    if (r.error) s.countNgByType[r.type] = r.error;
    const at = r.updatedAt?.toISOString();
    if (at && (!s.updatedAt || at > s.updatedAt)) s.updatedAt = at;
  }
  return out;
}

/** Tags per gateway (from the tags table, the source of truth), with the gateway's shown status. */
export async function gatewayTagCounts(db: Db, scope: StoreScope): Promise<Record<string, GatewayTagCount[]>> {
  const perGw = db
    .select({ gwMac: tags.gwMac, n: sql<number>`count(*)::int`.as('gw_tag_n') })
    .from(tags)
    .where(inScope(tags.storeCode, scope))
    .groupBy(tags.gwMac)
    .as('gw_tags');
  const rows = await db
    .select({ storeCode: gateways.storeCode, gwMac: gateways.gwMac, status: gatewayStatusSql, tagCount: sql<number>`coalesce(${perGw.n}, 0)::int` })
    .from(gateways)
    .leftJoin(perGw, eq(perGw.gwMac, gateways.gwMac))
    .where(inScope(gateways.storeCode, scope))
    .orderBy(asc(gateways.storeCode), asc(gateways.gwIndex), asc(gateways.gwMac));
  const out = keyedByData<GatewayTagCount[]>();
  for (const { storeCode, ...gw } of rows) (out[storeCode] ??= []).push(gw);
  return out;
}

export async function productStatsByStore(db: Db, scope: StoreScope, since: Date): Promise<Record<string, ProductStats>> {
  const rows = await db
    .select({
      storeCode: products.storeCode,
      total: sql<number>`count(*)::int`,
      todayUpdated: countWhere(sql`${products.updatedAt} >= ${since}`),
      updatedAt: sql<Date | null>`max(${products.updatedAt})`.mapWith(products.updatedAt),
    })
    .from(products)
    .where(inScope(products.storeCode, scope))
    .groupBy(products.storeCode);
  return Object.fromEntries(
    rows.map(({ storeCode, updatedAt, ...r }) => [storeCode, { ...r, ...(updatedAt ? { updatedAt: updatedAt.toISOString() } : {}) }]),
  );
}

/** Days shown by the daily charts (our choice: two weeks, what the stats task keeps at least). */
export const DAILY_CHART_DAYS = 14;

export async function dailyUpdateCounts(db: Db, scope: StoreScope, now = new Date()): Promise<{ tags: DailyCount[]; products: DailyCount[] }> {
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
