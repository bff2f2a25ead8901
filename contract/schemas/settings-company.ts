import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { CompanyCode, Nullable, Text, Timestamp, wideTable } from './common';
import { Body, Host, Name, PanId, Password, Port, UserId } from './admin-common';
import { SmtpConfigBodySchema, SmtpConfigSchema } from './settings';

/** Companies (console-admin §3 Company, §5 company rules, §7 company config calls). */

export const CompanySchema = Type.Object({
  companyCode: Type.String(),
  companyName: Type.String(),
  address: Type.String(),
  historyRetentionDays: Type.Integer(),
  updateHistoryRetentionDays: Type.Integer(),
  tagDisplayRefreshDays: Type.Integer(),
  gatewayStatusCheckInterval: Type.Integer(),
  /** Percent. */
  gatewayStatusCheckMargin: Type.Integer(),
  panId: Type.String(),
  timeServerIp: Type.String(),
  timeServerPort: Type.Integer(),
  mainFromMac: Type.Integer(),
  mainFromPage: Type.Integer(),
  smtp: Nullable(SmtpConfigSchema),
  updatedAt: Nullable(Timestamp),
});
export type Company = Static<typeof CompanySchema>;
export const COMPANY_TABLE = defineTable({
  fields: { companyCode: 'text', companyName: 'text', address: 'text', updatedAt: 'number' },
  defaultOrder: { field: 'companyCode', dir: 'asc' },
  dateField: 'updatedAt',
});

const NonBlank = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

/** The settings a company needs unless it is the default company ("Setting Company Error"). */
const companySettings = {
  address: Type.Optional(Text(500)),
  historyRetentionDays: Type.Integer({ minimum: 1, maximum: 3650 }),
  updateHistoryRetentionDays: Type.Integer({ minimum: 1, maximum: 3650 }),
  tagDisplayRefreshDays: Type.Integer({ minimum: 0, maximum: 365 }),
  gatewayStatusCheckInterval: Type.Integer({ minimum: 1, maximum: 86_400 }),
  gatewayStatusCheckMargin: Type.Integer({ minimum: 100, maximum: 10_000 }),
  panId: PanId,
  timeServerIp: Type.Optional(Host),
  timeServerPort: Type.Optional(Port),
  mainFromMac: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
  mainFromPage: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
  smtp: Type.Optional(SmtpConfigBodySchema),
};

/** The company's first admin, created with it. The console defaults the id to `<companyCode>-admin`. */
export const CompanyAdminSchema = Body({ email: UserId, name: Name, password: Password });

export const CompanyCreateBodySchema = Body({
  companyCode: CompanyCode,
  companyName: NonBlank(100),
  ...companySettings,
  admin: CompanyAdminSchema,
});
export type CompanyCreateBody = Static<typeof CompanyCreateBodySchema>;

/** The default company of a first login: settings come from COMPANY_DEFAULTS, the caller becomes its admin. */
export const DefaultCompanyBodySchema = Body({
  companyCode: CompanyCode,
  companyName: NonBlank(100),
  address: Type.Optional(Text(500)),
});
export type DefaultCompanyBody = Static<typeof DefaultCompanyBodySchema>;

export const CompanyUpdateBodySchema = Body({ companyName: NonBlank(100), ...companySettings });
export type CompanyUpdateBody = Static<typeof CompanyUpdateBodySchema>;

export const CompanyParamsSchema = Type.Object({ companyCode: CompanyCode });

// Table requests and pages.

export const CompanyListRequestSchema = tableRequestSchema(wideTable(COMPANY_TABLE));
export const CompanyListPageSchema = tablePageSchema(CompanySchema);
