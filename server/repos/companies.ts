import { count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { COMPANY_DEFAULTS } from '../../contract/schemas/constants-admin';
import { COMPANY_TABLE, type Company } from '../../contract/schemas/settings-company';
import { wideTable } from '../../contract/schemas/common';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { companies, members, roles, stores, systemAlarms } from '../db/schema/index';
import { queryTable } from '../lib/table-sql';
import { companySmtpConfigs, saveSmtpConfig, type SmtpRow, type SmtpValues } from './smtp';

export type CompanyRow = typeof companies.$inferSelect;
/** The settings of a company as the create and update calls carry them (defaults filled in by the caller). */
export type CompanySettings = Omit<typeof companies.$inferInsert, 'companyCode' | 'isDefault' | 'createdAt' | 'updatedAt'>;

const listColumns = {
  companyCode: companies.companyCode,
  companyName: companies.companyName,
  address: companies.address,
  updatedAt: companies.updatedAt,
};

/** The SMTP part of a company as the console sees it: never the password (console-admin §7; docs/architecture.md §3). */
export const smtpAnswer = (row: SmtpRow | undefined) =>
  row
    ? { server: row.server ?? '', port: row.port, account: row.account ?? '', enable: row.enable, password: '', tls: row.tls, ssl: row.ssl }
    : null;

function companyAnswer(row: CompanyRow, smtp: SmtpRow | undefined): Company {
  return {
    companyCode: row.companyCode,
    companyName: row.companyName,
    address: row.address ?? '',
    historyRetentionDays: row.historyRetentionDays,
    updateHistoryRetentionDays: row.updateHistoryRetentionDays,
    tagDisplayRefreshDays: row.tagDisplayRefreshDays,
    gatewayStatusCheckInterval: row.gatewayStatusCheckInterval,
    gatewayStatusCheckMargin: row.gatewayStatusCheckMargin,
    panId: row.panId,
    timeServerIp: row.timeServerIp ?? COMPANY_DEFAULTS.timeServerIp,
    timeServerPort: row.timeServerPort,
    mainFromMac: row.mainFromMac,
    mainFromPage: row.mainFromPage,
    smtp: smtpAnswer(smtp),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * One page of the company list. `scope` undefined = every company (role -1); otherwise only those codes, so a
 * company admin never sees another company's settings.
 */
export async function companyPage(db: Db, body: Record<string, unknown>, scope: string[] | undefined): Promise<TablePage<Company>> {
  const base = [scope ? (scope.length ? inArray(companies.companyCode, scope) : sql`false`) : undefined];
  if (typeof body.global_companyCode === 'string' && body.global_companyCode) base.push(eq(companies.companyCode, body.global_companyCode));
  const page = await queryTable<CompanyRow, keyof typeof listColumns>(
    db,
    wideTable(COMPANY_TABLE),
    body,
    { table: companies, columns: listColumns, dateColumn: companies.updatedAt, uniqueColumn: companies.companyCode, base },
    getTableColumns(companies),
  );
  const smtp = await companySmtpConfigs(db);
  return { ...page, data: page.data.map((row) => companyAnswer(row, smtp.get(row.companyCode))) };
}

export async function findCompany(db: Db, companyCode: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.companyCode, companyCode));
  return row;
}

export async function companyTotal(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companies);
  return row.n;
}

class AdminTaken extends Error {}

/**
 * A company, its first administrator (role 0, member of this company only) and its SMTP setting, in one
 * transaction: a taken login id leaves no company behind. Answers what was already taken, if anything.
 */
export async function createCompanyWithAdmin(
  db: Db,
  company: CompanySettings & { companyCode: string },
  admin: { email: string; name: string; passwordHash: string; weakPwd: boolean },
  smtp: SmtpValues | undefined,
): Promise<'created' | 'company-exists' | 'admin-exists'> {
  return db
    .transaction(async (tx) => {
      const inserted = await tx.insert(companies).values(company).onConflictDoNothing().returning({ code: companies.companyCode });
      if (!inserted.length) return 'company-exists';
      const added = await tx
        .insert(members)
        .values({ ...admin, roleId: 0, companies: [company.companyCode], enableWholeStore: true })
        .onConflictDoNothing()
        .returning({ email: members.email });
      // Throwing undoes the company insert with the transaction.
      if (!added.length) throw new AdminTaken();
      if (smtp) await saveSmtpConfig(tx as unknown as Db, company.companyCode, smtp);
      return 'created' as const;
    })
    .catch((error: unknown) => {
      if (error instanceof AdminTaken) return 'admin-exists' as const;
      throw error;
    });
}

export async function updateCompany(db: Db, companyCode: string, values: CompanySettings, smtp: SmtpValues | undefined): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(companies)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(companies.companyCode, companyCode))
      .returning({ code: companies.companyCode });
    if (!rows.length) return false;
    if (smtp) await saveSmtpConfig(tx as unknown as Db, companyCode, smtp);
    return true;
  });
}

/**
 * Delete a company — its stores, roles and everything under them go with it (foreign keys cascade) — unless it is
 * the last one; the count and the delete are one step.
 * - A member holding one of the company's roles goes too: the role was all its privileges, and members.role_id
 *   refuses to point at nothing (it is what made the delete a 500).
 * - Other members keep their account but lose the company and the company's stores from their store list; a
 *   company administrator left without companies sees "No company information." (console-admin §8).
 * - The change history stays, the record of what was done (this delete among it); so do the download tasks, whose
 *   store code only labels a file their member made.
 */
export async function deleteCompany(db: Db, companyCode: string): Promise<'deleted' | 'missing' | 'last'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(74112028)`);
    const [{ n }] = await tx.select({ n: count() }).from(companies);
    const [row] = await tx.select({ code: companies.companyCode }).from(companies).where(eq(companies.companyCode, companyCode));
    if (!row) return 'missing';
    if (n <= 1) return 'last';
    const companyRoles = tx.select({ id: roles.roleId }).from(roles).where(eq(roles.companyCode, companyCode));
    await tx.delete(members).where(inArray(members.roleId, companyRoles));
    const companyStores = sql`select ${stores.storeCode} from ${stores} where ${stores.companyCode} = ${companyCode}`;
    await tx
      .update(members)
      .set({
        companies: sql`array_remove(${members.companies}, ${companyCode}::text)`,
        stores: sql`coalesce((select jsonb_agg(s.code) from jsonb_array_elements_text(${members.stores}) as s(code) where s.code not in (${companyStores})), '[]'::jsonb)`,
        updatedAt: new Date(),
      })
      .where(sql`${companyCode}::text = any(${members.companies})`);
    // Its alarms name it by code only (a system alarm may belong to no company, so the column has no foreign key).
    await tx.delete(systemAlarms).where(eq(systemAlarms.companyCode, companyCode));
    await tx.delete(companies).where(eq(companies.companyCode, companyCode));
    return 'deleted';
  });
}
