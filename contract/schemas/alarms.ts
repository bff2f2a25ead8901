import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { Email, wideTable } from './common';
import { Body } from './admin-common';
import { AlarmHistoryRowSchema } from './gateways';
import { ALARM_THRESHOLD } from './constants-plus';

/*
 * System alarms, notifications and the alarm thresholds (console-admin §3 Alarm, notification content;
 * plus-signage §3 Alarm setting). The alarm config (GET /alarm/config) belongs to the dashboard contract.
 */

/** The system alarm history answers the rows of the gateway alarm history (AlarmHistoryRowSchema). */
export const ALARM_HISTORY_TABLE = defineTable({
  fields: { class: 'enum', location: 'text', type: 'text', updatedAt: 'number' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});

export const NotificationKey = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_]+$' });

/** The enabled notification keys (gwOff1Hr, notRecvCsv4Hr, abnorTagProduct are all off by default). */
export const NotificationSettingSchema = Type.Object({ enabled: Type.Array(Type.String()) });
export type NotificationSetting = Static<typeof NotificationSettingSchema>;
export const NotificationSettingBodySchema = Body({ enabled: Type.Array(NotificationKey, { maxItems: 200, uniqueItems: true }) });
export type NotificationSettingBody = Static<typeof NotificationSettingBodySchema>;

/** What a notification's subject and body may name as {name}; the server fills them in the mail. */
export const NOTIFICATION_VARIABLES = ['company', 'store', 'storeName', 'gwMac', 'since', 'time', 'count'] as const;

export const NotificationContentSchema = Type.Object({
  title: Type.String(),
  detail: Type.String(),
  subject: Type.String(),
  body: Type.String(),
});
export type NotificationContent = Static<typeof NotificationContentSchema>;
const contentInput = {
  title: Type.String({ maxLength: 200 }),
  detail: Type.String({ maxLength: 2000 }),
  subject: Type.String({ maxLength: 200 }),
  body: Type.String({ maxLength: 20_000 }),
};
export const NotificationContentBodySchema = Body(contentInput);
export type NotificationContentBody = Static<typeof NotificationContentBodySchema>;

/** Every key's content at once: what the export writes and the import (a JSON file) sends back. */
export const NotificationContentEntrySchema = Type.Object({ key: Type.String(), ...NotificationContentSchema.properties });
export type NotificationContentEntry = Static<typeof NotificationContentEntrySchema>;
export const NotificationContentListSchema = Type.Array(NotificationContentEntrySchema);
export const NotificationContentAllBodySchema = Body({
  contents: Type.Array(Body({ key: NotificationKey, ...contentInput }), { minItems: 1, maxItems: 200 }),
});
export type NotificationContentAllBody = Static<typeof NotificationContentAllBodySchema>;
export const NotificationKeyParamsSchema = Type.Object({ key: NotificationKey });

/** Thresholds in percent; receiveCriticalOnly limits notifications to class 3. */
export const AlarmSettingSchema = Type.Object({
  memoryThreshold: Type.Number(),
  diskThreshold: Type.Number(),
  progressThreshold: Type.Number(),
  totalTagsThreshold: Type.Number(),
  receiveCriticalOnly: Type.Boolean(),
});
export type AlarmSetting = Static<typeof AlarmSettingSchema>;
const Threshold = Type.Number({ minimum: ALARM_THRESHOLD.min, maximum: ALARM_THRESHOLD.max });
export const AlarmSettingBodySchema = Body({
  memoryThreshold: Threshold,
  diskThreshold: Threshold,
  progressThreshold: Threshold,
  totalTagsThreshold: Threshold,
  receiveCriticalOnly: Type.Boolean(),
});
export type AlarmSettingBody = Static<typeof AlarmSettingBodySchema>;

/**
 * The alarm config as role -1 saves it (console-admin §3 "Alarm config"): which types are raised, who gets alarm
 * mail, the servers reported on, and each type's title and detail. The variables are the server's, not edited.
 */
export const AlarmConfigBodySchema = Body({
  available: Type.Array(Type.String({ pattern: '^[0-9]{1,4}$' }), { maxItems: 500, uniqueItems: true }),
  admin: Type.Array(Email, { maxItems: 100, uniqueItems: true }),
  server: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100, uniqueItems: true }),
  // Keyed by type code; the server refuses a key that names no type (a key pattern here trips TypeBox's Default).
  content: Type.Record(
    Type.String(),
    Body({ title: Type.String({ minLength: 1, maxLength: 200 }), detail: Type.String({ maxLength: 2000 }) }),
    {
      maxProperties: 500,
    },
  ),
});
export type AlarmConfigBody = Static<typeof AlarmConfigBodySchema>;

// Table requests and pages.

export const AlarmHistoryRequestSchema = tableRequestSchema(wideTable(ALARM_HISTORY_TABLE));
export const AlarmHistoryPageSchema = tablePageSchema(AlarmHistoryRowSchema);
