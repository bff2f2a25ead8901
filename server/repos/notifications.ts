import { asc, eq, inArray } from 'drizzle-orm';
import type { NotificationContentBody, NotificationContentEntry } from '../../src/api/contract/alarms';
import type { Db } from '../db/client';
import { notificationContents, notificationSettings } from '../db/schema/index';

/** The notification keys there are (gwOff1Hr, notRecvCsv4Hr, abnorTagProduct in the demo data). */
export async function notificationKeys(db: Db): Promise<string[]> {
  const rows = await db.select({ key: notificationSettings.key }).from(notificationSettings).orderBy(asc(notificationSettings.key));
  return rows.map((r) => r.key);
}

export async function enabledNotificationKeys(db: Db): Promise<string[]> {
  const rows = await db.select({ key: notificationSettings.key }).from(notificationSettings).where(eq(notificationSettings.enabled, true)).orderBy(asc(notificationSettings.key));
  return rows.map((r) => r.key);
}

/** Exactly the given keys on, every other key off (the caller has checked that each exists). */
export async function saveEnabledNotifications(db: Db, enabled: string[], now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(notificationSettings).set({ enabled: false, updatedAt: now });
    if (enabled.length) await tx.update(notificationSettings).set({ enabled: true, updatedAt: now }).where(inArray(notificationSettings.key, enabled));
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
export async function saveNotificationContents(db: Db, contents: (NotificationContentBody & { key: string })[], now = new Date()): Promise<boolean> {
  const keys = contents.map((c) => c.key);
  const known = await db.select({ key: notificationContents.key }).from(notificationContents).where(inArray(notificationContents.key, keys));
  if (known.length !== new Set(keys).size) return false;
  await db.transaction(async (tx) => {
    for (const { key, title, detail, subject, body } of contents) {
      await tx.update(notificationContents).set({ title, detail, subject, body, updatedAt: now }).where(eq(notificationContents.key, key));
    }
  });
  return true;
}
