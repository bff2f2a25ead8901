import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { smtpConfigs } from '../db/schema/index';

export type SmtpRow = typeof smtpConfigs.$inferSelect;
export interface SmtpValues {
  enable: boolean;
  server?: string;
  port?: number | null;
  account?: string;
  /** Absent or empty: the stored password stays (the console never receives it, so it cannot send it back). */
  password?: string;
  tls?: boolean;
  ssl?: boolean;
}

/** companyCode null is the global setting of the server config screen. */
const scope = (companyCode: string | null) => (companyCode === null ? isNull(smtpConfigs.companyCode) : eq(smtpConfigs.companyCode, companyCode));

export async function smtpConfigOf(db: Db, companyCode: string | null): Promise<SmtpRow | undefined> {
  const [row] = await db.select().from(smtpConfigs).where(scope(companyCode));
  return row;
}

/** The SMTP settings of several companies at once (the company list shows each company's). */
export async function companySmtpConfigs(db: Db): Promise<Map<string, SmtpRow>> {
  const rows = await db.select().from(smtpConfigs);
  return new Map(rows.filter((r) => r.companyCode !== null).map((r) => [r.companyCode as string, r]));
}

/** Insert or replace the setting of one scope; `db` may be a transaction. */
export async function saveSmtpConfig(db: Db, companyCode: string | null, values: SmtpValues, now = new Date()): Promise<void> {
  const set = {
    enable: values.enable,
    server: values.server?.trim() || null,
    port: values.port ?? null,
    account: values.account?.trim() || null,
    tls: values.tls ?? false,
    ssl: values.ssl ?? false,
    updatedAt: now,
    ...(values.password ? { password: values.password } : {}),
  };
  await db
    .insert(smtpConfigs)
    .values({ companyCode, ...set })
    .onConflictDoUpdate({ target: smtpConfigs.companyCode, set });
}
