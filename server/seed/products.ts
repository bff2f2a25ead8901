import type { Db } from '../db/client';
import { aliases, customDataTypes, layoutConfigs, layoutTypes, productTypes, products, secondCodes, tagTypes } from '../db/schema/index';
import { COMPANIES, type CompanyDef } from './stores';
import { Rng, ean13, makeFaker } from './random';
import { insertRows } from './insert';

/*
 * prInfo follows the alias config below: slot 0 is the key (the name), slot 1 the chart field (the price).
 * The same layout for every company keeps the generator simple; the alias screen can change it afterwards.
 * ORIGIN and BRAND hold faker's country and company names (up to 51 and 55 characters): a product file refuses a
 * value longer than its alias's dataTypeLength (issue 32), so the demo config gives them room.
 */
export const ALIAS_DEFS = [
  { index: 0, name: 'NAME', type: 'STRING', key: true, chart: false, dataTypeLength: 40 },
  { index: 1, name: 'PRICE', type: 'NUMBER', key: false, chart: true, dataTypeLength: 10 },
  { index: 2, name: 'ORIGIN', type: 'STRING', key: false, chart: false, dataTypeLength: 60 },
  // A custom data type group (a list of choices, depth > 0): no length.
  { index: 3, name: 'UNIT', type: 'UNIT', key: false, chart: false, dataTypeLength: null },
  { index: 4, name: 'PROMO', type: 'NUMBER', key: false, chart: true, dataTypeLength: 10 },
  { index: 5, name: 'CATEGORY', type: 'STRING', key: false, chart: false, dataTypeLength: 20 },
  { index: 6, name: 'BRAND', type: 'STRING', key: false, chart: false, dataTypeLength: 60 },
] as const;

type ProductType = 'FOOD' | 'FRESH' | 'FROZEN' | 'NONFOOD';
const PRODUCT_TYPES: { code: ProductType; name: string; layoutId: string; layoutType: string; slots: number[] }[] = [
  { code: 'FOOD', name: 'Grocery', layoutId: 'STD_PRICE', layoutType: 'STANDARD', slots: [0, 1, 3, 4, 6] },
  { code: 'FRESH', name: 'Fresh food', layoutId: 'FRESH_WEIGHT', layoutType: 'FRESH', slots: [0, 1, 2, 3] },
  { code: 'FROZEN', name: 'Frozen food', layoutId: 'FROZEN_STD', layoutType: 'STANDARD', slots: [0, 1, 3, 4] },
  { code: 'NONFOOD', name: 'Household', layoutId: 'NONFOOD_STD', layoutType: 'STANDARD', slots: [0, 1, 6] },
];
const PROMO_LAYOUT = { layoutId: 'PROMO_RED', layoutType: 'PROMOTION' };
const UNITS = ['pcs', 'kg', '100g', 'l', 'pack'];
const HOUSEHOLD = [
  'Dish soap',
  'Paper towels',
  'Laundry detergent',
  'Toothpaste',
  'Shampoo',
  'Trash bags',
  'AA batteries',
  'LED bulb',
  'Sponges',
  'Toilet paper',
  'Hand soap',
  'Aluminium foil',
  'Cling film',
  'Glass cleaner',
  'Fabric softener',
  'Tissues',
];
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Word pools drawn once per company; each product then picks from them by its own item stream. */
export interface Catalog {
  company: CompanyDef;
  seed: number;
  fresh: string[];
  food: string[];
  household: string[];
  origins: string[];
  brands: string[];
}

const catalogs = new Map<string, Catalog>();

export function catalogOf(seed: number, companyCode: string): Catalog {
  const key = `${seed}:${companyCode}`;
  let catalog = catalogs.get(key);
  if (catalog) return catalog;
  const company = COMPANIES.find((c) => c.companyCode === companyCode) ?? { ...COMPANIES[0], companyCode };
  const faker = makeFaker(seed, company.locale);
  const en = makeFaker(seed, 'en');
  const many = (n: number, f: () => string) => [...new Set(Array.from({ length: n }, f))];
  catalog = {
    company,
    seed,
    fresh: many(120, () => capitalise(faker.datatype.boolean() ? faker.food.fruit() : faker.food.vegetable())),
    // Dish names longer than a shelf label line read badly; those fall back to an ingredient.
    food: many(200, () => {
      const dish = faker.food.dish();
      return dish.length <= 32 ? dish : capitalise(en.food.ingredient());
    }),
    household: many(
      60,
      () => `${en.helpers.arrayElement(HOUSEHOLD)} ${en.helpers.arrayElement(['250 ml', '500 ml', '1 l', '4 pcs', '12 pcs'])}`,
    ),
    origins: many(30, () => faker.location.country()),
    brands: many(40, () => faker.company.name()),
  };
  catalogs.set(key, catalog);
  return catalog;
}

/** EAN-13: the company's 6-digit prefix, a 6-digit item number, the check digit. */
export const productCode = (company: CompanyDef, item: number) => ean13(company.eanPrefix + String(item % 1_000_000).padStart(6, '0'));

export interface ProductPlan {
  prCode: string;
  type: ProductType;
  layoutId: string;
  prInfo: string[];
  nfc: string | null;
}

function price(rng: Rng, company: CompanyDef, type: ProductType): number {
  const base = type === 'FRESH' ? rng.float(0.8, 9) : type === 'NONFOOD' ? rng.float(1.5, 25) : rng.float(0.6, 7);
  // ACME prices in yen (whole numbers ending in 8 are the usual shelf price), the others in euro.
  return company.companyCode === 'ACME'
    ? Math.round(base * 15) * 10 - 2
    : Number((Math.floor(base) + 0.49 + rng.int(0, 1) * 0.5).toFixed(2));
}

/** A product is a function of (seed, company, item): every store of a company sells the same item the same way. */
export function productPlan(catalog: Catalog, item: number): ProductPlan {
  const { company } = catalog;
  const rng = Rng.of(catalog.seed, company.companyCode, 'item', item);
  const type = rng.weighted([
    ['FOOD', 45],
    ['FRESH', 25],
    ['FROZEN', 15],
    ['NONFOOD', 15],
  ] as const);
  const def = PRODUCT_TYPES.find((t) => t.code === type)!;
  const name = type === 'FRESH' ? rng.pick(catalog.fresh) : type === 'NONFOOD' ? rng.pick(catalog.household) : rng.pick(catalog.food);
  const p = price(rng, company, type);
  const promo = type !== 'FRESH' && rng.chance(0.12);
  const promoPrice = company.companyCode === 'ACME' ? Math.round(p * 0.8) : Number((p * 0.8).toFixed(2));
  const prCode = productCode(company, item);
  return {
    prCode,
    type,
    layoutId: promo ? PROMO_LAYOUT.layoutId : def.layoutId,
    prInfo: [
      type === 'FROZEN' ? `Frozen ${name}` : name,
      String(p),
      rng.pick(catalog.origins),
      type === 'FRESH' ? rng.pick(UNITS.slice(1)) : rng.pick(['pcs', 'pack']),
      promo ? String(promoPrice) : '',
      def.name,
      rng.pick(catalog.brands),
    ],
    nfc: rng.chance(0.2) ? `https://shelfpad.test/p/${prCode}` : null,
  };
}

export function productRow(storeCode: string, plan: ProductPlan, updatedAt: Date): typeof products.$inferInsert {
  return {
    storeCode,
    prCode: plan.prCode,
    type: plan.type,
    prInfo: plan.prInfo,
    layoutId: plan.layoutId,
    nfc: plan.nfc,
    barcode: plan.prCode,
    createdAt: updatedAt,
    updatedAt,
  };
}

/** Coop's second codes (its site profile shows them); a few per store are enough to fill the list. */
export function secondCodeRows(storeCode: string, plans: ProductPlan[], now: Date): (typeof secondCodes.$inferInsert)[] {
  return plans.slice(0, 20).map((p, i) => ({
    storeCode,
    prCode: p.prCode,
    secondCode: `2${p.prCode.slice(6, 12)}${String(i).padStart(2, '0')}`,
    CODICE_TIPO_VENDITA: i % 3 === 0 ? 'PESO' : 'PEZZO',
    DATA_INSERIMENTO: '2025-01-15',
    NOME_PROGRAMMA: 'shelfpad-seed',
    NOME_OPERATORE: 'demo',
    FLG_DB_TRIGGER: 'N',
    DATA_MODIFICA: now.toISOString().slice(0, 10),
    updatedAt: now,
  }));
}

// Feature codes of console-core §3; the second character is the size.
export const TAG_FEATURES: Record<string, string[]> = {
  B: ['LED', 'COLOR', 'NFC'],
  A: ['LED', 'COLOR'],
  '3': ['COLOR', 'NFC'],
  '2': ['COLOR'],
  D: ['LED', 'FREEZER', 'NFC'],
  C: ['LED', 'FREEZER'],
  '5': ['NFC', 'FREEZER'],
  '4': ['FREEZER'],
};
export const TAG_SIZES: Record<string, { inch: string; width: number; height: number }> = {
  '1': { inch: '1.6', width: 152, height: 152 },
  '2': { inch: '2.2', width: 250, height: 122 },
  '3': { inch: '2.9', width: 296, height: 128 },
  '4': { inch: '4.2', width: 400, height: 300 },
  '5': { inch: '7.5', width: 800, height: 480 },
};

/** Model names are ours: size in tenths of an inch, feature letters, and the spec's F suffix for black and white. */
function tagModel(feature: string, size: string): string {
  const f = TAG_FEATURES[feature];
  const letters = f.map((x) => ({ LED: 'L', COLOR: 'C', NFC: 'N', FREEZER: 'Z' })[x]).join('');
  return `SP${TAG_SIZES[size].inch.replace('.', '')}-${letters}${f.includes('COLOR') ? '' : 'F'}`;
}

export async function seedCatalogConfig(db: Db, now: Date): Promise<void> {
  const each = <T>(f: (c: string) => T[]) => COMPANIES.flatMap((c) => f(c.companyCode));
  await insertRows(
    db,
    aliases,
    each((companyCode) => ALIAS_DEFS.map((a) => ({ ...a, companyCode, updatedAt: now }))),
  );
  await insertRows(
    db,
    productTypes,
    each((companyCode) =>
      PRODUCT_TYPES.map((t) => ({
        companyCode,
        code: t.code,
        name: t.name,
        storeManagement: t.code === 'FRESH',
        alias: t.slots.map((index, order) => ({ index, order, storeManagement: t.code === 'FRESH' && index === 1 })),
        updatedAt: now,
      })),
    ),
  );
  await insertRows(
    db,
    customDataTypes,
    each((companyCode) => [
      {
        companyCode,
        groupCode: 'UNIT',
        groupName: 'Sales unit',
        index: 0,
        elements: UNITS.map((code, index) => ({ code, codeName: code, index })),
        updatedAt: now,
      },
    ]),
  );
  const layouts = [...PRODUCT_TYPES, PROMO_LAYOUT];
  await insertRows(
    db,
    layoutTypes,
    each((companyCode) =>
      [...new Set(layouts.map((l) => l.layoutType))].map((layoutType) => ({ companyCode, layoutType, updatedAt: now })),
    ),
  );
  await insertRows(
    db,
    layoutConfigs,
    each((companyCode) => layouts.map((l) => ({ companyCode, layoutId: l.layoutId, layoutType: l.layoutType, updatedAt: now }))),
  );
  await insertRows(
    db,
    tagTypes,
    Object.keys(TAG_FEATURES).flatMap((feature) =>
      Object.entries(TAG_SIZES).map(([size, s]) => ({
        prefix: feature + size,
        model: tagModel(feature, size),
        resolution: `${s.width}x${s.height}`,
        width: s.width,
        height: s.height,
      })),
    ),
  );
}
