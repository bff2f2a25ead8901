import type { FastifyInstance } from 'fastify';
import { plusV1Endpoints as api } from '../../contract/endpoints/plus-v1';
import type { AppDeps } from '../deps';
import { badRequest, forbidden } from '../lib/errors';
import { canAccessStore } from '../lib/privileges';
import { route } from '../lib/route';
import { normalizeMacs } from '../repos/plus';
import {
  assignV1,
  rebootV1Devices,
  removeV1Devices,
  saveV1Config,
  v1DevicePage,
  v1DeviceAnswer,
  v1DevicesIn,
} from '../repos/plus-v1-devices';
import { requireProducts } from '../repos/products';
import { scopeOf } from '../repos/stats';
import { storeCompanies } from '../repos/stores';

/**
 * Plus v1 devices (the master screen, plus-signage §2.6, §7.4). The calls name no store: every device named must
 * be in a store the member may act on, else it is unknown (404) — a device of another company stays invisible.
 */
export function plusV1DeviceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const ok = { success: true } as const;
  const actor = (email: string) => ({ email, now: new Date() });

  route(app, deps, api.plusV1DeviceList, async ({ body, user }) =>
    v1DevicePage(db, await scopeOf(db, user), body as Record<string, unknown>),
  );

  route(app, deps, api.plusV1DeviceRemove, async ({ body, user }) => {
    await removeV1Devices(db, await scopeOf(db, user), actor(user.email), api.plusV1DeviceRemove.path, normalizeMacs(body.macList));
    return ok;
  });

  route(app, deps, api.plusV1DeviceReboot, async ({ body, user }) => {
    await rebootV1Devices(db, await scopeOf(db, user), actor(user.email), api.plusV1DeviceReboot.path, normalizeMacs(body.macList));
    return ok;
  });

  route(app, deps, api.plusV1DeviceConfig, async ({ params, user }) => {
    const [row] = await v1DevicesIn(db, await scopeOf(db, user), normalizeMacs([params.mac]));
    const answer = v1DeviceAnswer(row);
    return { config: answer.config, ipAddress: answer.ipAddress };
  });

  route(app, deps, api.plusV1DeviceConfigSave, async ({ body, user }) => {
    const [mac] = normalizeMacs([body.mac]);
    // config.storeCode moves the device: the new store must be one the member may act on too.
    const target = body.config.storeCode;
    if (target !== undefined) {
      const company = (await storeCompanies(db, [target])).get(target);
      if (company === undefined) throw badRequest(`Unknown store code: ${target}`, 'UNKNOWN_STORE');
      if (!canAccessStore(user, target, company)) throw forbidden(`Permission denied for store ${target}.`);
    }
    await saveV1Config(db, await scopeOf(db, user), actor(user.email), api.plusV1DeviceConfigSave.path, mac, body.config);
    return ok;
  });

  route(app, deps, api.plusV1Assign, async ({ body, user }) => {
    const [mac] = normalizeMacs([body.mac]);
    await assignV1(db, await scopeOf(db, user), actor(user.email), api.plusV1Assign.path, mac, body.product, requireProducts);
    return ok;
  });
}
