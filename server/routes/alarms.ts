import type { FastifyInstance } from 'fastify';
import { alarmsEndpoints } from '../../src/api/endpoints/alarms';
import type { AppDeps } from '../deps';
import { route } from '../lib/route';
import { systemAlarmPage } from '../repos/alarms';

/** /alarm/history (console-admin §2, §7 "Alarms and changes"): the system alarms the member may see. */
export function alarmRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, alarmsEndpoints.alarmHistory, ({ body, user }) => systemAlarmPage(deps.db, user, body as Record<string, unknown>));
}
