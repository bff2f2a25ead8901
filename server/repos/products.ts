import { and, count, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products, tags } from '../db/schema/index';
import { ApiError } from '../lib/errors';

/** console-core §8, exact text. */
export const PRODUCT_NOT_FOUND = 'This product does not exist';
export const productNotFound = () => new ApiError(404, 'PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND);

export interface ProductRef {
  prCode: string;
  prInfo: string[];
  layoutId: string | null;
  nfc: string | null;
}

/** The named products of a store, by code; codes missing from the answer do not exist. */
export async function findProducts(db: Db, storeCode: string, codes: readonly string[]): Promise<Map<string, ProductRef>> {
  const unique = [...new Set(codes)];
  const found = new Map<string, ProductRef>();
  // 1,000 codes per statement keeps the bound parameters far below PostgreSQL's limit.
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .select({ prCode: products.prCode, prInfo: products.prInfo, layoutId: products.layoutId, nfc: products.nfc })
      .from(products)
      .where(and(eq(products.storeCode, storeCode), inArray(products.prCode, unique.slice(i, i + 1000))));
    for (const row of rows) found.set(row.prCode, row);
  }
  return found;
}

/** As findProducts, but every code must exist: otherwise the spec's 404 'This product does not exist'. */
export async function requireProducts(db: Db, storeCode: string, codes: readonly string[]): Promise<Map<string, ProductRef>> {
  const found = await findProducts(db, storeCode, codes);
  if (codes.some((code) => !found.has(code))) throw productNotFound();
  return found;
}

export async function productExists(db: Db, storeCode: string, prCode: string): Promise<boolean> {
  return (await findProducts(db, storeCode, [prCode])).size > 0;
}

/** One product with the tags showing it (count and tag types), for the scan check of the assign flow. */
export async function productByCode(db: Db, storeCode: string, prCode: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.storeCode, storeCode), eq(products.prCode, prCode)));
  if (!row) throw productNotFound();
  const byType = await db
    .select({ tagType: tags.tagType, n: count() })
    .from(tags)
    .where(and(eq(tags.storeCode, storeCode), eq(tags.prCode, prCode)))
    .groupBy(tags.tagType);
  const tagTypes = byType.filter((t) => t.tagType !== null).map((t) => t.tagType as string).sort();
  return {
    prCode: row.prCode,
    storeCode: row.storeCode,
    type: row.type,
    prInfo: row.prInfo,
    layoutId: row.layoutId,
    nfc: row.nfc,
    barcode: row.barcode,
    tagCount: byType.reduce((sum, t) => sum + t.n, 0),
    tagType: tagTypes,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Product codes of a store that contain the keyword (case-insensitive), for the Plus search. */
export async function searchProductCodes(db: Db, storeCode: string, keyword: string, limit: number): Promise<string[]> {
  const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ prCode: products.prCode })
    .from(products)
    .where(and(eq(products.storeCode, storeCode), ilike(products.prCode, like)))
    .orderBy(products.prCode)
    .limit(limit);
  return rows.map((r) => r.prCode);
}
