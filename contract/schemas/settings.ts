import { Type, type Static, type TBoolean, type TOptional } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { CompanyCode, Nullable, StoreCode, Timestamp, wideTable } from './common';
import { CHANGE_CATEGORIES, type ChangeCategory } from '../endpoints/define';
import { Anything, Body, Host, Id, Mobile, PanId, Password, Port, SourceCode } from './admin-common';

/*
 * Server settings, SMTP, mobile software files, parsers and decorators, change history and the software
 * upgrade (console-admin §3, §7 "Settings", "Alarms and changes", "Upgrade").
 */

const RetentionDays = Type.Integer({ minimum: 1, maximum: 3650 });
const RefreshDays = Type.Integer({ minimum: 0, maximum: 365 });
/** Seconds between gateway status checks. */
const CheckInterval = Type.Integer({ minimum: 1, maximum: 86_400 });
const SmallCount = Type.Integer({ minimum: 0, maximum: 255 });

export const ServerConfigSchema = Type.Object({
  retailServerIp: Type.String(),
  retailServerPort: Nullable(Type.Integer()),
  timeServerIp: Type.String(),
  timeServerPort: Type.Integer(),
  gatewayStatusCheckInterval: Type.Integer(),
  historyRetentionDays: Type.Integer(),
  updateHistoryRetentionDays: Type.Integer(),
  tagDisplayRefreshDays: Type.Integer(),
  panId: Type.String(),
  mobile: Type.String(),
  email: Type.String(),
  mainFromMac: Type.Integer(),
  mainFromPage: Type.Integer(),
});
export type ServerConfig = Static<typeof ServerConfigSchema>;

export const ServerConfigBodySchema = Body({
  retailServerIp: Type.Optional(Host),
  retailServerPort: Type.Optional(Nullable(Port)),
  timeServerIp: Type.Optional(Host),
  timeServerPort: Type.Optional(Port),
  gatewayStatusCheckInterval: CheckInterval,
  historyRetentionDays: RetentionDays,
  updateHistoryRetentionDays: RetentionDays,
  tagDisplayRefreshDays: RefreshDays,
  panId: PanId,
  mobile: Type.Optional(Mobile),
  /** Where notifications and the SMTP test mail go; may be empty. */
  email: Type.Optional(Type.String({ maxLength: 254 })),
  mainFromMac: Type.Optional(SmallCount),
  mainFromPage: Type.Optional(SmallCount),
});
export type ServerConfigBody = Static<typeof ServerConfigBodySchema>;

/** The stored password is never answered: `password` comes back empty or absent. */
export const SmtpConfigSchema = Type.Object({
  server: Type.String(),
  port: Nullable(Type.Integer()),
  account: Type.String(),
  enable: Type.Boolean(),
  password: Type.Optional(Type.String()),
  tls: Type.Boolean(),
  ssl: Type.Boolean(),
});
export type SmtpConfig = Static<typeof SmtpConfigSchema>;

/**
 * server, port and account are required when enable is on ("Setting SMTP Error"); the server checks that,
 * because the rule depends on another field. An absent or empty password keeps the stored one.
 */
export const SmtpConfigBodySchema = Body({
  server: Type.Optional(Host),
  port: Type.Optional(Nullable(Port)),
  account: Type.Optional(Type.String({ maxLength: 254 })),
  enable: Type.Boolean(),
  password: Type.Optional(Type.Union([Password, Type.Literal('')])),
  tls: Type.Optional(Type.Boolean()),
  ssl: Type.Optional(Type.Boolean()),
});
export type SmtpConfigBody = Static<typeof SmtpConfigBodySchema>;

export const MobileFileSchema = Type.Object({
  _id: Type.String(),
  ver: Type.String(),
  updatedAt: Timestamp,
  active: Type.Boolean(),
});
export type MobileFile = Static<typeof MobileFileSchema>;
export const MobileFileListSchema = Type.Array(MobileFileSchema);

/** Parsers, decorators and the third-party authentication script. */
export const CodeConfigSchema = Type.Object({
  code: Type.String(),
  useType: Type.Optional(Type.Integer()),
});
export type CodeConfig = Static<typeof CodeConfigSchema>;
export const CodeConfigBodySchema = Body({
  code: SourceCode,
  useType: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
});
export type CodeConfigBody = Static<typeof CodeConfigBodySchema>;
/** The product file parser is kept per store or per company: exactly one of the two is given. */
export const ProductParserQuerySchema = Type.Object(
  { storeCode: Type.Optional(StoreCode), companyCode: Type.Optional(CompanyCode) },
  { additionalProperties: false, minProperties: 1, maxProperties: 1 },
);

/**
 * System change history: the rows of plus-signage §2.8 (console-admin does not show them). company and store
 * are 'SYSTEM' for system-wide changes.
 */
export const ChangeHistoryRowSchema = Type.Object({
  /** The row's own id (a list key; not shown). */
  id: Type.String(),
  company: Type.String(),
  store: Type.String(),
  category: Type.String(),
  /** e.g. Upload (orange) and Delete (red); other operations are blue. */
  operation: Type.String(),
  method: Type.String(),
  path: Type.String(),
  /** What the change touched; its shape depends on the call. */
  items: Anything,
  email: Type.String(),
  updatedAt: Timestamp,
});
export type ChangeHistoryRow = Static<typeof ChangeHistoryRowSchema>;
export const CHANGE_HISTORY_TABLE = defineTable({
  fields: {
    company: 'text',
    store: 'text',
    category: 'text',
    operation: 'enum',
    method: 'enum',
    path: 'text',
    email: 'text',
    updatedAt: 'number',
  },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});
/**
 * Change config (its fields are not shown in the spec): displayCompany shows the company column; categories maps
 * a category to whether it is recorded — a category not named is recorded, so a new section is never lost.
 */
const ChangeCategoryFlags = Type.Object(
  Object.fromEntries(CHANGE_CATEGORIES.map((c) => [c, Type.Optional(Type.Boolean())])) as Record<ChangeCategory, TOptional<TBoolean>>,
  { additionalProperties: false },
);
export const ChangeConfigSchema = Type.Object({ displayCompany: Type.Boolean(), categories: ChangeCategoryFlags });
export type ChangeConfig = Static<typeof ChangeConfigSchema>;
export const ChangeConfigBodySchema = Body({
  displayCompany: Type.Optional(Type.Boolean()),
  categories: Type.Optional(ChangeCategoryFlags),
});
export type ChangeConfigBody = Static<typeof ChangeConfigBodySchema>;

export const UploadAnswerSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.Optional(Type.String()),
  /** Version of the uploaded package, when it carries one. */
  version: Type.Optional(Type.String()),
});
export type UploadAnswer = Static<typeof UploadAnswerSchema>;

export const MobileFileParamsSchema = Type.Object({ id: Id });

// Table requests and pages.

export const ChangeHistoryRequestSchema = tableRequestSchema(wideTable(CHANGE_HISTORY_TABLE));
export const ChangeHistoryPageSchema = tablePageSchema(ChangeHistoryRowSchema);
