import type { FastifyInstance } from 'fastify';
import { authEndpoints } from '../../contract/endpoints/auth';
import { PRIVILEGE_SECTIONS } from '../../contract/endpoints/define';
import type { AppDeps } from '../deps';
import { ApiError, badRequest } from '../lib/errors';
import { hashPassword, isWeakPassword, newToken, passwordExpiry, passwordProblem, tokenHash, verifyPassword } from '../lib/password';
import { thirdPartyVerdict } from '../services/script-use';
import { isPrivileged, type SessionUser } from '../lib/privileges';
import { route } from '../lib/route';
import { sessionFromHeaders } from '../plugins/auth';
import {
  addLoginHistory,
  companyCount,
  companyInfoOf,
  createMemberIfNew,
  findMember,
  getPasswordPolicy,
  memberExists,
  ensureSignupRole,
  roleOf,
  storeCodesOf,
  type MemberRow,
  type PasswordPolicy,
} from '../repos/members';
import { checkLoginThrottle, clearPairFailures, recordLoginFailure } from '../repos/login-throttle';
import { createSession, deleteSession } from '../repos/sessions';
import { getSystemConfig } from '../repos/system-config';
import { raiseSystemAlarm } from '../repos/alarms';

/* Messages of console-core §8, used exactly. */
export const AUTH_FAILURE = 'Authentication Failure.';
export const ACCOUNT_LOCKED = 'This account is locked.';
export const ACCOUNT_LOCKED_DETAIL = 'The account is locked. Please wait and try again.';

/** A verify against this keeps unknown e-mails as slow as known ones, so timing does not reveal accounts. */
let dummyHash: Promise<string> | undefined;

/* Server messages the spec does not quote (console-core §8 "exact server message texts: not shown"). */
export const LOGIN_THROTTLED = 'Too many failed logins from this address. Please wait and try again.';
export const SIGNUP_RECEIVED = 'Sign-up received. If the e-mail can be registered, you can now sign in with it.';

const lockedError = () => new ApiError(423, 'ACCOUNT_LOCKED', ACCOUNT_LOCKED_DETAIL);
const throttledError = () => new ApiError(429, 'LOGIN_THROTTLED', LOGIN_THROTTLED);
/** An administrator's lock, possibly with an end (lockedUntil). */
const isLocked = (member: MemberRow, now: Date) => member.locked && (!member.lockedUntil || member.lockedUntil > now);
const authFailure = () => new ApiError(401, 'AUTH_FAILURE', AUTH_FAILURE);

const expiry = (member: MemberRow, policy: PasswordPolicy, now: Date) => passwordExpiry(member.lastPwdChanged, policy, now);

/** The session user info of console-core §3 as the login and session-check answers carry it. */
async function userInfo(deps: AppDeps, user: Omit<SessionUser, 'tokenHash'>) {
  const privilege = isPrivileged(user)
    ? PRIVILEGE_SECTIONS.map((key) => ({ key, depth: 0, read: true, write: true }))
    : user.privilege.map((p) => ({ key: p.key, depth: p.depth ?? 0, read: p.read || p.write, write: p.write }));
  return {
    email: user.email,
    name: user.name,
    role_id: user.roleId,
    privilege,
    systemConfig: await getSystemConfig(deps.db),
    companyInfo: await companyInfoOf(deps.db, user),
    store: await storeCodesOf(deps.db, user),
    authenticated: true,
  };
}

export function authRoutes(app: FastifyInstance, deps: AppDeps, opts: { loginRateLimit: number }): void {
  const { db } = deps;

  route(
    app,
    deps,
    authEndpoints.authLogin,
    async ({ body, req, reply }) => {
      const email = body.email.trim().toLowerCase();
      const now = new Date();
      const policy = await getPasswordPolicy(db);
      // req.ip is the TCP peer unless TRUST_PROXY names the proxy in front (server/config.ts).
      const throttle = await checkLoginThrottle(db, email, req.ip, policy, now);
      if (!throttle.allowed) {
        await addLoginHistory(db, { email, ip: req.ip, type: 0, success: false });
        reply.header('retry-after', String(throttle.retryAfterS));
        throw throttledError();
      }
      const member = await findMember(db, email);
      const failed = async () => {
        const { accountSlowed } = await recordLoginFailure(db, email, req.ip, policy, now);
        await addLoginHistory(db, { email, ip: req.ip, type: 0, success: false });
        if (accountSlowed && member)
          await raiseSystemAlarm(db, { type: 'ACCOUNT_LOCKED', location: 'SYSTEM', data: { email, throttled: true } });
        return authFailure();
      };
      if (!member) {
        await verifyPassword(body.password, await (dummyHash ??= hashPassword('not-a-real-password')));
        throw await failed();
      }
      // Third-party authentication (console-admin §3 useType, README "User scripts"): 1 the script first, then the
      // local password; 2 the script only. The member must exist here either way (roles and stores are local).
      const thirdParty = await thirdPartyVerdict(db, email, body.password);
      const byScript = thirdParty.verdict === 'accepted';
      if (!byScript && (thirdParty.only || !(await verifyPassword(body.password, member.passwordHash)))) throw await failed();
      // Only an administrator locks an account (console-core §8 'locked account'); failed logins throttle instead.
      // Judged after the password, so that a wrong one answers (and takes as long) as for any account: the locked
      // answer tells only the holder of the right password that its account exists and is locked (issue 29).
      if (isLocked(member, now)) {
        await addLoginHistory(db, { email, ip: req.ip, type: 0, success: false, locked: true });
        throw lockedError();
      }
      await clearPairFailures(db, email, req.ip);
      const token = newToken();
      await createSession(db, tokenHash(token), email, now);
      await addLoginHistory(db, { email, ip: req.ip, type: 0, success: true });
      const { expired, expireSoon } = expiry(member, policy, now);
      const info = await userInfo(deps, { ...member, privilege: (await roleOf(db, member.roleId))?.privilege ?? [] });
      return {
        ...info,
        accessToken: token,
        // Judged on the password as typed: the stored hash cannot tell how strong it was.
        weakPwd: member.weakPwd || (!byScript && isWeakPassword(body.password, policy)),
        expireSoon: expireSoon && !expired,
        forceChange: member.forceChange || expired,
        // A super administrator on a system without companies must create the default company first.
        ...(member.roleId === -1 && (await companyCount(db)) === 0 ? { createCompany: true } : {}),
      };
    },
    { rateLimit: { max: opts.loginRateLimit, timeWindow: '1 minute' } },
  );

  route(app, deps, authEndpoints.authSessionCheck, async ({ req }) => {
    const user = await sessionFromHeaders(deps, req);
    const member = user && (await findMember(db, user.email));
    if (!user || !member) return { authenticated: false as const };
    const { expired, expireSoon } = expiry(member, await getPasswordPolicy(db), new Date());
    return {
      ...(await userInfo(deps, user)),
      weakPwd: member.weakPwd,
      expireSoon: expireSoon && !expired,
      forceChange: member.forceChange || expired,
    };
  });

  route(app, deps, authEndpoints.authLogout, async ({ user, req }) => {
    await deleteSession(db, user.tokenHash);
    // The session's push sockets close now, not at their next session check.
    deps.push.endSession(user.tokenHash);
    await addLoginHistory(db, { email: user.email, ip: req.ip, type: 1, success: true });
    return { success: true };
  });

  route(
    app,
    deps,
    authEndpoints.authSignup,
    async ({ body }) => {
      const email = body.email.trim().toLowerCase();
      const policy = await getPasswordPolicy(db);
      const problem = await passwordProblem(body.password, email, policy);
      if (problem) throw badRequest(problem, 'WEAK_PASSWORD');
      // Hashed before looking the e-mail up: a taken (or locked) e-mail costs the same time as a new one.
      const passwordHash = await hashPassword(body.password);
      // Self sign-up creates an account without companies or privileges: an administrator grants them later.
      await createMemberIfNew(db, {
        email,
        name: body.name.trim(),
        mobile: body.mobile.trim(),
        passwordHash,
        roleId: await ensureSignupRole(db),
        weakPwd: false,
      });
      // A taken (or locked) e-mail gets the same answer as a new one and its account is left as it was, so signup
      // cannot tell anyone which accounts exist.
      return { success: true, message: SIGNUP_RECEIVED };
    },
    { rateLimit: { max: opts.loginRateLimit, timeWindow: '1 minute' } },
  );

  route(
    app,
    deps,
    authEndpoints.authForgetPassword,
    async ({ body }) => {
      const email = body.email.trim().toLowerCase();
      // Same answer whether or not the account exists, so the call cannot be used to discover accounts.
      if (await memberExists(db, email))
        await raiseSystemAlarm(db, { type: 'PASSWORD_RESET_REQUESTED', location: 'SYSTEM', data: { email } });
      return { success: true, message: 'If the account exists, the administrator has been notified.' };
    },
    { rateLimit: { max: opts.loginRateLimit, timeWindow: '1 minute' } },
  );
}
