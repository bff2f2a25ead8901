import type { FastifyInstance } from 'fastify';
import { CHANNEL_MAX, CHANNEL_MAX_OUTBAND, CHANNEL_MIN } from '../../contract/schemas/constants-core';
import type { ChannelEntry, PredefinedRow } from '../../contract/schemas/gateways';
import { gatewaysEndpoints } from '../../contract/endpoints/gateways';
import type { Db } from '../db/client';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../lib/errors';
import { SYSTEM, assertMayTouch, storeOwner } from '../lib/ownership';
import type { SessionUser } from '../lib/privileges';
import { route } from '../lib/route';
import {
  deleteGateway,
  findGateway,
  getChannelMap,
  normalizeMac,
  predefinedOwners,
  recordReboot,
  replaceChannelMap,
  storeOutband,
  storesOfGateways,
  upsertPredefined,
  type GatewayRef,
} from '../repos/gateways';

/** Message of console-core §8, used exactly. */
export const GW_REBOOT_FAILED = 'GW reboot failed.';
export const GW_REBOOT_OK = 'GW will restart soon.';

/**
 * A gateway named by gwMac alone: the auth hook cannot see its store, so its owner is resolved here
 * (unknown → 404, another member's store → 403).
 */
export async function gatewayOf(db: Db, user: SessionUser, gwMac: string): Promise<GatewayRef> {
  const gw = await findGateway(db, gwMac);
  if (!gw) throw notFound(`Unknown gateway: ${gwMac}`);
  assertMayTouch(user, storeOwner(gw.storeCode, gw.companyCode), 'read', `store ${gw.storeCode}`);
  return gw;
}

/** 11..26, and up to 31 where the store allows out-of-band channels; a call without a store allows 11..31. */
async function channelLimit(db: Db, storeCode: string | undefined): Promise<number> {
  return !storeCode || (await storeOutband(db, storeCode)) ? CHANNEL_MAX_OUTBAND : CHANNEL_MAX;
}

function checkChannels(entry: ChannelEntry, max: number, where: string): void {
  for (const ch of [entry.dataChannel, entry.eventChannel]) {
    if (ch < CHANNEL_MIN || ch > max) throw badRequest(`${where}: channel ${ch} is outside ${CHANNEL_MIN}..${max}.`, 'INVALID_CHANNEL');
  }
}

export function gatewayRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  route(app, deps, gatewaysEndpoints.gatewayReboot, async ({ params, user }) => {
    const gw = await gatewayOf(db, user, params.gwMac);
    if (!gw.ip || gw.status === 'OFFLINE') throw badRequest(GW_REBOOT_FAILED, 'GW_REBOOT_FAILED');
    await recordReboot(db, gw);
    return { success: true, message: GW_REBOOT_OK };
  });

  // All rows are checked before any is stored: one bad row refuses the whole file.
  route(app, deps, gatewaysEndpoints.gatewayPredefined, async ({ body, user }) => {
    // Rows without a store are system wide (docs/architecture.md §3): only role -1 may write those.
    if (!body.storeCode) assertMayTouch(user, SYSTEM, 'write', 'predefined gateways without a store');
    const max = await channelLimit(db, body.storeCode);
    const rows = new Map<string, PredefinedRow>();
    body.data.forEach((row, i) => {
      const gwMac = normalizeMac(row.gwMac);
      if (!/^[0-9A-F]{12}$/.test(gwMac)) throw badRequest(`Row ${i + 1}: invalid gwMac ${row.gwMac}.`, 'INVALID_MAC');
      checkChannels(row, max, `Row ${i + 1}`);
      // A MAC listed twice keeps its last row, as a file read top to bottom would.
      rows.set(gwMac, { gwMac, dataChannel: row.dataChannel, eventChannel: row.eventChannel });
    });
    const macs = [...rows.keys()];
    // A MAC that is already another store's gateway, or another store's predefined row, is not the caller's to set.
    for (const gw of await storesOfGateways(db, macs)) {
      assertMayTouch(user, storeOwner(gw.storeCode, gw.companyCode), 'write', `gateway ${gw.gwMac}`);
    }
    for (const row of await predefinedOwners(db, macs)) {
      const owner = row.storeCode && row.companyCode ? storeOwner(row.storeCode, row.companyCode) : SYSTEM;
      assertMayTouch(user, owner, 'write', `gateway ${row.gwMac}`);
    }
    return { updated: await upsertPredefined(db, body.storeCode ?? null, [...rows.values()]) };
  });

  // Each store has its own channel map; the auth hook has checked the storeCode the call carries.
  route(app, deps, gatewaysEndpoints.gatewayChannelGet, async ({ query }) => ({
    storeCode: query.storeCode,
    channelMap: await getChannelMap(db, query.storeCode),
  }));

  route(app, deps, gatewaysEndpoints.gatewayChannelSave, async ({ body }) => {
    const max = await channelLimit(db, body.storeCode);
    const seen = new Set<number>();
    for (const [key, entry] of Object.entries(body.channelMap)) {
      const gwIndex = Number(key);
      if (seen.has(gwIndex)) throw badRequest(`GW index ${gwIndex} is listed twice.`, 'DUPLICATE_GW_INDEX');
      seen.add(gwIndex);
      checkChannels(entry, max, `GW index ${gwIndex}`);
    }
    await replaceChannelMap(db, body.storeCode, body.channelMap);
    return { success: true };
  });

  route(app, deps, gatewaysEndpoints.gatewayDelete, async ({ params }) => {
    if (!(await deleteGateway(db, params.storeCode, params.gwMac)))
      throw notFound(`Unknown gateway ${params.gwMac} in store ${params.storeCode}`);
    return { success: true };
  });
}
