import { date, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tstz, type AlarmClass, type BattStatus, type TagStatus } from './common';
import { gateways } from './infra';
import { storeRef } from './stores';

export type TagMode = 'Normal' | 'Assign' | 'Active';
export type UpdateResult = 'OK' | 'NG' | 'CANCEL';

/**
 * tagMac: 12 upper-case hex characters, no separators. barcode is the tag id printed on the label; in our data
 * it equals tagMac, but lists filter and sort by it, so it is a column of its own. countByPrCode and tagLayout
 * (from the 2nd character of tagType) are derived.
 */
export const tags = pgTable(
  'tags',
  {
    tagMac: text().primaryKey(),
    storeCode: storeRef(),
    companyCode: text().notNull(),
    barcode: text().notNull(),
    /** null = no product. */
    prCode: text(),
    tagType: text(),
    gwMac: text().references(() => gateways.gwMac, { onDelete: 'set null', onUpdate: 'cascade' }),
    gwIp: text(),
    /** 1 = assigned. */
    operation: integer().notNull().default(0),
    operationName: text(),
    status: text().$type<TagStatus>().notNull().default('OK'),
    battStatus: text().$type<BattStatus>(),
    mode: text().$type<TagMode>(),
    version: integer(),
    rssi: integer(),
    battery: integer(),
    temperature: integer(),
    layoutId: text(),
    /** 0 or 180. */
    degree: integer().notNull().default(0),
    nfc: text(),
    updatedAt: tstz(),
    respondedAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [
    // tagMac closes both: it is the list's tie-breaker and the key of its deferred join (index-only paging).
    index('tags_store_barcode_idx').on(t.storeCode, t.barcode, t.tagMac),
    index('tags_store_status_barcode_idx').on(t.storeCode, t.status, t.barcode, t.tagMac),
    index('tags_store_pr_code_idx').on(t.storeCode, t.prCode),
    index('tags_store_updated_idx').on(t.storeCode, t.updatedAt),
    index('tags_store_batt_idx').on(t.storeCode, t.battStatus),
    index('tags_gw_idx').on(t.gwMac),
    index('tags_company_idx').on(t.companyCode),
  ],
);

/**
 * One row per tag per update task: serves both the tag update history and the task detail list.
 * status null = in progress; status set without updatedAt = CANCEL (spec §2 "Tag status").
 * No reference to tags: the history of a removed tag stays until the retention purge.
 */
export const taskItems = pgTable(
  'task_items',
  {
    id: bigId(),
    companyCode: text().notNull(),
    storeCode: storeRef(),
    taskId: text().notNull(),
    tagMac: text().notNull(),
    barcode: text().notNull(),
    prCode: text(),
    layoutId: text(),
    prInfo: jsonb().$type<string[]>().notNull().default([]),
    nfc: text(),
    status: text().$type<UpdateResult>(),
    updatedAt: tstz(),
    refreshed: tstz(),
    createdAt: createdAt(),
  },
  (t) => [
    index('task_items_store_tag_idx').on(t.storeCode, t.tagMac, t.createdAt),
    index('task_items_store_task_idx').on(t.storeCode, t.taskId, t.barcode),
    index('task_items_created_idx').on(t.createdAt),
  ],
);

const tagRef = () =>
  text()
    .notNull()
    .references(() => tags.tagMac, { onDelete: 'cascade', onUpdate: 'cascade' });

export const tagBatteryHistory = pgTable(
  'tag_battery_history',
  { id: bigId(), storeCode: text().notNull(), tagMac: tagRef(), battery: integer().notNull(), updatedAt: createdAt() },
  (t) => [index('tag_battery_history_tag_idx').on(t.tagMac, t.updatedAt)],
);

/** The spec's reset row is {cnt, last_time}. */
export const tagResetHistory = pgTable(
  'tag_reset_history',
  { id: bigId(), storeCode: text().notNull(), tagMac: tagRef(), cnt: integer().notNull(), lastTime: createdAt() },
  (t) => [index('tag_reset_history_tag_idx').on(t.tagMac, t.lastTime)],
);

export const tagTemperatureHistory = pgTable(
  'tag_temperature_history',
  { id: bigId(), storeCode: text().notNull(), tagMac: tagRef(), temperature: integer().notNull(), updatedAt: createdAt() },
  (t) => [index('tag_temperature_history_tag_idx').on(t.tagMac, t.updatedAt)],
);

export const tagAlarmHistory = pgTable(
  'tag_alarm_history',
  { id: bigId(), storeCode: text().notNull(), tagMac: tagRef(), alarmType: text().notNull(), alarmTime: createdAt() },
  (t) => [index('tag_alarm_history_tag_idx').on(t.tagMac, t.alarmTime)],
);

/** Row shape of the spec's alarm history: location, type, class, updatedAt. */
export const gatewayAlarmHistory = pgTable(
  'gateway_alarm_history',
  {
    id: bigId(),
    gwMac: text()
      .notNull()
      .references(() => gateways.gwMac, { onDelete: 'cascade', onUpdate: 'cascade' }),
    storeCode: text().notNull(),
    location: text().notNull(),
    /** Alarm type code, the key of the alarm config's content map (same codes as system alarms). */
    type: integer().notNull(),
    class: integer().$type<AlarmClass>().notNull(),
    updatedAt: createdAt(),
  },
  (t) => [index('gateway_alarm_history_gw_idx').on(t.gwMac, t.updatedAt)],
);

/** Dashboard daily chart: tags and products updated per store per day, rolled up by the stats task. */
export const dailyCounts = pgTable(
  'daily_counts',
  {
    storeCode: storeRef(),
    date: date({ mode: 'string' }).notNull(),
    total: integer().notNull().default(0),
    productTotal: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeCode, t.date] })],
);

export type CollectingKind = 'statusCheck' | 'ota';

/** The header's running tag status checks and OTA jobs; finished or stopped rows drop out of the list. */
export const collectingItems = pgTable(
  'collecting_items',
  {
    id: serial().primaryKey(),
    storeCode: storeRef(),
    companyCode: text().notNull(),
    kind: text().$type<CollectingKind>().notNull(),
    /** Status-check command (Tag Status Check, Battery Check, Gateway Scan, ...). */
    cmd: text().notNull(),
    otaType: text(),
    total: integer().notNull().default(0),
    done: integer().notNull().default(0),
    startedAt: createdAt(),
    finishedAt: tstz(),
    stoppedAt: tstz(),
  },
  (t) => [
    index('collecting_items_store_idx').on(t.storeCode, t.startedAt),
    index('collecting_items_running_idx').on(t.finishedAt, t.stoppedAt),
  ],
);
