import type { FastifyInstance } from 'fastify';
import { settingsStoreEndpoints } from '../../contract/endpoints/settings-store';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../lib/errors';
import { route } from '../lib/route';
import { addAmac, amacList, deleteAmac, updateAmac } from '../repos/amac';

/**
 * AMac (abstract code → abstract data, console-admin §3, §5, §7). The rows carry no company: they are shared by the
 * whole system, so changing them is the super administrator's (owner 'system' on the write calls).
 */
export function amacRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  // spec: admin §7.17, admin §3.5, admin §5.9 — AMac get, add, save, delete; both fields required
  route(app, deps, settingsStoreEndpoints.amacList, () => amacList(db));

  route(app, deps, settingsStoreEndpoints.amacAdd, async ({ body }) => {
    const code = body.abstractCode.trim();
    if (!(await addAmac(db, code, body.abstractData.trim()))) throw conflict(`AMac ${code} exists already.`, 'AMAC_EXISTS');
    return { success: true };
  });

  route(app, deps, settingsStoreEndpoints.amacSave, async ({ params, body }) => {
    if (!(await updateAmac(db, params.abstractCode, body.abstractData.trim()))) throw notFound(`Unknown AMac: ${params.abstractCode}`);
    return { success: true };
  });

  route(app, deps, settingsStoreEndpoints.amacDelete, async ({ params }) => {
    if (!(await deleteAmac(db, params.abstractCode))) throw notFound(`Unknown AMac: ${params.abstractCode}`);
    return { success: true };
  });
}
