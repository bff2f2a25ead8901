import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LayoutConfig, LayoutType } from '../../contract/schemas/settings-alias';
import type { Db } from '../db/client';
import { layoutConfigs, layoutTypes } from '../db/schema/index';
import { labelStyleOf, type LabelStyle } from '../lib/label-image';

/** A company's layout types, each flagged when a layout config uses it (such a type is not deleted). */
export async function layoutTypeList(db: Db, companyCode: string): Promise<LayoutType[]> {
  const used = new Set(
    (await db.selectDistinct({ t: layoutConfigs.layoutType }).from(layoutConfigs).where(eq(layoutConfigs.companyCode, companyCode))).map(
      (r) => r.t,
    ),
  );
  const rows = await db.select().from(layoutTypes).where(eq(layoutTypes.companyCode, companyCode)).orderBy(asc(layoutTypes.layoutType));
  return rows.map((r) => ({ companyCode, layoutType: r.layoutType, inUse: used.has(r.layoutType) }));
}

/** The names of the given layout types that the company does not have. */
export async function unknownLayoutTypes(db: Db, companyCode: string, names: readonly string[]): Promise<string[]> {
  if (!names.length) return [];
  const known = new Set(
    (
      await db
        .select({ t: layoutTypes.layoutType })
        .from(layoutTypes)
        .where(and(eq(layoutTypes.companyCode, companyCode), inArray(layoutTypes.layoutType, [...names])))
    ).map((r) => r.t),
  );
  return names.filter((n) => !known.has(n));
}

export async function addLayoutTypes(db: Db, companyCode: string, names: readonly string[]): Promise<void> {
  if (!names.length) return;
  const now = new Date();
  await db
    .insert(layoutTypes)
    .values(names.map((layoutType) => ({ companyCode, layoutType, updatedAt: now })))
    .onConflictDoNothing();
}

export async function layoutTypeInUse(db: Db, companyCode: string, layoutType: string): Promise<boolean> {
  const [row] = await db
    .select({ id: layoutConfigs.layoutId })
    .from(layoutConfigs)
    .where(and(eq(layoutConfigs.companyCode, companyCode), eq(layoutConfigs.layoutType, layoutType)))
    .limit(1);
  return Boolean(row);
}

/** false when there is no such layout type. */
export async function deleteLayoutType(db: Db, companyCode: string, layoutType: string): Promise<boolean> {
  const rows = await db
    .delete(layoutTypes)
    .where(and(eq(layoutTypes.companyCode, companyCode), eq(layoutTypes.layoutType, layoutType)))
    .returning({ t: layoutTypes.layoutType });
  return rows.length > 0;
}

export async function layoutConfigList(db: Db, companyCode: string): Promise<LayoutConfig[]> {
  const rows = await db.select().from(layoutConfigs).where(eq(layoutConfigs.companyCode, companyCode)).orderBy(asc(layoutConfigs.layoutId));
  return rows.map((r) => ({ layoutId: r.layoutId, companyCode, layoutType: r.layoutType }));
}

/** Layout configs are saved by layoutId (created or given another type); the others stay. */
export async function upsertLayoutConfigs(
  db: Db,
  companyCode: string,
  configs: readonly { layoutId: string; layoutType: string }[],
): Promise<void> {
  if (!configs.length) return;
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const c of configs) {
      await tx
        .insert(layoutConfigs)
        .values({ companyCode, layoutId: c.layoutId, layoutType: c.layoutType, updatedAt: now })
        .onConflictDoUpdate({
          target: [layoutConfigs.companyCode, layoutConfigs.layoutId],
          set: { layoutType: c.layoutType, updatedAt: now },
        });
    }
  });
}

/** false when there is no such layout config. */
export async function deleteLayoutConfig(db: Db, companyCode: string, layoutId: string): Promise<boolean> {
  const rows = await db
    .delete(layoutConfigs)
    .where(and(eq(layoutConfigs.companyCode, companyCode), eq(layoutConfigs.layoutId, layoutId)))
    .returning({ id: layoutConfigs.layoutId });
  return rows.length > 0;
}

/** The layout type of a layout id of the company, when configured. */
export async function layoutTypeOf(db: Db, companyCode: string, layoutId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ t: layoutConfigs.layoutType })
    .from(layoutConfigs)
    .where(and(eq(layoutConfigs.companyCode, companyCode), eq(layoutConfigs.layoutId, layoutId)));
  return row?.t;
}

/**
 * The label style of each layoutId of the company (layoutId → layout type → labelStyleOf), read once so that an
 * update of many products does not ask per tag. A preview's `<tag prefix>_<layout>` id is looked up without its
 * prefix when the whole id is not configured.
 */
export async function labelStyles(db: Db, companyCode: string): Promise<(layoutId: string | null | undefined) => LabelStyle> {
  const types = new Map(
    (
      await db
        .select({ id: layoutConfigs.layoutId, t: layoutConfigs.layoutType })
        .from(layoutConfigs)
        .where(eq(layoutConfigs.companyCode, companyCode))
    ).map((r) => [r.id, r.t]),
  );
  return (layoutId) => {
    if (!layoutId) return labelStyleOf(undefined);
    const cut = layoutId.indexOf('_');
    return labelStyleOf(types.get(layoutId) ?? (cut >= 0 ? types.get(layoutId.slice(cut + 1)) : undefined));
  };
}
