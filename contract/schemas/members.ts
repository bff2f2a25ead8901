import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { CompanyCode, Literals, Nullable, StoreCode, Timestamp, wideTable } from './common';
import { Body, Mobile, Name, Password, UserId } from './admin-common';
import { PRIVILEGE_SECTIONS } from '../endpoints/define';

/** Members, roles and login history (console-admin §3 Account, Role, Login history; §7 "Members and roles"). */

/**
 * console-admin §5: "A user id containing @ is treated as an email": such an id must be a well-formed address
 * (one @, a dotted domain, no spaces); an id without @ (the default `<companyCode>-admin`) is a plain login id.
 */
export const USER_ID_EMAIL_MESSAGE = 'Enter a valid e-mail address.';
export const userIdIsEmail = (id: string): boolean => id.includes('@');
export const userIdProblem = (id: string): string | undefined =>
  userIdIsEmail(id) && !/^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(id.trim()) ? USER_ID_EMAIL_MESSAGE : undefined;

/** The password is never answered. */
export const AccountSchema = Type.Object({
  name: Type.String(),
  email: Type.String(),
  mobile: Type.String(),
  role_id: Type.Integer(),
  /** Company codes. */
  company: Type.Array(Type.String()),
  /** Store codes. */
  store: Type.Array(Type.String()),
  enableWholeStore: Type.Boolean(),
  locked: Type.Boolean(),
  weakPwd: Type.Boolean(),
  lastPwdChanged: Nullable(Timestamp),
});
export type Account = Static<typeof AccountSchema>;
export const MEMBER_TABLE = defineTable({
  fields: { email: 'text', name: 'text', mobile: 'text', role_id: 'number', company: 'text', store: 'text', locked: 'bool' },
  defaultOrder: { field: 'email', dir: 'asc' },
});

const CompanyList = Type.Array(CompanyCode, { minItems: 1, maxItems: 500, uniqueItems: true });
const StoreList = Type.Array(StoreCode, { maxItems: 10_000, uniqueItems: true });
/** -1 super admin, 0 company admin, others created roles; the server refuses roles above the creator's. */
const RoleId = Type.Integer({ minimum: -1, maximum: 1_000_000 });

export const MemberCreateBodySchema = Body({
  email: UserId,
  name: Name,
  mobile: Type.Optional(Mobile),
  password: Password,
  role_id: RoleId,
  /** At least one ("Please select a company"). */
  company: CompanyList,
  store: StoreList,
  enableWholeStore: Type.Boolean(),
});
export type MemberCreateBody = Static<typeof MemberCreateBodySchema>;

export const MemberUpdateBodySchema = Body({
  name: Name,
  mobile: Type.Optional(Mobile),
  /** Optional on update; the console has checked it against its confirmation. */
  password: Type.Optional(Password),
  role_id: RoleId,
  company: CompanyList,
  store: StoreList,
  enableWholeStore: Type.Boolean(),
});
export type MemberUpdateBody = Static<typeof MemberUpdateBodySchema>;

/** An admin sets a new password (the password update modal); the member must change it at next login. */
export const MemberResetBodySchema = Body({ password: Password });
export type MemberResetBody = Static<typeof MemberResetBodySchema>;
export const MemberParamsSchema = Type.Object({ email: UserId });

export const AccountUpdateBodySchema = Body({ name: Name, mobile: Type.Optional(Mobile) });
export type AccountUpdateBody = Static<typeof AccountUpdateBodySchema>;
export const PasswordChangeBodySchema = Body({ password: Password, newPassword: Password });
export type PasswordChangeBody = Static<typeof PasswordChangeBodySchema>;
/** result 'password': the password changed, so the console logs out. */
export const PasswordChangeAnswerSchema = Type.Object({ success: Type.Boolean(), result: Type.Literal('password') });
export type PasswordChangeAnswer = Static<typeof PasswordChangeAnswerSchema>;

export const LoginHistorySchema = Type.Object({
  ip: Type.String(),
  /** 0 login, 1 logout. */
  type: Type.Union([Type.Literal(0), Type.Literal(1)]),
  success: Type.Boolean(),
  locked: Type.Boolean(),
  email: Type.String(),
  updatedAt: Timestamp,
});
export type LoginHistory = Static<typeof LoginHistorySchema>;
const loginHistoryFields = { ip: 'text', type: 'enum', success: 'bool', locked: 'bool', updatedAt: 'number' } as const;
/** The signed-in member's own history. */
export const LOGIN_HISTORY_TABLE = defineTable({
  fields: loginHistoryFields,
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});
export const MEMBER_LOGIN_HISTORY_TABLE = defineTable({
  fields: loginHistoryFields,
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});

// Roles.

export const PrivilegeKey = Literals(PRIVILEGE_SECTIONS);
export const RolePrivilegeSchema = Type.Object({
  key: Type.String(),
  depth: Type.Integer(),
  read: Type.Boolean(),
  write: Type.Boolean(),
});
export const RoleSchema = Type.Object({
  role_id: Type.Integer(),
  name: Type.String(),
  privilege: Type.Array(RolePrivilegeSchema),
});
export type Role = Static<typeof RoleSchema>;
export const RoleListSchema = Type.Array(RoleSchema);

/** write without read is refused: the editor clears write when read is unchecked. */
const PrivilegeInput = Body({
  key: PrivilegeKey,
  depth: Type.Integer({ minimum: 0, maximum: 16 }),
  read: Type.Boolean(),
  write: Type.Boolean(),
});
const PrivilegeList = Type.Array(PrivilegeInput, { maxItems: PRIVILEGE_SECTIONS.length });
export const RoleCreateBodySchema = Body({ name: Name, privilege: PrivilegeList });
export type RoleCreateBody = Static<typeof RoleCreateBodySchema>;
export const RoleUpdateBodySchema = Body({ role_id: Type.Integer({ minimum: 1 }), name: Name, privilege: PrivilegeList });
export type RoleUpdateBody = Static<typeof RoleUpdateBodySchema>;
export const RoleParamsSchema = Type.Object({ role_id: Type.Integer({ minimum: -1 }) });

export const CompanyNameSchema = Type.Object({ companyCode: Type.String(), companyName: Type.String() });
export type CompanyName = Static<typeof CompanyNameSchema>;
export const CompanyNameListSchema = Type.Array(CompanyNameSchema);

// Table requests and pages.

export const MemberListRequestSchema = tableRequestSchema(wideTable(MEMBER_TABLE));
export const MemberListPageSchema = tablePageSchema(AccountSchema);
export const LoginHistoryRequestSchema = tableRequestSchema(wideTable(LOGIN_HISTORY_TABLE));
export const LoginHistoryPageSchema = tablePageSchema(LoginHistorySchema);
export const MemberLoginHistoryRequestSchema = tableRequestSchema(wideTable(MEMBER_LOGIN_HISTORY_TABLE), { email: UserId });
export const MemberLoginHistoryPageSchema = tablePageSchema(LoginHistorySchema);
