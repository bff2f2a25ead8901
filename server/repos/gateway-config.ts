import { and, asc, eq, inArray } from 'drizzle-orm';
import type { GatewayConfig, GatewayConfigBody } from '../../contract/schemas/settings-store';
import type { Db } from '../db/client';
import { gateways } from '../db/schema/index';
import { normalizeMac } from './gateways';

const configColumns = {
  gwMac: gateways.gwMac,
  gwIndex: gateways.gwIndex,
  channelGroupIndex: gateways.channelGroupIndex,
  ip: gateways.ip,
  alternateIp: gateways.alternateIp,
  netmask: gateways.netmask,
  defaultGateway: gateways.defaultGateway,
  dns: gateways.dns,
  eslServerPort: gateways.eslServerPort,
  dataChannel: gateways.dataChannel,
  eventChannel: gateways.eventChannel,
  status: gateways.status,
  gmpVersion: gateways.gmpVersion,
  grmVersion: gateways.grmVersion,
  note: gateways.note,
  updatedAt: gateways.updatedAt,
};

type ConfigRow = Pick<typeof gateways.$inferSelect, keyof typeof configColumns>;

/** Text settings never reported read as '' so that the console's "changed?" comparison sees one empty value. */
function toConfig(row: ConfigRow): GatewayConfig {
  const text = (v: string | null) => v ?? '';
  return {
    gwMac: row.gwMac,
    gwIndex: row.gwIndex,
    channelGroupIndex: row.channelGroupIndex,
    ip: text(row.ip),
    alternateIp: text(row.alternateIp),
    netmask: text(row.netmask),
    defaultGateway: text(row.defaultGateway),
    dns: text(row.dns),
    eslServerPort: row.eslServerPort,
    dataChannel: row.dataChannel,
    eventChannel: row.eventChannel,
    status: row.status,
    gmpVersion: text(row.gmpVersion),
    grmVersion: text(row.grmVersion),
    note: text(row.note),
    updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

export async function gatewayConfigs(db: Db, storeCode: string): Promise<GatewayConfig[]> {
  const rows = await db
    .select(configColumns)
    .from(gateways)
    .where(eq(gateways.storeCode, storeCode))
    .orderBy(asc(gateways.gwIndex), asc(gateways.gwMac));
  return rows.map(toConfig);
}

export async function gatewayConfig(db: Db, storeCode: string, gwMac: string): Promise<GatewayConfig | undefined> {
  const [row] = await db
    .select(configColumns)
    .from(gateways)
    .where(and(eq(gateways.storeCode, storeCode), eq(gateways.gwMac, normalizeMac(gwMac))));
  return row && toConfig(row);
}

/** The gateways of a store among the named ones (normalised MACs). */
export async function gatewaysOfStore(db: Db, storeCode: string, macs: string[]): Promise<Set<string>> {
  if (!macs.length) return new Set();
  const rows = await db
    .select({ gwMac: gateways.gwMac })
    .from(gateways)
    .where(and(eq(gateways.storeCode, storeCode), inArray(gateways.gwMac, macs)));
  return new Set(rows.map((r) => r.gwMac));
}

/** Only the settings present are written; an empty alternate IP clears it. */
function patchOf(settings: GatewayConfigBody, now: Date): Partial<typeof gateways.$inferInsert> {
  const patch: Partial<typeof gateways.$inferInsert> = { updatedAt: now };
  for (const [key, value] of Object.entries(settings) as [keyof GatewayConfigBody, unknown][]) {
    if (value === undefined) continue;
    (patch as Record<string, unknown>)[key] = key === 'alternateIp' && value === '' ? null : value;
  }
  return patch;
}

export async function updateGatewayConfig(
  db: Db,
  storeCode: string,
  gwMac: string,
  settings: GatewayConfigBody,
  now = new Date(),
): Promise<boolean> {
  const done = await db
    .update(gateways)
    .set(patchOf(settings, now))
    .where(and(eq(gateways.storeCode, storeCode), eq(gateways.gwMac, normalizeMac(gwMac))))
    .returning({ gwMac: gateways.gwMac });
  return done.length > 0;
}

/** Every entry in one transaction: a list is stored whole, so a failure leaves no half-updated store. */
export async function updateGatewayConfigs(
  db: Db,
  storeCode: string,
  entries: (GatewayConfigBody & { gwMac: string })[],
  now = new Date(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const written: string[] = [];
    for (const { gwMac, ...settings } of entries) {
      const done = await tx
        .update(gateways)
        .set(patchOf(settings, now))
        .where(and(eq(gateways.storeCode, storeCode), eq(gateways.gwMac, gwMac)))
        .returning({ gwMac: gateways.gwMac });
      written.push(...done.map((d) => d.gwMac));
    }
    return written;
  });
}
