import { CompanyCodeParams, StoreCodeParams } from '../schemas/admin-common';
import { OkAnswer } from '../schemas/common';
import {
  ChangeConfigBodySchema,
  ChangeConfigSchema,
  ChangeHistoryPageSchema,
  ChangeHistoryRequestSchema,
  CodeConfigBodySchema,
  CodeConfigSchema,
  MobileFileListSchema,
  MobileFileParamsSchema,
  ProductParserQuerySchema,
  ServerConfigBodySchema,
  ServerConfigSchema,
  SmtpConfigBodySchema,
  SmtpConfigSchema,
  UploadAnswerSchema,
} from '../schemas/settings';
import { CodeScriptTestAnswerSchema, CodeScriptTestBodySchema } from '../schemas/code-scripts';
import { endpoint } from './define';

const serverRead = { section: 'server_config', need: 'read' } as const;
// Server, system SMTP and mobile app files belong to no company (docs/architecture.md §3): changing them needs role -1.
const serverWrite = { section: 'server_config', need: 'write', owner: 'system' } as const;
// company_config.write allows editing the company and its SMTP (console-admin §6).
const companyRead = { section: 'company_config', need: 'read' } as const;
const companyWrite = { section: 'company_config', need: 'write' } as const;
const settingRead = { section: 'setting', need: 'read' } as const;
const settingWrite = { section: 'setting', need: 'write' } as const;
const systemSettingWrite = { ...settingWrite, owner: 'system' } as const;

// Paths not shown in the spec are our choice (NOTES.md 12); POST /app/file is the spec's.
export const settingsEndpoints = {
  serverConfigGet: endpoint({ method: 'GET', path: '/config/server', access: serverRead, response: ServerConfigSchema }),
  serverConfigSave: endpoint({
    method: 'POST',
    path: '/config/server',
    access: serverWrite,
    body: ServerConfigBodySchema,
    response: OkAnswer,
  }),
  smtpGet: endpoint({ method: 'GET', path: '/config/smtp', access: serverRead, response: SmtpConfigSchema }),
  smtpSave: endpoint({ method: 'POST', path: '/config/smtp', access: serverWrite, body: SmtpConfigBodySchema, response: OkAnswer }),
  // Tests the settings as entered (saved or not) by mailing the server config's e-mail address.
  smtpTest: endpoint({
    method: 'POST',
    path: '/config/smtp/test',
    access: serverWrite,
    body: SmtpConfigBodySchema,
    response: OkAnswer,
    changes: false,
  }),
  companySmtpGet: endpoint({
    method: 'GET',
    path: '/config/smtp/company/:companyCode',
    access: companyRead,
    params: CompanyCodeParams,
    response: SmtpConfigSchema,
  }),
  companySmtpSave: endpoint({
    method: 'POST',
    path: '/config/smtp/company/:companyCode',
    access: companyWrite,
    params: CompanyCodeParams,
    body: SmtpConfigBodySchema,
    response: OkAnswer,
  }),
  companySmtpTest: endpoint({
    method: 'POST',
    path: '/config/smtp/company/:companyCode/test',
    access: companyWrite,
    params: CompanyCodeParams,
    body: SmtpConfigBodySchema,
    response: OkAnswer,
    changes: false,
  }),

  // Mobile software files (mobile_{version_info}.apk). The list pages in the browser (10 rows).
  mobileFileList: endpoint({ method: 'GET', path: '/app/file/list', access: serverRead, response: MobileFileListSchema }),
  // Multipart, field `file`.
  mobileFileUpload: endpoint({ method: 'POST', path: '/app/file', access: serverWrite, multipart: true, response: UploadAnswerSchema }),
  mobileFileDownload: endpoint({ method: 'GET', path: '/app/file/:id', access: serverRead, params: MobileFileParamsSchema, file: true }),
  mobileFileActivate: endpoint({
    method: 'POST',
    path: '/app/file/:id/activate',
    access: serverWrite,
    params: MobileFileParamsSchema,
    response: OkAnswer,
  }),
  mobileFileRemove: endpoint({
    method: 'DELETE',
    path: '/app/file/:id',
    access: serverWrite,
    params: MobileFileParamsSchema,
    response: OkAnswer,
  }),

  // Code editors: parsers, decorators and third-party authentication, all under the setting section. What each
  // script must define is in contract/code-scripts.ts; a save that does not compile is a 400 naming line and column.
  // The system-wide scripts (authentication, decorators) are every company's: changing them is role -1's.
  thirdPartyAuthGet: endpoint({ method: 'GET', path: '/config/third-party-auth', access: settingRead, response: CodeConfigSchema }),
  thirdPartyAuthSave: endpoint({
    method: 'POST',
    path: '/config/third-party-auth',
    access: systemSettingWrite,
    body: CodeConfigBodySchema,
    response: OkAnswer,
  }),
  paperParserGet: endpoint({
    method: 'GET',
    path: '/config/parser/paper/store/:storeCode',
    access: settingRead,
    params: StoreCodeParams,
    response: CodeConfigSchema,
  }),
  paperParserSave: endpoint({
    method: 'POST',
    path: '/config/parser/paper/store/:storeCode',
    access: settingWrite,
    params: StoreCodeParams,
    body: CodeConfigBodySchema,
    response: OkAnswer,
  }),
  // Kept per store or per company: the query names exactly one of them.
  productFileParserGet: endpoint({
    method: 'GET',
    path: '/config/parser/product',
    access: settingRead,
    query: ProductParserQuerySchema,
    response: CodeConfigSchema,
  }),
  productFileParserSave: endpoint({
    method: 'POST',
    path: '/config/parser/product',
    access: settingWrite,
    query: ProductParserQuerySchema,
    body: CodeConfigBodySchema,
    response: OkAnswer,
  }),
  tagDataDecoratorGet: endpoint({ method: 'GET', path: '/config/decorator/tag', access: settingRead, response: CodeConfigSchema }),
  tagDataDecoratorSave: endpoint({
    method: 'POST',
    path: '/config/decorator/tag',
    access: systemSettingWrite,
    body: CodeConfigBodySchema,
    response: OkAnswer,
  }),
  plusDataDecoratorGet: endpoint({ method: 'GET', path: '/config/decorator/plus', access: settingRead, response: CodeConfigSchema }),
  plusDataDecoratorSave: endpoint({
    method: 'POST',
    path: '/config/decorator/plus',
    access: systemSettingWrite,
    body: CodeConfigBodySchema,
    response: OkAnswer,
  }),
  // The editors' test pane: the script as written (saved or not) runs on sample input in the sandbox, exactly as
  // production runs it; nothing is stored.
  codeScriptTest: endpoint({
    method: 'POST',
    path: '/config/code/test',
    access: settingWrite,
    body: CodeScriptTestBodySchema,
    response: CodeScriptTestAnswerSchema,
    changes: false,
  }),

  // System change history and software upgrade (the versions come from GET /version, console-core).
  changeConfig: endpoint({ method: 'GET', path: '/change/config', access: settingRead, response: ChangeConfigSchema }),
  // Which categories are recorded, for the whole system (owner 'system': only role -1 changes it).
  changeConfigSave: endpoint({
    method: 'PUT',
    path: '/change/config',
    access: { ...settingWrite, owner: 'system' },
    body: ChangeConfigBodySchema,
    response: OkAnswer,
  }),
  changeHistory: endpoint({
    method: 'POST',
    path: '/change/history',
    access: settingRead,
    body: ChangeHistoryRequestSchema,
    response: ChangeHistoryPageSchema,
  }),
  // Multipart, field `file`: a GRM/GMP upgrade package — a software package of the whole system (owner 'system').
  swUpgradeUpload: endpoint({
    method: 'POST',
    path: '/upgrade/file',
    access: { ...settingWrite, owner: 'system' },
    multipart: true,
    response: UploadAnswerSchema,
  }),
};
