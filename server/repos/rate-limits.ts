import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema/index';

/** One more hit for a key in its fixed window (a new window when the last one ended); answers the count and its end. */
export async function countHit(db: Db, key: string, windowMs: number, now = new Date()): Promise<{ hits: number; windowEnd: Date }> {
  const end = new Date(now.getTime() + windowMs);
  const ended = sql`${rateLimitHits.windowEnd} <= ${now}`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, windowEnd: end })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`(case when ${ended} then 1 else ${rateLimitHits.hits} + 1 end)`,
        windowEnd: sql`(case when ${ended} then ${end}::timestamptz else ${rateLimitHits.windowEnd} end)`,
      },
    })
    .returning({ hits: rateLimitHits.hits, windowEnd: rateLimitHits.windowEnd });
  return row;
}

export async function readHits(db: Db, key: string, now = new Date()): Promise<{ hits: number; windowEnd: Date } | undefined> {
  const [row] = await db
    .select({ hits: rateLimitHits.hits, windowEnd: rateLimitHits.windowEnd })
    .from(rateLimitHits)
    .where(sql`${rateLimitHits.key} = ${key}`);
  return row && row.windowEnd > now ? row : undefined;
}

export async function purgeEndedWindows(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowEnd, now));
}
