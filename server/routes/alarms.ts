import type { FastifyInstance } from 'fastify';
import { alarmsEndpoints } from '../../src/api/endpoints/alarms';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../lib/errors';
import { route } from '../lib/route';
import { systemAlarmPage } from '../repos/alarms';
import {
  enabledNotificationKeys, notificationContent, notificationContentList, notificationKeys, saveEnabledNotifications, saveNotificationContents,
} from '../repos/notifications';

/**
 * /alarm/history and /alarm/notification (console-admin §2, §3, §7 "Alarms and changes"): the system alarms the
 * member may see; the notification keys (system-wide, so changing them is role -1's) and their contents.
 */
export function alarmRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  route(app, deps, alarmsEndpoints.alarmHistory, ({ body, user }) => systemAlarmPage(db, user, body as Record<string, unknown>));

  route(app, deps, alarmsEndpoints.notificationSettingGet, async () => ({ enabled: await enabledNotificationKeys(db) }));
  route(app, deps, alarmsEndpoints.notificationSettingSave, async ({ body }) => {
    const known = new Set(await notificationKeys(db));
    const unknown = body.enabled.filter((key) => !known.has(key));
    if (unknown.length) throw badRequest(`Unknown notification key: ${unknown.join(', ')}`, 'UNKNOWN_NOTIFICATION');
    await saveEnabledNotifications(db, body.enabled);
    return { success: true };
  });

  route(app, deps, alarmsEndpoints.notificationContentAll, () => notificationContentList(db));
  route(app, deps, alarmsEndpoints.notificationContentAllUpdate, async ({ body }) => {
    const keys = body.contents.map((c) => c.key);
    if (new Set(keys).size !== keys.length) throw badRequest('A notification key is given twice.', 'DUPLICATE_NOTIFICATION');
    if (!(await saveNotificationContents(db, body.contents))) throw badRequest('The file names a notification key that does not exist.', 'UNKNOWN_NOTIFICATION');
    return { success: true };
  });
  route(app, deps, alarmsEndpoints.notificationContentGet, async ({ params }) => {
    const content = await notificationContent(db, params.key);
    if (!content) throw notFound(`Unknown notification key: ${params.key}`);
    const { key: _key, ...rest } = content;
    return rest;
  });
  route(app, deps, alarmsEndpoints.notificationContentUpdate, async ({ params, body }) => {
    if (!(await saveNotificationContents(db, [{ key: params.key, ...body }]))) throw notFound(`Unknown notification key: ${params.key}`);
    return { success: true };
  });
}
