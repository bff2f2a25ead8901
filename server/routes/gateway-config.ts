import type { FastifyInstance } from 'fastify';
import { CHANNEL_MAX, CHANNEL_MAX_OUTBAND, CHANNEL_MIN } from '../../contract/schemas/constants-core';
import type { GatewayConfigBody } from '../../contract/schemas/settings-store';
import { settingsStoreEndpoints } from '../../contract/endpoints/settings-store';
import type { Db } from '../db/client';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../lib/errors';
import { route } from '../lib/route';
import { gatewayConfig, gatewayConfigs, gatewaysOfStore, updateGatewayConfig, updateGatewayConfigs } from '../repos/gateway-config';
import { normalizeMac, storeOutband } from '../repos/gateways';

/** Channels 27–31 only where the store has outbandEnable (console-admin §9); the schema allows 11–31. */
async function checkChannels(db: Db, storeCode: string, entries: GatewayConfigBody[]): Promise<void> {
  const max = (await storeOutband(db, storeCode)) ? CHANNEL_MAX_OUTBAND : CHANNEL_MAX;
  for (const entry of entries) {
    for (const ch of [entry.dataChannel, entry.eventChannel]) {
      if (ch !== undefined && (ch < CHANNEL_MIN || ch > max))
        throw badRequest(`Channel ${ch} is outside ${CHANNEL_MIN}..${max}.`, 'INVALID_CHANNEL');
    }
  }
}

/**
 * Gateway configuration of a store (console-admin §7 "gateway config get, update, get all, update all"). The
 * store in the path lets the auth hook apply the member's stores; "No changed!" is the console's own check.
 */
export function gatewayConfigRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  // spec: admin §7.17, admin §3.16 — gateway config get, update, get all, update all (gwOK / gwNG)
  route(app, deps, settingsStoreEndpoints.gatewayConfigList, ({ params }) => gatewayConfigs(db, params.storeCode));

  route(app, deps, settingsStoreEndpoints.gatewayConfigGet, async ({ params }) => {
    const config = await gatewayConfig(db, params.storeCode, params.gwMac);
    if (!config) throw notFound(`Unknown gateway ${params.gwMac} in store ${params.storeCode}`);
    return config;
  });

  route(app, deps, settingsStoreEndpoints.gatewayConfigUpdate, async ({ params, body }) => {
    await checkChannels(db, params.storeCode, [body]);
    if (!(await updateGatewayConfig(db, params.storeCode, params.gwMac, body)))
      throw notFound(`Unknown gateway ${params.gwMac} in store ${params.storeCode}`);
    return { success: true };
  });

  // Gateways of other stores (or none) are answered in gwNG and left alone; the rest are stored together.
  route(app, deps, settingsStoreEndpoints.gatewayConfigUpdateAll, async ({ params, body }) => {
    const entries = body.gwList.map((e) => ({ ...e, gwMac: normalizeMac(e.gwMac) }));
    const macs = entries.map((e) => e.gwMac);
    const twice = macs.find((mac, i) => macs.indexOf(mac) !== i);
    if (twice) throw badRequest(`Gateway ${twice} is listed twice.`, 'DUPLICATE_GATEWAY');
    await checkChannels(db, params.storeCode, entries);
    const known = await gatewaysOfStore(db, params.storeCode, macs);
    const gwOK = await updateGatewayConfigs(
      db,
      params.storeCode,
      entries.filter((e) => known.has(e.gwMac)),
    );
    return { gwOK, gwNG: macs.filter((mac) => !known.has(mac)) };
  });
}
