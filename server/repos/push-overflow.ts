import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pushOverflow } from '../db/schema/index';

/** Sends a NOTIFY on a channel; the payload must stay under PostgreSQL's 8,000 bytes. */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export async function storeOverflow(db: Db, payload: unknown): Promise<number> {
  const [row] = await db
    .insert(pushOverflow)
    .values({ payload: sql`${JSON.stringify(payload)}::jsonb` })
    .returning({ id: pushOverflow.id });
  return row.id;
}

export async function readOverflow(db: Db, id: number): Promise<unknown> {
  const [row] = await db.select({ payload: pushOverflow.payload }).from(pushOverflow).where(eq(pushOverflow.id, id));
  return row?.payload;
}

/** Every process has read a message within seconds; older rows only take room. */
export async function purgeOverflow(db: Db, before: Date): Promise<void> {
  await db.delete(pushOverflow).where(lt(pushOverflow.createdAt, before));
}
