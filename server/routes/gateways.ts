import type { FastifyInstance } from 'fastify';
import { CHANNEL_MAX, CHANNEL_MAX_OUTBAND, CHANNEL_MIN } from '../../src/api/contract/constants-core';
import type { ChannelEntry, PredefinedRow } from '../../src/api/contract/gateways';
import { gatewaysEndpoints } from '../../src/api/endpoints/gateways';
import type { Db } from '../db/client';
import type { AppDeps } from '../deps';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { canAccessStore, type SessionUser } from '../lib/privileges';
import { route } from '../lib/route';
import {
  deleteGateway, findGateway, getChannelMap, normalizeMac, recordReboot, replaceChannelMap, storeOutband, storesOfGateways,
  upsertPredefined, type GatewayRef,
} from '../repos/gateways';

/** Message of console-core §8, used exactly. */
export const GW_REBOOT_FAILED = 'GW reboot failed.';
export const GW_REBOOT_OK = 'GW will restart soon.';

/**
 * A gateway named by gwMac alone: the auth hook cannot see its store, so the store rule is applied here
 * (unknown → 404, another member's store → 403).
 */
export async function gatewayOf(db: Db, user: SessionUser, gwMac: string): Promise<GatewayRef> {
  const gw = await findGateway(db, gwMac);
  if (!gw) throw notFound(`Unknown gateway: ${gwMac}`);
  if (!canAccessStore(user, gw.storeCode, gw.companyCode)) throw forbidden(`Permission denied for store ${gw.storeCode}.`);
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
    const max = await channelLimit(db, body.storeCode);
    const rows = new Map<string, PredefinedRow>();
    body.data.forEach((row, i) => {
      const gwMac = normalizeMac(row.gwMac);
      if (!/^[0-9A-F]{12}$/.test(gwMac)) throw badRequest(`Row ${i + 1}: invalid gwMac ${row.gwMac}.`, 'INVALID_MAC');
      checkChannels(row, max, `Row ${i + 1}`);
      // A MAC listed twice keeps its last row, as a file read top to bottom would.
      rows.set(gwMac, { gwMac, dataChannel: row.dataChannel, eventChannel: row.eventChannel });
    });
    for (const gw of await storesOfGateways(db, [...rows.keys()])) {
      if (!canAccessStore(user, gw.storeCode, gw.companyCode)) throw forbidden(`Permission denied for gateway ${gw.gwMac}.`);
    }
    return { updated: await upsertPredefined(db, [...rows.values()]) };
  });

  route(app, deps, gatewaysEndpoints.gatewayChannelGet, async ({ query }) => ({ storeCode: query.storeCode, channelMap: await getChannelMap(db) }));

  route(app, deps, gatewaysEndpoints.gatewayChannelSave, async ({ body }) => {
    const max = await channelLimit(db, body.storeCode);
    const seen = new Set<number>();
    for (const [key, entry] of Object.entries(body.channelMap)) {
      const gwIndex = Number(key);
      if (seen.has(gwIndex)) throw badRequest(`GW index ${gwIndex} is listed twice.`, 'DUPLICATE_GW_INDEX');
      seen.add(gwIndex);
      checkChannels(entry, max, `GW index ${gwIndex}`);
    }
    await replaceChannelMap(db, body.channelMap);
    return { success: true };
  });

  route(app, deps, gatewaysEndpoints.gatewayDelete, async ({ params }) => {
    if (!(await deleteGateway(db, params.storeCode, params.gwMac))) throw notFound(`Unknown gateway ${params.gwMac} in store ${params.storeCode}`);
    return { success: true };
  });
}
