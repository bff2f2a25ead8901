import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Account, LoginHistory } from '../../contract/schemas/members';
import { LOGIN_HISTORY_TABLE } from '../../contract/schemas/members';
import { wideTable } from '../../contract/schemas/common';
import { COMPANY_DEFAULTS } from '../../contract/schemas/constants-admin';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { companies, loginHistory, members, passwordPolicy, sessions } from '../db/schema/index';
import { passwordChangeReason, type PasswordChangeReason } from '../lib/password';
import { queryTable } from '../lib/table-sql';
import { accountAnswer, memberFactColumns } from './members';

/** The signed-in member's own account ("me"), without the password hash. */
export async function accountOf(db: Db, email: string): Promise<Account | undefined> {
  const [m] = await db.select(memberFactColumns).from(members).where(eq(members.email, email));
  return m && accountAnswer(m);
}

export async function updateAccount(db: Db, email: string, values: { name: string; mobile?: string }): Promise<void> {
  await db
    .update(members)
    .set({ name: values.name, ...(values.mobile !== undefined ? { mobile: values.mobile } : {}), updatedAt: new Date() })
    .where(eq(members.email, email));
}

export type { PasswordChangeReason } from '../lib/password';

/** One read of the member's flag, its password's age and the policy's expiry (absent policy row: its defaults). */
export async function passwordChangeDue(db: Db, email: string, now = new Date()): Promise<PasswordChangeReason | undefined> {
  const [row] = await db
    .select({ forceChange: members.forceChange, lastPwdChanged: members.lastPwdChanged, expireDays: passwordPolicy.expireDays })
    .from(members)
    .leftJoin(passwordPolicy, eq(passwordPolicy.id, 1))
    .where(eq(members.email, email));
  return row && passwordChangeReason(row, row.expireDays, now);
}

export async function passwordHashOf(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ hash: members.passwordHash }).from(members).where(eq(members.email, email));
  return row?.hash;
}

/**
 * Store a changed password and end the member's other sessions in one transaction, so that no other device
 * keeps working on the old password. The calling session is left for the console's own logout.
 */
export async function changePassword(
  db: Db,
  email: string,
  keepTokenHash: string,
  values: { passwordHash: string; weakPwd: boolean },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(members)
      .set({ passwordHash: values.passwordHash, weakPwd: values.weakPwd, forceChange: false, lastPwdChanged: now, updatedAt: now })
      .where(eq(members.email, email));
    await tx.delete(sessions).where(and(eq(sessions.email, email), ne(sessions.tokenHash, keepTokenHash)));
  });
}

const historyColumns = {
  ip: loginHistory.ip,
  type: loginHistory.type,
  success: loginHistory.success,
  locked: loginHistory.locked,
  updatedAt: loginHistory.updatedAt,
};

/** One page of the member's own login history (newest first unless the request sorts otherwise). */
export async function loginHistoryPage(db: Db, email: string, body: Record<string, unknown>): Promise<TablePage<LoginHistory>> {
  const page = await queryTable<
    { ip: string | null; type: 0 | 1; success: boolean; locked: boolean; email: string; updatedAt: Date },
    keyof typeof historyColumns
  >(
    db,
    wideTable(LOGIN_HISTORY_TABLE),
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
  return { ...page, data: page.data.map((r) => ({ ...r, ip: r.ip ?? '', updatedAt: r.updatedAt.toISOString() })) };
}

/** Any constant works; it only has to be the same in every server process sharing the database. */
const DEFAULT_COMPANY_LOCK_KEY = 74_112_027;

/**
 * Create the default company of a first login and make the caller a member of it — only while no company
 * exists. The advisory lock makes "no company yet" and the insert one step, so two first logins racing on one
 * PostgreSQL database cannot both create a "default" company.
 */
export async function createDefaultCompany(
  db: Db,
  email: string,
  company: { companyCode: string; companyName: string; address?: string },
): Promise<'created' | 'exists'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEFAULT_COMPANY_LOCK_KEY})`);
    const [{ n }] = await tx.select({ n: count() }).from(companies);
    if (n > 0) return 'exists';
    await tx.insert(companies).values({ ...COMPANY_DEFAULTS, ...company, isDefault: true });
    await tx
      .update(members)
      .set({ companies: sql`array_append(${members.companies}, ${company.companyCode}::text)`, updatedAt: new Date() })
      .where(eq(members.email, email));
    return 'created';
  });
}
