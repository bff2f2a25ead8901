import { and, asc, eq, sql } from 'drizzle-orm';
import { wideTable } from '../../contract/schemas/common';
import { TEMPLATE_SIZE_DIMENSIONS } from '../../contract/schemas/constants-plus';
import type { Show } from '../../contract/schemas/plus';
import {
  PLUS_TEMPLATE_TABLE,
  type PlusTemplate,
  type PlusTemplateRow,
  type PlusTemplateSaveBody,
} from '../../contract/schemas/plus-assets';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { plusDevices, plusDeviceShows, plusTemplates, type PlusShow } from '../db/schema/index';
import { badRequest, conflict, notFound } from '../lib/errors';
import { queryTable } from '../lib/table-sql';
import { normalizeMacs, recordHistory, requireDevices, textArray, type Actor } from './plus';
import { scheduleRules } from './plus-schedules';

/* Plus templates of a store (plus-signage §2.2, §3, §4, §5): list, names, one template, save, apply to devices. */

/** The spec's message for a create under a name in use (plus-signage §5); the console then offers to overwrite. */
export const TEMPLATE_NAME_TAKEN = 'This template name is already registered.';

const t = plusTemplates;
// Qualified by hand: inside a one-table select Drizzle writes columns bare, and a bare "name" would be the device's.
const deviceCount = sql<number>`(select count(*)::int from ${plusDevices} d where d.store_code = "plus_templates"."store_code" and d.template = "plus_templates"."name")`;
const rowFields = { name: t.name, size: t.size, fixed: t.fixed, updatedAt: t.updatedAt, deviceCount };
type Row = { name: string; size: string; fixed: number | null; updatedAt: Date; deviceCount: number };

/** fixed is stored as the template's fixed show index (null = none); the contract answers whether it has one. */
const answerRow = (r: Row): PlusTemplateRow => ({
  _id: r.name,
  size: r.size,
  deviceCount: Number(r.deviceCount),
  updatedAt: r.updatedAt.toISOString(),
  fixed: r.fixed !== null,
});

/** Stored shows may hold schedule ids as numbers and no empty flag; the answer has the contract's shape. */
export const answerShow = (s: PlusShow): Show => ({
  ...s,
  empty: s.empty ?? s.object.length === 0,
  schedule: s.schedule.map(String),
  object: s.object as Show['object'],
});

export async function templatePage(db: Db, storeCode: string, body: Record<string, unknown>): Promise<TablePage<PlusTemplateRow>> {
  const columns = { _id: t.name, size: t.size, deviceCount, updatedAt: sql<number>`extract(epoch from ${t.updatedAt})` };
  const page = await queryTable<Row, keyof typeof columns>(
    db,
    wideTable(PLUS_TEMPLATE_TABLE),
    body,
    { table: t, columns, dateColumn: t.updatedAt, uniqueColumn: t.name, base: [eq(t.storeCode, storeCode)] },
    rowFields,
  );
  return { ...page, data: page.data.map(answerRow) };
}

export async function templateNames(db: Db, storeCode: string): Promise<{ _id: string; size: string }[]> {
  const rows = await db.select({ _id: t.name, size: t.size }).from(t).where(eq(t.storeCode, storeCode)).orderBy(asc(t.name));
  return rows;
}

async function templateRow(db: Db, storeCode: string, name: string) {
  const [row] = await db
    .select({ ...rowFields, show: t.show })
    .from(t)
    .where(and(eq(t.storeCode, storeCode), eq(t.name, name)));
  return row;
}

export async function findTemplate(db: Db, storeCode: string, name: string): Promise<PlusTemplate> {
  const row = await templateRow(db, storeCode, name);
  if (!row) throw notFound(`Template ${name} does not exist in store ${storeCode}.`);
  return { ...answerRow(row), show: row.show.map(answerShow) };
}

/** 'WxH' of a template size: the three named screens, or the size read as 'WxH' (plus-signage §5). */
export function sizeDimensions(size: string): { width: number; height: number } | undefined {
  const named = TEMPLATE_SIZE_DIMENSIONS[size];
  if (named) return named;
  const m = /^(\d+)x(\d+)$/.exec(size);
  return m ? { width: Number(m[1]), height: Number(m[2]) } : undefined;
}

/**
 * The shows as stored: a product object's index is the integer of its id on a template save (plus-signage §5),
 * and every schedule a slide names must be one of the store's (a template from another store's export names
 * schedules this store does not have).
 */
async function templateShows(db: Db, storeCode: string, shows: Show[]): Promise<PlusShow[]> {
  const rules = await scheduleRules(db, storeCode);
  const unknown = shows.flatMap((s) => s.schedule).find((id) => !rules.has(String(id)));
  if (unknown !== undefined) throw badRequest(`Schedule ${unknown} does not exist in store ${storeCode}.`, 'UNKNOWN_SCHEDULE');
  return shows.map((s) => ({
    ...s,
    object: s.object.map((o) => (o.type === 'product' ? { ...o, index: Math.trunc(Number(o.id)) || 0 } : o)),
  }));
}

/**
 * Create, replace or import a template. A name in use is refused (409) unless `overwrite`; an overwritten
 * template's linked devices take its new shows, so that "linked" keeps meaning "plays the template".
 */
// spec: plus §3.4, plus §5.12, plus §7.12 — save a template; a registered name needs overwrite
export async function saveTemplate(db: Db, actor: Actor, path: string, body: PlusTemplateSaveBody): Promise<{ created: boolean }> {
  const name = body._id.trim();
  const show = await templateShows(db, actor.storeCode, body.show);
  const values = { size: body.size, show, fixed: body.fixed ? 0 : null, updatedAt: actor.now };
  return db.transaction(async (tx) => {
    const existing = await templateRow(tx, actor.storeCode, name);
    if (existing && !body.overwrite) throw conflict(TEMPLATE_NAME_TAKEN, 'TEMPLATE_EXISTS');
    if (existing) {
      await tx
        .update(t)
        .set(values)
        .where(and(eq(t.storeCode, actor.storeCode), eq(t.name, name)));
      const linked = await tx
        .select({ mac: plusDevices.mac })
        .from(plusDevices)
        .where(and(eq(plusDevices.storeCode, actor.storeCode), eq(plusDevices.template, name)));
      await copyShows(
        tx,
        linked.map((d) => d.mac),
        show,
        body.size,
        actor.now,
      );
    } else {
      await tx.insert(t).values({ storeCode: actor.storeCode, name, ...values });
    }
    await recordHistory(tx, actor, existing ? 'Update' : 'Create', path, [{ name, size: body.size }], 'template');
    return { created: !existing };
  });
}

/** The devices' show lists become the template's (a device without one gets the template's screen size). */
async function copyShows(db: Db, macs: string[], show: PlusShow[], size: string, now: Date) {
  if (!macs.length) return;
  const dims = sizeDimensions(size) ?? { width: 1920, height: 158 };
  await db
    .insert(plusDeviceShows)
    .values(macs.map((mac) => ({ mac, screenWidth: dims.width, screenHeight: dims.height, show, updatedAt: now })))
    .onConflictDoUpdate({ target: plusDeviceShows.mac, set: { show, updatedAt: now } });
}

/** A template's shows only fit devices of its screen size; the first device that differs is named. */
async function requireSameSize(db: Db, macs: string[], name: string, size: string) {
  const dims = sizeDimensions(size);
  const rows = await db
    .select({ mac: plusDevices.mac, name: plusDevices.name, width: plusDeviceShows.screenWidth, height: plusDeviceShows.screenHeight })
    .from(plusDevices)
    .leftJoin(plusDeviceShows, eq(plusDeviceShows.mac, plusDevices.mac))
    .where(sql`${plusDevices.mac} = any(${textArray(macs)})`)
    .orderBy(asc(plusDevices.mac));
  // A device that has never had a show list has the default screen (plus_device_shows' defaults).
  const other = rows.find((r) => dims && ((r.width ?? 1920) !== dims.width || (r.height ?? 158) !== dims.height));
  if (other) {
    throw badRequest(
      `Template ${name} is made for ${size} screens; device ${other.mac} (${other.name ?? ''}) has a ${other.width ?? 1920}x${other.height ?? 158} screen.`,
      'TEMPLATE_SIZE',
    );
  }
}

/**
 * savePlusDeviceTemplate (plus-signage §4): an empty template unlinks the devices (their own show lists stay);
 * a named one links them, and with `flag` its shows are copied onto them (without, as after saving a template
 * from a device, their shows are kept).
 */
// spec: plus §4.4, plus §4.5, plus §4.6, plus §7.5 — apply, link without overwriting, or unlink
export async function applyTemplate(db: Db, actor: Actor, path: string, macList: string[], template: string, flag: boolean): Promise<void> {
  const macs = normalizeMacs(macList);
  const name = template.trim();
  await db.transaction(async (tx) => {
    await requireDevices(tx, actor.storeCode, macs);
    const inStore = and(eq(plusDevices.storeCode, actor.storeCode), sql`${plusDevices.mac} = any(${textArray(macs)})`);
    if (!name) {
      await tx.update(plusDevices).set({ template: null }).where(inStore);
      await recordHistory(
        tx,
        actor,
        'UnsetTemplate',
        path,
        macs.map((mac) => ({ mac })),
      );
      return;
    }
    const row = await templateRow(tx, actor.storeCode, name);
    if (!row) throw notFound(`Template ${name} does not exist in store ${actor.storeCode}.`);
    if (flag) {
      await requireSameSize(tx, macs, name, row.size);
      await copyShows(tx, macs, row.show, row.size, actor.now);
    }
    await tx.update(plusDevices).set({ template: name }).where(inStore);
    await recordHistory(
      tx,
      actor,
      'SetTemplate',
      path,
      macs.map((mac) => ({ mac, template: name, flag })),
    );
  });
}
