import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { SYSTEM_ALARM_TYPES } from '../../contract/schemas/system-alarm-types';
import type { ChannelMap } from '../../contract/schemas/gateways';
import type { GatewayDetail, GatewaySummary, PredefinedRow } from '../../contract/schemas/gateways';
import type { Db } from '../db/client';
import { gatewayAlarmHistory, gatewayChannels, gateways, predefinedGateways, stores, type HealthStatus } from '../db/schema/index';
import { withoutNulls } from '../lib/rows';

/** Stored form of a gateway address: 12 upper-case hex digits, no separators. */
export const normalizeMac = (mac: string) => mac.replace(/[:-]/g, '').toUpperCase();

/** The status the console shows: a NORMAL gateway without time sync is ALARM (console-core §4). */
export const gatewayStatusSql = sql<HealthStatus>`(case when ${gateways.status} = 'NORMAL' and ${gateways.timeSync} = 0 then 'ALARM' else ${gateways.status} end)`;

const summaryColumns = {
  gwMac: gateways.gwMac,
  gwIndex: gateways.gwIndex,
  ip: gateways.ip,
  alternateIp: gateways.alternateIp,
  status: gatewayStatusSql.as('shown_status'),
  tagCount: gateways.tagCount,
  dataChannel: gateways.dataChannel,
  eventChannel: gateways.eventChannel,
  channelGroupIndex: gateways.channelGroupIndex,
  gmpVersion: gateways.gmpVersion,
  grmVersion: gateways.grmVersion,
  timeSync: gateways.timeSync,
  upLink: gateways.upLink,
  downLink: gateways.downLink,
  updatedAt: gateways.updatedAt,
  lastStatusTime: gateways.lastStatusTime,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: unknown } & { updatedAt: Date; lastStatusTime: Date | null };

function toSummary(row: SummaryRow): GatewaySummary {
  const { updatedAt, lastStatusTime, ...rest } = row;
  return {
    ...(withoutNulls(rest as Record<string, unknown>) as Omit<GatewaySummary, 'updatedAt' | 'lastStatusTime'>),
    // timeSync is a 0/1 flag in the contract; any other stored value is read as synced.
    timeSync: rest.timeSync === 0 ? 0 : 1,
    updatedAt: updatedAt.toISOString(),
    ...(lastStatusTime ? { lastStatusTime: lastStatusTime.toISOString() } : {}),
  };
}

/** Gateways of one store as the store detail lists them, ip with its port (the console strips it). */
export async function storeGateways(db: Db, storeCode: string): Promise<GatewaySummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(gateways)
    .where(eq(gateways.storeCode, storeCode))
    .orderBy(asc(gateways.gwIndex), asc(gateways.gwMac));
  return rows.map((r) => toSummary(r as SummaryRow));
}

export async function gatewayDetail(db: Db, storeCode: string, gwMac: string): Promise<GatewayDetail | undefined> {
  const [row] = await db
    .select({
      ...summaryColumns,
      storeCode: gateways.storeCode,
      diskUsage: gateways.diskUsage,
      ramUsage: gateways.ramUsage,
      serviceStatusList: gateways.serviceStatusList,
    })
    .from(gateways)
    .where(and(eq(gateways.storeCode, storeCode), eq(gateways.gwMac, normalizeMac(gwMac))));
  if (!row) return undefined;
  const { storeCode: code, diskUsage, ramUsage, serviceStatusList, ...summary } = row;
  return {
    storeCode: code,
    ...toSummary(summary as SummaryRow),
    diskUsage,
    // A gateway that never reported memory shows an empty gauge rather than failing the screen.
    ramUsage: ramUsage ?? { used: 0, total: 0 },
    serviceStatusList: serviceStatusList.map((s) => ({
      name: String(s.name),
      status: String(s.status),
      ...(typeof s.updatedAt === 'string' ? { updatedAt: s.updatedAt } : {}),
    })),
  };
}

export interface GatewayRef {
  gwMac: string;
  storeCode: string;
  companyCode: string;
  ip: string | null;
  status: HealthStatus;
}

/** The gateway and the store it belongs to, for calls that name only a gwMac. */
export async function findGateway(db: Db, gwMac: string): Promise<GatewayRef | undefined> {
  const [row] = await db
    .select({
      gwMac: gateways.gwMac,
      storeCode: gateways.storeCode,
      companyCode: stores.companyCode,
      ip: gateways.ip,
      status: gateways.status,
    })
    .from(gateways)
    .innerJoin(stores, eq(stores.storeCode, gateways.storeCode))
    .where(eq(gateways.gwMac, normalizeMac(gwMac)));
  return row;
}

/**
 * A reboot request is recorded as a "GW recovery started" row in the gateway's alarm history, so the detail
 * screen shows when it was asked for; the gateway reports again once it is back.
 */
export async function recordReboot(db: Db, gw: GatewayRef, now = new Date()): Promise<void> {
  const t = SYSTEM_ALARM_TYPES.GW_RECOVERY_STARTED;
  await db
    .insert(gatewayAlarmHistory)
    .values({ gwMac: gw.gwMac, storeCode: gw.storeCode, location: gw.storeCode, type: t.code, class: t.class, updatedAt: now });
}

export async function deleteGateway(db: Db, storeCode: string, gwMac: string): Promise<boolean> {
  const gone = await db
    .delete(gateways)
    .where(and(eq(gateways.storeCode, storeCode), eq(gateways.gwMac, normalizeMac(gwMac))))
    .returning({ gwMac: gateways.gwMac });
  return gone.length > 0;
}

export async function storeOutband(db: Db, storeCode: string): Promise<boolean> {
  const [row] = await db.select({ outband: stores.outbandEnable }).from(stores).where(eq(stores.storeCode, storeCode));
  return row?.outband ?? false;
}

/** Stores (with their company) of the named gateways that already exist; predefined rows may name new ones. */
export async function storesOfGateways(db: Db, macs: string[]): Promise<{ gwMac: string; storeCode: string; companyCode: string }[]> {
  if (!macs.length) return [];
  return db
    .select({ gwMac: gateways.gwMac, storeCode: gateways.storeCode, companyCode: stores.companyCode })
    .from(gateways)
    .innerJoin(stores, eq(stores.storeCode, gateways.storeCode))
    .where(inArray(gateways.gwMac, macs));
}

/** Predefined rows that already exist for the named MACs, with the store (and company) they were imported for. */
export async function predefinedOwners(
  db: Db,
  macs: string[],
): Promise<{ gwMac: string; storeCode: string | null; companyCode: string | null }[]> {
  if (!macs.length) return [];
  return db
    .select({ gwMac: predefinedGateways.gwMac, storeCode: predefinedGateways.storeCode, companyCode: stores.companyCode })
    .from(predefinedGateways)
    .leftJoin(stores, eq(stores.storeCode, predefinedGateways.storeCode))
    .where(inArray(predefinedGateways.gwMac, macs));
}

/**
 * Upserts rows already normalised and de-duplicated by gwMac for one store (null: system wide); answers how many
 * were written. The caller has checked that it may overwrite every existing row it names.
 */
export async function upsertPredefined(db: Db, storeCode: string | null, rows: PredefinedRow[], now = new Date()): Promise<number> {
  if (!rows.length) return 0;
  const written = await db
    .insert(predefinedGateways)
    .values(
      rows.map((r) => ({
        gwMac: r.gwMac,
        storeCode,
        dataChannel: r.dataChannel,
        eventChannel: r.eventChannel,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: predefinedGateways.gwMac,
      set: { storeCode, dataChannel: sql`excluded.data_channel`, eventChannel: sql`excluded.event_channel`, updatedAt: now },
    })
    .returning({ gwMac: predefinedGateways.gwMac });
  return written.length;
}

/** The store's own gwIndex → channel map. */
export async function getChannelMap(db: Db, storeCode: string): Promise<ChannelMap> {
  const rows = await db
    .select()
    .from(gatewayChannels)
    .where(eq(gatewayChannels.storeCode, storeCode))
    .orderBy(asc(gatewayChannels.gwIndex));
  return Object.fromEntries(rows.map((r) => [String(r.gwIndex), { dataChannel: r.dataChannel, eventChannel: r.eventChannel }]));
}

/** The saved map replaces the store's stored one as a whole, in one transaction; other stores keep theirs. */
export async function replaceChannelMap(db: Db, storeCode: string, map: ChannelMap, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(gatewayChannels).where(eq(gatewayChannels.storeCode, storeCode));
    const rows = Object.entries(map).map(([gwIndex, c]) => ({
      storeCode,
      gwIndex: Number(gwIndex),
      dataChannel: c.dataChannel,
      eventChannel: c.eventChannel,
      updatedAt: now,
    }));
    if (rows.length) await tx.insert(gatewayChannels).values(rows);
  });
}
