import type { FastifyInstance } from 'fastify';
import { userIdProblem, type MemberCreateBody } from '../../contract/schemas/members';
import { membersEndpoints } from '../../contract/endpoints/members';
import type { AppDeps } from '../deps';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { assertMayGrant, ungrantable } from '../lib/grants';
import { hashPassword, passwordProblem } from '../lib/password';
import { canAccessStore, isPrivileged, isSuperAdmin, type SessionUser } from '../lib/privileges';
import { route } from '../lib/route';
import {
  accountAnswer,
  companyInfoOf,
  createMemberIfNew,
  deleteMember,
  existingCompanies,
  getPasswordPolicy,
  memberLoginHistoryPage,
  memberPage,
  resetMemberPassword,
  roleOf,
  storesOfCompanies,
  unlockMember,
  updateMember,
  visibleMember,
  type MemberFacts,
  type MemberValues,
} from '../repos/members';
import { visibleRole } from '../repos/roles';
import { BLANK_NAME } from './account';

export const SELF_DELETE_MESSAGE = 'You cannot delete your own account.';
export const WHOLE_STORE_MESSAGE = 'You cannot give access to whole stores you do not have yourself.';

const hasWholeStores = (user: SessionUser) => isPrivileged(user) || user.enableWholeStore;

/**
 * May `user` change or delete `target`? Only someone who already covers everything the target may do: its
 * companies, its stores, and its role's privileges (a store operator never edits a company admin).
 */
async function assertMayManage(deps: AppDeps, user: SessionUser, target: MemberFacts): Promise<void> {
  if (isSuperAdmin(user)) return;
  const denied = () => forbidden(`Permission denied for member ${target.email}.`);
  if (target.roleId === -1 || (target.roleId === 0 && user.roleId !== 0)) throw denied();
  if (!target.companies.every((c) => user.companies.includes(c))) throw denied();
  if (!hasWholeStores(user) && (target.enableWholeStore || !target.stores.every((s) => user.stores.includes(s)))) throw denied();
  const role = await roleOf(deps.db, target.roleId);
  if (role && ungrantable(user, role.privilege).length) throw denied();
}

/** The stored values of a create or update body, after checking that the caller may give every one of them. */
async function assignment(deps: AppDeps, user: SessionUser, body: Omit<MemberCreateBody, 'email' | 'password'>): Promise<MemberValues> {
  const name = body.name.trim();
  if (!name) throw badRequest(BLANK_NAME);
  const known = await existingCompanies(deps.db, body.company);
  const unknown = body.company.filter((c) => !known.includes(c));
  if (unknown.length) throw badRequest(`Unknown company: ${unknown.join(', ')}`, 'UNKNOWN_COMPANY');
  if (!isSuperAdmin(user)) {
    const foreign = body.company.filter((c) => !user.companies.includes(c));
    if (foreign.length) throw forbidden(`Permission denied for company ${foreign.join(', ')}.`);
  }
  const storeCompany = await storesOfCompanies(deps.db, body.company);
  for (const store of body.store) {
    const company = storeCompany.get(store);
    if (!company) throw badRequest(`The store ${store} is not a store of the chosen companies.`, 'UNKNOWN_STORE');
    if (!canAccessStore(user, store, company)) throw forbidden(`Permission denied for store ${store}.`);
  }
  if (body.enableWholeStore && !hasWholeStores(user)) throw forbidden(WHOLE_STORE_MESSAGE);

  const role = await visibleRole(deps.db, user, body.role_id);
  if (!role) throw badRequest(`Unknown role: ${body.role_id}`, 'UNKNOWN_ROLE');
  if (role.companyCode && !body.company.includes(role.companyCode)) {
    throw badRequest(`The role ${role.name} belongs to company ${role.companyCode}, which the member is not in.`, 'ROLE_COMPANY');
  }
  if (role.roleId === 0 && !isPrivileged(user)) throw forbidden('You cannot grant privileges you do not have: company administrator.');
  assertMayGrant(user, role.privilege);
  return {
    name,
    mobile: body.mobile?.trim() ?? '',
    roleId: role.roleId,
    companies: body.company,
    // Roles -1 and 0 and whole-store members see every store of their companies; a list would only mislead.
    stores: body.enableWholeStore || role.roleId <= 0 ? [] : body.store,
    enableWholeStore: body.enableWholeStore,
  };
}

async function checkedHash(deps: AppDeps, password: string, email: string): Promise<string> {
  const problem = await passwordProblem(password, email, await getPasswordPolicy(deps.db));
  if (problem) throw badRequest(problem, 'WEAK_PASSWORD');
  return hashPassword(password);
}

/**
 * Members (console-admin §3 Account, §6, §7). Everyone sees the members of its companies; changing one needs
 * member write and must stay within what the caller itself has — companies, stores and role privileges. The
 * role is read on every call (repos/sessions.ts), so a changed role applies to the member's next call.
 */
export function memberRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  async function target(user: SessionUser, email: string): Promise<MemberFacts> {
    const row = await visibleMember(db, user, email.toLowerCase());
    if (!row) throw notFound(`Unknown member: ${email}`);
    return row;
  }

  // spec: admin §7.26, admin §3.23 — account list, get, create, update, delete, unlock, reset, login history
  route(app, deps, membersEndpoints.memberList, ({ user, body }) => memberPage(db, user, body as Record<string, unknown>));

  route(app, deps, membersEndpoints.memberGet, async ({ user, params }) => accountAnswer(await target(user, params.email)));

  route(app, deps, membersEndpoints.memberCreate, async ({ user, body }) => {
    const email = body.email.trim().toLowerCase();
    const idProblem = userIdProblem(email);
    if (idProblem) throw badRequest(idProblem, 'INVALID_EMAIL');
    const values = await assignment(deps, user, body);
    const passwordHash = await checkedHash(deps, body.password, email);
    if (!(await createMemberIfNew(db, { email, passwordHash, ...values })))
      throw conflict(`The account ${email} exists already.`, 'ACCOUNT_EXISTS');
    return { success: true };
  });

  route(app, deps, membersEndpoints.memberUpdate, async ({ user, params, body }) => {
    const row = await target(user, params.email);
    await assertMayManage(deps, user, row);
    const values = await assignment(deps, user, body);
    const passwordHash = body.password ? await checkedHash(deps, body.password, row.email) : undefined;
    await updateMember(db, row.email, { ...values, ...(passwordHash ? { passwordHash } : {}) });
    return { success: true };
  });

  route(app, deps, membersEndpoints.memberDelete, async ({ user, params }) => {
    const row = await target(user, params.email);
    if (row.email === user.email) throw badRequest(SELF_DELETE_MESSAGE, 'SELF_DELETE');
    await assertMayManage(deps, user, row);
    await deleteMember(db, row.email);
    return { success: true };
  });

  // spec: admin §4.11 — an admin unlocks and resets accounts
  route(app, deps, membersEndpoints.memberUnlock, async ({ user, params }) => {
    const row = await target(user, params.email);
    await assertMayManage(deps, user, row);
    await unlockMember(db, row.email);
    return { success: true };
  });

  route(app, deps, membersEndpoints.memberReset, async ({ user, params, body }) => {
    const row = await target(user, params.email);
    await assertMayManage(deps, user, row);
    await resetMemberPassword(db, row.email, await checkedHash(deps, body.password, row.email));
    return { success: true };
  });

  route(app, deps, membersEndpoints.memberLoginHistory, async ({ user, body }) => {
    // The schema requires the e-mail (MemberLoginHistoryRequestSchema); its table type does not carry it.
    const request = body as Record<string, unknown> & { email: string };
    const row = await target(user, request.email);
    return memberLoginHistoryPage(db, row.email, request);
  });

  route(app, deps, membersEndpoints.companyByEmail, async ({ user, params }) => {
    const own = await companyInfoOf(db, user);
    const email = params.email.toLowerCase();
    const codes = email === user.email ? Object.keys(own) : (await target(user, email)).companies.filter((c) => c in own);
    return codes.map((companyCode) => ({ companyCode, companyName: own[companyCode] }));
  });
}
