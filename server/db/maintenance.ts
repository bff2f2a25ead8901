import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Refresh planner statistics and the visibility map. PGlite has no autovacuum; without this, index-only scans
 * (the tag list's paging and counts) fall back to reading table rows after bulk inserts.
 */
export async function vacuumAnalyze(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}
