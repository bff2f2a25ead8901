import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ALARM_HISTORY_TABLE } from '../../contract/schemas/alarms';
import { wideTable } from '../../contract/schemas/common';
import type { AlarmHistoryRow } from '../../contract/schemas/gateways';
import type { TablePage } from '../../contract/table';
import type { Db } from '../db/client';
import type { AlarmClass } from '../db/schema/common';
import { isSuperAdmin, type SessionUser } from '../lib/privileges';
import { queryTable } from '../lib/table-sql';
import { alarmConfig, plusAlarmSettings, systemAlarms } from '../db/schema/index';
import type { AlarmConfigBody, AlarmSetting } from '../../contract/schemas/alarms';
import { SYSTEM_ALARM_TYPES, type SystemAlarmType } from '../../contract/schemas/system-alarm-types';

/** Record a system alarm unless the alarm config leaves its type out; location is a store code or 'SYSTEM'. */
export async function raiseSystemAlarm(
  db: Db,
  alarm: { type: SystemAlarmType; location: string; companyCode?: string; data?: Record<string, unknown> },
): Promise<void> {
  const { code, class: cls } = SYSTEM_ALARM_TYPES[alarm.type];
  const available = await availableAlarmTypes(db);
  if (available && !available.has(code)) return;
  await db
    .insert(systemAlarms)
    .values({ type: code, class: cls, location: alarm.location, companyCode: alarm.companyCode, data: alarm.data ?? {} });
}

/**
 * One page of the system alarm history (console-admin §2 /alarm/history). Role -1 sees every alarm; others the
 * alarms of their companies — of a store only when they may act on that store — never a companyless one.
 */
export async function systemAlarmPage(db: Db, user: SessionUser, body: Record<string, unknown>): Promise<TablePage<AlarmHistoryRow>> {
  const a = systemAlarms;
  const base: (SQL | undefined)[] = [];
  if (!isSuperAdmin(user)) {
    base.push(user.companies.length ? inArray(a.companyCode, user.companies) : sql`false`);
    if (user.roleId !== 0 && !user.enableWholeStore) {
      base.push(or(eq(a.location, 'SYSTEM'), user.stores.length ? inArray(a.location, user.stores) : sql`false`));
    }
  }
  if (typeof body.global_companyCode === 'string' && body.global_companyCode) base.push(eq(a.companyCode, body.global_companyCode));
  const columns = {
    type: sql`${a.type}::text`,
    class: sql`${a.class}::text`,
    location: a.location,
    updatedAt: sql<number>`extract(epoch from ${a.updatedAt})`,
  };
  const page = await queryTable<
    { location: string; type: number; class: AlarmClass; data: Record<string, unknown>; updatedAt: Date },
    keyof typeof columns
  >(
    db,
    wideTable(ALARM_HISTORY_TABLE),
    body,
    { table: a, columns, dateColumn: a.updatedAt, uniqueColumn: a.id, base },
    { location: a.location, type: a.type, class: a.class, data: a.data, updatedAt: a.updatedAt },
  );
  return {
    ...page,
    data: page.data.map((r) => ({
      location: r.location,
      type: String(r.type),
      class: r.class,
      ...(Object.keys(r.data ?? {}).length ? { data: JSON.stringify(r.data) } : {}),
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

/**
 * Record the alarm of one notification occurrence — raised while its notification key is on, whatever the alarm
 * config's available list says, since the key is that choice (data.occurrence names it, e.g. a gateway and the time it went silent)
 * unless it is recorded already; true when this call recorded it. Checked and inserted in one statement, so
 * that an occurrence yields one row — and so one notification mail — however often it is looked at.
 */
export async function raiseAlarmOnce(
  db: Db,
  alarm: { type: SystemAlarmType; location: string; companyCode: string | null; occurrence: string; data: Record<string, unknown> },
  at: Date,
): Promise<boolean> {
  const { code, class: cls } = SYSTEM_ALARM_TYPES[alarm.type];
  const data = JSON.stringify({ ...alarm.data, occurrence: alarm.occurrence });
  const result = await db.execute(sql`
    insert into ${systemAlarms} (type, class, location, company_code, data, updated_at)
    select ${code}, ${cls}, ${alarm.location}, ${alarm.companyCode}, ${data}::jsonb, ${at.toISOString()}::timestamptz
    where not exists (
      select 1 from ${systemAlarms} where ${systemAlarms.location} = ${alarm.location} and ${systemAlarms.type} = ${code}
        and ${systemAlarms.data}->>'occurrence' = ${alarm.occurrence})
    returning id`);
  return ((result as { rows?: unknown[] }).rows ?? []).length > 0;
}

/** Save the alarm config row (the variables stay the server's); creates the row on a database seeded without it. */
export async function saveAlarmConfig(db: Db, body: AlarmConfigBody, now = new Date()): Promise<void> {
  const set = { available: body.available.map(Number), admin: body.admin, server: body.server, content: body.content, updatedAt: now };
  await db
    .insert(alarmConfig)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: alarmConfig.id, set });
}

/** Alarm type codes that are raised (alarm_config.available); undefined when no config exists: everything is. */
export async function availableAlarmTypes(db: Db): Promise<Set<number> | undefined> {
  const [row] = await db.select({ available: alarmConfig.available }).from(alarmConfig).where(eq(alarmConfig.id, 1));
  return row ? new Set(row.available.map(Number)) : undefined;
}

const PLUS_ALARM_DEFAULTS: AlarmSetting = {
  memoryThreshold: 80,
  diskThreshold: 80,
  progressThreshold: 80,
  totalTagsThreshold: 80,
  receiveCriticalOnly: false,
};

/** The Plus alarm thresholds (plus-signage §3 Alarm setting); the schema's defaults when never saved. */
export async function plusAlarmSetting(db: Db): Promise<AlarmSetting> {
  const [row] = await db.select().from(plusAlarmSettings).where(eq(plusAlarmSettings.id, 1));
  if (!row) return PLUS_ALARM_DEFAULTS;
  const { memoryThreshold, diskThreshold, progressThreshold, totalTagsThreshold, receiveCriticalOnly } = row;
  return { memoryThreshold, diskThreshold, progressThreshold, totalTagsThreshold, receiveCriticalOnly };
}

export async function savePlusAlarmSetting(db: Db, body: AlarmSetting, now = new Date()): Promise<void> {
  // Whole percents are stored: the dialog's fields are whole numbers between 1 and 100.
  const round = (n: number) => Math.round(n);
  const set = {
    memoryThreshold: round(body.memoryThreshold),
    diskThreshold: round(body.diskThreshold),
    progressThreshold: round(body.progressThreshold),
    totalTagsThreshold: round(body.totalTagsThreshold),
    receiveCriticalOnly: body.receiveCriticalOnly,
    updatedAt: now,
  };
  await db
    .insert(plusAlarmSettings)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: plusAlarmSettings.id, set });
}
