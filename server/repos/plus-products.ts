import type { PlusShow } from '../db/schema/plus';
import type { Db } from '../db/client';
import { decorateProducts } from './decorated-products';
import { findProducts } from './products';

/**
 * What a Plus device shows for the product objects of a slide: a product object's id is its number in the device's
 * product list (plus-signage §3), and what it shows is that product's data after the Plus data decorator (when it
 * is switched on, README "User scripts") — name (info slot 0, else the code) and price (slot 1), as a label draws
 * them. Keyed by the object's id; a number that names no assigned or known product is left out.
 */
export async function plusProductTexts(
  db: Db,
  storeCode: string,
  assigned: readonly string[],
  slide: PlusShow | undefined,
): Promise<Map<string, string>> {
  const codeOf = new Map<string, string>();
  for (const o of slide?.object ?? []) {
    const code = o.type === 'product' ? assigned[Number(o.id)] : undefined;
    if (code !== undefined) codeOf.set(String(o.id), code);
  }
  if (!codeOf.size) return new Map();
  const found = await findProducts(db, storeCode, [...codeOf.values()]);
  const shown = [...found.values()];
  const decorated = await decorateProducts(
    db,
    'plusDataDecorator',
    shown.map((p) => ({ prCode: p.prCode, prInfo: p.prInfo })),
  );
  // By position: a decorator may change the code it shows, not which product it stands for.
  const byCode = new Map(
    shown.map((p, i) => [p.prCode, [decorated[i].prInfo[0] || decorated[i].prCode, decorated[i].prInfo[1]].filter(Boolean).join(' ')]),
  );
  return new Map([...codeOf].flatMap(([id, code]) => (byCode.has(code) ? [[id, byCode.get(code)!] as const] : [])));
}
