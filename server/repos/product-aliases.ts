import { asc, eq } from 'drizzle-orm';
import type { AliasItem } from '../../src/api/contract/settings-alias';
import type { Db } from '../db/client';
import { aliases } from '../db/schema/index';

/** A company's alias items in index order: the names of the product info slots and their chart flags. */
export async function aliasItems(db: Db, companyCode: string): Promise<AliasItem[]> {
  const rows = await db.select().from(aliases).where(eq(aliases.companyCode, companyCode)).orderBy(asc(aliases.index));
  return rows.map((a) => ({ index: a.index, name: a.name, type: a.type ?? '', key: a.key, chart: a.chart, dataTypeLength: a.dataTypeLength }));
}
