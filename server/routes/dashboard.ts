import type { FastifyInstance } from 'fastify';
import type { Dashboard } from '../../contract/schemas/dashboard';
import { dashboardEndpoints } from '../../contract/endpoints/dashboard';
import type { AppDeps } from '../deps';
import { can } from '../lib/privileges';
import { route } from '../lib/route';
import {
  dailyUpdateCounts,
  gatewayStatusByStore,
  gatewayTagCounts,
  getAlarmConfig,
  productStatsByStore,
  scopeOf,
  serverCounts,
  storesInScope,
  tagStatsByStore,
  todayStart,
  updatingStores,
} from '../repos/stats';

export function dashboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  // spec: core §2.27
  // Each section only with its read privilege (console-core §2 Dashboard); a section left out is absent.
  route(app, deps, dashboardEndpoints.statsDashboard, async ({ user }) => {
    const scope = await scopeOf(db, user);
    const since = todayStart();
    const storeRows = await storesInScope(db, scope);
    const tagRead = can(user, 'tag', 'read');
    const daily = tagRead && can(user, 'product', 'read');
    const [serverStatus, gwStatus, tagStatus, gwTagStatus, productStatus, counts, updating] = await Promise.all([
      can(user, 'server', 'read') ? serverCounts(db) : undefined,
      can(user, 'store', 'read') ? gatewayStatusByStore(db, scope) : undefined,
      tagRead ? tagStatsByStore(db, scope, since) : undefined,
      tagRead ? gatewayTagCounts(db, scope) : undefined,
      daily ? productStatsByStore(db, scope, since) : undefined,
      daily ? dailyUpdateCounts(db, scope) : undefined,
      updatingStores(db, scope),
    ]);
    const answer: Dashboard = {
      storeDict: Object.fromEntries(storeRows.map((s) => [s.storeCode, { storeName: s.storeName, companyCode: s.companyCode }])),
      companyDict: Object.fromEntries(storeRows.map((s) => [s.companyCode, s.companyName])),
      storeList: storeRows.map((s) => s.storeCode),
      updatingStoreList: updating,
      ...(serverStatus ? { serverStatus } : {}),
      ...(gwStatus ? { gwStatus } : {}),
      ...(tagStatus ? { tagStatus } : {}),
      ...(gwTagStatus ? { gwTagStatus } : {}),
      ...(productStatus ? { productStatus } : {}),
      ...(counts ? { updatedTagCount: counts.tags, updatedProductCount: counts.products } : {}),
    };
    return answer;
  });

  route(app, deps, dashboardEndpoints.alarmConfig, async ({ user }) => getAlarmConfig(db, can(user, 'alarm', 'read')));
}
