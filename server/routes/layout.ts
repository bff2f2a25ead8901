import type { FastifyInstance } from 'fastify';
import { dropBlankLayoutTypes, firstDuplicate } from '../../contract/schemas/alias-rules';
import { settingsAliasEndpoints } from '../../contract/endpoints/settings-alias';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound } from '../lib/errors';
import { route } from '../lib/route';
import {
  addLayoutTypes,
  deleteLayoutConfig,
  deleteLayoutType,
  layoutConfigList,
  layoutTypeInUse,
  layoutTypeList,
  unknownLayoutTypes,
  upsertLayoutConfigs,
} from '../repos/layouts';
import { requireCompanyOf } from './alias';

/** Layout configs (layoutId → layout type) and layout types of a company (console-admin §2, §3, §7). */
export function layoutRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  // spec: admin §7.20, admin §3.6 — layout types (in use) and layout configs
  route(app, deps, settingsAliasEndpoints.layoutTypeList, async ({ params, user }) => {
    await requireCompanyOf(db, user, params.companyCode, 'read');
    return layoutTypeList(db, params.companyCode);
  });

  route(app, deps, settingsAliasEndpoints.layoutTypeUpdate, async ({ body, user }) => {
    await requireCompanyOf(db, user, body.companyCode, 'write');
    await addLayoutTypes(db, body.companyCode, dropBlankLayoutTypes(body.layoutTypes));
    return { success: true };
  });

  route(app, deps, settingsAliasEndpoints.layoutTypeDelete, async ({ params, user }) => {
    await requireCompanyOf(db, user, params.companyCode, 'write');
    if (await layoutTypeInUse(db, params.companyCode, params.layoutType))
      throw conflict(`Layout type ${params.layoutType} is in use.`, 'IN_USE');
    if (!(await deleteLayoutType(db, params.companyCode, params.layoutType))) throw notFound(`Unknown layout type: ${params.layoutType}`);
    return { success: true };
  });

  route(app, deps, settingsAliasEndpoints.layoutConfigList, async ({ params, user }) => {
    await requireCompanyOf(db, user, params.companyCode, 'read');
    return layoutConfigList(db, params.companyCode);
  });

  route(app, deps, settingsAliasEndpoints.layoutConfigUpdate, async ({ body, user }) => {
    await requireCompanyOf(db, user, body.companyCode, 'write');
    const configs = body.layoutConfig.map((c) => ({ layoutId: c.layoutId.trim(), layoutType: c.layoutType.trim() }));
    const twice = firstDuplicate(configs.map((c) => c.layoutId));
    if (twice) throw badRequest(`Layout ${twice} is given twice.`);
    const unknown = await unknownLayoutTypes(db, body.companyCode, [...new Set(configs.map((c) => c.layoutType))]);
    if (unknown.length) throw badRequest(`Unknown layout type: ${unknown.join(', ')}`);
    await upsertLayoutConfigs(db, body.companyCode, configs);
    return { success: true };
  });

  route(app, deps, settingsAliasEndpoints.layoutConfigDelete, async ({ params, user }) => {
    await requireCompanyOf(db, user, params.companyCode, 'write');
    if (!(await deleteLayoutConfig(db, params.companyCode, params.layoutId))) throw notFound(`Unknown layout: ${params.layoutId}`);
    return { success: true };
  });
}
