import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/index';
import { moneyOfAddress, PLAIN_NUMBERS, type Money } from './money';

/** How the company's labels write prices, from its address (money.ts); plain numbers for an unknown company. */
export async function companyMoney(db: Db, companyCode: string | null | undefined): Promise<Money> {
  if (!companyCode) return PLAIN_NUMBERS;
  const [row] = await db.select({ address: companies.address }).from(companies).where(eq(companies.companyCode, companyCode));
  return moneyOfAddress(row?.address);
}
