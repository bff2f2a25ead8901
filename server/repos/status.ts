import { OWN_VERSION } from '../version';
import { and, asc, desc, eq, exists, gte, lte, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type {
  ServerDetail,
  Server,
  StoreProductRow,
  StoreSensorRow,
  StoreStatusRow,
  StoreTagRow,
  SystemStatusPoint,
  VersionInfo,
} from '../../contract/schemas/status';
import { STORE_PRODUCT_TABLE, STORE_SENSOR_TABLE, STORE_TAG_TABLE } from '../../contract/schemas/status';
import type { TagTypeInfo } from '../../contract/schemas/tags';
import { wideTable } from '../../contract/schemas/common';
import type { TableDef, TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import {
  companies,
  gatewayHealth,
  gateways,
  sensors,
  serverHealth,
  servers,
  stores,
  swUpgradeVersions,
  tagStoreCounts,
  tagTypes,
  type HealthStatus,
} from '../db/schema/index';
import { withoutNulls } from '../lib/rows';
import { queryTable } from '../lib/table-sql';
import { gatewayAggregate, inScope, productAggregate, tagAggregate, todayStart, type StoreScope } from './stats';

const iso = (d: Date | null | undefined) => (d ? { updatedAt: d.toISOString() } : {});
const percent = (used: number | null, total: number | null) => (used !== null && total ? Math.round((used * 1000) / total) / 10 : null);

// ---- Servers ----

const serverColumns = {
  id: servers.id,
  name: servers.name,
  status: servers.status,
  state: servers.state,
  type: servers.type,
  reportTime: servers.reportTime,
};

const toServer = ({ reportTime, ...s }: { reportTime: Date | null } & Omit<Server, 'reportTime'>): Server => ({
  ...s,
  ...(reportTime ? { reportTime: reportTime.toISOString() } : {}),
});

export async function listServers(db: Db): Promise<Server[]> {
  const rows = await db.select(serverColumns).from(servers).orderBy(asc(servers.type), asc(servers.name), asc(servers.id));
  return rows.map(toServer);
}

export async function serverDetail(db: Db, id: string): Promise<ServerDetail | undefined> {
  const [row] = await db.select().from(servers).where(eq(servers.id, id));
  if (!row) return undefined;
  const time = row.systemTime ?? row.reportTime ?? row.createdAt;
  return {
    ...toServer(row),
    time: time.toISOString(),
    // A server that never reported usage shows empty gauges rather than failing the screen.
    diskUsage: row.diskUsage ?? { used: 0, total: 0 },
    ramUsage: row.ramUsage ?? { used: 0, total: 0 },
    serviceStatusList: row.serviceStatusList.map((s) => ({
      name: String(s.name),
      status: String(s.status),
      ...(typeof s.updatedAt === 'string' ? { updatedAt: s.updatedAt } : {}),
    })),
    network: row.network.map((n) => ({
      name: n.name,
      ip: n.ip ?? '',
      ...(n.mac ? { mac: n.mac } : {}),
      ...(typeof n.netmask === 'string' ? { netmask: n.netmask } : {}),
    })),
  };
}

export async function deleteServer(db: Db, id: string): Promise<boolean> {
  return (await db.delete(servers).where(eq(servers.id, id)).returning({ id: servers.id })).length > 0;
}

/** Health samples of a server in [from, to], oldest first, as percentages used. */
export async function serverHistory(db: Db, id: string, from: Date, to: Date): Promise<SystemStatusPoint[]> {
  const rows = await db
    .select()
    .from(serverHealth)
    .where(and(eq(serverHealth.serverId, id), gte(serverHealth.time, from), lte(serverHealth.time, to)))
    .orderBy(asc(serverHealth.time));
  return rows.map((r) =>
    withoutNulls({
      time: r.time.toISOString(),
      memory: percent(r.ramUsed, r.ramTotal),
      disk: percent(r.diskUsed, r.diskTotal),
      cpu: r.cpu,
    }),
  );
}

export async function gatewayHistory(db: Db, gwMac: string, from: Date, to: Date): Promise<SystemStatusPoint[]> {
  const rows = await db
    .select()
    .from(gatewayHealth)
    .where(and(eq(gatewayHealth.gwMac, gwMac), gte(gatewayHealth.time, from), lte(gatewayHealth.time, to)))
    .orderBy(asc(gatewayHealth.time));
  return rows.map((r) =>
    withoutNulls({
      time: r.time.toISOString(),
      memory: percent(r.ramUsed, r.ramTotal),
      ramdisk: percent(r.ramdiskUsed, r.ramdiskTotal),
      logDisk: percent(r.logDiskUsed, r.logDiskTotal),
    }),
  );
}

// ---- Stores ----

type Field = SQL.Aliased | PgColumn;

/**
 * Per store, all in SQL: stores ⋈ companies ⟕ gateway counts (⟕ one more per-store aggregate). The store status is
 * rolled up from its gateways as the simulator does: none → the stored status; all OFFLINE → OFFLINE; any not
 * NORMAL → ALARM.
 */
function storeRows(db: Db, scope: StoreScope, extra: Record<string, Field> = {}, agg?: { sq: Subquery; storeCode: Field }) {
  const g = gatewayAggregate(db, scope);
  const status = sql<HealthStatus>`(case when coalesce(${g.gwCount}, 0) = 0 then ${stores.status}
    when ${g.offline} = ${g.gwCount} then 'OFFLINE' when ${g.normal} < ${g.gwCount} then 'ALARM' else 'NORMAL' end)`;
  let q = db
    .select({
      storeCode: stores.storeCode,
      storeName: stores.storeName,
      companyCode: stores.companyCode,
      companyName: companies.companyName,
      status: status.as('store_status'),
      latitude: stores.latitude,
      longitude: stores.longitude,
      gwCount: sql<number>`coalesce(${g.gwCount}, 0)`.as('gw_count'),
      normal: sql<number>`coalesce(${g.normal}, 0)`.as('gw_normal'),
      offline: sql<number>`coalesce(${g.offline}, 0)`.as('gw_offline'),
      alarm: sql<number>`coalesce(${g.alarm}, 0)`.as('gw_alarm'),
      ...extra,
    })
    .from(stores)
    .innerJoin(companies, eq(companies.companyCode, stores.companyCode))
    .leftJoin(g, eq(g.storeCode, stores.storeCode))
    .$dynamic();
  if (agg) q = q.leftJoin(agg.sq, eq(agg.storeCode as PgColumn, stores.storeCode));
  return q.where(inScope(stores.storeCode, scope));
}

type Raw = Record<string, unknown>;
const BASE_KEYS = ['storeCode', 'storeName', 'companyCode', 'companyName', 'status', 'latitude', 'longitude'];

function storeOut(r: Raw) {
  const { latitude, longitude } = r as { latitude: number | null; longitude: number | null };
  return {
    storeCode: r.storeCode as string,
    storeName: r.storeName as string,
    companyCode: r.companyCode as string,
    companyName: r.companyName as string,
    status: r.status as HealthStatus,
    ...(latitude !== null && longitude !== null ? { position: { latitude, longitude } } : {}),
    ...iso(r.updatedAt as Date | null | undefined),
  };
}

export async function storeStatusList(
  db: Db,
  scope: StoreScope,
  filter: { companyCode?: string; storeCode?: string } = {},
): Promise<StoreStatusRow[]> {
  const q = storeRows(db, scope).as('store_rows');
  const rows = await db
    .select()
    .from(q)
    .where(
      and(
        filter.companyCode ? eq(q.companyCode, filter.companyCode) : undefined,
        filter.storeCode ? eq(q.storeCode, filter.storeCode) : undefined,
      ),
    )
    .orderBy(asc(q.storeName), asc(q.storeCode));
  return rows.map((r) => ({ ...storeOut(r), gwCount: r.gwCount, normal: r.normal, offline: r.offline, alarm: r.alarm }));
}

const countOf = (x: Field) => sql<number>`coalesce(${x}, 0)::int`;

/**
 * One page of a store list (table protocol). The rows are a derived table of per-store aggregates, so filters and
 * sorting on counts run in SQL over the stores in scope; global_companyCode narrows to one company.
 */
async function storePage(db: Db, def: TableDef, body: Raw, rows: Subquery, keys: string[]): Promise<TablePage<Raw>> {
  const r = rows as unknown as Record<string, PgColumn>;
  const columns = Object.fromEntries(Object.keys(def.fields).map((f) => [f, sql`${r[f]}`]));
  const company =
    typeof body.global_companyCode === 'string' && body.global_companyCode ? eq(r.companyCode, body.global_companyCode) : undefined;
  const select = Object.fromEntries([...BASE_KEYS, ...keys].map((k) => [k, r[k]]));
  return queryTable<Raw, string>(
    db,
    def,
    body,
    { table: rows as unknown as PgTable, columns, uniqueColumn: r.storeCode, base: [company] },
    select,
  );
}

export async function storeTagPage(db: Db, scope: StoreScope, body: Raw): Promise<TablePage<StoreTagRow>> {
  const t = tagAggregate(db, scope, todayStart());
  const extra = {
    total: countOf(t.total).as('total'),
    error: countOf(t.error).as('error'),
    inprogress: countOf(t.inprogress).as('inprogress'),
    success: sql<number>`(coalesce(${t.total}, 0) - coalesce(${t.error}, 0) - coalesce(${t.inprogress}, 0))::int`.as('success'),
    lowBattery: countOf(t.lowBattery).as('low_battery'),
    todayUpdated: countOf(t.todayUpdated).as('today_updated'),
    updatedAt: t.updatedAt,
    enableTagStatusCheck: stores.enableTagStatusCheck,
  };
  const rows = storeRows(db, scope, extra, { sq: t, storeCode: t.storeCode }).as('store_tag_rows');
  const page = await storePage(db, wideTable(STORE_TAG_TABLE), body, rows, Object.keys(extra));
  return {
    ...page,
    data: page.data.map((r) => ({
      ...storeOut(r),
      total: r.total as number,
      success: r.success as number,
      inprogress: r.inprogress as number,
      error: r.error as number,
      lowBattery: r.lowBattery as number,
      todayUpdated: r.todayUpdated as number,
      enableTagStatusCheck: r.enableTagStatusCheck as boolean,
    })),
  };
}

/** Sensors per store and type, then per store: the type counts folded into one JSON object in SQL. */
function sensorAggregate(db: Db, scope: StoreScope) {
  const perType = db
    .select({
      storeCode: sensors.storeCode,
      sensorType: sensors.sensorType,
      n: sql<number>`count(*)::int`.as('st_n'),
      updatedAt: sql<Date>`max(${sensors.updatedAt})`.as('st_updated'),
    })
    .from(sensors)
    .where(inScope(sensors.storeCode, scope))
    .groupBy(sensors.storeCode, sensors.sensorType)
    .as('sensor_types');
  return db
    .select({
      storeCode: perType.storeCode,
      total: sql<number>`sum(${perType.n})::int`.as('s_total'),
      types: sql<Record<string, number>>`jsonb_object_agg(${perType.sensorType}, ${perType.n})`.as('s_types'),
      updatedAt: sql<Date | null>`max(${perType.updatedAt})`.mapWith(sensors.updatedAt).as('s_updated'),
    })
    .from(perType)
    .groupBy(perType.storeCode)
    .as('sensor_agg');
}

export async function storeSensorPage(db: Db, scope: StoreScope, body: Raw): Promise<TablePage<StoreSensorRow>> {
  const s = sensorAggregate(db, scope);
  const extra = {
    total: countOf(s.total).as('total'),
    sensorTypeCount: sql`coalesce(${s.types}, '{}'::jsonb)`.as('sensor_type_count'),
    updatedAt: s.updatedAt,
  };
  const rows = storeRows(db, scope, extra, { sq: s, storeCode: s.storeCode }).as('store_sensor_rows');
  const page = await storePage(db, wideTable(STORE_SENSOR_TABLE), body, rows, Object.keys(extra));
  return {
    ...page,
    data: page.data.map((r) => ({
      ...storeOut(r),
      total: r.total as number,
      sensorTypeCount: (typeof r.sensorTypeCount === 'string'
        ? JSON.parse(r.sensorTypeCount)
        : r.sensorTypeCount) as StoreSensorRow['sensorTypeCount'],
    })),
  };
}

export async function storeProductPage(db: Db, scope: StoreScope, body: Raw): Promise<TablePage<StoreProductRow>> {
  const p = productAggregate(db, scope, todayStart());
  const extra = { total: countOf(p.total).as('total'), todayUpdated: countOf(p.todayUpdated).as('today_updated'), updatedAt: p.updatedAt };
  const rows = storeRows(db, scope, extra, { sq: p, storeCode: p.storeCode }).as('store_product_rows');
  const page = await storePage(db, wideTable(STORE_PRODUCT_TABLE), body, rows, Object.keys(extra));
  return { ...page, data: page.data.map((r) => ({ ...storeOut(r), total: r.total as number, todayUpdated: r.todayUpdated as number })) };
}

// ---- Version and tag types ----

/** Latest uploaded package of a component; without one, the newest version a gateway reports (our choice). */
async function latestVersion(db: Db, component: 'server' | 'grm' | 'gmp'): Promise<{ version: string; updatedAt?: string } | undefined> {
  const [uploaded] = await db
    .select({ version: swUpgradeVersions.version, updatedAt: swUpgradeVersions.updatedAt })
    .from(swUpgradeVersions)
    .where(eq(swUpgradeVersions.component, component))
    .orderBy(desc(swUpgradeVersions.updatedAt), desc(swUpgradeVersions.id))
    .limit(1);
  if (uploaded) return { version: uploaded.version, updatedAt: uploaded.updatedAt.toISOString() };
  if (component === 'server') return undefined;
  const col = component === 'grm' ? gateways.grmVersion : gateways.gmpVersion;
  const [reported] = await db
    .selectDistinct({ version: col, key: sql`string_to_array(${col}, '.')::int[]` })
    .from(gateways)
    .where(sql`${col} ~ '^[0-9]{1,9}(\\.[0-9]{1,9})*$'`)
    .orderBy(desc(sql`string_to_array(${col}, '.')::int[]`))
    .limit(1);
  return reported?.version ? { version: reported.version } : undefined;
}

export async function versionInfo(db: Db): Promise<VersionInfo> {
  const [server, grm, gmp] = await Promise.all([latestVersion(db, 'server'), latestVersion(db, 'grm'), latestVersion(db, 'gmp')]);
  return { version: server?.version ?? OWN_VERSION, grm: grm ?? { version: '' }, gmp: gmp ?? { version: '' } };
}

/** Known tag types; with a scope, inUse tells whether any tag of those stores has the type (from the maintained counts). */
export async function tagTypeList(db: Db, inUseScope?: StoreScope): Promise<TagTypeInfo[]> {
  const inUse = inUseScope
    ? exists(
        db
          .select({ one: sql`1` })
          .from(tagStoreCounts)
          .where(
            and(
              eq(tagStoreCounts.tagType, tagTypes.prefix),
              sql`${tagStoreCounts.total} > 0`,
              inScope(tagStoreCounts.storeCode, inUseScope),
            ),
          ),
      )
    : sql`null`;
  const rows = await db
    .select({
      prefix: tagTypes.prefix,
      model: tagTypes.model,
      resolution: tagTypes.resolution,
      width: tagTypes.width,
      height: tagTypes.height,
      inUse: sql<boolean | null>`${inUse}`,
    })
    .from(tagTypes)
    .orderBy(asc(tagTypes.prefix));
  return rows.map((r) => ({
    prefix: r.prefix,
    model: r.model,
    resolution: r.resolution ?? (r.width && r.height ? `${r.width}x${r.height}` : ''),
    ...(r.inUse !== null ? { inUse: r.inUse } : {}),
  }));
}
