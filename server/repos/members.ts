import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, loginHistory, members, passwordPolicy, roles, stores } from '../db/schema/index';
import type { SessionUser } from '../lib/privileges';

export type MemberRow = typeof members.$inferSelect;
export type PasswordPolicy = typeof passwordPolicy.$inferSelect;

const DEFAULT_POLICY: PasswordPolicy = {
  id: 1, minLength: 8, minClasses: 3, maxFailedLogins: 5, lockMinutes: 30, expireDays: 90, expireWarnDays: 14, sessionIdleMinutes: 720, updatedAt: new Date(0),
};

export async function getPasswordPolicy(db: Db): Promise<PasswordPolicy> {
  const [row] = await db.select().from(passwordPolicy).where(eq(passwordPolicy.id, 1));
  return row ?? DEFAULT_POLICY;
}

export async function findMember(db: Db, email: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.email, email));
  return row;
}

export async function memberExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(members).where(eq(members.email, email));
  return row.n > 0;
}

/** Count one more failed login; lock the account for `lockMinutes` once the policy's limit is reached. */
export async function recordFailedLogin(db: Db, email: string, policy: PasswordPolicy, now = new Date()): Promise<{ locked: boolean }> {
  const [row] = await db
    .update(members)
    .set({
      failedLogins: sql`${members.failedLogins} + 1`,
      locked: sql`${members.failedLogins} + 1 >= ${policy.maxFailedLogins}`,
      lockedUntil: sql`case when ${members.failedLogins} + 1 >= ${policy.maxFailedLogins} then ${new Date(now.getTime() + policy.lockMinutes * 60_000)}::timestamptz else null end`,
    })
    .where(eq(members.email, email))
    .returning({ locked: members.locked });
  return { locked: row?.locked ?? false };
}

export async function clearFailedLogins(db: Db, email: string): Promise<void> {
  await db.update(members).set({ failedLogins: 0, locked: false, lockedUntil: null }).where(eq(members.email, email));
}

export async function addLoginHistory(db: Db, entry: { email: string; ip?: string; type: 0 | 1; success: boolean; locked?: boolean }): Promise<void> {
  await db.insert(loginHistory).values({ ...entry, locked: entry.locked ?? false });
}

export async function companyCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companies);
  return row.n;
}

/** Companies the member belongs to, code → name (role -1: every company). */
export async function companyInfoOf(db: Db, user: Pick<SessionUser, 'roleId' | 'companies'>): Promise<Record<string, string>> {
  const query = db.select({ code: companies.companyCode, name: companies.companyName }).from(companies);
  const rows = user.roleId === -1 ? await query : user.companies.length ? await query.where(inArray(companies.companyCode, user.companies)) : [];
  return Object.fromEntries(rows.map((r) => [r.code, r.name]));
}

/** Store codes the member may act on, in the same rule as canAccessStore. */
export async function storeCodesOf(db: Db, user: Pick<SessionUser, 'roleId' | 'companies' | 'stores' | 'enableWholeStore'>): Promise<string[]> {
  const query = db.select({ code: stores.storeCode }).from(stores).orderBy(stores.storeCode);
  if (user.roleId === -1) return (await query).map((r) => r.code);
  if (!user.companies.length) return [];
  const ofCompanies = (await query.where(inArray(stores.companyCode, user.companies))).map((r) => r.code);
  return user.roleId === 0 || user.enableWholeStore ? ofCompanies : ofCompanies.filter((c) => user.stores.includes(c));
}

export async function roleOf(db: Db, roleId: number) {
  const [row] = await db.select().from(roles).where(eq(roles.roleId, roleId));
  return row;
}

export async function createMember(db: Db, values: typeof members.$inferInsert): Promise<void> {
  await db.insert(members).values(values);
}

/** Self-signed-up members get a role without privileges until an administrator assigns one. */
export async function ensureSignupRole(db: Db): Promise<number> {
  const name = 'Self sign-up';
  const [found] = await db.select({ roleId: roles.roleId }).from(roles).where(sql`${roles.name} = ${name} and ${roles.companyCode} is null`);
  if (found) return found.roleId;
  const [created] = await db.insert(roles).values({ name, privilege: [] }).returning({ roleId: roles.roleId });
  return created.roleId;
}
