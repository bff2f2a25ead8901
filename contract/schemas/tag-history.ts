import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { Literals, StoreCode, Timestamp, wideTable } from './common';

/*
 * Tag histories (console-core §2 Tag status, §3): tables of 25 rows, newest first. Date fields are 'date':
 * their filters and the date range are epoch seconds (NOTES.md 10).
 */

/** CANCEL comes without updatedAt, so that a console reading the spec's rule alone shows it as CANCEL too. */
export const UPDATE_RESULTS = ['OK', 'NG', 'CANCEL'] as const;

/**
 * No status: still in progress; a status without updatedAt: CANCEL; otherwise OK or NG. A row without
 * updatedAt sorts and filters by the time its task started.
 */
// spec: core §3.13 — history rows: update, battery, reset, temperature, alarm
export const TagUpdateHistoryRowSchema = Type.Object({
  taskId: Type.Union([Type.Integer(), Type.String()]),
  prCode: Type.String(),
  layoutId: Type.String(),
  /** Product info by alias index; the console names the columns from the alias config. */
  prInfo: Type.Array(Type.String()),
  nfc: Type.Optional(Type.String()),
  status: Type.Optional(Literals(UPDATE_RESULTS)),
  updatedAt: Type.Optional(Timestamp),
});
export type TagUpdateHistoryRow = Static<typeof TagUpdateHistoryRowSchema>;
// spec: core §9.9 — histories ordered by time descending
export const TAG_UPDATE_HISTORY_TABLE = defineTable({
  fields: { taskId: 'text', prCode: 'text', layoutId: 'text', prInfo: 'text', nfc: 'text', status: 'enum', updatedAt: 'date' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});
export const TagUpdateHistoryRequestSchema = tableRequestSchema(wideTable(TAG_UPDATE_HISTORY_TABLE));
export const TagUpdateHistoryPageSchema = tablePageSchema(TagUpdateHistoryRowSchema);

export const TagBatteryHistoryRowSchema = Type.Object({ battery: Type.Number(), updatedAt: Timestamp });
export type TagBatteryHistoryRow = Static<typeof TagBatteryHistoryRowSchema>;
export const TAG_BATTERY_HISTORY_TABLE = defineTable({
  fields: { battery: 'number', updatedAt: 'date' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});
export const TagBatteryHistoryRequestSchema = tableRequestSchema(wideTable(TAG_BATTERY_HISTORY_TABLE));
export const TagBatteryHistoryPageSchema = tablePageSchema(TagBatteryHistoryRowSchema);

export const TagResetHistoryRowSchema = Type.Object({ cnt: Type.Integer({ minimum: 0 }), last_time: Timestamp });
export type TagResetHistoryRow = Static<typeof TagResetHistoryRowSchema>;
export const TAG_RESET_HISTORY_TABLE = defineTable({
  fields: { cnt: 'number', last_time: 'date' },
  defaultOrder: { field: 'last_time', dir: 'desc' },
  dateField: 'last_time',
});
export const TagResetHistoryRequestSchema = tableRequestSchema(wideTable(TAG_RESET_HISTORY_TABLE));
export const TagResetHistoryPageSchema = tablePageSchema(TagResetHistoryRowSchema);

export const TagTemperatureHistoryRowSchema = Type.Object({ temperature: Type.Number(), updatedAt: Timestamp });
export type TagTemperatureHistoryRow = Static<typeof TagTemperatureHistoryRowSchema>;
export const TAG_TEMPERATURE_HISTORY_TABLE = defineTable({
  fields: { temperature: 'number', updatedAt: 'date' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});
export const TagTemperatureHistoryRequestSchema = tableRequestSchema(wideTable(TAG_TEMPERATURE_HISTORY_TABLE));
export const TagTemperatureHistoryPageSchema = tablePageSchema(TagTemperatureHistoryRowSchema);

/** Alarm history row of a tag, and of a sensor (a sensor is a tag with a sensor attached). */
export const TagAlarmHistoryRowSchema = Type.Object({ alarmTime: Timestamp, alarmType: Type.String() });
export type TagAlarmHistoryRow = Static<typeof TagAlarmHistoryRowSchema>;
export const TAG_ALARM_HISTORY_TABLE = defineTable({
  fields: { alarmType: 'text', alarmTime: 'date' },
  defaultOrder: { field: 'alarmTime', dir: 'desc' },
  dateField: 'alarmTime',
});
export const TagAlarmHistoryRequestSchema = tableRequestSchema(wideTable(TAG_ALARM_HISTORY_TABLE));
export const TagAlarmHistoryPageSchema = tablePageSchema(TagAlarmHistoryRowSchema);

// ---- Tags that failed in an update task ----

export const TaskFailParamsSchema = Type.Object({
  storeCode: StoreCode,
  taskId: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:\\-]+$' }),
});
export type TaskFailParams = Static<typeof TaskFailParamsSchema>;

export const TaskFailRowSchema = Type.Object({
  tagMac: Type.String(),
  barcode: Type.String(),
  prCode: Type.Optional(Type.String()),
  layoutId: Type.Optional(Type.String()),
  status: Type.String(),
  /** Why the tag failed, when the server knows. */
  message: Type.Optional(Type.String()),
  updatedAt: Type.Optional(Timestamp),
});
export type TaskFailRow = Static<typeof TaskFailRowSchema>;
export const TASK_FAIL_TABLE = defineTable({
  fields: { barcode: 'text', tagMac: 'text', prCode: 'text', layoutId: 'text', status: 'enum', updatedAt: 'date' },
  defaultOrder: { field: 'barcode', dir: 'asc' },
  dateField: 'updatedAt',
});
export const TaskFailRequestSchema = tableRequestSchema(wideTable(TASK_FAIL_TABLE));
export const TaskFailPageSchema = tablePageSchema(TaskFailRowSchema);
