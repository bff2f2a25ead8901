import { OkAnswer } from '../schemas/common';
import {
  AccountSchema,
  AccountUpdateBodySchema,
  CompanyNameListSchema,
  LoginHistoryPageSchema,
  LoginHistoryRequestSchema,
  MemberCreateBodySchema,
  MemberListPageSchema,
  MemberListRequestSchema,
  MemberLoginHistoryPageSchema,
  MemberLoginHistoryRequestSchema,
  MemberParamsSchema,
  MemberResetBodySchema,
  MemberUpdateBodySchema,
  PasswordChangeAnswerSchema,
  PasswordChangeBodySchema,
  RoleCreateBodySchema,
  RoleListSchema,
  RoleParamsSchema,
  RoleSchema,
  RoleUpdateBodySchema,
} from '../schemas/members';
import { endpoint } from './define';

const memberRead = { section: 'member', need: 'read' } as const;
const memberWrite = { section: 'member', need: 'write' } as const;
const roleRead = { section: 'role', need: 'read' } as const;
const roleWrite = { section: 'role', need: 'write' } as const;

// Exact paths not shown in the spec (our choice, NOTES.md 12). Members use the spec's store config list
// (settingsStore.storeConfigList) to offer stores.
export const membersEndpoints = {
  memberList: endpoint({
    method: 'POST',
    path: '/member/list',
    access: memberRead,
    body: MemberListRequestSchema,
    response: MemberListPageSchema,
  }),
  memberGet: endpoint({ method: 'GET', path: '/member/:email', access: memberRead, params: MemberParamsSchema, response: AccountSchema }),
  memberCreate: endpoint({ method: 'POST', path: '/member', access: memberWrite, body: MemberCreateBodySchema, response: OkAnswer }),
  memberUpdate: endpoint({
    method: 'PUT',
    path: '/member/:email',
    access: memberWrite,
    params: MemberParamsSchema,
    body: MemberUpdateBodySchema,
    response: OkAnswer,
  }),
  memberDelete: endpoint({ method: 'DELETE', path: '/member/:email', access: memberWrite, params: MemberParamsSchema, response: OkAnswer }),
  memberUnlock: endpoint({
    method: 'POST',
    path: '/member/:email/unlock',
    access: memberWrite,
    params: MemberParamsSchema,
    response: OkAnswer,
  }),
  // The members page's password update: an admin sets a new password, to be changed at next login.
  memberReset: endpoint({
    method: 'POST',
    path: '/member/:email/reset',
    access: memberWrite,
    params: MemberParamsSchema,
    body: MemberResetBodySchema,
    response: OkAnswer,
  }),
  // Member read is enough: members without write may still view login history (console-admin §6).
  memberLoginHistory: endpoint({
    method: 'POST',
    path: '/history/member/login',
    access: memberRead,
    body: MemberLoginHistoryRequestSchema,
    response: MemberLoginHistoryPageSchema,
  }),
  // Companies shared by the caller and the given member (the caller's own when it is their e-mail): member
  // creation lists the creator's companies, and settings screens pick among them.
  companyByEmail: endpoint({
    method: 'GET',
    path: '/config/company/email/:email',
    access: 'session',
    params: MemberParamsSchema,
    response: CompanyNameListSchema,
  }),

  // The signed-in member's own account.
  accountMe: endpoint({ method: 'GET', path: '/account/me', access: 'session', response: AccountSchema }),
  accountUpdate: endpoint({
    method: 'PUT',
    path: '/account/me',
    access: 'session',
    body: AccountUpdateBodySchema,
    response: OkAnswer,
    changes: 'account',
  }),
  // Also the forced password change after login (forceChange); the answer makes the console log out.
  accountPassword: endpoint({
    method: 'POST',
    path: '/account/password',
    access: 'session',
    body: PasswordChangeBodySchema,
    response: PasswordChangeAnswerSchema,
    changes: 'account',
  }),
  accountLoginHistory: endpoint({
    method: 'POST',
    path: '/account/login/history',
    access: 'session',
    body: LoginHistoryRequestSchema,
    response: LoginHistoryPageSchema,
  }),

  roleList: endpoint({ method: 'GET', path: '/role/list', access: roleRead, response: RoleListSchema }),
  roleGet: endpoint({ method: 'GET', path: '/role/:role_id', access: roleRead, params: RoleParamsSchema, response: RoleSchema }),
  roleCreate: endpoint({ method: 'POST', path: '/role/create', access: roleWrite, body: RoleCreateBodySchema, response: OkAnswer }),
  roleUpdate: endpoint({ method: 'POST', path: '/role/update', access: roleWrite, body: RoleUpdateBodySchema, response: OkAnswer }),
  roleDelete: endpoint({ method: 'DELETE', path: '/role/:role_id', access: roleWrite, params: RoleParamsSchema, response: OkAnswer }),
};
