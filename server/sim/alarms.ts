import type { Db } from '../db/client';
import { availableAlarmTypes } from '../repos/alarms';
import { gatewayAlarmHistory, systemAlarms, tagAlarmHistory } from '../db/schema/index';
import { SYSTEM_ALARM_TYPES, type SystemAlarmType } from '../../contract/schemas/system-alarm-types';

/**
 * Alarms raised by the simulated devices. Unlike repos/alarms they carry the simulated time, so that an alarm
 * lines up with the status change that caused it when the clock runs faster than the wall clock.
 */

export interface SystemAlarmInput {
  type: SystemAlarmType;
  /** A store code or 'SYSTEM'. */
  location: string;
  companyCode?: string | null;
  data?: Record<string, unknown>;
}

/** Alarms of the types the alarm config makes available (all when there is no config). */
export async function raiseSystemAlarms(db: Db, all: SystemAlarmInput[], at: Date): Promise<void> {
  if (!all.length) return;
  const available = await availableAlarmTypes(db);
  const alarms = available ? all.filter((a) => available.has(SYSTEM_ALARM_TYPES[a.type].code)) : all;
  if (!alarms.length) return;
  await db.insert(systemAlarms).values(
    alarms.map((a) => {
      const { code, class: cls } = SYSTEM_ALARM_TYPES[a.type];
      return { type: code, class: cls, location: a.location, companyCode: a.companyCode ?? null, data: a.data ?? {}, updatedAt: at };
    }),
  );
}

export interface GatewayAlarmInput {
  gwMac: string;
  storeCode: string;
  type: SystemAlarmType;
}

/** A gateway's own alarm history row (gateway detail screen), same type codes as the system alarms. */
export async function raiseGatewayAlarms(db: Db, alarms: GatewayAlarmInput[], at: Date): Promise<void> {
  if (!alarms.length) return;
  await db.insert(gatewayAlarmHistory).values(
    alarms.map((a) => {
      const { code, class: cls } = SYSTEM_ALARM_TYPES[a.type];
      return { gwMac: a.gwMac, storeCode: a.storeCode, location: a.storeCode, type: code, class: cls, updatedAt: at };
    }),
  );
}

export type TagAlarmType = 'UPDATE_FAILURE' | 'LOW_BATTERY';

export async function raiseTagAlarms(
  db: Db,
  alarms: { storeCode: string; tagMac: string; alarmType: TagAlarmType }[],
  at: Date,
): Promise<void> {
  if (!alarms.length) return;
  await db.insert(tagAlarmHistory).values(alarms.map((a) => ({ ...a, alarmTime: at })));
}
