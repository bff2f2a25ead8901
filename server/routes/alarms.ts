import type { FastifyInstance } from 'fastify';
import { alarmsEndpoints } from '../../contract/endpoints/alarms';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../lib/errors';
import { route } from '../lib/route';
import { plusAlarmSetting, saveAlarmConfig, savePlusAlarmSetting, systemAlarmPage } from '../repos/alarms';
import { SYSTEM_ALARM_TYPES } from '../../contract/schemas/system-alarm-types';
import {
  enabledNotificationKeys,
  notificationContent,
  notificationContentList,
  notificationKeys,
  saveEnabledNotifications,
  saveNotificationContents,
} from '../repos/notifications';

/**
 * /alarm/history, /alarm/config and /alarm/notification (console-admin §2, §3, §7 "Alarms and changes"): the system
 * alarms the member may see; the alarm config and the notification keys (system-wide, so changing them is role
 * -1's) and their contents; the Plus alarm thresholds (plus-signage §3).
 */
const KNOWN_TYPES = new Set(Object.values(SYSTEM_ALARM_TYPES).map((t) => String(t.code)));

export function alarmRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  // spec: admin §7.24 — alarm config, system alarm history, notification setting and content
  route(app, deps, alarmsEndpoints.alarmHistory, ({ body, user }) => systemAlarmPage(db, user, body as Record<string, unknown>));

  route(app, deps, alarmsEndpoints.alarmConfigUpdate, async ({ body }) => {
    const unknown = [...body.available, ...Object.keys(body.content)].filter((code) => !KNOWN_TYPES.has(code));
    if (unknown.length) throw badRequest(`Unknown alarm type: ${[...new Set(unknown)].join(', ')}`, 'UNKNOWN_ALARM_TYPE');
    await saveAlarmConfig(db, body);
    return { success: true };
  });
  route(app, deps, alarmsEndpoints.alarmSettingGet, () => plusAlarmSetting(db));
  route(app, deps, alarmsEndpoints.alarmSettingUpdate, async ({ body }) => {
    await savePlusAlarmSetting(db, body);
    return { success: true };
  });

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
    if (!(await saveNotificationContents(db, body.contents)))
      throw badRequest('The file names a notification key that does not exist.', 'UNKNOWN_NOTIFICATION');
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
