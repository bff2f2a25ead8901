import { and, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { wideTable } from '../../contract/schemas/common';
import { PRODUCT_TABLE, PRODUCT_TAG_TABLE, type Product, type ProductTagRow, type TagTypeInStore } from '../../contract/schemas/products';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { products, tagTypes, tags } from '../db/schema/index';
import { ApiError } from '../lib/errors';
import { queryTable } from '../lib/table-sql';
import { prInfoText } from './tag-history';

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
  const tagTypes = byType
    .filter((t) => t.tagType !== null)
    .map((t) => t.tagType as string)
    .sort();
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

// ---- The product list (console-admin §3) and the product files read the same source ----

export interface ProductFileRow {
  prCode: string;
  type: string | null;
  layoutId: string | null;
  nfc: string | null;
  barcode: string | null;
  prInfo: string[];
  tagCount: number;
  updatedAt: Date;
}

type ProductField = keyof typeof PRODUCT_TABLE.fields;

/**
 * Products of a store over PRODUCT_TABLE. assignedOnly keeps the products that an assigned tag shows (file type
 * 6); prCodes narrows to named products. tagCount is a correlated count: evaluated per row of the page, and for
 * every row only when a client filters or sorts by it.
 */
export async function productPage(
  db: Db,
  storeCode: string,
  body: Record<string, unknown>,
  opts: { assignedOnly?: boolean; prCodes?: string[] } = {},
): Promise<TablePage<ProductFileRow>> {
  // Qualified by hand: Drizzle writes a lone table's columns unqualified, and inside the subquery an unqualified
  // "store_code" would be the tag's own column (every tag of every product counted).
  const outer = sql.raw('"products"."store_code"');
  const outerCode = sql.raw('"products"."pr_code"');
  const tagCount = sql<number>`(select count(*)::int from ${tags} t where t.store_code = ${outer} and t.pr_code = ${outerCode})`;
  const columns: Record<ProductField, PgColumn | SQL> = {
    prCode: products.prCode,
    type: products.type,
    layoutId: products.layoutId,
    nfc: products.nfc,
    barcode: products.barcode,
    prInfo: prInfoText(products.prInfo),
    tagCount,
    updatedAt: products.updatedAt,
  };
  const base: SQL[] = [eq(products.storeCode, storeCode)];
  if (opts.assignedOnly) {
    base.push(sql`exists (select 1 from ${tags} t where t.store_code = ${outer} and t.pr_code = ${outerCode} and t.operation = 1)`);
  }
  if (opts.prCodes) base.push(sql`${products.prCode} = any(${sql.param(opts.prCodes)}::text[])`);
  return queryTable<ProductFileRow, ProductField>(
    db,
    wideTable(PRODUCT_TABLE),
    body,
    { table: products, columns, dateColumn: products.updatedAt, uniqueColumn: products.prCode, base },
    {
      prCode: products.prCode,
      type: products.type,
      layoutId: products.layoutId,
      nfc: products.nfc,
      barcode: products.barcode,
      prInfo: products.prInfo,
      tagCount: tagCount.as('tag_count'),
      updatedAt: products.updatedAt,
    },
  );
}

/** The product list answer: each row with the tag types showing it, from one grouped query over the page. */
export async function listProducts(db: Db, storeCode: string, body: Record<string, unknown>): Promise<TablePage<Product>> {
  const page = await productPage(db, storeCode, body);
  const types = new Map<string, string[]>();
  const codes = page.data.map((r) => r.prCode);
  if (codes.length) {
    const rows = await db
      .selectDistinct({ prCode: tags.prCode, tagType: tags.tagType })
      .from(tags)
      .where(and(eq(tags.storeCode, storeCode), inArray(tags.prCode, codes)));
    for (const r of rows) if (r.prCode && r.tagType) types.set(r.prCode, [...(types.get(r.prCode) ?? []), r.tagType]);
  }
  return {
    ...page,
    data: page.data.map((r) => ({
      prCode: r.prCode,
      type: r.type ?? '',
      prInfo: r.prInfo,
      layoutId: r.layoutId ?? '',
      nfc: r.nfc ?? '',
      barcode: r.barcode ?? '',
      updatedAt: r.updatedAt.toISOString(),
      tagCount: r.tagCount,
      tagType: (types.get(r.prCode) ?? []).sort(),
    })),
  };
}

// ---- The product screens of console-admin §2 ----

/** Tags showing one product (the product tag list by code), 25 a page in the console. */
export async function productTagPage(
  db: Db,
  storeCode: string,
  prCode: string,
  body: Record<string, unknown>,
): Promise<TablePage<ProductTagRow>> {
  const [product] = await db
    .select({ prInfo: products.prInfo })
    .from(products)
    .where(and(eq(products.storeCode, storeCode), eq(products.prCode, prCode)));
  if (!product) throw productNotFound();
  const page = await queryTable<{ barcode: string; layoutId: string | null }, keyof typeof PRODUCT_TAG_TABLE.fields>(
    db,
    wideTable(PRODUCT_TAG_TABLE),
    body,
    {
      table: tags,
      columns: { barcode: tags.barcode, layoutId: tags.layoutId },
      uniqueColumn: tags.tagMac,
      base: [eq(tags.storeCode, storeCode), eq(tags.prCode, prCode)],
    },
    { barcode: tags.barcode, layoutId: tags.layoutId },
  );
  return { ...page, data: page.data.map((r) => ({ barcode: r.barcode, layoutId: r.layoutId ?? '', prCode, prInfo: product.prInfo })) };
}

/** How many distinct tags of the store show any of these products (LED and page control). */
export async function tagsShowing(db: Db, storeCode: string, codes: readonly string[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tags)
    .where(and(eq(tags.storeCode, storeCode), inArray(tags.prCode, [...new Set(codes)])));
  return row.n;
}

/**
 * Delete the listed products that no tag of the store shows; a shown product stays (the console's "remove
 * unused" never takes a product off a shelf label).
 */
export async function removeUnusedProducts(db: Db, storeCode: string, codes: readonly string[]): Promise<number> {
  const outerStore = sql.raw('"products"."store_code"');
  const outerCode = sql.raw('"products"."pr_code"');
  let removed = 0;
  const unique = [...new Set(codes)];
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .delete(products)
      .where(
        and(
          eq(products.storeCode, storeCode),
          inArray(products.prCode, unique.slice(i, i + 1000)),
          sql`not exists (select 1 from ${tags} t where t.store_code = ${outerStore} and t.pr_code = ${outerCode})`,
        ),
      )
      .returning({ prCode: products.prCode });
    removed += rows.length;
  }
  return removed;
}

/** Every known tag type, flagged in use when a tag of the store has its prefix. */
export async function tagTypesInStore(db: Db, storeCode: string): Promise<TagTypeInStore[]> {
  const used = new Set(
    (await db.selectDistinct({ tagType: tags.tagType }).from(tags).where(eq(tags.storeCode, storeCode))).flatMap((r) =>
      r.tagType ? [r.tagType.toUpperCase()] : [],
    ),
  );
  const rows = await db.select().from(tagTypes).orderBy(tagTypes.prefix);
  return rows.map((t) => ({
    prefix: t.prefix,
    model: t.model,
    resolution: t.resolution ?? (t.width && t.height ? `${t.width}x${t.height}` : ''),
    inUse: used.has(t.prefix),
  }));
}

/** Screen size of a tag type prefix, when known. */
export async function labelSizeOf(db: Db, prefix: string): Promise<{ width: number; height: number } | undefined> {
  const [t] = await db
    .select({ width: tagTypes.width, height: tagTypes.height })
    .from(tagTypes)
    .where(eq(tagTypes.prefix, prefix.toUpperCase()));
  return t?.width && t.height ? { width: t.width, height: t.height } : undefined;
}
