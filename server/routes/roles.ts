import type { FastifyInstance } from 'fastify';
import { membersEndpoints } from '../../contract/endpoints/members';
import type { AppDeps } from '../deps';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { assertMayGrant, normalisePrivileges, ungrantable } from '../lib/grants';
import { isSuperAdmin, type SessionUser } from '../lib/privileges';
import { route } from '../lib/route';
import { answerRole, createRole, deleteRole, roleList, updateRole, visibleRole, type RoleRow } from '../repos/roles';

export const ROLE_NAME_MESSAGE = 'Please enter Role Name.';
export const BUILT_IN_ROLE_MESSAGE = 'The administrator roles cannot be changed or deleted.';
export const ROLE_IN_USE_MESSAGE = 'The role is assigned to members; give them another role first.';

function roleName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest(ROLE_NAME_MESSAGE, 'BLANK_NAME');
  return trimmed;
}

/**
 * Roles (console-admin §3 Role, §4, §6, §7). A role holds at most what its creator holds; a company admin's role
 * belongs to its company, the super administrator's roles are shared. Roles -1 and 0 are fixed.
 */
export function roleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  /** A role the caller may change: visible, not built in, shared roles only by role -1, and nothing above the caller. */
  async function changeable(user: SessionUser, roleId: number): Promise<RoleRow> {
    if (roleId <= 0) throw badRequest(BUILT_IN_ROLE_MESSAGE, 'BUILT_IN_ROLE');
    const row = await visibleRole(db, user, roleId);
    if (!row) throw notFound(`Unknown role: ${roleId}`);
    if ((!row.companyCode && !isSuperAdmin(user)) || ungrantable(user, row.privilege).length)
      throw forbidden(`Permission denied for role ${row.name}.`);
    return row;
  }

  // spec: admin §7.26, admin §3.24 — role list, get, create, update, delete
  route(app, deps, membersEndpoints.roleList, ({ user }) => roleList(db, user));

  route(app, deps, membersEndpoints.roleGet, async ({ user, params }) => {
    const row = await visibleRole(db, user, params.role_id);
    if (!row) throw notFound(`Unknown role: ${params.role_id}`);
    return answerRole(row);
  });

  // spec: admin §5.13, admin §6.6 — role name required; only the creator's own privileges granted
  route(app, deps, membersEndpoints.roleCreate, async ({ user, body }) => {
    const name = roleName(body.name);
    const privilege = normalisePrivileges(body.privilege);
    assertMayGrant(user, privilege);
    const companyCode = isSuperAdmin(user) ? null : user.companies[0];
    if (companyCode === undefined) throw forbidden('No company information.');
    await createRole(db, { name, companyCode, privilege });
    return { success: true };
  });

  route(app, deps, membersEndpoints.roleUpdate, async ({ user, body }) => {
    const name = roleName(body.name);
    const privilege = normalisePrivileges(body.privilege);
    await changeable(user, body.role_id);
    assertMayGrant(user, privilege);
    await updateRole(db, body.role_id, { name, privilege });
    return { success: true };
  });

  route(app, deps, membersEndpoints.roleDelete, async ({ user, params }) => {
    await changeable(user, params.role_id);
    if ((await deleteRole(db, params.role_id)) === 'in-use') throw conflict(ROLE_IN_USE_MESSAGE, 'ROLE_IN_USE');
    return { success: true };
  });
}
