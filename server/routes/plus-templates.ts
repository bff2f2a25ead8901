import type { FastifyInstance } from 'fastify';
import { fillPath } from '../../contract/endpoints/define';
import { plusAssetsEndpoints as assets } from '../../contract/endpoints/plus-assets';
import { plusEndpoints as plus } from '../../contract/endpoints/plus';
import type { AppDeps } from '../deps';
import { nowOf } from '../lib/clock';
import { route } from '../lib/route';
import { storeCompany } from '../repos/tags';
import { applyTemplate, findTemplate, saveTemplate, templateNames, templatePage } from '../repos/plus-templates';

/**
 * Plus templates (plus-signage §2.2, §4, §5): the store's list, the apply-template choices, one template (also the
 * export), save (create, replace, import) and applying a template to devices. Delete is plusAssetRemove with type
 * template (routes/plus-assets.ts), which keeps templates that devices use.
 */
export function plusTemplateRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const actor = async (storeCode: string, email: string) => ({
    storeCode,
    companyCode: await storeCompany(db, storeCode),
    email,
    now: nowOf(deps),
  });

  route(app, deps, assets.plusTemplateList, ({ params, body }) => templatePage(db, params.storeCode, body as Record<string, unknown>));
  route(app, deps, assets.plusTemplateNames, ({ params }) => templateNames(db, params.storeCode));
  route(app, deps, assets.plusTemplateGet, ({ params }) => findTemplate(db, params.storeCode, params.name));

  route(app, deps, assets.plusTemplateSave, async ({ params, body, user }) => {
    await saveTemplate(db, await actor(params.storeCode, user.email), fillPath(assets.plusTemplateSave.path, params), body);
    return { success: true };
  });

  route(app, deps, plus.plusDeviceTemplateSave, async ({ params, body, user }) => {
    await applyTemplate(
      db,
      await actor(params.storeCode, user.email),
      fillPath(plus.plusDeviceTemplateSave.path, params),
      body.macList,
      body.template,
      body.flag,
    );
    return { success: true };
  });
}
