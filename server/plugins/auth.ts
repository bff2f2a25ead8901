import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authEndpoints } from '../../contract/endpoints/auth';
import type { EndpointDef } from '../../contract/endpoints/define';
import { membersEndpoints } from '../../contract/endpoints/members';
import { settingsStoreEndpoints } from '../../contract/endpoints/settings-store';
import type { AppDeps } from '../deps';
import { ApiError, badRequest, forbidden, unauthorized } from '../lib/errors';
import { assertEndpointOwner } from '../lib/ownership';
import { can, canAccessStore, isPrivileged, isSuperAdmin, type SessionUser } from '../lib/privileges';
import { tokenHash, type PasswordChangeReason } from '../lib/password';
import { findSession } from '../repos/sessions';
import { storeCompanies } from '../repos/stores';

/** Read the session from the two headers every authenticated call carries (console-core §6). */
export async function sessionFromHeaders(deps: AppDeps, req: FastifyRequest): Promise<SessionUser | undefined> {
  return (await sessionAndPasswordState(deps, req))?.user;
}

/** The session of the headers and whether its password must change first, in one read (repos/sessions.ts findSession). */
async function sessionAndPasswordState(
  deps: AppDeps,
  req: FastifyRequest,
  storeCode?: string,
): Promise<Awaited<ReturnType<typeof findSession>>> {
  const token = req.headers['access-token'];
  const email = req.headers['access-email'];
  if (typeof token !== 'string' || typeof email !== 'string' || !token || !email) return undefined;
  // PostgreSQL text cannot hold NUL: such a header names no session rather than failing the query.
  if (token.includes('\0') || email.includes('\0')) return undefined;
  return findSession(deps.db, tokenHash(token), email.toLowerCase(), new Date(), storeCode);
}

/*
 * A session whose password must change first (forceChange, or older than the policy's expireDays) may make only the
 * calls of the forced change (console-core §2 Login): the change itself and logout. The session check (GET
 * /auth/login) is public and tells the console why. Creating the default company stays open too: the console shows
 * that modal before the forced change, and a system's only administrator would otherwise never get past it.
 */
const OPEN_BEFORE_PASSWORD_CHANGE: ReadonlySet<EndpointDef> = new Set<EndpointDef>([
  membersEndpoints.accountPassword,
  authEndpoints.authLogout,
  settingsStoreEndpoints.companyConfigAddDefault,
]);

/* Server messages (the spec quotes none for these). */
export const PASSWORD_CHANGE_FIRST: Record<PasswordChangeReason, string> = {
  forced: 'You must change your password before you can go on.',
  expired: 'Your password has expired. Change it before you can go on.',
};
const passwordChangeRequired = (reason: PasswordChangeReason) =>
  new ApiError(403, 'PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_FIRST[reason]);

/** Every store code a call names, wherever it names it. */
export function storeCodesOf(req: FastifyRequest): string[] {
  const codes = new Set<string>();
  for (const part of [req.params, req.query, req.body, req.multipartForm?.fields] as Record<string, unknown>[]) {
    if (!part || typeof part !== 'object') continue;
    if (typeof part.storeCode === 'string') codes.add(part.storeCode);
    if (typeof part.store === 'string') codes.add(part.store);
  }
  return [...codes];
}

/**
 * The one store the path or query names before the body is read (a tag list names it in its path): the session read
 * answers its company too, so the store check after validation needs no query of its own (issue 32 §4).
 */
function storeCodeBeforeBody(req: FastifyRequest): string | undefined {
  const codes = new Set<string>();
  for (const part of [req.params, req.query] as Record<string, unknown>[]) {
    if (!part || typeof part !== 'object') continue;
    if (typeof part.storeCode === 'string') codes.add(part.storeCode);
    if (typeof part.store === 'string') codes.add(part.store);
  }
  return codes.size === 1 ? [...codes][0] : undefined;
}

/** The store company read with the session, per request (a WeakMap: nothing to clean up). */
const storeReadWithSession = new WeakMap<FastifyRequest, { code: string; company: string | null }>();

/**
 * The one privilege check, in two steps. Before the body is even parsed (onRequest) it refuses a call without a
 * session (401), from a session that must change its password first (403), or without the section privilege the
 * endpoint declares (403), so a caller without a token learns nothing about the schema, not even that its JSON is
 * broken. After validation (preHandler) it checks every store the now well-formed input names: a store the member
 * may not act on is a 403, an unknown store a 400. A multipart form's fields count as input (read by
 * plugins/multipart-form.ts before validation).
 */
export function authHook(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRequest', async (req) => {
    const def = req.routeOptions.config.endpoint as EndpointDef | undefined;
    if (!def) return;
    if (def.access === 'public') {
      // A public call that shows more to a member (GET /collecting/store) reads the session when one is sent; one
      // that must change its password first is answered as without a session.
      if (def.sessionOptional) {
        const session = await sessionAndPasswordState(deps, req);
        req.user = session && !session.passwordDue ? session.user : undefined;
      }
      return;
    }
    const session = await sessionAndPasswordState(deps, req, storeCodeBeforeBody(req));
    if (!session) throw unauthorized();
    if (session.store) storeReadWithSession.set(req, session.store);
    if (session.passwordDue && !OPEN_BEFORE_PASSWORD_CHANGE.has(def)) throw passwordChangeRequired(session.passwordDue);
    const user = session.user;
    req.user = user;
    const access = def.access;
    if (access !== 'session') {
      if (access.superOnly && !isSuperAdmin(user)) throw forbidden('Only the super administrator may do this.');
      if (access.privilegedOnly && !isPrivileged(user)) throw forbidden('Only administrators may do this.');
      if (!can(user, access.section, access.need)) throw forbidden(`Permission denied: ${access.section} ${access.need}.`);
      assertEndpointOwner(user, access);
    }
  });
  app.addHook('preHandler', async (req) => {
    const def = req.routeOptions.config.endpoint as EndpointDef | undefined;
    const user = req.user;
    if (!def || def.access === 'public' || !user || def.createsStore) return;
    const codes = storeCodesOf(req);
    if (!codes.length) return;
    // Validation may have changed what the call names (a body adds a store): then the stores are read again.
    const early = storeReadWithSession.get(req);
    const companies =
      early && codes.length === 1 && codes[0] === early.code
        ? new Map(early.company === null ? [] : [[early.code, early.company]])
        : await storeCompanies(deps.db, codes);
    for (const code of codes) {
      const company = companies.get(code);
      if (company === undefined) throw badRequest(`Unknown store code: ${code}`, 'UNKNOWN_STORE');
      if (!canAccessStore(user, code, company)) throw forbidden(`Permission denied for store ${code}.`);
    }
  });
}
