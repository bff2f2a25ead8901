import type { FastifyInstance } from 'fastify';
import { settingsEndpoints } from '../../contract/endpoints/settings';
import type { AppDeps } from '../deps';
import { route } from '../lib/route';
import { changeHistoryPage, getChangeConfig, saveChangeConfig } from '../repos/changes';

/** /change/history and the change config (console-admin §3, §7 "Alarms and changes"); rows come from plugins/change-history.ts. */
export function changeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  route(app, deps, settingsEndpoints.changeConfig, () => getChangeConfig(db));
  route(app, deps, settingsEndpoints.changeConfigSave, async ({ body }) => {
    await saveChangeConfig(db, body);
    return { success: true };
  });
  route(app, deps, settingsEndpoints.changeHistory, ({ body, user }) => changeHistoryPage(db, user, body as Record<string, unknown>));
}
