import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { wideTable } from '../../contract/schemas/common';
import { PLUS_ASSET_TABLE, PLUS_SOFTWARE_TABLE, type PlusDeviceRef } from '../../contract/schemas/plus-assets';
import type { Db } from '../db/client';
import { plusAssets, plusDevices, plusDeviceShows, plusSettings, plusSoftware, plusTemplates } from '../db/schema/index';
import { queryTable } from '../lib/table-sql';

/* Plus media files, software packages and the Plus setting (plus-signage §2.2, §3, §7). */

export type FileAssetType = 'image' | 'video' | 'widget';
export type PlusAssetRow = typeof plusAssets.$inferSelect;
export type PlusSoftwareRow = typeof plusSoftware.$inferSelect;

/** Ids are serial numbers; anything else names no row (and never reaches SQL as a bad integer). */
export const idOf = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : 0);

export async function assetPage(db: Db, storeCode: string, type: FileAssetType, body: Record<string, unknown>) {
  const a = plusAssets;
  const columns = { name: a.name, updatedAt: sql<number>`extract(epoch from ${a.updatedAt})` };
  const page = await queryTable<
    { id: number; name: string; updatedAt: Date; width: number | null; height: number | null; size: number | null },
    keyof typeof columns
  >(
    db,
    wideTable(PLUS_ASSET_TABLE),
    body,
    { table: a, columns, dateColumn: a.updatedAt, uniqueColumn: a.id, base: [eq(a.storeCode, storeCode), eq(a.type, type)] },
    { id: a.id, name: a.name, updatedAt: a.updatedAt, width: a.width, height: a.height, size: a.size },
  );
  return {
    ...page,
    data: page.data.map((r) => ({
      _id: String(r.id),
      name: r.name,
      updatedAt: r.updatedAt.toISOString(),
      ...(r.width && r.height ? { width: r.width, height: r.height } : {}),
      ...(r.size !== null ? { size: Number(r.size) } : {}),
    })),
  };
}

export function assetChoices(db: Db, storeCode: string, type: FileAssetType) {
  return db
    .select({ id: plusAssets.id, name: plusAssets.name, width: plusAssets.width, height: plusAssets.height })
    .from(plusAssets)
    .where(and(eq(plusAssets.storeCode, storeCode), eq(plusAssets.type, type)))
    .orderBy(asc(plusAssets.name), asc(plusAssets.id));
}

export async function findAsset(db: Db, storeCode: string, type: FileAssetType, id: string): Promise<PlusAssetRow | undefined> {
  const [row] = await db
    .select()
    .from(plusAssets)
    .where(and(eq(plusAssets.storeCode, storeCode), eq(plusAssets.type, type), eq(plusAssets.id, idOf(id))));
  return row;
}

export type NewAsset = Omit<typeof plusAssets.$inferInsert, 'id' | 'updatedAt'>;

export async function insertAsset(db: Db, asset: NewAsset): Promise<PlusAssetRow> {
  const [row] = await db.insert(plusAssets).values(asset).returning();
  return row;
}

/** Replace the file of an asset; answers the old row (whose files the caller removes) or undefined. */
export async function replaceAsset(db: Db, old: PlusAssetRow, next: NewAsset): Promise<PlusAssetRow> {
  const [row] = await db
    .update(plusAssets)
    .set({ ...next, updatedAt: new Date() })
    .where(eq(plusAssets.id, old.id))
    .returning();
  return row;
}

export async function deleteAssets(db: Db, storeCode: string, type: FileAssetType, ids: number[]): Promise<PlusAssetRow[]> {
  if (!ids.length) return [];
  return db
    .delete(plusAssets)
    .where(and(eq(plusAssets.storeCode, storeCode), eq(plusAssets.type, type), inArray(plusAssets.id, ids)))
    .returning();
}

export type UsageType = FileAssetType | 'template' | 'schedule';

/**
 * Whether a show list (jsonb) uses the asset: an object of that type with that id, or for a schedule, a show
 * naming it. Ids are compared as text since shows store them as strings or numbers.
 */
function showsUse(shows: SQL | typeof plusDeviceShows.show, type: UsageType, id: string): SQL {
  if (type === 'schedule') {
    return sql`exists (select 1 from jsonb_array_elements(${shows}) s, jsonb_array_elements(coalesce(s->'schedule', '[]'::jsonb)) k where k #>> '{}' = ${id})`;
  }
  return sql`exists (select 1 from jsonb_array_elements(${shows}) s, jsonb_array_elements(coalesce(s->'object', '[]'::jsonb)) o where o->>'type' = ${type} and o->>'id' = ${id})`;
}

/**
 * The devices of the store that use an asset — in their own shows, or through their template's shows; for a
 * template, the devices it is applied to. Ordered by mac so the "(n) mac (name)" list is stable.
 */
// spec: plus §5.7, plus §7.11 — the devices using an image, video, widget, template or schedule
export async function devicesUsing(db: Db, storeCode: string, type: UsageType, id: string): Promise<PlusDeviceRef[]> {
  const d = plusDevices;
  let uses: SQL;
  if (type === 'template') {
    uses = eq(d.template, id);
  } else {
    const own = sql`exists (select 1 from ${plusDeviceShows} ds where ds.mac = ${d.mac} and ${showsUse(sql`ds.show`, type, id)})`;
    const viaTemplate = sql`exists (select 1 from ${plusTemplates} t where t.store_code = ${d.storeCode} and t.name = ${d.template} and ${showsUse(sql`t.show`, type, id)})`;
    uses = sql`(${own} or ${viaTemplate})`;
  }
  const rows = await db
    .select({ mac: d.mac, name: d.name })
    .from(d)
    .where(and(eq(d.storeCode, storeCode), uses))
    .orderBy(asc(d.mac));
  return rows.map((r) => ({ mac: r.mac, name: r.name ?? '' }));
}

// spec: plus §3.19, plus §7.1 — software lists
export async function softwarePage(db: Db, storeCode: string, kind: 'sw' | 'launcher', body: Record<string, unknown>) {
  const s = plusSoftware;
  const columns = { os: s.os, model: s.model, ver: s.ver, updatedAt: sql<number>`extract(epoch from ${s.updatedAt})` };
  const page = await queryTable<PlusSoftwareRow, keyof typeof columns>(
    db,
    wideTable(PLUS_SOFTWARE_TABLE),
    body,
    { table: s, columns, dateColumn: s.updatedAt, uniqueColumn: s.id, base: [eq(s.storeCode, storeCode), eq(s.kind, kind)] },
    { id: s.id, os: s.os, model: s.model, ver: s.ver, updatedAt: s.updatedAt },
  );
  return {
    ...page,
    data: page.data.map((r) => ({
      _id: String(r.id),
      os: r.os ?? '',
      model: r.model ?? '',
      ver: r.ver ?? '',
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

export async function findSoftware(db: Db, storeCode: string, kind: 'sw' | 'launcher', id: string): Promise<PlusSoftwareRow | undefined> {
  const [row] = await db
    .select()
    .from(plusSoftware)
    .where(and(eq(plusSoftware.storeCode, storeCode), eq(plusSoftware.kind, kind), eq(plusSoftware.id, idOf(id))));
  return row;
}

export type NewSoftware = Omit<typeof plusSoftware.$inferInsert, 'id' | 'updatedAt'>;

export async function insertSoftware(db: Db, row: NewSoftware): Promise<PlusSoftwareRow> {
  const [created] = await db.insert(plusSoftware).values(row).returning();
  return created;
}

export async function replaceSoftware(db: Db, old: PlusSoftwareRow, next: NewSoftware): Promise<PlusSoftwareRow> {
  const [row] = await db
    .update(plusSoftware)
    .set({ ...next, updatedAt: new Date() })
    .where(eq(plusSoftware.id, old.id))
    .returning();
  return row;
}

export function deleteSoftware(db: Db, storeCode: string, kind: 'sw' | 'launcher', ids: number[]): Promise<PlusSoftwareRow[]> {
  return db
    .delete(plusSoftware)
    .where(and(eq(plusSoftware.storeCode, storeCode), eq(plusSoftware.kind, kind), inArray(plusSoftware.id, ids)))
    .returning();
}

// spec: plus §3.21, plus §7.16 — the Plus setting, edited as a whole
export async function readPlusSetting(db: Db): Promise<Record<string, unknown>> {
  const [row] = await db.select({ setting: plusSettings.setting }).from(plusSettings).orderBy(desc(plusSettings.id)).limit(1);
  return row?.setting ?? {};
}

export async function savePlusSetting(db: Db, setting: Record<string, unknown>): Promise<void> {
  await db
    .insert(plusSettings)
    .values({ id: 1, setting })
    .onConflictDoUpdate({ target: plusSettings.id, set: { setting, updatedAt: new Date() } });
}

export type RemoveAnswer = { removed: string[]; inUse: { id: string; devices: PlusDeviceRef[] }[] };

/** Templates are named by their name; one applied to a device is kept and reported. */
export async function removePlusTemplates(db: Db, storeCode: string, names: string[]): Promise<RemoveAnswer> {
  const answer: RemoveAnswer = { removed: [], inUse: [] };
  for (const name of names) {
    const devices = await devicesUsing(db, storeCode, 'template', name);
    if (devices.length) {
      answer.inUse.push({ id: name, devices });
      continue;
    }
    const gone = await db
      .delete(plusTemplates)
      .where(and(eq(plusTemplates.storeCode, storeCode), eq(plusTemplates.name, name)))
      .returning({ name: plusTemplates.name });
    if (gone.length) answer.removed.push(name);
  }
  return answer;
}
