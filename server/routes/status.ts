import type { FastifyInstance } from 'fastify';
import { STATUS_HISTORY_END_NOW, STATUS_HISTORY_WINDOW_S } from '../../contract/schemas/constants-core';
import type { SystemStatusQuery } from '../../contract/schemas/status';
import { statusEndpoints } from '../../contract/endpoints/status';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound } from '../lib/errors';
import { route } from '../lib/route';
import { PUSH_COLLECTING } from '../push/hub';
import { runningCollecting, stopCollecting } from '../repos/collecting';
import { stopOtaOfCollecting } from '../repos/ota';
import { gatewayDetail, storeGateways } from '../repos/gateways';
import { scopeOf } from '../repos/stats';
import {
  deleteServer,
  gatewayHistory,
  listServers,
  serverDetail,
  serverHistory,
  storeProductPage,
  storeSensorPage,
  storeStatusList,
  storeTagPage,
  tagTypeList,
  versionInfo,
} from '../repos/status';
import { gatewayOf } from './gateways';

/** start/end of a history call as dates; end -1 is now, and points older than the 24 h window are trimmed. */
function historyWindow(q: SystemStatusQuery, now = Date.now()): { from: Date; to: Date } {
  const to = q.end === STATUS_HISTORY_END_NOW ? now : q.end * 1000;
  if (q.start * 1000 > to) throw badRequest('start is after end.');
  return { from: new Date(Math.max(q.start * 1000, to - STATUS_HISTORY_WINDOW_S * 1000)), to: new Date(to) };
}

export function statusRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const serverNotFound = (id: string) => notFound(`Unknown server: ${id}`);

  // Servers are system wide: server read is the whole rule.
  route(app, deps, statusEndpoints.statusServerList, () => listServers(db));
  route(app, deps, statusEndpoints.statusServerDetail, async ({ params }) => {
    const server = await serverDetail(db, params.serverId);
    if (!server) throw serverNotFound(params.serverId);
    return server;
  });
  route(app, deps, statusEndpoints.statusServerDelete, async ({ params }) => {
    if (!(await deleteServer(db, params.serverId))) throw serverNotFound(params.serverId);
    return { success: true };
  });
  route(app, deps, statusEndpoints.systemStatusServer, async ({ params, query }) => {
    const { from, to } = historyWindow(query);
    if (!(await serverDetail(db, params.serverId))) throw serverNotFound(params.serverId);
    return serverHistory(db, params.serverId, from, to);
  });

  route(app, deps, statusEndpoints.statusStoreList, async ({ query, user }) =>
    storeStatusList(db, await scopeOf(db, user), { companyCode: query.global_companyCode }),
  );
  route(app, deps, statusEndpoints.statusStore, async ({ params }) => {
    const [store] = await storeStatusList(db, 'all', { storeCode: params.storeCode });
    if (!store) throw notFound(`Unknown store: ${params.storeCode}`);
    return { ...store, gwList: await storeGateways(db, params.storeCode) };
  });
  route(app, deps, statusEndpoints.statusGateway, async ({ params }) => {
    const gw = await gatewayDetail(db, params.storeCode, params.gwMac);
    if (!gw) throw notFound(`Unknown gateway ${params.gwMac} in store ${params.storeCode}`);
    return gw;
  });
  route(app, deps, statusEndpoints.systemStatusGateway, async ({ params, query, user }) => {
    const { from, to } = historyWindow(query);
    const gw = await gatewayOf(db, user, params.gwMac);
    return gatewayHistory(db, gw.gwMac, from, to);
  });
  route(app, deps, statusEndpoints.checkLinkGateway, async ({ params, user }) => {
    const gw = await gatewayOf(db, user, params.gwMac);
    return gw.status === 'OFFLINE' ? { success: false, message: "Can't connect to the GW" } : { success: true };
  });

  route(app, deps, statusEndpoints.statusPaginationTag, async ({ body, user }) =>
    storeTagPage(db, await scopeOf(db, user), body as Record<string, unknown>),
  );
  route(app, deps, statusEndpoints.statusPaginationSensor, async ({ body, user }) =>
    storeSensorPage(db, await scopeOf(db, user), body as Record<string, unknown>),
  );
  route(app, deps, statusEndpoints.statusPaginationProduct, async ({ body, user }) =>
    storeProductPage(db, await scopeOf(db, user), body as Record<string, unknown>),
  );

  // Public (console-core §6), but jobs belong to companies: a caller without a session sees none, a member those of
  // its stores (the auth hook read the optional session into `user`).
  route(app, deps, statusEndpoints.collectingStore, async ({ user }) => (user ? runningCollecting(db, await scopeOf(db, user)) : []));
  route(app, deps, statusEndpoints.collectingStop, async ({ body }) => {
    const id = /^\d{1,9}$/.test(body._id) ? Number(body._id) : undefined;
    const result = id === undefined ? 'unknown' : await stopCollecting(db, body.storeCode, id);
    if (result === 'unknown') throw notFound(`Unknown collecting item ${body._id} in store ${body.storeCode}`);
    if (result === 'finished') throw conflict('The collecting item has already finished.', 'ALREADY_FINISHED');
    // An OTA job's item stands for the job: stopping the item halts the job too.
    if (result === 'stopped' && id !== undefined) await stopOtaOfCollecting(db, id);
    // Stopping twice is harmless; the list is pushed again either way so that every header catches up.
    deps.push.publish({ type: PUSH_COLLECTING, data: await runningCollecting(db) });
    return { success: true };
  });

  route(app, deps, statusEndpoints.version, () => versionInfo(db));
  route(app, deps, statusEndpoints.tagTypeInfo, () => tagTypeList(db));
  route(app, deps, statusEndpoints.tagType, async ({ query, user }) =>
    tagTypeList(db, query.storeCode ? [query.storeCode] : await scopeOf(db, user)),
  );
}
