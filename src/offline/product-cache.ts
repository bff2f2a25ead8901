import { productsEndpoints } from '../../contract/endpoints/products';
import type { TablePage } from '../../contract/table';
import type { Product } from '../../contract/schemas/products';
import { api } from '../platform/api';
import { db, productCacheKey, type CachedProduct } from './db';

/*
 * The offline lookup (issue 4, item 7): a copy of the store's product codes, so that a scanned code the store
 * does not have is refused at scan time even offline ('This product does not exist', console-core §8).
 */

/** The table protocol's largest page: a 20,000-product store is 20 calls. */
export const PRODUCT_CACHE_PAGE = 1000;

export interface ProductCacheInfo {
  count: number;
  /** Epoch ms. */
  refreshedAt: number;
}

/**
 * Read the store's whole product list and replace its copy. The old copy stays until every page has arrived,
 * so a refresh cut short (the Wi-Fi dropped) leaves a complete older copy rather than half a new one.
 * Answers the number of products cached.
 */
export async function refreshProductCache(storeCode: string, signal?: AbortSignal): Promise<number> {
  const rows: CachedProduct[] = [];
  for (let start = 0; ; start += PRODUCT_CACHE_PAGE) {
    const page = (await api.call(productsEndpoints.productList, {
      params: { storeCode },
      body: { draw: 1, start, length: PRODUCT_CACHE_PAGE, columns: [{ data: 'prCode' }], order: [{ column: 0, dir: 'asc' }] },
      signal,
    })) as TablePage<Product>;
    for (const p of page.data) rows.push({ storeCode, prCode: p.prCode, name: p.prInfo[0] ?? '' });
    if (page.data.length < PRODUCT_CACHE_PAGE || start + PRODUCT_CACHE_PAGE >= page.recordsFiltered) break;
  }
  await db.transaction('rw', db.products, db.meta, async () => {
    await db.products.where('storeCode').equals(storeCode).delete();
    await db.products.bulkPut(rows);
    const info: ProductCacheInfo = { count: rows.length, refreshedAt: Date.now() };
    await db.meta.put({ key: productCacheKey(storeCode), value: info });
  });
  return rows.length;
}

/**
 * Whether the store has the product, as far as the copy knows: undefined when the store has no copy yet (the
 * caller cannot decide offline and should queue or ask the server). A false is only as fresh as refreshedAt:
 * ask the server when it can be reached, and use this when it cannot.
 */
export async function knownProduct(storeCode: string, prCode: string): Promise<boolean | undefined> {
  if (!(await db.meta.get(productCacheKey(storeCode)))) return undefined;
  return (await db.products.get([storeCode, prCode])) !== undefined;
}

/** The cached product (its name for the scan log), or undefined. */
export function cachedProduct(storeCode: string, prCode: string): Promise<CachedProduct | undefined> {
  return db.products.get([storeCode, prCode]);
}

/** Size and age of the store's copy; undefined when it has none. */
export async function productCacheInfo(storeCode: string): Promise<ProductCacheInfo | undefined> {
  return (await db.meta.get(productCacheKey(storeCode)))?.value as ProductCacheInfo | undefined;
}
