import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { stores } from '../db/schema/index';

/** Company of each named store that exists; a code missing from the answer is unknown. */
export async function storeCompanies(db: Db, codes: string[]): Promise<Map<string, string>> {
  const rows = await db.select({ storeCode: stores.storeCode, companyCode: stores.companyCode }).from(stores).where(inArray(stores.storeCode, codes));
  return new Map(rows.map((r) => [r.storeCode, r.companyCode]));
}
