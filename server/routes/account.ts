import type { FastifyInstance } from 'fastify';
import { membersEndpoints } from '../../contract/endpoints/members';
import { settingsStoreEndpoints } from '../../contract/endpoints/settings-store';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound } from '../lib/errors';
import { hashPassword, passwordProblem, verifyPassword } from '../lib/password';
import { getPasswordPolicy } from '../repos/members';
import { route } from '../lib/route';
import { accountOf, changePassword, createDefaultCompany, loginHistoryPage, passwordHashOf, updateAccount } from '../repos/account';

/* Server messages (the spec quotes none for these; console-core §8 "exact server message texts: not shown"). */
export const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';
export const SAME_PASSWORD = 'The new password must be different from the current password.';
export const BLANK_NAME = 'Enter Name, please!';
export const COMPANY_EXISTS = 'A company already exists; the default company can only be created on a system without companies.';

/**
 * Guessing the current password from a live session is slowed per account, so that members behind one NAT do not
 * share a budget; lockout is not used here because it would end the caller's own session. The key is the account
 * the session belongs to, never the Access-Email header as sent: the session lookup ignores its case, so keying
 * on the spelling gave every case variant a budget of its own (issue 29 finding 10).
 */
const PASSWORD_GUESSES_PER_MINUTE = 10;
const PASSWORD_RATE_LIMIT = {
  rateLimit: { max: PASSWORD_GUESSES_PER_MINUTE, timeWindow: '1 minute', keyGenerator: passwordGuessKey },
};

/** The auth hook has found the session before the limit counts (route hooks run after the app's); else the header. */
function passwordGuessKey(req: { user?: { email: string }; headers: Record<string, unknown>; ip: string }): string {
  return `account:${req.user?.email ?? String(req.headers['access-email'] ?? req.ip).toLowerCase()}`;
}

/** The signed-in member's own account, password and login history, and the default company of a first login. */
export function accountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  route(app, deps, membersEndpoints.accountMe, async ({ user }) => {
    const account = await accountOf(db, user.email);
    if (!account) throw notFound('No such account.');
    return account;
  });

  route(app, deps, membersEndpoints.accountUpdate, async ({ user, body }) => {
    const name = body.name.trim();
    if (!name) throw badRequest(BLANK_NAME);
    await updateAccount(db, user.email, { name, mobile: body.mobile?.trim() });
    return { success: true };
  });

  route(
    app,
    deps,
    membersEndpoints.accountPassword,
    async ({ user, body }) => {
      const hash = await passwordHashOf(db, user.email);
      if (!hash || !(await verifyPassword(body.password, hash))) throw badRequest(WRONG_CURRENT_PASSWORD, 'WRONG_PASSWORD');
      if (body.newPassword === body.password) throw badRequest(SAME_PASSWORD, 'SAME_PASSWORD');
      const problem = await passwordProblem(body.newPassword, user.email, await getPasswordPolicy(db));
      if (problem) throw badRequest(problem, 'WEAK_PASSWORD');
      await changePassword(db, user.email, user.tokenHash, { passwordHash: await hashPassword(body.newPassword), weakPwd: false });
      // 'password' tells the console to log out (console-core §2 Login).
      return { success: true, result: 'password' as const };
    },
    PASSWORD_RATE_LIMIT,
  );

  route(app, deps, membersEndpoints.accountLoginHistory, async ({ user, body }) =>
    loginHistoryPage(db, user.email, body as Record<string, unknown>),
  );

  route(app, deps, settingsStoreEndpoints.companyConfigAddDefault, async ({ user, body }) => {
    const result = await createDefaultCompany(db, user.email, {
      companyCode: body.companyCode,
      companyName: body.companyName.trim(),
      ...(body.address?.trim() ? { address: body.address.trim() } : {}),
    });
    if (result === 'exists') throw conflict(COMPANY_EXISTS, 'COMPANY_EXISTS');
    return { success: true };
  });
}
