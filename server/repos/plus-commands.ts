import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { wideTable } from '../../contract/schemas/common';
import {
  PLUS_STORE_TABLE,
  type PlusDeviceInfo,
  type PlusOverviewType,
  type PlusStoreInfo,
  type PlusStoreSummary,
} from '../../contract/schemas/plus';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { plusAssets, plusDevices, plusSchedules, plusTemplates, stores } from '../db/schema/index';
import { badRequest, notFound } from '../lib/errors';
import { queryTable } from '../lib/table-sql';
import { inScope, type StoreScope } from './stats';
import { normalizeMacs, recordHistory, requireDevices, textArray, type Actor } from './plus';

/*
 * The device list's commands (plus-signage §2.2, §7.2) and the store overviews. A command the reference server
 * cannot carry out on real hardware is recorded in the plus history, which the simulator reads (a reboot).
 */

const countWhere = (cond: SQL) => sql<number>`(count(*) filter (where ${cond}))::int`;

/** What the overview's total counts, per type; online/offline always count the store's devices. */
function typeCounts(db: Db, type: PlusOverviewType) {
  if (type === 'device') return undefined;
  const table = type === 'template' ? plusTemplates : type === 'schedule' ? plusSchedules : plusAssets;
  const where = table === plusAssets ? eq(plusAssets.type, type as 'image' | 'video' | 'widget') : undefined;
  return db
    .select({ storeCode: table.storeCode, n: sql<number>`count(*)::int`.as('n') })
    .from(table)
    .where(where)
    .groupBy(table.storeCode)
    .as('type_agg');
}

/**
 * Every store in scope with its devices' state: OFFLINE when it has devices and none is online, ALARM when some
 * are offline, else NORMAL (a store without devices is NORMAL: nothing is wrong there). Sorted by store name.
 */
// spec: plus §2.2, plus §3.1, plus §4.1, plus §7.2 — the overview per store: counts and NORMAL / ALARM / OFFLINE, by store name
export async function plusOverview(db: Db, scope: StoreScope, type: PlusOverviewType): Promise<PlusStoreSummary[]> {
  const devices = db
    .select({
      storeCode: plusDevices.storeCode,
      total: sql<number>`count(*)::int`.as('d_total'),
      online: countWhere(sql`${plusDevices.status} = 'ONLINE'`).as('d_online'),
    })
    .from(plusDevices)
    .groupBy(plusDevices.storeCode)
    .as('dev_agg');
  const other = typeCounts(db, type);
  const base = db
    .select({
      storeCode: stores.storeCode,
      storeName: stores.storeName,
      latitude: stores.latitude,
      longitude: stores.longitude,
      devices: sql<number>`coalesce(${devices.total}, 0)`.mapWith(Number),
      online: sql<number>`coalesce(${devices.online}, 0)`.mapWith(Number),
      ...(other ? { typed: sql<number>`coalesce(${other.n}, 0)`.mapWith(Number) } : {}),
    })
    .from(stores)
    .leftJoin(devices, eq(devices.storeCode, stores.storeCode));
  const joined = other ? base.leftJoin(other, eq(other.storeCode, stores.storeCode)) : base;
  const rows = await joined.where(inScope(stores.storeCode, scope)).orderBy(stores.storeName, stores.storeCode);
  return rows.map((r) => {
    const offline = r.devices - r.online;
    const status = r.devices > 0 && r.online === 0 ? 'OFFLINE' : offline > 0 ? 'ALARM' : 'NORMAL';
    const typed = (r as { typed?: number }).typed;
    return {
      storeCode: r.storeCode,
      storeName: r.storeName,
      status,
      total: typed ?? r.devices,
      online: r.online,
      offline,
      position: r.latitude !== null && r.longitude !== null ? { latitude: r.latitude, longitude: r.longitude } : null,
    };
  });
}

const storeListColumns = { companyCode: stores.companyCode, storeCode: stores.storeCode, storeName: stores.storeName };

// spec: plus §7.1 — store list pagination
export async function plusStorePage(db: Db, scope: StoreScope, body: Record<string, unknown>): Promise<TablePage<PlusStoreInfo>> {
  const page = await queryTable<PlusStoreInfo, keyof typeof storeListColumns>(
    db,
    wideTable(PLUS_STORE_TABLE),
    body,
    { table: stores, columns: storeListColumns, uniqueColumn: stores.storeCode, base: [inScope(stores.storeCode, scope)] },
    storeListColumns,
  );
  return page;
}

// spec: plus §7.3 — the store's name
export async function plusStoreInfo(db: Db, storeCode: string): Promise<PlusStoreInfo> {
  const [row] = await db.select(storeListColumns).from(stores).where(eq(stores.storeCode, storeCode));
  if (!row) throw notFound(`Store ${storeCode} does not exist.`);
  return row;
}

const inStore = (storeCode: string, macs: string[] | 'all') =>
  and(eq(plusDevices.storeCode, storeCode), macs === 'all' ? undefined : sql`${plusDevices.mac} = any(${textArray(macs)})`);

/** Checked, normalised addresses of a command; 'all' stays all. */
async function targets(db: Db, storeCode: string, macs: string[] | 'all'): Promise<string[] | 'all'> {
  if (macs === 'all') return 'all';
  const list = normalizeMacs(macs);
  await requireDevices(db, storeCode, list);
  return list;
}

// spec: plus §7.6 — switchMode {macList (list or 'all'), mode}
export async function switchMode(db: Db, actor: Actor, path: string, macList: string[] | 'all', mode: string): Promise<void> {
  await db.transaction(async (tx) => {
    const macs = await targets(tx, actor.storeCode, macList);
    const rows = await tx.update(plusDevices).set({ mode }).where(inStore(actor.storeCode, macs)).returning({ mac: plusDevices.mac });
    await recordHistory(
      tx,
      actor,
      'Mode',
      path,
      rows.map((r) => ({ mac: r.mac, mode })),
    );
  });
}

/**
 * A command with no lasting state in the device row (info view, sync): recorded for the device to pick up.
 * Sync also counts as a fresh report of an online device (it has just sent its state).
 */
// spec: plus §7.7 — setDevInfoView and setSync
export async function deviceCommand(
  db: Db,
  actor: Actor,
  path: string,
  operation: 'InfoView' | 'Sync',
  macList: string[],
  extra: Record<string, unknown> = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const macs = (await targets(tx, actor.storeCode, macList)) as string[];
    if (operation === 'Sync')
      await tx
        .update(plusDevices)
        .set({ recvTime: actor.now })
        .where(and(inStore(actor.storeCode, macs), eq(plusDevices.status, 'ONLINE')));
    await recordHistory(
      tx,
      actor,
      operation,
      path,
      macs.map((mac) => ({ mac, ...extra })),
    );
  });
}

/** The devices go offline now; the simulator (server/sim/plus.ts) brings a rebooted device back shortly. */
// spec: plus §7.7 — setReboot
export async function rebootDevices(db: Db, actor: Actor, path: string, macList: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const macs = (await targets(tx, actor.storeCode, macList)) as string[];
    await tx.update(plusDevices).set({ status: 'OFFLINE', recvTime: actor.now }).where(inStore(actor.storeCode, macs));
    await recordHistory(
      tx,
      actor,
      'Reboot',
      path,
      macs.map((mac) => ({ mac })),
    );
  });
}

// spec: plus §7.7 — removePlusDevice
export async function removeDevices(db: Db, actor: Actor, path: string, macList: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const macs = (await targets(tx, actor.storeCode, macList)) as string[];
    await tx.delete(plusDevices).where(inStore(actor.storeCode, macs));
    await recordHistory(
      tx,
      actor,
      'Delete',
      path,
      macs.map((mac) => ({ mac })),
    );
  });
}

/** Pins (a number) or unpins (null) the shown slide. */
// spec: plus §7.7, plus §7.15 — setShowIdxPlus and unsetShowIdx
export async function setShowIdx(db: Db, actor: Actor, path: string, macList: string[], showIdx: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const macs = (await targets(tx, actor.storeCode, macList)) as string[];
    await tx.update(plusDevices).set({ showIdx }).where(inStore(actor.storeCode, macs));
    await recordHistory(
      tx,
      actor,
      showIdx === null ? 'UnsetShowIdx' : 'SetShowIdx',
      path,
      macs.map((mac) => ({ mac, showIdx })),
    );
  });
}

export async function findDevice(db: Db, storeCode: string, mac: string) {
  const [normal] = normalizeMacs([mac]);
  const [row] = await db
    .select(getTableColumns(plusDevices))
    .from(plusDevices)
    .where(inStore(storeCode, [normal]));
  if (!row) throw notFound(`Device ${normal} does not exist in store ${storeCode}.`);
  return row;
}

// spec: plus §7.8 — device info, networks strongest first
export async function deviceInfo(db: Db, storeCode: string, mac: string): Promise<PlusDeviceInfo> {
  const d = await findDevice(db, storeCode, mac);
  return {
    name: d.name ?? '',
    volume: d.volume ?? 0,
    maxVolume: d.maxVolume ?? 0,
    brightness: d.brightness ?? 0,
    localNtpServer: d.localNtpServer,
    networks: [...d.networks].sort((a, b) => b.rssi - a.rssi),
    product: d.product,
    template: d.template ?? '',
    tz: d.tz ?? '',
  };
}

const ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

export interface DeviceConfig {
  name?: string;
  volume?: number;
  brightness?: number;
  tz?: string;
  localNtpServer?: boolean;
}

/** Saves what the info dialog sent; volume is bounded by the device's own maximum, tz must be an IANA zone. */
// spec: plus §7.9, plus §9.2 — savePlusDevConfig; brightness 0-255, volume up to the device's maximum
export async function saveDeviceConfig(db: Db, actor: Actor, path: string, mac: string, config: DeviceConfig): Promise<void> {
  if (config.tz !== undefined && !ZONES.has(config.tz)) throw badRequest(`Unknown time zone: ${config.tz}`, 'INVALID_TIME_ZONE');
  await db.transaction(async (tx) => {
    const device = await findDevice(tx, actor.storeCode, mac);
    if (config.volume !== undefined && config.volume > (device.maxVolume ?? 0)) {
      throw badRequest(`The volume must be between 0 and ${device.maxVolume ?? 0}.`, 'INVALID_VOLUME');
    }
    const set = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length) await tx.update(plusDevices).set(set).where(eq(plusDevices.mac, device.mac));
    await recordHistory(tx, actor, 'Update', path, [{ mac: device.mac, ...set }]);
  });
}
