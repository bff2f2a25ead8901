import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ALARM_HISTORY_TABLE } from '../../src/api/contract/alarms';
import { wideTable } from '../../src/api/contract/common';
import type { AlarmHistoryRow } from '../../src/api/contract/gateways';
import type { TablePage } from '../../src/api/table';
import type { Db } from '../db/client';
import type { AlarmClass } from '../db/schema/common';
import { isSuperAdmin, type SessionUser } from '../lib/privileges';
import { queryTable } from '../lib/table-sql';
import { systemAlarms } from '../db/schema/index';
import { SYSTEM_ALARM_TYPES, type SystemAlarmType } from '../../src/api/contract/system-alarm-types';

/** Record a system alarm; location is a store code or 'SYSTEM'. */
export async function raiseSystemAlarm(
  db: Db,
  alarm: { type: SystemAlarmType; location: string; companyCode?: string; data?: Record<string, unknown> },
): Promise<void> {
  const { code, class: cls } = SYSTEM_ALARM_TYPES[alarm.type];
  await db.insert(systemAlarms).values({ type: code, class: cls, location: alarm.location, companyCode: alarm.companyCode, data: alarm.data ?? {} });
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
  const columns = { type: sql`${a.type}::text`, class: sql`${a.class}::text`, location: a.location, updatedAt: sql<number>`extract(epoch from ${a.updatedAt})` };
  const page = await queryTable<{ location: string; type: number; class: AlarmClass; data: Record<string, unknown>; updatedAt: Date }, keyof typeof columns>(
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
