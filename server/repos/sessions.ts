import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { members, roles, sessions } from '../db/schema/index';
import type { SessionUser } from '../lib/privileges';

/** Sessions end after this long without a call; the browser session usually ends first (sessionStorage). */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** lastSeenAt is refreshed at most this often, so reads do not become writes on every call. */
const TOUCH_EVERY_MS = 60 * 1000;

export async function createSession(db: Db, tokenHash: string, email: string, now = new Date()): Promise<void> {
  await db.insert(sessions).values({ tokenHash, email, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_MS) });
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSessionsOf(db: Db, email: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.email, email));
}

export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/** The member behind a live session whose e-mail matches the Access-Email header, else undefined. */
export async function findSessionUser(db: Db, tokenHash: string, email: string, now = new Date()): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ member: members, privilege: roles.privilege, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(members, eq(members.email, sessions.email))
    .innerJoin(roles, eq(roles.roleId, members.roleId))
    .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.email, email), gt(sessions.expiresAt, now)));
  // An administrator's lock ends the member's sessions too; failed logins never lock (repos/login-throttle.ts).
  const { locked, lockedUntil } = row?.member ?? {};
  if (!row || (locked && (!lockedUntil || lockedUntil > now))) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_MS) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  const m = row.member;
  return {
    email: m.email,
    name: m.name,
    roleId: m.roleId,
    companies: m.companies,
    stores: m.stores,
    enableWholeStore: m.enableWholeStore,
    privilege: row.privilege,
    tokenHash,
  };
}
