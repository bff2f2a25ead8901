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

/** Insert the member unless the e-mail is taken (then nothing changes); answers whether it was created. */
export async function createMemberIfNew(db: Db, values: typeof members.$inferInsert): Promise<boolean> {
  const created = await db.insert(members).values(values).onConflictDoNothing({ target: members.email }).returning({ email: members.email });
  return created.length > 0;
}

/** Self-signed-up members get a role without privileges until an administrator assigns one. */
export async function ensureSignupRole(db: Db): Promise<number> {
  const name = 'Self sign-up';
  const [found] = await db.select({ roleId: roles.roleId }).from(roles).where(sql`${roles.name} = ${name} and ${roles.companyCode} is null`);
  if (found) return found.roleId;
  const [created] = await db.insert(roles).values({ name, privilege: [] }).returning({ roleId: roles.roleId });
  return created.roleId;
}
