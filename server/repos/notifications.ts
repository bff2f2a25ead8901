import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationContentBody, NotificationContentEntry } from '../../contract/schemas/alarms';
import type { Db } from '../db/client';
import { alarmConfig, members, notificationContents, notificationSettings } from '../db/schema/index';

/** The notification keys there are (gwOff1Hr, notRecvCsv4Hr, abnorTagProduct in the demo data). */
export async function notificationKeys(db: Db): Promise<string[]> {
  const rows = await db.select({ key: notificationSettings.key }).from(notificationSettings).orderBy(asc(notificationSettings.key));
  return rows.map((r) => r.key);
}

export async function enabledNotificationKeys(db: Db): Promise<string[]> {
  const rows = await db
    .select({ key: notificationSettings.key })
    .from(notificationSettings)
    .where(eq(notificationSettings.enabled, true))
    .orderBy(asc(notificationSettings.key));
  return rows.map((r) => r.key);
}

/** Exactly the given keys on, every other key off (the caller has checked that each exists). */
export async function saveEnabledNotifications(db: Db, enabled: string[], now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(notificationSettings).set({ enabled: false, updatedAt: now });
    if (enabled.length)
      await tx.update(notificationSettings).set({ enabled: true, updatedAt: now }).where(inArray(notificationSettings.key, enabled));
  });
}

const contentColumns = {
  key: notificationContents.key,
  title: notificationContents.title,
  detail: notificationContents.detail,
  subject: notificationContents.subject,
  body: notificationContents.body,
};

export async function notificationContentList(db: Db): Promise<NotificationContentEntry[]> {
  return db.select(contentColumns).from(notificationContents).orderBy(asc(notificationContents.key));
}

export async function notificationContent(db: Db, key: string): Promise<NotificationContentEntry | undefined> {
  const [row] = await db.select(contentColumns).from(notificationContents).where(eq(notificationContents.key, key));
  return row;
}

/** Store the contents of existing keys in one transaction; false (nothing stored) when a key is unknown. */
export async function saveNotificationContents(
  db: Db,
  contents: (NotificationContentBody & { key: string })[],
  now = new Date(),
): Promise<boolean> {
  const keys = contents.map((c) => c.key);
  const known = await db
    .select({ key: notificationContents.key })
    .from(notificationContents)
    .where(inArray(notificationContents.key, keys));
  if (known.length !== new Set(keys).size) return false;
  await db.transaction(async (tx) => {
    for (const { key, title, detail, subject, body } of contents) {
      await tx.update(notificationContents).set({ title, detail, subject, body, updatedAt: now }).where(eq(notificationContents.key, key));
    }
  });
  return true;
}

/**
 * Who gets a company's notification mail: its company administrators (role 0) that are not locked; without any,
 * the alarm config's administrator addresses (our choice: a company with no admin still reaches someone).
 */
export async function notificationRecipients(db: Db, companyCode: string | null): Promise<string[]> {
  if (companyCode) {
    const rows = await db
      .select({ email: members.email })
      .from(members)
      .where(and(eq(members.roleId, 0), eq(members.locked, false), sql`${companyCode} = any(${members.companies})`))
      .orderBy(asc(members.email));
    if (rows.length) return rows.map((r) => r.email);
  }
  const [config] = await db.select({ admin: alarmConfig.admin }).from(alarmConfig).where(eq(alarmConfig.id, 1));
  return config?.admin ?? [];
}
