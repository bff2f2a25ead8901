import type { FastifyInstance } from 'fastify';
import { fillPath } from '../../contract/endpoints/define';
import { plusEndpoints } from '../../contract/endpoints/plus';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../lib/errors';
import { route } from '../lib/route';
import { assignPlus, deassignPlus, devicesShowing, listPlusDevices, searchPlus } from '../repos/plus';
import { productExists, productNotFound } from '../repos/products';
import { storeCompany } from '../repos/tags';
import { scopeOf } from '../repos/stats';
import {
  deviceCommand,
  deviceInfo,
  plusOverview,
  plusStoreInfo,
  plusStorePage,
  rebootDevices,
  removeDevices,
  saveDeviceConfig,
  setShowIdx,
  switchMode,
} from '../repos/plus-commands';
import { captureInfo, deviceShowData, screenImage, visionPicture } from '../repos/plus-capture';
import { fileStoreOf } from '../lib/file-store';
import { nowOf } from '../lib/clock';

export function plusRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const actor = async (storeCode: string, email: string) => ({
    storeCode,
    companyCode: await storeCompany(db, storeCode),
    email,
    now: new Date(),
  });

  route(app, deps, plusEndpoints.plusDeviceList, ({ params, body }) =>
    listPlusDevices(db, params.storeCode, body as Record<string, unknown>),
  );

  route(app, deps, plusEndpoints.plusAssign, async ({ params, body, user }) => {
    sameStore(params.storeCode, body.storeCode);
    const count = await assignPlus(
      db,
      await actor(params.storeCode, user.email),
      fillPath(plusEndpoints.plusAssign.path, params),
      body.devList,
    );
    return { success: true, count };
  });

  route(app, deps, plusEndpoints.plusDeassign, async ({ params, body, user }) => {
    sameStore(params.storeCode, body.storeCode);
    const count = await deassignPlus(
      db,
      await actor(params.storeCode, user.email),
      fillPath(plusEndpoints.plusDeassign.path, params),
      body.devList,
    );
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

  // Store overviews and the store list: the stores the member may see (role -1: all).
  route(app, deps, plusEndpoints.plusStoreOverview, async ({ params, user }) => plusOverview(db, await scopeOf(db, user), params.type));
  route(app, deps, plusEndpoints.plusStoreList, async ({ body, user }) =>
    plusStorePage(db, await scopeOf(db, user), body as Record<string, unknown>),
  );
  route(app, deps, plusEndpoints.plusStoreInfo, ({ params }) => plusStoreInfo(db, params.storeCode));

  // The list's commands. The auth hook has checked plus write and the store; each device must be in that store.
  const ok = { success: true } as const;
  const pathOf = (def: { path: string }, params: Record<string, string>) => fillPath(def.path, params);
  route(app, deps, plusEndpoints.plusSwitchMode, async ({ params, body, user }) => {
    await switchMode(db, await actor(params.storeCode, user.email), pathOf(plusEndpoints.plusSwitchMode, params), body.macList, body.mode);
    return ok;
  });
  route(app, deps, plusEndpoints.plusInfoView, async ({ params, body, user }) => {
    const macs = body.devList.map((d) => d.mac);
    await deviceCommand(db, await actor(params.storeCode, user.email), pathOf(plusEndpoints.plusInfoView, params), 'InfoView', macs, {
      duration: body.duration,
    });
    return ok;
  });
  route(app, deps, plusEndpoints.plusSync, async ({ params, body, user }) => {
    await deviceCommand(
      db,
      await actor(params.storeCode, user.email),
      pathOf(plusEndpoints.plusSync, params),
      'Sync',
      body.devList.map((d) => d.mac),
    );
    return ok;
  });
  route(app, deps, plusEndpoints.plusReboot, async ({ params, body, user }) => {
    await rebootDevices(
      db,
      await actor(params.storeCode, user.email),
      pathOf(plusEndpoints.plusReboot, params),
      body.devList.map((d) => d.mac),
    );
    return ok;
  });
  route(app, deps, plusEndpoints.plusDeviceRemove, async ({ params, body, user }) => {
    await removeDevices(db, await actor(params.storeCode, user.email), pathOf(plusEndpoints.plusDeviceRemove, params), body.macList);
    return ok;
  });
  route(app, deps, plusEndpoints.plusShowIdxSet, async ({ params, body, user }) => {
    await setShowIdx(
      db,
      await actor(params.storeCode, user.email),
      pathOf(plusEndpoints.plusShowIdxSet, params),
      body.macList,
      body.showIdx,
    );
    return ok;
  });
  route(app, deps, plusEndpoints.plusShowIdxUnset, async ({ params, body, user }) => {
    await setShowIdx(db, await actor(params.storeCode, user.email), pathOf(plusEndpoints.plusShowIdxUnset, params), body.macList, null);
    return ok;
  });

  route(app, deps, plusEndpoints.plusDeviceInfo, ({ params }) => deviceInfo(db, params.storeCode, params.mac));
  route(app, deps, plusEndpoints.plusDeviceConfigSave, async ({ body, user }) => {
    const { storeCode, mac, ...config } = body;
    await saveDeviceConfig(db, await actor(storeCode, user.email), plusEndpoints.plusDeviceConfigSave.path, mac, config);
    return ok;
  });

  route(app, deps, plusEndpoints.plusDeviceShow, ({ params }) => deviceShowData(db, params.storeCode, params.mac));
  route(app, deps, plusEndpoints.plusCaptureInfo, ({ params }) => captureInfo(db, params.storeCode, params.mac, params.kind));
  route(app, deps, plusEndpoints.plusCaptureFile, async ({ params, reply }) => {
    reply.header('cache-control', 'no-store');
    // Last-Modified says when this very picture was made, so the viewer's "Taken at" matches the image (issue 31).
    if (params.kind === 'screen') {
      const now = nowOf(deps);
      const png = await screenImage(db, params.storeCode, params.mac, now);
      return reply.header('content-type', 'image/png').header('last-modified', now.toUTCString()).send(png);
    }
    const file = await fileStoreOf(deps.config.dataDir).read(await visionPicture(db, params.storeCode, params.mac));
    if (!file) throw notFound(`Device ${params.mac} has sent no camera image.`);
    const { updatedAt } = await captureInfo(db, params.storeCode, params.mac, 'vision');
    if (updatedAt) reply.header('last-modified', new Date(updatedAt).toUTCString());
    return reply.header('content-type', 'image/jpeg').header('content-length', file.size).send(file.stream);
  });
}

/** The path and the body (the spec's payload) both name the store; they must agree. */
function sameStore(inPath: string, inBody: string): void {
  if (inPath !== inBody) throw badRequest(`The body names store ${inBody}, the path ${inPath}.`);
}
