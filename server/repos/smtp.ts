import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { smtpConfigs } from '../db/schema/index';
import { isSealed, openSecret, sealSecret } from '../lib/secret-box';

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
const scope = (companyCode: string | null) =>
  companyCode === null ? isNull(smtpConfigs.companyCode) : eq(smtpConfigs.companyCode, companyCode);

export async function smtpConfigOf(db: Db, companyCode: string | null): Promise<SmtpRow | undefined> {
  const [row] = await db.select().from(smtpConfigs).where(scope(companyCode));
  return row;
}

/** The SMTP settings of several companies at once (the company list shows each company's). */
export async function companySmtpConfigs(db: Db): Promise<Map<string, SmtpRow>> {
  const rows = await db.select().from(smtpConfigs);
  return new Map(rows.filter((r) => r.companyCode !== null).map((r) => [r.companyCode as string, r]));
}

/** The stored password in clear, for logging in to the stored host only (empty when none is stored). */
export const storedSmtpPassword = (row: SmtpRow | undefined): string => (row?.password ? openSecret(row.password) : '');

/** Host names are case-insensitive; an account is compared as typed (some hosts' logins are not). */
export function isStoredDestination(row: SmtpRow | undefined, values: Pick<SmtpValues, 'server' | 'port' | 'account'>): boolean {
  if (!row?.server) return false;
  return (
    row.server.toLowerCase() === (values.server?.trim() ?? '').toLowerCase() &&
    row.port === (values.port ?? null) &&
    (row.account ?? '') === (values.account?.trim() ?? '')
  );
}

/**
 * The password column's new value. A typed password is sealed. None typed keeps the stored one only while host,
 * port and account stay: otherwise saving a new host without the password would send the old one there at the
 * next mail. One stored in clear before passwords were sealed is sealed now.
 */
async function passwordToStore(db: Db, companyCode: string | null, values: SmtpValues): Promise<{ password?: string | null }> {
  if (values.password) return { password: sealSecret(values.password) };
  const row = await smtpConfigOf(db, companyCode);
  if (!row?.password) return {};
  if (!isStoredDestination(row, values)) return { password: null };
  return isSealed(row.password) ? {} : { password: sealSecret(row.password) };
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
    ...(await passwordToStore(db, companyCode, values)),
  };
  await db
    .insert(smtpConfigs)
    .values({ companyCode, ...set })
    .onConflictDoUpdate({ target: smtpConfigs.companyCode, set });
}
