import { and, arrayContains, arrayOverlaps, count, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { MEMBER_LOGIN_HISTORY_TABLE, MEMBER_TABLE, type Account, type LoginHistory } from '../../contract/schemas/members';
import { wideTable } from '../../contract/schemas/common';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { companies, loginHistory, members, passwordPolicy, roles, sessions, stores } from '../db/schema/index';
import type { SessionUser } from '../lib/privileges';
import { queryTable } from '../lib/table-sql';

export type MemberRow = typeof members.$inferSelect;
/** A member as every answer about one is made from: the password hash is never even read for those. */
export type MemberFacts = Omit<MemberRow, 'passwordHash'>;
const { passwordHash: _neverAnswered, ...memberFactColumns } = getTableColumns(members);
export { memberFactColumns };
export type PasswordPolicy = typeof passwordPolicy.$inferSelect;

const DEFAULT_POLICY: PasswordPolicy = {
  id: 1,
  minLength: 8,
  minClasses: 3,
  maxFailedLogins: 5,
  lockMinutes: 30,
  expireDays: 90,
  expireWarnDays: 14,
  sessionIdleMinutes: 720,
  updatedAt: new Date(0),
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

export async function addLoginHistory(
  db: Db,
  entry: { email: string; ip?: string; type: 0 | 1; success: boolean; locked?: boolean },
): Promise<void> {
  await db.insert(loginHistory).values({ ...entry, locked: entry.locked ?? false });
}

export async function companyCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companies);
  return row.n;
}

/** Companies the member belongs to, code → name (role -1: every company). */
export async function companyInfoOf(db: Db, user: Pick<SessionUser, 'roleId' | 'companies'>): Promise<Record<string, string>> {
  const query = db.select({ code: companies.companyCode, name: companies.companyName }).from(companies);
  const rows =
    user.roleId === -1 ? await query : user.companies.length ? await query.where(inArray(companies.companyCode, user.companies)) : [];
  return Object.fromEntries(rows.map((r) => [r.code, r.name]));
}

/** Store codes the member may act on, in the same rule as canAccessStore. */
export async function storeCodesOf(
  db: Db,
  user: Pick<SessionUser, 'roleId' | 'companies' | 'stores' | 'enableWholeStore'>,
): Promise<string[]> {
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
  const created = await db
    .insert(members)
    .values(values)
    .onConflictDoNothing({ target: members.email })
    .returning({ email: members.email });
  return created.length > 0;
}

/** Self-signed-up members get a role without privileges until an administrator assigns one. */
export async function ensureSignupRole(db: Db): Promise<number> {
  const name = 'Self sign-up';
  const [found] = await db
    .select({ roleId: roles.roleId })
    .from(roles)
    .where(sql`${roles.name} = ${name} and ${roles.companyCode} is null`);
  if (found) return found.roleId;
  const [created] = await db.insert(roles).values({ name, privilege: [] }).returning({ roleId: roles.roleId });
  return created.roleId;
}

// The members screen (console-admin §3 Account, §6, §7): list, create, update, delete, unlock, reset.

const memberColumns = {
  email: members.email,
  name: members.name,
  mobile: sql<string>`coalesce(${members.mobile}, '')`,
  role_id: members.roleId,
  company: sql<string>`array_to_string(${members.companies}, ',')`,
  store: sql<string>`${members.stores}::text`,
  locked: members.locked,
};

/** Members whose companies meet the caller's (every member for role -1; role -1 members only for role -1). */
export function visibleMembers(user: Pick<SessionUser, 'roleId' | 'companies'>): SQL | undefined {
  if (user.roleId === -1) return undefined;
  if (!user.companies.length) return sql`false`;
  return and(ne(members.roleId, -1), arrayOverlaps(members.companies, user.companies));
}

export function accountAnswer(m: MemberFacts): Account {
  return {
    name: m.name,
    email: m.email,
    mobile: m.mobile ?? '',
    role_id: m.roleId,
    company: m.companies,
    store: m.stores,
    enableWholeStore: m.enableWholeStore,
    locked: m.locked,
    weakPwd: m.weakPwd,
    lastPwdChanged: m.lastPwdChanged.toISOString(),
  };
}

export async function memberPage(db: Db, user: SessionUser, body: Record<string, unknown>): Promise<TablePage<Account>> {
  const base = [visibleMembers(user)];
  if (typeof body.global_companyCode === 'string' && body.global_companyCode)
    base.push(arrayContains(members.companies, [body.global_companyCode]));
  const page = await queryTable<MemberFacts, keyof typeof memberColumns>(
    db,
    wideTable(MEMBER_TABLE),
    body,
    { table: members, columns: memberColumns, uniqueColumn: members.email, base },
    memberFactColumns,
  );
  return { ...page, data: page.data.map(accountAnswer) };
}

export async function visibleMember(db: Db, user: SessionUser, email: string): Promise<MemberFacts | undefined> {
  const [row] = await db
    .select(memberFactColumns)
    .from(members)
    .where(and(eq(members.email, email), visibleMembers(user)));
  return row;
}

export type MemberValues = Pick<typeof members.$inferInsert, 'name' | 'mobile' | 'roleId' | 'companies' | 'stores' | 'enableWholeStore'>;

export async function updateMember(db: Db, email: string, values: MemberValues & { passwordHash?: string }): Promise<void> {
  const now = new Date();
  await db
    .update(members)
    .set({ ...values, ...(values.passwordHash ? { lastPwdChanged: now, weakPwd: false } : {}), updatedAt: now })
    .where(eq(members.email, email));
}

/** Sessions go with the member (sessions.email cascades). */
export async function deleteMember(db: Db, email: string): Promise<void> {
  await db.delete(members).where(eq(members.email, email));
}

export async function unlockMember(db: Db, email: string): Promise<void> {
  await db
    .update(members)
    .set({ locked: false, lockedUntil: null, failedLogins: 0, updatedAt: new Date() })
    .where(eq(members.email, email));
}

/** An administrator's new password: the member must change it at the next login, and its sessions end now. */
export async function resetMemberPassword(db: Db, email: string, passwordHash: string): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(members)
      .set({ passwordHash, forceChange: true, weakPwd: false, lastPwdChanged: now, updatedAt: now })
      .where(eq(members.email, email));
    await tx.delete(sessions).where(eq(sessions.email, email));
  });
}

const historyColumns = {
  ip: sql<string>`coalesce(${loginHistory.ip}, '')`,
  type: loginHistory.type,
  success: loginHistory.success,
  locked: loginHistory.locked,
  updatedAt: loginHistory.updatedAt,
};

export async function memberLoginHistoryPage(db: Db, email: string, body: Record<string, unknown>): Promise<TablePage<LoginHistory>> {
  const page = await queryTable<
    { ip: string; type: 0 | 1; success: boolean; locked: boolean; email: string; updatedAt: Date },
    keyof typeof historyColumns
  >(
    db,
    wideTable(MEMBER_LOGIN_HISTORY_TABLE),
    body,
    {
      table: loginHistory,
      columns: historyColumns,
      dateColumn: loginHistory.updatedAt,
      uniqueColumn: loginHistory.id,
      base: [eq(loginHistory.email, email)],
    },
    { ...historyColumns, email: loginHistory.email },
  );
  return { ...page, data: page.data.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })) };
}

/** Store codes of these companies, with their company, to check a member's store list against. */
export async function storesOfCompanies(db: Db, companyCodes: string[]): Promise<Map<string, string>> {
  if (!companyCodes.length) return new Map();
  const rows = await db
    .select({ code: stores.storeCode, company: stores.companyCode })
    .from(stores)
    .where(inArray(stores.companyCode, companyCodes));
  return new Map(rows.map((r) => [r.code, r.company]));
}

export async function existingCompanies(db: Db, codes: string[]): Promise<string[]> {
  const rows = await db.select({ code: companies.companyCode }).from(companies).where(inArray(companies.companyCode, codes));
  return rows.map((r) => r.code);
}
