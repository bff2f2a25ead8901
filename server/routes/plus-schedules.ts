import type { FastifyInstance } from 'fastify';
import { plusAssetsEndpoints as api } from '../../src/api/endpoints/plus-assets';
import type { AppDeps } from '../deps';
import { route } from '../lib/route';
import { allSchedules, findSchedule, saveSchedule, schedulePage } from '../repos/plus-schedules';

/**
 * Plus schedules (plus-signage §2.2, §5): the store's list, all of them for the show editor, one, and save (create
 * without _id, edit with it). Delete is plusAssetRemove with type schedule, which keeps schedules devices use.
 */
export function plusScheduleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  route(app, deps, api.plusScheduleList, ({ params, body }) => schedulePage(db, params.storeCode, body as Record<string, unknown>));
  route(app, deps, api.plusScheduleAll, ({ params }) => allSchedules(db, params.storeCode));
  route(app, deps, api.plusScheduleGet, ({ params }) => findSchedule(db, params.storeCode, params.id));
  route(app, deps, api.plusScheduleSave, async ({ params, body }) => {
    await saveSchedule(db, params.storeCode, body);
    return { success: true };
  });
}
