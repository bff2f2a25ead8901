import type { FastifyInstance } from 'fastify';
import { plusAssetsEndpoints as api } from '../../contract/endpoints/plus-assets';
import { fillPath } from '../../contract/endpoints/define';
import type { AppDeps } from '../deps';
import { nowOf } from '../lib/clock';
import { route } from '../lib/route';
import { allSchedules, findSchedule, saveSchedule, schedulePage } from '../repos/plus-schedules';
import { storeCompany } from '../repos/tags';

/**
 * Plus schedules (plus-signage §2.2, §5): the store's list, all of them for the show editor, one, and save (create
 * without _id, edit with it). Delete is plusAssetRemove with type schedule (removeSchedules), which keeps schedules devices use.
 * Saves and deletes are recorded in the plus history, as template saves are.
 */
export function plusScheduleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  route(app, deps, api.plusScheduleList, ({ params, body }) => schedulePage(db, params.storeCode, body as Record<string, unknown>));
  route(app, deps, api.plusScheduleAll, ({ params }) => allSchedules(db, params.storeCode));
  route(app, deps, api.plusScheduleGet, ({ params }) => findSchedule(db, params.storeCode, params.id));
  route(app, deps, api.plusScheduleSave, async ({ params, body, user }) => {
    const actor = {
      storeCode: params.storeCode,
      companyCode: await storeCompany(db, params.storeCode),
      email: user.email,
      now: nowOf(deps),
    };
    await saveSchedule(db, actor, fillPath(api.plusScheduleSave.path, params), body);
    return { success: true };
  });
}
