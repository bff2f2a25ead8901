import type { FastifyInstance } from 'fastify';
import { tasksEndpoints } from '../../contract/endpoints/tasks';
import type { AppDeps } from '../deps';
import { route } from '../lib/route';
import { scopeOf } from '../repos/stats';
import { storeCompanies } from '../repos/stores';
import { refreshTask, revertTask, taskDetailPage, taskHistory, taskPage } from '../repos/tasks';

/*
 * The tasks of /task (console-admin §2). Every call names its store (params or body), so the auth hook checks
 * the member's access to it; the task list is scoped to the member's stores here.
 */
export function taskRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const body = (b: unknown) => b as Record<string, unknown>;

  route(app, deps, tasksEndpoints.taskList, async ({ body: b, user }) => taskPage(db, await scopeOf(db, user), body(b)));
  route(app, deps, tasksEndpoints.taskDetailList, ({ params, body: b }) => taskDetailPage(db, params.storeCode, params.taskId, body(b)));
  route(app, deps, tasksEndpoints.taskHistory, ({ params }) => taskHistory(db, params.storeCode, params.taskId));

  route(app, deps, tasksEndpoints.taskRefresh, async ({ body: b }) => {
    await refreshTask(db, b.storeCode, b.internalTaskId, new Date());
    return { success: true };
  });

  route(app, deps, tasksEndpoints.taskRevert, async ({ body: b }) => {
    const companyCode = (await storeCompanies(db, [b.storeCode])).get(b.storeCode)!;
    await revertTask(db, { storeCode: b.storeCode, companyCode, now: new Date() }, b.taskId);
    return { success: true };
  });
}
