import { eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { V1_SET_PRICE_ITEM } from '../../contract/schemas/constants-plus';
import {
  V1_SET_TABLE,
  V1_TIMELINE_TABLE,
  type V1Set,
  type V1SetSaveBody,
  type V1Timeline,
  type V1TimelineSaveBody,
} from '../../contract/schemas/plus-v1';
import { wideTable } from '../../contract/schemas/common';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { v1Sets, v1Shows, v1Timelines } from '../db/schema/index';
import { badRequest } from '../lib/errors';
import type { SessionUser } from '../lib/privileges';
import { assertV1Row, v1IdOf, v1NewOwner, v1Visible } from '../lib/plus-v1/owner';
import { queryTable } from '../lib/table-sql';
import { refuseInUse, requireVisible } from './plus-v1-shows';

/* Plus v1 sets (shows and the price entry) and timelines (sets on a schedule, devices per slot); §3, §5, §7.4. */

type SetRow = typeof v1Sets.$inferSelect;
type TimelineRow = typeof v1Timelines.$inferSelect;

export const v1SetAnswer = (s: SetRow): V1Set => ({
  id: String(s.id),
  name: s.name,
  duration: s.duration,
  list: s.list.map((i) => ({ id: String(i.id), duration: i.duration })),
  user: s.user ?? '',
  updatedAt: s.updatedAt.toISOString(),
});

/** Days are 0 (Sunday) to 6 on the wire; older rows spell them ('MON'). */
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const dayNumber = (day: string | number) => (typeof day === 'number' ? day : Math.max(0, DAY_NAMES.indexOf(day.toUpperCase())));

export const v1TimelineAnswer = (t: TimelineRow): V1Timeline => ({
  id: String(t.id),
  name: t.name,
  scheduleCount: t.schedule.length,
  deviceCount: t.device.reduce((n, slot) => n + slot.length, 0),
  user: t.user ?? '',
  updatedAt: t.updatedAt.toISOString(),
  schedule: t.schedule.map((s) => ({ ...s, id: String(s.id), days: (s.days as (number | string)[] | undefined)?.map(dayNumber) })),
  device: t.device,
});

export async function v1SetPage(db: Db, user: SessionUser, body: Record<string, unknown>): Promise<TablePage<V1Set>> {
  const columns: Record<keyof typeof V1_SET_TABLE.fields, PgColumn | SQL> = {
    id: v1Sets.id,
    name: v1Sets.name,
    user: v1Sets.user,
    updatedAt: v1Sets.updatedAt,
  };
  const page = await queryTable<SetRow, keyof typeof columns>(
    db,
    wideTable(V1_SET_TABLE),
    body,
    { table: v1Sets, columns, dateColumn: v1Sets.updatedAt, uniqueColumn: v1Sets.id, base: [v1Visible(v1Sets.companyCode, user)] },
    getTableColumns(v1Sets),
  );
  return { ...page, data: page.data.map(v1SetAnswer) };
}

export async function findV1Set(db: Db, user: SessionUser, id: string, need: 'read' | 'write'): Promise<SetRow> {
  const [row] = await db
    .select()
    .from(v1Sets)
    .where(eq(v1Sets.id, v1IdOf(id)));
  return assertV1Row(user, row, need, `set ${id}`);
}

// spec: plus §3.13, plus §5.16, plus §7.22 — saveSetV1 {id, name, duration, list}
export async function saveV1Set(db: Db, user: SessionUser, body: V1SetSaveBody, now: Date): Promise<string> {
  const list = body.list.map((i) => ({
    id: i.id === V1_SET_PRICE_ITEM ? (V1_SET_PRICE_ITEM as 'price') : v1IdOf(i.id),
    duration: i.duration,
  }));
  const fields = { name: body.name.trim(), duration: body.duration, list, user: user.email, updatedAt: now };
  return db.transaction(async (tx) => {
    await requireVisible(tx, user, v1Shows, [...new Set(list.flatMap((i) => (typeof i.id === 'number' ? [i.id] : [])))], 'show');
    if (body.id === undefined) {
      const [row] = await tx
        .insert(v1Sets)
        .values({ ...fields, companyCode: v1NewOwner(user) })
        .returning({ id: v1Sets.id });
      return String(row.id);
    }
    const old = await findV1Set(tx, user, body.id, 'write');
    await tx.update(v1Sets).set(fields).where(eq(v1Sets.id, old.id));
    return String(old.id);
  });
}

export async function removeV1Sets(db: Db, user: SessionUser, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = [];
    for (const id of new Set(ids)) rows.push(await findV1Set(tx, user, id, 'write'));
    const keys = rows.map((r) => r.id);
    const using = await tx
      .select({ name: v1Timelines.name })
      .from(v1Timelines)
      .where(
        sql`exists (select 1 from jsonb_array_elements(${v1Timelines.schedule}) e where e->>'id' = any(${sql.param(keys.map(String))}::text[]))`,
      );
    refuseInUse(using, 'timelines');
    await tx.delete(v1Sets).where(inArray(v1Sets.id, keys));
  });
}

export async function v1TimelinePage(db: Db, user: SessionUser, body: Record<string, unknown>): Promise<TablePage<V1Timeline>> {
  const columns: Record<keyof typeof V1_TIMELINE_TABLE.fields, PgColumn | SQL> = {
    id: v1Timelines.id,
    name: v1Timelines.name,
    user: v1Timelines.user,
    scheduleCount: sql`jsonb_array_length(${v1Timelines.schedule})`,
    deviceCount: sql`(select count(*) from jsonb_array_elements(${v1Timelines.device}) slot, jsonb_array_elements(slot))`,
    updatedAt: v1Timelines.updatedAt,
  };
  const page = await queryTable<TimelineRow, keyof typeof columns>(
    db,
    wideTable(V1_TIMELINE_TABLE),
    body,
    {
      table: v1Timelines,
      columns,
      dateColumn: v1Timelines.updatedAt,
      uniqueColumn: v1Timelines.id,
      base: [v1Visible(v1Timelines.companyCode, user)],
    },
    getTableColumns(v1Timelines),
  );
  return { ...page, data: page.data.map(v1TimelineAnswer) };
}

export async function findV1Timeline(db: Db, user: SessionUser, id: string, need: 'read' | 'write'): Promise<TimelineRow> {
  const [row] = await db
    .select()
    .from(v1Timelines)
    .where(eq(v1Timelines.id, v1IdOf(id)));
  return assertV1Row(user, row, need, `timeline ${id}`);
}

/**
 * The three editors of a timeline each send their part: a name (a new timeline needs one), the schedules (each a
 * set the member may read, a period from start to end) or the devices per slot (checked by the route: in scope,
 * normalised, each in one slot only).
 */
// spec: plus §3.14, plus §5.14, plus §7.23 — saveTimelineV1 {id, name | schedule | device}
export async function saveV1Timeline(
  db: Db,
  user: SessionUser,
  body: V1TimelineSaveBody,
  device: string[][] | undefined,
  now: Date,
): Promise<string> {
  const schedule = body.schedule?.map((s, i) => {
    if (s.period && s.period.start > s.period.end) throw badRequest(`Schedule ${i + 1}: the period ends before it starts.`, 'BAD_PERIOD');
    return { ...s, id: v1IdOf(s.id) };
  });
  const fields = {
    ...(body.name !== undefined ? { name: body.name.trim() } : {}),
    ...(schedule ? { schedule } : {}),
    ...(device ? { device } : {}),
    user: user.email,
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    if (schedule) await requireVisible(tx, user, v1Sets, [...new Set(schedule.map((s) => s.id))], 'set');
    if (body.id === undefined) {
      if (body.name === undefined) throw badRequest('A new timeline needs a name.', 'NAME_REQUIRED');
      const [row] = await tx
        .insert(v1Timelines)
        .values({ name: body.name.trim(), ...fields, companyCode: v1NewOwner(user) })
        .returning({ id: v1Timelines.id });
      return String(row.id);
    }
    const old = await findV1Timeline(tx, user, body.id, 'write');
    await tx.update(v1Timelines).set(fields).where(eq(v1Timelines.id, old.id));
    return String(old.id);
  });
}

export async function removeV1Timelines(db: Db, user: SessionUser, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = [];
    for (const id of new Set(ids)) rows.push(await findV1Timeline(tx, user, id, 'write'));
    await tx.delete(v1Timelines).where(
      inArray(
        v1Timelines.id,
        rows.map((r) => r.id),
      ),
    );
  });
}
