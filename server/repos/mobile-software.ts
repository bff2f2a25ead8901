import { desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mobileSoftware } from '../db/schema/index';

export type MobileSoftwareRow = typeof mobileSoftware.$inferSelect;

/** Newest first: the list the console pages 10 at a time. */
export async function mobileSoftwareList(db: Db): Promise<MobileSoftwareRow[]> {
  return db.select().from(mobileSoftware).orderBy(desc(mobileSoftware.updatedAt), desc(mobileSoftware.id));
}

export async function findMobileSoftware(db: Db, id: number): Promise<MobileSoftwareRow | undefined> {
  const [row] = await db.select().from(mobileSoftware).where(eq(mobileSoftware.id, id));
  return row;
}

export async function mobileSoftwareByVersion(db: Db, ver: string): Promise<MobileSoftwareRow | undefined> {
  const [row] = await db.select().from(mobileSoftware).where(eq(mobileSoftware.ver, ver));
  return row;
}

export async function addMobileSoftware(
  db: Db,
  values: { ver: string; fileName: string; filePath: string; size: number },
): Promise<number> {
  const [row] = await db.insert(mobileSoftware).values(values).returning({ id: mobileSoftware.id });
  return row.id;
}

/** Exactly one file active afterwards (a partial unique index holds the rule): off for the others first. */
export async function activateMobileSoftware(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: mobileSoftware.id }).from(mobileSoftware).where(eq(mobileSoftware.id, id)).for('update');
    if (!row) return false;
    await tx.update(mobileSoftware).set({ active: false }).where(ne(mobileSoftware.id, id));
    await tx.update(mobileSoftware).set({ active: true }).where(eq(mobileSoftware.id, id));
    return true;
  });
}

/** The removed row (its file key, for the file store), or undefined when there was none. */
export async function removeMobileSoftware(db: Db, id: number): Promise<MobileSoftwareRow | undefined> {
  const [row] = await db.delete(mobileSoftware).where(eq(mobileSoftware.id, id)).returning();
  return row;
}
