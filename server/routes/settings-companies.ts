import type { FastifyInstance } from 'fastify';
import { COMPANY_DEFAULTS } from '../../contract/schemas/constants-admin';
import type { CompanyUpdateBody } from '../../contract/schemas/settings-company';
import { settingsStoreEndpoints } from '../../contract/endpoints/settings-store';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound } from '../lib/errors';
import { assertMayTouch } from '../lib/ownership';
import { hashPassword, passwordProblem } from '../lib/password';
import { isSuperAdmin } from '../lib/privileges';
import { route } from '../lib/route';
import { companyPage, createCompanyWithAdmin, deleteCompany, updateCompany, type CompanySettings } from '../repos/companies';
import { getPasswordPolicy } from '../repos/members';
import { checkSmtp } from './settings';

export const LAST_COMPANY_MESSAGE = 'The last company cannot be deleted.';

/** The stored settings of a create or update body: what the form left out takes the spec's defaults (§9). */
function settingsOf(body: CompanyUpdateBody): CompanySettings {
  return {
    companyName: body.companyName.trim(),
    address: body.address?.trim() || null,
    historyRetentionDays: body.historyRetentionDays,
    updateHistoryRetentionDays: body.updateHistoryRetentionDays,
    tagDisplayRefreshDays: body.tagDisplayRefreshDays,
    gatewayStatusCheckInterval: body.gatewayStatusCheckInterval,
    gatewayStatusCheckMargin: body.gatewayStatusCheckMargin,
    panId: body.panId.toUpperCase(),
    timeServerIp: body.timeServerIp?.trim() || COMPANY_DEFAULTS.timeServerIp,
    timeServerPort: body.timeServerPort ?? COMPANY_DEFAULTS.timeServerPort,
    mainFromMac: body.mainFromMac ?? COMPANY_DEFAULTS.mainFromMac,
    mainFromPage: body.mainFromPage ?? COMPANY_DEFAULTS.mainFromPage,
  };
}

/**
 * Company configuration (console-admin §3 Company, §5, §6, §7). Creating a company makes something that belongs to
 * no company yet, so it is the super administrator's (owner 'system'); a company admin edits only its companies;
 * deleting is role -1 only and never the last company. The default company of a first login is in account.ts.
 */
export function companyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  // spec: admin §7.16, admin §3.14 — company config list, add, save, delete
  route(app, deps, settingsStoreEndpoints.companyConfigList, ({ body, user }) =>
    companyPage(db, body as Record<string, unknown>, isSuperAdmin(user) ? undefined : user.companies),
  );

  route(app, deps, settingsStoreEndpoints.companyConfigAdd, async ({ body }) => {
    if (body.smtp) checkSmtp(body.smtp);
    const email = body.admin.email.trim().toLowerCase();
    // The admin's password follows the server's password policy, like every password it stores.
    const problem = await passwordProblem(body.admin.password, email, await getPasswordPolicy(db));
    if (problem) throw badRequest(problem, 'WEAK_PASSWORD');
    const result = await createCompanyWithAdmin(
      db,
      { companyCode: body.companyCode, ...settingsOf(body) },
      { email, name: body.admin.name.trim(), passwordHash: await hashPassword(body.admin.password), weakPwd: false },
      body.smtp,
    );
    if (result === 'company-exists') throw conflict(`Company ${body.companyCode} exists already.`, 'COMPANY_EXISTS');
    if (result === 'admin-exists') throw conflict(`The account ${email} exists already.`, 'ACCOUNT_EXISTS');
    return { success: true };
  });

  route(app, deps, settingsStoreEndpoints.companyConfigSave, async ({ params, body, user }) => {
    assertMayTouch(user, { kind: 'company', companyCode: params.companyCode }, 'write', `company ${params.companyCode}`);
    if (body.smtp) checkSmtp(body.smtp);
    if (!(await updateCompany(db, params.companyCode, settingsOf(body), body.smtp)))
      throw notFound(`Unknown company: ${params.companyCode}`);
    return { success: true };
  });

  // spec: admin §6.1 — only role -1 deletes companies
  route(app, deps, settingsStoreEndpoints.companyConfigDelete, async ({ params }) => {
    const result = await deleteCompany(db, params.companyCode);
    if (result === 'missing') throw notFound(`Unknown company: ${params.companyCode}`);
    if (result === 'last') throw conflict(LAST_COMPANY_MESSAGE, 'LAST_COMPANY');
    return { success: true };
  });
}
