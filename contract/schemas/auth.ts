import { Type, type Static } from 'typebox';
import { Email, Text } from './common';

/** Privilege entry of the session and of roles: keys are the sections of console-core §6 (NOTES.md 11). */
export const PrivilegeSchema = Type.Object({
  key: Type.String({ maxLength: 64 }),
  depth: Type.Optional(Type.Integer({ minimum: 0, maximum: 16 })),
  read: Type.Boolean(),
  write: Type.Boolean(),
});
export type Privilege = Static<typeof PrivilegeSchema>;

export const SystemConfigSchema = Type.Object({
  site: Type.String({ maxLength: 64 }),
  useSubDomain: Type.Boolean(),
  imageBaseUpdate: Type.Boolean(),
  enableProductUpdateHistory: Type.Boolean(),
});
export type SystemConfig = Static<typeof SystemConfigSchema>;

/** What the session check answers: the session user info without the token. */
export const SessionInfoSchema = Type.Object({
  email: Type.String(),
  name: Type.String(),
  role_id: Type.Integer(),
  privilege: Type.Array(PrivilegeSchema),
  systemConfig: SystemConfigSchema,
  /** companyCode → company name. */
  companyInfo: Type.Record(Type.String(), Type.String()),
  /** Store codes the member may see. */
  store: Type.Array(Type.String()),
  forceChange: Type.Boolean(),
  weakPwd: Type.Boolean(),
  expireSoon: Type.Boolean(),
  authenticated: Type.Boolean(),
});
export type SessionInfo = Static<typeof SessionInfoSchema>;

// spec: core §3.1 — session user info
export const SessionUserSchema = Type.Object({ accessToken: Type.String(), ...SessionInfoSchema.properties });
export type SessionUser = Static<typeof SessionUserSchema>;

export const LoginBodySchema = Type.Object(
  {
    // Not the Email pattern: a malformed address must get 'Authentication Failure.', not a 400.
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBodySchema>;

export const LoginAnswerSchema = Type.Object({
  ...SessionUserSchema.properties,
  /** First login of a company admin without a company: create the default company, then log out. */
  createCompany: Type.Optional(Type.Boolean()),
  /** The console navigates to this URL (e.g. the company's sub-domain). */
  redirect: Type.Optional(Type.String({ maxLength: 2048 })),
});
export type LoginAnswer = Static<typeof LoginAnswerSchema>;

export const NotAuthenticatedSchema = Type.Object({ authenticated: Type.Literal(false) });

export const SessionCheckAnswerSchema = Type.Union([SessionInfoSchema, NotAuthenticatedSchema]);
export type SessionCheckAnswer = Static<typeof SessionCheckAnswerSchema>;

export const SignupBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    email: Email,
    mobile: Type.String({ minLength: 1, maxLength: 32 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type SignupBody = Static<typeof SignupBodySchema>;

export const ForgetPasswordBodySchema = Type.Object({ email: Email }, { additionalProperties: false });
export type ForgetPasswordBody = Static<typeof ForgetPasswordBodySchema>;

/** Signup and forget password: the older form of NOTES.md 2 also carries `code` (0 = failure). */
export const AuthAnswerSchema = Type.Object({
  success: Type.Boolean(),
  code: Type.Optional(Type.Integer()),
  message: Type.Optional(Text(1024)),
});
export type AuthAnswer = Static<typeof AuthAnswerSchema>;
