import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { V1_DEVICE_TABLE, type V1Device, type V1DeviceConfig } from '../../contract/schemas/plus-v1-devices';
import { wideTable } from '../../contract/schemas/common';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { plusHistory, stores, v1Devices } from '../db/schema/index';
import { notFound } from '../lib/errors';
import { queryTable } from '../lib/table-sql';
import { inScope, type StoreScope } from './stats';
import { textArray } from './plus';

/* Plus v1 devices (plus-signage §2.6 master, §3 v1 device, §7.4). A device is scoped by its store. */

type Field = keyof typeof V1_DEVICE_TABLE.fields;
const configText = (key: string) => sql`coalesce(${v1Devices.config} ->> ${key}, '')`;
const columns: Record<Field, PgColumn | SQL> = {
  _id: v1Devices.mac,
  mac: v1Devices.mac,
  model: v1Devices.model,
  storeCode: v1Devices.storeCode,
  product: sql`array_to_string(${v1Devices.product}, ' ')`,
  category: configText('category'),
  section: configText('section'),
  shelfID: configText('shelfID'),
  position: configText('position'),
  timezone: configText('timezone'),
  connection: v1Devices.connection,
  recvTime: sql`coalesce(${v1Devices.recvTime}, to_timestamp(0))`,
};

type Row = typeof v1Devices.$inferSelect;

export function v1DeviceAnswer(d: Row): V1Device {
  return {
    _id: d.mac,
    mac: d.mac,
    model: d.model ?? '',
    config: { ...(d.config as V1DeviceConfig), orientation: d.config.orientation === undefined ? undefined : String(d.config.orientation) },
    version: d.version,
    product: d.product,
    connection: d.connection ?? 'OFFLINE',
    recvTime: d.recvTime ? d.recvTime.toISOString() : null,
    ipAddress: d.ipAddress ?? '',
  };
}

/** Devices in the stores the member may see (role -1 also sees devices of no store). */
// spec: plus §3.17, plus §7.1, plus §7.24 — the v1 device list
export async function v1DevicePage(db: Db, scope: StoreScope, body: Record<string, unknown>): Promise<TablePage<V1Device>> {
  const page = await queryTable<Row, Field>(
    db,
    wideTable(V1_DEVICE_TABLE),
    body,
    { table: v1Devices, columns, dateColumn: v1Devices.recvTime, uniqueColumn: v1Devices.mac, base: [inScope(v1Devices.storeCode, scope)] },
    getTableColumns(v1Devices),
  );
  return { ...page, data: page.data.map(v1DeviceAnswer) };
}

/** The named devices, each in scope, or a 404 naming the first that is not (a device of another company is unknown). */
export async function v1DevicesIn(db: Db, scope: StoreScope, macs: string[]): Promise<Row[]> {
  const rows = await db
    .select()
    .from(v1Devices)
    .where(and(sql`${v1Devices.mac} = any(${textArray(macs)})`, inScope(v1Devices.storeCode, scope)));
  const known = new Set(rows.map((r) => r.mac));
  const unknown = macs.find((m) => !known.has(m));
  if (unknown) throw notFound(`Device ${unknown} does not exist.`);
  return rows;
}

export interface V1Actor {
  email: string;
  now: Date;
}

/** One plus history row per store touched, so that each store's history shows its own devices. */
async function record(
  db: Db,
  actor: V1Actor,
  operation: string,
  path: string,
  rows: Pick<Row, 'mac' | 'storeCode'>[],
  extra: Record<string, unknown> = {},
) {
  const byStore = new Map<string, string[]>();
  for (const r of rows) byStore.set(r.storeCode ?? 'SYSTEM', [...(byStore.get(r.storeCode ?? 'SYSTEM') ?? []), r.mac]);
  const codes = [...byStore.keys()].filter((c) => c !== 'SYSTEM');
  const companies = new Map(
    codes.length
      ? (await db.select({ s: stores.storeCode, c: stores.companyCode }).from(stores).where(inArray(stores.storeCode, codes))).map((r) => [
          r.s,
          r.c,
        ])
      : [],
  );
  for (const [store, macs] of byStore) {
    await db.insert(plusHistory).values({
      company: companies.get(store) ?? 'SYSTEM',
      store,
      category: 'v1 device',
      operation,
      method: 'POST',
      path,
      items: macs.map((mac) => ({ mac, ...extra })),
      email: actor.email,
      updatedAt: actor.now,
    });
  }
}

export async function removeV1Devices(db: Db, scope: StoreScope, actor: V1Actor, path: string, macs: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await v1DevicesIn(tx, scope, macs);
    await tx.delete(v1Devices).where(inArray(v1Devices.mac, macs));
    await record(tx, actor, 'Delete', path, rows);
  });
}

/** A reboot takes the device off line; the simulator (server/sim/plus-v1.ts) brings it back, reading this history. */
export async function rebootV1Devices(db: Db, scope: StoreScope, actor: V1Actor, path: string, macs: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await v1DevicesIn(tx, scope, macs);
    await tx.update(v1Devices).set({ connection: 'OFFLINE', recvTime: actor.now }).where(inArray(v1Devices.mac, macs));
    await record(tx, actor, 'Reboot', path, rows);
  });
}

/** Merges the sent fields into the config; config.storeCode moves the device (the route checks the new store). */
// spec: plus §7.20, plus §9.3 — savePlusDevConfigV1 {config, mac}
export async function saveV1Config(
  db: Db,
  scope: StoreScope,
  actor: V1Actor,
  path: string,
  mac: string,
  config: Partial<V1DeviceConfig>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await v1DevicesIn(tx, scope, [mac]);
    const next = { ...row.config, ...config };
    await tx
      .update(v1Devices)
      .set({ config: next, storeCode: config.storeCode ?? row.storeCode })
      .where(eq(v1Devices.mac, mac));
    await record(tx, actor, 'Config', path, [row]);
  });
}

/** Replaces the device's product list (the master assign); the codes must exist in the device's store. */
// spec: plus §7.20 — assignPlusV1 {mac, product[]}
export async function assignV1(
  db: Db,
  scope: StoreScope,
  actor: V1Actor,
  path: string,
  mac: string,
  product: string[],
  requireProducts: (db: Db, storeCode: string, codes: string[]) => Promise<unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await v1DevicesIn(tx, scope, [mac]);
    if (!row.storeCode) throw notFound(`Device ${mac} belongs to no store; set its store first.`);
    const codes = [...new Set(product)];
    await requireProducts(tx, row.storeCode, codes);
    await tx.update(v1Devices).set({ product: codes }).where(eq(v1Devices.mac, mac));
    await record(tx, actor, 'Assign', path, [row], { product: codes });
  });
}
