import { and, eq, like, sql } from 'drizzle-orm';
import { NO_PRODUCT_LAYOUT_MARK } from '../../contract/schemas/constants-core';
import type { Db } from '../db/client';
import { gateways, products, tags, type TagStatus } from '../db/schema/index';
import { catalogOf, productPlan, productRow, TAG_FEATURES, type ProductPlan } from './products';
import { Rng, hex, minutesAgo, quotas } from './random';
import { insertBulk } from './insert';

/**
 * tagMac = barcode = 'C4' + store number (4 hex) + running number (6 hex): unique across the data set by
 * construction, and a store's tags sort in the order they were made.
 */
export const TAG_MAC_FAMILY = 'C4';
export const tagPrefix = (storeNo: number) => `${TAG_MAC_FAMILY}${hex(storeNo, 4)}`;

const STATUS_SHARES: [TagStatus, number][] = [
  ['OK', 86],
  ['NG', 4],
  ['WIP', 2],
  ['UPDATE', 2],
  ['MISSING', 1],
  ['REQ_ONLY', 1],
  ['REQ_ONLY2', 1],
  ['DEASSIGN', 1],
];
const NO_PRODUCT_SHARE = 0.05;
const LOW_BATTERY_SHARE = 0.03;
const FREEZER = new Set(['D', 'C', '5', '4']);
// Colour LED tags in the mid sizes dominate real shelves; the big and freezer ones are rarer.
const TYPE_WEIGHTS: (readonly [string, number])[] = Object.keys(TAG_FEATURES).flatMap((f) =>
  ['1', '2', '3', '4', '5'].map(
    (s) => [f + s, (FREEZER.has(f) ? 1 : 4) * ({ 1: 2, 2: 5, 3: 4, 4: 2, 5: 1 } as Record<string, number>)[s]] as const,
  ),
);
/** Codes the tag type table does not know: the console shows UNKNOWN. */
const UNKNOWN_TYPES = ['Z9', 'X1', 'F7'];

export interface StoreTagsInput {
  storeCode: string;
  companyCode: string;
  prefix: string;
  start: number;
  count: number;
  seed: number;
  gateways: { gwMac: string; address: string }[];
  now: Date;
  /** Products nobody uses yet, made after the tagged ones. */
  unusedProducts?: number;
}

export interface StoreTagsResult {
  tags: (typeof tags.$inferInsert)[];
  products: ProductPlan[];
}

/** Groups of 2–3 tags sharing one product code, about one group per 200 tags and at least one. */
function duplicateGroups(rng: Rng, count: number, hasProduct: boolean[]): Map<number, number> {
  const sameAs = new Map<number, number>();
  const groups = Math.max(1, Math.round(count / 200));
  for (let g = 0, tries = 0; g < groups && tries < groups * 50; tries++) {
    const size = rng.int(2, 3);
    const p = rng.int(0, Math.max(0, count - size));
    const span = Array.from({ length: size }, (_, i) => p + i);
    if (span.some((i) => i >= count || !hasProduct[i] || sameAs.has(i) || [...sameAs.values()].includes(i))) continue;
    for (const i of span.slice(1)) sameAs.set(i, p);
    g++;
  }
  return sameAs;
}

/** The tags (and their products) of one store, all cases in fixed shares so that even 100 tags hold each. */
export function planStoreTags(input: StoreTagsInput): StoreTagsResult {
  const { storeCode, companyCode, prefix, start, count, now } = input;
  const rng = Rng.of(input.seed, 'tags', storeCode, start);
  const catalog = catalogOf(input.seed, companyCode);
  const statuses = quotas(rng, count, STATUS_SHARES);
  const lowBattery = quotas(rng, count, [
    [true, LOW_BATTERY_SHARE],
    [false, 1 - LOW_BATTERY_SHARE],
  ]);
  // DEASSIGN tags have no product; more tags without one are drawn from the OK ones up to 5 %.
  const hasProduct = statuses.map((s) => s !== 'DEASSIGN');
  const okIdx = rng.shuffle(statuses.flatMap((s, i) => (s === 'OK' ? [i] : [])));
  const extraNoProduct = Math.max(1, Math.round(count * NO_PRODUCT_SHARE)) - (count - hasProduct.filter(Boolean).length);
  for (const i of okIdx.slice(0, Math.max(0, extraNoProduct))) hasProduct[i] = false;
  const sameAs = duplicateGroups(rng, count, hasProduct);
  const unknown = new Set(rng.shuffle(Array.from({ length: count }, (_, i) => i)).slice(0, Math.max(1, Math.round(count * 0.003))));

  const plans = new Map<number, ProductPlan>();
  const planOf = (item: number) => {
    let plan = plans.get(item);
    if (!plan) plans.set(item, (plan = productPlan(catalog, item)));
    return plan;
  };
  const rows: (typeof tags.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const k = start + i;
    const status = statuses[i];
    const product = hasProduct[i] ? planOf(start + (sameAs.get(i) ?? i)) : undefined;
    const tagType = unknown.has(i) ? rng.pick(UNKNOWN_TYPES) : rng.weighted(TYPE_WEIGHTS);
    const gw = input.gateways.length ? input.gateways[(i + rng.int(0, 1)) % input.gateways.length] : undefined;
    const low = lowBattery[i];
    const busy = status === 'WIP' || status === 'UPDATE';
    const updatedAt = busy ? minutesAgo(now, rng.int(1, 20)) : minutesAgo(now, rng.chance(0.15) ? rng.int(5, 600) : rng.int(600, 7 * 1440));
    const missing = status === 'MISSING';
    const tagMac = prefix + hex(k, 6);
    rows.push({
      tagMac,
      storeCode,
      companyCode,
      barcode: tagMac,
      prCode: product?.prCode ?? null,
      tagType,
      gwMac: gw?.gwMac ?? null,
      gwIp: gw?.address ?? null,
      operation: product ? 1 : 0,
      // As the server names an operation when it does one (repos/tag-assign.ts); a tag never assigned has none.
      operationName: product ? 'ASSIGN' : null,
      status,
      battStatus: low ? 'NG' : 'OK',
      mode: busy ? 'Assign' : rng.chance(0.03) ? 'Active' : 'Normal',
      version: rng.weighted([
        [0x0412, 6],
        [0x0410, 3],
        [0x0321, 1],
      ] as const),
      rssi: missing ? null : -rng.int(42, 88),
      battery: low ? rng.int(3, 18) : rng.int(45, 100),
      temperature: FREEZER.has(tagType[0]) ? -rng.int(16, 22) : rng.int(17, 27),
      layoutId: product ? product.layoutId : NO_PRODUCT_LAYOUT_MARK,
      degree: rng.chance(0.05) ? 180 : 0,
      nfc: product?.nfc ?? null,
      updatedAt,
      respondedAt: missing ? minutesAgo(now, rng.int(2, 6) * 1440) : minutesAgo(updatedAt, -rng.int(0, 3)),
      createdAt: minutesAgo(now, 60 * 24 * 45),
    });
  }
  const unused = Array.from({ length: input.unusedProducts ?? 0 }, (_, i) => planOf(start + count + i));
  return { tags: rows, products: [...new Set([...plans.values(), ...unused])] };
}

export async function insertStoreTags(db: Db, storeCode: string, planned: StoreTagsResult, now: Date): Promise<void> {
  await insertBulk(
    db,
    products,
    planned.products.map((p) => productRow(storeCode, p, now)),
    { ignoreConflicts: true },
  );
  await insertBulk(db, tags, planned.tags);
}

/** Gateways report their own tag count; after bulk inserts it is brought in line with the tags table. */
export async function refreshGatewayTagCounts(db: Db, storeCode?: string): Promise<void> {
  const count = sql`(select count(*)::int from ${tags} where ${tags.gwMac} = ${gateways.gwMac})`;
  await db
    .update(gateways)
    .set({ tagCount: count })
    .where(storeCode ? eq(gateways.storeCode, storeCode) : undefined);
}

/**
 * Bulk tags for one existing store (the benchmark puts 50,000 in one store). Without startIndex the running
 * numbers continue after the store's existing seeded tags; a store without any gets the next free store number.
 */
export async function seedStoreTags(
  db: Db,
  opts: { storeCode: string; companyCode: string; count: number; seed: number; startIndex?: number },
): Promise<void> {
  const now = new Date();
  const [own] = await db
    .select({ last: sql<string | null>`max(${tags.tagMac})` })
    .from(tags)
    .where(and(eq(tags.storeCode, opts.storeCode), like(tags.tagMac, `${TAG_MAC_FAMILY}%`)));
  let prefix: string;
  let next = 0;
  if (own?.last) {
    prefix = own.last.slice(0, 6);
    next = parseInt(own.last.slice(6), 16) + 1;
  } else {
    const [all] = await db
      .select({ last: sql<string | null>`max(${tags.tagMac})` })
      .from(tags)
      .where(like(tags.tagMac, `${TAG_MAC_FAMILY}%`));
    prefix = tagPrefix(all?.last ? parseInt(all.last.slice(2, 6), 16) + 1 : 0x100);
  }
  const gws = await db
    .select({ gwMac: gateways.gwMac, ip: gateways.ip })
    .from(gateways)
    .where(eq(gateways.storeCode, opts.storeCode))
    .orderBy(gateways.gwMac);
  const planned = planStoreTags({
    storeCode: opts.storeCode,
    companyCode: opts.companyCode,
    prefix,
    start: opts.startIndex ?? next,
    count: opts.count,
    seed: opts.seed,
    gateways: gws.map((g) => ({ gwMac: g.gwMac, address: (g.ip ?? '').replace(/:\d+$/, '') })),
    now,
  });
  await db.transaction(async (tx) => {
    await insertStoreTags(tx, opts.storeCode, planned, now);
    await refreshGatewayTagCounts(tx, opts.storeCode);
  });
}
