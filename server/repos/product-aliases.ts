import { and, asc, eq } from 'drizzle-orm';
import type { AliasItem, CustomDataTypeGroup, ProductType } from '../../contract/schemas/settings-alias';
import type { Db } from '../db/client';
import { aliases, customDataTypes, productTypes } from '../db/schema/index';

/** A company's alias items in index order: the names of the product info slots and their chart flags. */
export async function aliasItems(db: Db, companyCode: string): Promise<AliasItem[]> {
  const rows = await db.select().from(aliases).where(eq(aliases.companyCode, companyCode)).orderBy(asc(aliases.index));
  return rows.map((a) => ({
    index: a.index,
    name: a.name,
    type: a.type ?? '',
    key: a.key,
    chart: a.chart,
    dataTypeLength: a.dataTypeLength,
  }));
}

/**
 * The alias items as one product type shows them: isDisplay is set when the type lists the item among its display
 * items (console-admin §3). undefined when the company has no such product type.
 */
export async function aliasItemsForType(db: Db, companyCode: string, typeCode: string): Promise<AliasItem[] | undefined> {
  const [type] = await db
    .select({ alias: productTypes.alias })
    .from(productTypes)
    .where(and(eq(productTypes.companyCode, companyCode), eq(productTypes.code, typeCode)));
  if (!type) return undefined;
  const shown = new Set(type.alias.map((a) => a.index));
  return (await aliasItems(db, companyCode)).map((a) => ({ ...a, isDisplay: shown.has(a.index) }));
}

/** The alias list is saved whole: the console renumbers it, so the old rows are replaced in one transaction. */
export async function replaceAliasItems(db: Db, companyCode: string, items: readonly Omit<AliasItem, 'isDisplay'>[]): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.delete(aliases).where(eq(aliases.companyCode, companyCode));
    if (items.length) await tx.insert(aliases).values(items.map((a) => ({ ...a, companyCode, updatedAt: now })));
  });
}

export async function productTypeList(db: Db, companyCode: string): Promise<ProductType[]> {
  const rows = await db.select().from(productTypes).where(eq(productTypes.companyCode, companyCode)).orderBy(asc(productTypes.code));
  return rows.map((p) => ({
    code: p.code,
    name: p.name,
    storeManagement: p.storeManagement,
    companyCode: p.companyCode,
    alias: [...p.alias].sort((x, y) => x.order - y.order),
  }));
}

/** Product types are saved by code (created or replaced); the others of the company stay. */
export async function upsertProductTypes(
  db: Db,
  companyCode: string,
  types: readonly Omit<ProductType, 'companyCode' | 'isNew'>[],
): Promise<void> {
  if (!types.length) return;
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const t of types) {
      const values = { name: t.name, storeManagement: t.storeManagement, alias: t.alias, updatedAt: now };
      await tx
        .insert(productTypes)
        .values({ companyCode, code: t.code, ...values })
        .onConflictDoUpdate({ target: [productTypes.companyCode, productTypes.code], set: values });
    }
  });
}

/** false when there is no such product type. */
export async function deleteProductType(db: Db, companyCode: string, code: string): Promise<boolean> {
  const rows = await db
    .delete(productTypes)
    .where(and(eq(productTypes.companyCode, companyCode), eq(productTypes.code, code)))
    .returning({ code: productTypes.code });
  return rows.length > 0;
}

export async function customDataTypeGroups(db: Db, companyCode: string): Promise<CustomDataTypeGroup[]> {
  const rows = await db
    .select()
    .from(customDataTypes)
    .where(eq(customDataTypes.companyCode, companyCode))
    .orderBy(asc(customDataTypes.index), asc(customDataTypes.groupCode));
  return rows.map((g) => ({
    groupCode: g.groupCode,
    groupName: g.groupName,
    index: g.index,
    elements: [...g.elements].sort((x, y) => x.index - y.index),
  }));
}

/** Groups are saved by code (created or replaced); the others of the company stay. */
export async function upsertCustomDataTypes(db: Db, companyCode: string, groups: readonly CustomDataTypeGroup[]): Promise<void> {
  if (!groups.length) return;
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const g of groups) {
      const values = { groupName: g.groupName, index: g.index, elements: g.elements, updatedAt: now };
      await tx
        .insert(customDataTypes)
        .values({ companyCode, groupCode: g.groupCode, ...values })
        .onConflictDoUpdate({ target: [customDataTypes.companyCode, customDataTypes.groupCode], set: values });
    }
  });
}

/** false when there is no such group. */
export async function deleteCustomDataType(db: Db, companyCode: string, groupCode: string): Promise<boolean> {
  const rows = await db
    .delete(customDataTypes)
    .where(and(eq(customDataTypes.companyCode, companyCode), eq(customDataTypes.groupCode, groupCode)))
    .returning({ code: customDataTypes.groupCode });
  return rows.length > 0;
}
