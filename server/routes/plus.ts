import type { FastifyInstance } from 'fastify';
import { fillPath } from '../../src/api/endpoints/define';
import { plusEndpoints } from '../../src/api/endpoints/plus';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../lib/errors';
import { route } from '../lib/route';
import { assignPlus, deassignPlus, devicesShowing, listPlusDevices, searchPlus } from '../repos/plus';
import { productExists, productNotFound } from '../repos/products';
import { storeCompany } from '../repos/tags';

export function plusRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const actor = async (storeCode: string, email: string) => ({ storeCode, companyCode: await storeCompany(db, storeCode), email, now: new Date() });

  route(app, deps, plusEndpoints.plusDeviceList, ({ params, body }) => listPlusDevices(db, params.storeCode, body as Record<string, unknown>));

  route(app, deps, plusEndpoints.plusAssign, async ({ params, body, user }) => {
    sameStore(params.storeCode, body.storeCode);
    const count = await assignPlus(db, await actor(params.storeCode, user.email), fillPath(plusEndpoints.plusAssign.path, params), body.devList);
    return { success: true, count };
  });

  route(app, deps, plusEndpoints.plusDeassign, async ({ params, body, user }) => {
    sameStore(params.storeCode, body.storeCode);
    const count = await deassignPlus(db, await actor(params.storeCode, user.email), fillPath(plusEndpoints.plusDeassign.path, params), body.devList);
    return { success: true, count };
  });

  // Nothing is stored: the devices showing the product are told to blink (the simulator has no blink to show).
  route(app, deps, plusEndpoints.plusBlink, async ({ params, body }) => {
    const macs = await devicesShowing(db, params.storeCode, body.prCode);
    if (macs.length) return { success: true, count: macs.length };
    if (!(await productExists(db, params.storeCode, body.prCode))) throw productNotFound();
    throw notFound(`No device in store ${params.storeCode} shows product ${body.prCode}.`);
  });

  route(app, deps, plusEndpoints.plusSearch, ({ params, query }) => searchPlus(db, params.storeCode, query.keyword));
}

/** The path and the body (the spec's payload) both name the store; they must agree. */
function sameStore(inPath: string, inBody: string): void {
  if (inPath !== inBody) throw badRequest(`The body names store ${inBody}, the path ${inPath}.`);
}
