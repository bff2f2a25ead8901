import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { amacs } from '../db/schema/index';

export async function amacList(db: Db): Promise<{ abstractCode: string; abstractData: string }[]> {
  return db.select({ abstractCode: amacs.abstractCode, abstractData: amacs.abstractData }).from(amacs).orderBy(asc(amacs.abstractCode));
}

/** false when the code is taken already. */
export async function addAmac(db: Db, abstractCode: string, abstractData: string): Promise<boolean> {
  const rows = await db.insert(amacs).values({ abstractCode, abstractData }).onConflictDoNothing().returning({ id: amacs.id });
  return rows.length > 0;
}

/** false when there is no such code. */
export async function updateAmac(db: Db, abstractCode: string, abstractData: string): Promise<boolean> {
  const rows = await db
    .update(amacs)
    .set({ abstractData, updatedAt: new Date() })
    .where(eq(amacs.abstractCode, abstractCode))
    .returning({ id: amacs.id });
  return rows.length > 0;
}

export async function deleteAmac(db: Db, abstractCode: string): Promise<boolean> {
  const rows = await db.delete(amacs).where(eq(amacs.abstractCode, abstractCode)).returning({ id: amacs.id });
  return rows.length > 0;
}
