import { and, asc, eq, sql } from 'drizzle-orm';
import { wideTable } from '../../contract/schemas/common';
import { PLUS_SCHEDULE_TABLE, type PlusSchedule, type PlusScheduleSaveBody } from '../../contract/schemas/plus-assets';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import { plusSchedules, plusTemplates } from '../db/schema/index';
import { badRequest, notFound } from '../lib/errors';
import { dayNumbers, isCalendarDate, type ScheduleRule } from '../lib/schedule-rule';
import { queryTable } from '../lib/table-sql';
import { recordHistory, type Actor } from './plus';
import { devicesUsing, idOf, type RemoveAnswer } from './plus-assets';

/* Plus schedules of a store (plus-signage §2.2, §3, §5): the list, one schedule, create and edit. */

type ScheduleRow = typeof plusSchedules.$inferSelect;

/** The spec's message for a schedule without period or time range (plus-signage §5), also for dates that are no dates. */
export const SCHEDULE_INVALID = 'Validation Error';

function answer(r: Pick<ScheduleRow, 'id' | 'name' | 'period' | 'days' | 'time' | 'updatedAt'>): PlusSchedule {
  return {
    _id: String(r.id),
    name: r.name,
    period: r.period,
    days: dayNumbers(r.days),
    time: r.time,
    updatedAt: r.updatedAt.toISOString(),
  };
}

const s = plusSchedules;
const fields = { id: s.id, name: s.name, period: s.period, days: s.days, time: s.time, updatedAt: s.updatedAt };

export async function schedulePage(db: Db, storeCode: string, body: Record<string, unknown>): Promise<TablePage<PlusSchedule>> {
  const columns = { name: s.name, updatedAt: sql<number>`extract(epoch from ${s.updatedAt})` };
  const page = await queryTable<ScheduleRow, keyof typeof columns>(
    db,
    wideTable(PLUS_SCHEDULE_TABLE),
    body,
    { table: s, columns, dateColumn: s.updatedAt, uniqueColumn: s.id, base: [eq(s.storeCode, storeCode)] },
    fields,
  );
  return { ...page, data: page.data.map(answer) };
}

export async function allSchedules(db: Db, storeCode: string): Promise<PlusSchedule[]> {
  const rows = await db.select(fields).from(s).where(eq(s.storeCode, storeCode)).orderBy(asc(s.name), asc(s.id));
  return rows.map(answer);
}

/** The store's schedules as playback rules, by id (text, as shows name them). */
export async function scheduleRules(db: Db, storeCode: string): Promise<Map<string, ScheduleRule>> {
  const rows = await db.select(fields).from(s).where(eq(s.storeCode, storeCode));
  return new Map(rows.map((r) => [String(r.id), { period: r.period, days: r.days, time: r.time }]));
}

export async function findSchedule(db: Db, storeCode: string, id: string): Promise<PlusSchedule> {
  const [row] = idOf(id)
    ? await db
        .select(fields)
        .from(s)
        .where(and(eq(s.storeCode, storeCode), eq(s.id, idOf(id))))
    : [];
  if (!row) throw notFound(`Schedule ${id} does not exist in store ${storeCode}.`);
  return answer(row);
}

/**
 * Period and at least one time range are needed, the period's dates real and in order, and a range's start and
 * end different (an end before the start runs over midnight): otherwise 'Validation Error' (plus-signage §5).
 */
function checkedPeriod(body: PlusScheduleSaveBody): { start: string; end: string } {
  const { period, time } = body;
  const ok =
    !!period &&
    isCalendarDate(period.start) &&
    isCalendarDate(period.end) &&
    period.start <= period.end &&
    time.length > 0 &&
    time.every((r) => r.start !== r.end) &&
    !!body.name.trim();
  if (!ok || !period) throw badRequest(SCHEDULE_INVALID, 'VALIDATION');
  return period;
}

/**
 * Creates (no _id) or replaces a schedule of the store and records it in the plus history as templates are
 * (category schedule, Create or Update, its id and name); answers its id.
 */
// spec: plus §3.5, plus §5.13, plus §7.12 — save a schedule: period and a time range needed, days optional
export async function saveSchedule(db: Db, actor: Actor, path: string, body: PlusScheduleSaveBody): Promise<string> {
  const { storeCode } = actor;
  const period = checkedPeriod(body);
  const values = { name: body.name.trim(), period, days: dayNumbers(body.days ?? []), time: body.time, updatedAt: actor.now };
  return db.transaction(async (tx) => {
    let id: string;
    if (body._id === undefined) {
      const [row] = await tx
        .insert(s)
        .values({ storeCode, ...values })
        .returning({ id: s.id });
      id = String(row.id);
    } else {
      const rows = idOf(body._id)
        ? await tx
            .update(s)
            .set(values)
            .where(and(eq(s.storeCode, storeCode), eq(s.id, idOf(body._id))))
            .returning({ id: s.id })
        : [];
      if (!rows.length) throw notFound(`Schedule ${body._id} does not exist in store ${storeCode}.`);
      id = String(rows[0].id);
    }
    await recordHistory(tx, actor, body._id === undefined ? 'Create' : 'Update', path, [{ id, name: values.name }], 'schedule');
    return id;
  });
}

/** Deletes the schedules no device uses (devicesUsing, repos/plus-assets.ts) and records the removed ones in the plus history. */
export async function removeSchedules(db: Db, actor: Actor, path: string, ids: string[]): Promise<RemoveAnswer> {
  const answer = await removePlusSchedules(db, actor.storeCode, ids);
  if (answer.removed.length)
    await recordHistory(
      db,
      actor,
      'Delete',
      path,
      answer.removed.map((id) => ({ id })),
      'schedule',
    );
  return answer;
}

/**
 * A deleted schedule leaves the store's templates' slides (devices using it keep it from being deleted at all),
 * so that a template never names a schedule the store no longer has.
 */
async function forgetScheduleInTemplates(db: Db, storeCode: string, id: string): Promise<void> {
  const without = sql`coalesce((select jsonb_agg(k) from jsonb_array_elements(coalesce(s->'schedule', '[]'::jsonb)) k where k #>> '{}' <> ${id}), '[]'::jsonb)`;
  await db.execute(sql`
    update ${plusTemplates} set show = (select jsonb_agg(jsonb_set(s, '{schedule}', ${without})) from jsonb_array_elements(${plusTemplates.show}) s)
    where ${plusTemplates.storeCode} = ${storeCode}
      and exists (select 1 from jsonb_array_elements(${plusTemplates.show}) s, jsonb_array_elements(coalesce(s->'schedule', '[]'::jsonb)) k where k #>> '{}' = ${id})`);
}

async function removePlusSchedules(db: Db, storeCode: string, ids: string[]): Promise<RemoveAnswer> {
  const answer: RemoveAnswer = { removed: [], inUse: [] };
  for (const id of ids) {
    const devices = await devicesUsing(db, storeCode, 'schedule', id);
    if (devices.length) {
      answer.inUse.push({ id, devices });
      continue;
    }
    if (!idOf(id)) continue;
    const gone = await db
      .delete(plusSchedules)
      .where(and(eq(plusSchedules.storeCode, storeCode), eq(plusSchedules.id, idOf(id))))
      .returning({ id: plusSchedules.id });
    if (gone.length) answer.removed.push(id);
    if (gone.length) await forgetScheduleInTemplates(db, storeCode, id);
  }
  return answer;
}
