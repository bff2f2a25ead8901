import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { COMPANY_DEFAULTS } from '../../contract/schemas/constants-admin';
import type { SmtpConfigBody } from '../../contract/schemas/settings';
import { settingsEndpoints } from '../../contract/endpoints/settings';
import type { Db } from '../db/client';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../lib/errors';
import { sendMail, type SmtpSettings } from '../lib/mailer';
import { SecretUnreadableError } from '../lib/secret-box';
import { failingUniformly, TEST_MAIL_TIMEOUT_SECONDS } from '../lib/smtp-test-answer';
import { assertMayTouch } from '../lib/ownership';
import { route } from '../lib/route';
import { findCompany, smtpAnswer } from '../repos/companies';
import { isStoredDestination, saveSmtpConfig, smtpConfigOf, storedSmtpPassword, type SmtpRow } from '../repos/smtp';
import { getServerConfig, saveServerConfig } from '../repos/system-config';
import type { SessionUser } from '../lib/privileges';

/** Loose on purpose: the mail host is the judge; this only stops text that cannot be an address at all. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export const SMTP_REQUIRED_MESSAGE = 'SMTP server, port and account are required when SMTP is enabled.';
export const TEST_MAIL_SUBJECT = 'Shelfpad test mail';
export const STORED_PASSWORD_UNREADABLE_MESSAGE =
  "The stored SMTP password cannot be read with this server's secret key: type the password again.";

/** console-admin §5: with SMTP on, server, port and account must be given (the console titles it 'Setting SMTP Error'). */
export function checkSmtp(body: SmtpConfigBody): void {
  if (body.enable && (!body.server?.trim() || !body.port || !body.account?.trim()))
    throw badRequest(SMTP_REQUIRED_MESSAGE, 'SMTP_REQUIRED');
}

/**
 * The settings a test mail goes out with: those entered, saved or not. The console never holds the stored
 * password, so with none typed the stored one is used — but only towards the stored host, port and account: the
 * test's host is the caller's to choose, and the secret must not follow it there.
 */
async function testSettings(db: Db, companyCode: string | null, body: SmtpConfigBody): Promise<SmtpSettings> {
  if (!body.server?.trim() || !body.port) throw badRequest('SMTP server and port are required to send a test mail.', 'SMTP_REQUIRED');
  const stored = await smtpConfigOf(db, companyCode);
  return {
    server: body.server.trim(),
    port: body.port,
    account: body.account?.trim() ?? '',
    password: body.password || (isStoredDestination(stored, body) ? storedPassword(stored) : ''),
    tls: body.tls ?? false,
    ssl: body.ssl ?? false,
  };
}

/** A stored password the server's key cannot open (the key changed) must be typed again; it is no server fault. */
function storedPassword(stored: SmtpRow | undefined): string {
  try {
    return storedSmtpPassword(stored);
  } catch (error) {
    if (error instanceof SecretUnreadableError) throw badRequest(STORED_PASSWORD_UNREADABLE_MESSAGE, 'SMTP_PASSWORD_UNREADABLE');
    throw error;
  }
}

/**
 * A test mail connects to the host and port the request names (each failure answers only after
 * TEST_MAIL_FAILURE_ANSWER_MS, so that ports cannot be told apart): a member's test mails are counted too, so the
 * call cannot be turned into a port scan by sending many at once. The auth hook has found the session before the
 * limit counts (route hooks run after the app's), so the key is the member, not an address several share.
 */
export const TEST_MAILS_PER_MINUTE = 20;
const TEST_MAIL_RATE_LIMIT = {
  rateLimit: {
    max: TEST_MAILS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (req: { user?: { email: string }; ip: string }) => `smtp-test:${req.user?.email ?? req.ip}`,
  },
};

/** The test mail goes to the server config's e-mail address ("the configured e-mail address", console-admin §8). */
async function sendTestMail(deps: AppDeps, settings: SmtpSettings, scope: string, log: FastifyBaseLogger): Promise<void> {
  const to = (await getServerConfig(deps.db)).email?.trim();
  if (!to) throw badRequest('No e-mail address is set in the server config: the test mail has nowhere to go.', 'NO_TEST_ADDRESS');
  const message = {
    to,
    subject: TEST_MAIL_SUBJECT,
    text: `This is a test mail from Shelfpad, sent with the SMTP settings of ${scope} at ${new Date().toISOString()}.`,
  };
  const opts = { allowPlainAuth: deps.config.smtpAllowPlainAuth, timeoutSeconds: TEST_MAIL_TIMEOUT_SECONDS };
  await failingUniformly(() => sendMail(settings, message, opts), log);
}

async function companyOf(db: Db, user: SessionUser, companyCode: string, need: 'read' | 'write'): Promise<void> {
  assertMayTouch(user, { kind: 'company', companyCode }, need, `company ${companyCode}`);
  if (!(await findCompany(db, companyCode))) throw notFound(`Unknown company: ${companyCode}`);
}

/** Server config and SMTP, global and per company (console-admin §3, §5, §7 "Settings"). */
export function settingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  // spec: admin §7.15, admin §3.12, admin §3.13 — server config and SMTP get, test and save
  route(app, deps, settingsEndpoints.serverConfigGet, async () => {
    const row = await getServerConfig(db);
    return {
      retailServerIp: row.retailServerIp ?? '',
      retailServerPort: row.retailServerPort,
      timeServerIp: row.timeServerIp,
      timeServerPort: row.timeServerPort,
      gatewayStatusCheckInterval: row.gatewayStatusCheckInterval,
      historyRetentionDays: row.historyRetentionDays,
      updateHistoryRetentionDays: row.updateHistoryRetentionDays,
      tagDisplayRefreshDays: row.tagDisplayRefreshDays,
      panId: row.panId,
      mobile: row.mobile ?? '',
      email: row.email ?? '',
      mainFromMac: row.mainFromMac,
      mainFromPage: row.mainFromPage,
    };
  });

  route(app, deps, settingsEndpoints.serverConfigSave, async ({ body }) => {
    const email = body.email?.trim() ?? '';
    if (email && !EMAIL.test(email)) throw badRequest(`Not an e-mail address: ${email}`, 'INVALID_EMAIL');
    await saveServerConfig(db, {
      retailServerIp: body.retailServerIp?.trim() || null,
      retailServerPort: body.retailServerPort ?? null,
      timeServerIp: body.timeServerIp?.trim() || COMPANY_DEFAULTS.timeServerIp,
      timeServerPort: body.timeServerPort ?? COMPANY_DEFAULTS.timeServerPort,
      gatewayStatusCheckInterval: body.gatewayStatusCheckInterval,
      historyRetentionDays: body.historyRetentionDays,
      updateHistoryRetentionDays: body.updateHistoryRetentionDays,
      tagDisplayRefreshDays: body.tagDisplayRefreshDays,
      panId: body.panId.toUpperCase(),
      mobile: body.mobile?.trim() || null,
      email: email || null,
      mainFromMac: body.mainFromMac ?? COMPANY_DEFAULTS.mainFromMac,
      mainFromPage: body.mainFromPage ?? COMPANY_DEFAULTS.mainFromPage,
    });
    return { success: true };
  });

  const disabled = { server: '', port: null, account: '', enable: false, password: '', tls: false, ssl: false };

  route(app, deps, settingsEndpoints.smtpGet, async () => smtpAnswer(await smtpConfigOf(db, null)) ?? disabled);

  route(app, deps, settingsEndpoints.smtpSave, async ({ body }) => {
    checkSmtp(body);
    await saveSmtpConfig(db, null, body);
    return { success: true };
  });

  route(
    app,
    deps,
    settingsEndpoints.smtpTest,
    async ({ body, req }) => {
      await sendTestMail(deps, await testSettings(db, null, body), 'the server', req.log);
      return { success: true };
    },
    TEST_MAIL_RATE_LIMIT,
  );

  route(app, deps, settingsEndpoints.companySmtpGet, async ({ params, user }) => {
    await companyOf(db, user, params.companyCode, 'read');
    return smtpAnswer(await smtpConfigOf(db, params.companyCode)) ?? disabled;
  });

  route(app, deps, settingsEndpoints.companySmtpSave, async ({ params, body, user }) => {
    await companyOf(db, user, params.companyCode, 'write');
    checkSmtp(body);
    await saveSmtpConfig(db, params.companyCode, body);
    return { success: true };
  });

  route(
    app,
    deps,
    settingsEndpoints.companySmtpTest,
    async ({ params, body, user, req }) => {
      await companyOf(db, user, params.companyCode, 'write');
      await sendTestMail(deps, await testSettings(db, params.companyCode, body), `company ${params.companyCode}`, req.log);
      return { success: true };
    },
    TEST_MAIL_RATE_LIMIT,
  );
}
