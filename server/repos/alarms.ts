import type { Db } from '../db/client';
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
