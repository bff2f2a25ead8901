import { and, asc, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { PLUS_DEVICE_TABLE, type PlusDevice, type PlusSearchAnswer } from '../../contract/schemas/plus';
import type { TablePage } from '../../contract/table';
import { wideTable } from '../../contract/schemas/common';
import type { Db } from '../db/client';
import { plusDevices, plusHistory } from '../db/schema/index';
import { badRequest, notFound } from '../lib/errors';
import { macKey, normalizeMac } from '../lib/mac';
import { queryTable } from '../lib/table-sql';
import { requireProducts, searchProductCodes } from './products';

type DeviceField = keyof typeof PLUS_DEVICE_TABLE.fields;

const deviceColumns: Record<DeviceField, PgColumn | SQL> = {
  mac: plusDevices.mac,
  name: plusDevices.name,
  model: plusDevices.model,
  ver: plusDevices.ver,
  player: plusDevices.player,
  launcher: plusDevices.launcher,
  template: plusDevices.template,
  status: plusDevices.status,
  product: sql`array_to_string(${plusDevices.product}, ' ')`,
  // A device that never reported sorts as the oldest, not first of a "newest first" list.
  recvTime: sql`coalesce(${plusDevices.recvTime}, to_timestamp(0))`,
};

type DeviceRow = typeof plusDevices.$inferSelect;

/** The device list of one store (table protocol over PLUS_DEVICE_TABLE, newest report first). */
// spec: plus §2.9, plus §3.2, plus §5.9, plus §7.1 — the device list per store, newest report first, dates in epoch seconds
export async function listPlusDevices(db: Db, storeCode: string, body: Record<string, unknown>): Promise<TablePage<PlusDevice>> {
  const page = await queryTable<DeviceRow, DeviceField>(
    db,
    wideTable(PLUS_DEVICE_TABLE),
    body,
    {
      table: plusDevices,
      columns: deviceColumns,
      dateColumn: plusDevices.recvTime,
      uniqueColumn: plusDevices.mac,
      base: [eq(plusDevices.storeCode, storeCode)],
    },
    getTableColumns(plusDevices),
  );
  return { ...page, data: page.data.map(deviceAnswer) };
}

export function deviceAnswer(d: DeviceRow): PlusDevice {
  return {
    _id: d.mac,
    mac: d.mac,
    name: d.name ?? '',
    model: d.model ?? '',
    ver: d.ver ?? '',
    player: d.player ?? '',
    launcher: d.launcher ?? '',
    template: d.template ?? '',
    status: d.status,
    recvTime: d.recvTime ? d.recvTime.toISOString() : null,
    showIdx: d.showIdx,
    storeCode: d.storeCode,
    tz: d.tz ?? '',
    volume: d.volume ?? 0,
    maxVolume: d.maxVolume ?? 0,
    brightness: d.brightness ?? 0,
    localNtpServer: d.localNtpServer,
    networks: d.networks,
    product: d.product,
  };
}

/** Normalised addresses (plus-signage §4); a malformed or repeated one is a 400 naming it. */
export function normalizeMacs(macs: string[]): string[] {
  const seen = new Set<string>();
  return macs.map((input) => {
    const mac = normalizeMac(input);
    if (!mac) throw badRequest(`Invalid MAC address: ${input}`, 'INVALID_MAC');
    if (seen.has(mac)) throw badRequest(`The device ${mac} is listed more than once.`, 'DUPLICATE_DEVICE');
    seen.add(mac);
    return mac;
  });
}

export const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** Every named device must exist in the store: otherwise a 404 naming the first unknown one. */
export async function requireDevices(db: Db, storeCode: string, macs: string[]): Promise<void> {
  const rows = await db
    .select({ mac: plusDevices.mac })
    .from(plusDevices)
    .where(and(eq(plusDevices.storeCode, storeCode), sql`${plusDevices.mac} = any(${textArray(macs)})`));
  const known = new Set(rows.map((r) => r.mac));
  const unknown = macs.find((m) => !known.has(m));
  if (unknown) throw notFound(`Device ${unknown} does not exist in store ${storeCode}.`);
}

export interface Actor {
  storeCode: string;
  companyCode: string;
  email: string;
  now: Date;
}

/** One row of the plus history (plus-signage §2.8); category names what changed: device, template, schedule. */
// spec: plus §3.10 — a history row
export async function recordHistory(
  db: Db,
  actor: Actor,
  operation: string,
  path: string,
  items: unknown[],
  category = 'device',
): Promise<void> {
  await db.insert(plusHistory).values({
    company: actor.companyCode,
    store: actor.storeCode,
    category,
    operation,
    method: 'POST',
    path,
    items,
    email: actor.email,
    updatedAt: actor.now,
  });
}

/**
 * Sets each device's product list (replacing the old one), all or nothing: every device and product is checked
 * first. Codes are de-duplicated per device, order kept.
 */
// spec: plus §1.1, plus §7.15 — assignPlus
export async function assignPlus(db: Db, actor: Actor, path: string, devList: { mac: string; product: string[] }[]): Promise<number> {
  const macs = normalizeMacs(devList.map((d) => d.mac));
  const lists = devList.map((d) => [...new Set(d.product)]);
  return db.transaction(async (tx) => {
    await requireDevices(tx, actor.storeCode, macs);
    await requireProducts(tx, actor.storeCode, lists.flat());
    const updated = await tx.execute(sql`
      update ${plusDevices} set product = array(select jsonb_array_elements_text(v.products::jsonb))
      from unnest(${textArray(macs)}, ${textArray(lists.map((l) => JSON.stringify(l)))}) as v(mac, products)
      where ${plusDevices.mac} = v.mac and ${plusDevices.storeCode} = ${actor.storeCode}
      returning ${plusDevices.mac}`);
    await recordHistory(
      tx,
      actor,
      'Assign',
      path,
      macs.map((mac, i) => ({ mac, product: lists[i] })),
    );
    return rowCount(updated);
  });
}

/** Clears the product list of each device; every device must exist. */
// spec: plus §7.15 — deassignPlus
export async function deassignPlus(db: Db, actor: Actor, path: string, devList: { mac: string }[]): Promise<number> {
  const macs = normalizeMacs(devList.map((d) => d.mac));
  return db.transaction(async (tx) => {
    await requireDevices(tx, actor.storeCode, macs);
    const rows = await tx
      .update(plusDevices)
      .set({ product: sql`'{}'::text[]` })
      .where(and(eq(plusDevices.storeCode, actor.storeCode), sql`${plusDevices.mac} = any(${textArray(macs)})`))
      .returning({ mac: plusDevices.mac });
    await recordHistory(
      tx,
      actor,
      'Deassign',
      path,
      macs.map((mac) => ({ mac })),
    );
    return rows.length;
  });
}

/** Devices of the store that show a product (served by the GIN index on product). */
// spec: plus §1.2, plus §7.15 — blink: the devices that show a product
export async function devicesShowing(db: Db, storeCode: string, prCode: string): Promise<string[]> {
  const rows = await db
    .select({ mac: plusDevices.mac })
    .from(plusDevices)
    .where(and(eq(plusDevices.storeCode, storeCode), sql`${plusDevices.product} @> array[${prCode}]::text[]`))
    .orderBy(asc(plusDevices.mac));
  return rows.map((r) => r.mac);
}

const SEARCH_LIMIT = 100;
const likeText = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Devices whose address, name or product codes contain the keyword, and the store's product codes that do.
 * An address matches however it is typed ('AA-BB', 'aabb', 'aa:bb'). At most 100 of each (our choice).
 */
// spec: plus §7.15 — searchPlus: devList and prCodeList
export async function searchPlus(db: Db, storeCode: string, keyword: string): Promise<PlusSearchAnswer> {
  const text = keyword.trim();
  const like = likeText(text);
  const hex = text.toLowerCase().replace(/[:-]/g, '');
  const byMac = /^[0-9a-f]+$/.test(hex) ? sql`replace(${plusDevices.mac}, ':', '') like ${likeText(hex)}` : undefined;
  const exact = macKey(text);
  const devices = await db
    .select({
      mac: plusDevices.mac,
      name: plusDevices.name,
      model: plusDevices.model,
      status: plusDevices.status,
      product: plusDevices.product,
    })
    .from(plusDevices)
    .where(
      and(
        eq(plusDevices.storeCode, storeCode),
        or(
          sql`${plusDevices.mac} ilike ${like}`,
          byMac,
          sql`${plusDevices.name} ilike ${like}`,
          sql`exists (select 1 from unnest(${plusDevices.product}) as code where code ilike ${like})`,
        ),
      ),
    )
    // An exact address first, then by address.
    .orderBy(sql`${plusDevices.mac} = ${exact ? normalizeMac(text)! : ''} desc`, asc(plusDevices.mac))
    .limit(SEARCH_LIMIT);
  return {
    devList: devices.map((d) => ({ mac: d.mac, name: d.name ?? '', model: d.model ?? '', status: d.status, product: d.product })),
    prCodeList: await searchProductCodes(db, storeCode, text, SEARCH_LIMIT),
  };
}

function rowCount(result: unknown): number {
  return ((result as { rows?: unknown[] }).rows ?? []).length;
}
