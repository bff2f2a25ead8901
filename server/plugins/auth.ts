import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointDef } from '../../src/api/endpoints/define';
import type { AppDeps } from '../deps';
import { badRequest, forbidden, unauthorized } from '../lib/errors';
import { can, canAccessStore, isPrivileged, isSuperAdmin, type SessionUser } from '../lib/privileges';
import { tokenHash } from '../lib/password';
import { findSessionUser } from '../repos/sessions';
import { storeCompanies } from '../repos/stores';

/** Read the session from the two headers every authenticated call carries (console-core §6). */
export async function sessionFromHeaders(deps: AppDeps, req: FastifyRequest): Promise<SessionUser | undefined> {
  const token = req.headers['access-token'];
  const email = req.headers['access-email'];
  if (typeof token !== 'string' || typeof email !== 'string' || !token || !email) return undefined;
  return findSessionUser(deps.db, tokenHash(token), email.toLowerCase());
}

/** Every store code a call names, wherever it names it. */
function storeCodesOf(req: FastifyRequest): string[] {
  const codes = new Set<string>();
  for (const part of [req.params, req.query, req.body] as Record<string, unknown>[]) {
    if (!part || typeof part !== 'object') continue;
    if (typeof part.storeCode === 'string') codes.add(part.storeCode);
    if (typeof part.store === 'string') codes.add(part.store);
  }
  return [...codes];
}

/**
 * The one privilege check. It runs after validation, so it sees well-formed input; it refuses a call without
 * a session (401), without the section privilege the endpoint declares (403), or naming a store the member may
 * not act on (403; an unknown store is a 400).
 */
export function authHook(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('preHandler', async (req) => {
    const def = req.routeOptions.config.endpoint as EndpointDef | undefined;
    if (!def || def.access === 'public') return;
    const user = await sessionFromHeaders(deps, req);
    if (!user) throw unauthorized();
    req.user = user;
    const access = def.access;
    if (access !== 'session') {
      if (access.superOnly && !isSuperAdmin(user)) throw forbidden('Only the super administrator may do this.');
      if (access.privilegedOnly && !isPrivileged(user)) throw forbidden('Only administrators may do this.');
      if (!can(user, access.section, access.need)) throw forbidden(`Permission denied: ${access.section} ${access.need}.`);
    }
    const codes = storeCodesOf(req);
    if (!codes.length) return;
    const companies = await storeCompanies(deps.db, codes);
    for (const code of codes) {
      const company = companies.get(code);
      if (company === undefined) throw badRequest(`Unknown store code: ${code}`, 'UNKNOWN_STORE');
      if (!canAccessStore(user, code, company)) throw forbidden(`Permission denied for store ${code}.`);
    }
  });
}
