import type { FastifyInstance } from 'fastify';
import { fillPath } from '../../contract/endpoints/define';
import { plusEndpoints } from '../../contract/endpoints/plus';
import type { AppDeps } from '../deps';
import { route } from '../lib/route';
import { saveDeviceShow } from '../repos/plus-device-show';
import { storeCompany } from '../repos/tags';

/** The show editor's save of a device's list (the read, plusDeviceShow, is in plus.ts with the other device reads). */
export function plusDeviceShowRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  route(app, deps, plusEndpoints.plusDeviceShowSave, async ({ params, body, user }) => {
    const actor = {
      storeCode: params.storeCode,
      companyCode: await storeCompany(db, params.storeCode),
      email: user.email,
      now: new Date(),
    };
    return saveDeviceShow(db, actor, fillPath(plusEndpoints.plusDeviceShowSave.path, params), params.mac, body);
  });
}
