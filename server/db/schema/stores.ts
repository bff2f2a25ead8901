import { boolean, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { companies } from './auth';
import { createdAt, type DayOfWeek, type HealthStatus } from './common';

/**
 * Counters shown with a store (gwCount, normal/offline/alarm, total/success/inprogress/error, todayUpdated,
 * sensorTypeCount, paper task counts) are aggregates over gateways, tags, sensors and tasks, not columns.
 */
export const stores = pgTable(
  'stores',
  {
    storeCode: text().primaryKey(),
    companyCode: text()
      .notNull()
      .references(() => companies.companyCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    storeName: text().notNull(),
    address: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    status: text().$type<HealthStatus>().notNull().default('NORMAL'),
    totalDuration: integer().notNull().default(60),
    eventDuration: integer().notNull().default(1),
    /** Contention period. */
    cpDuration: integer().notNull().default(14),
    oneChannelEnable: boolean().notNull().default(false),
    channelMaskEnable: boolean().notNull().default(false),
    /** Allows gateway channels 27..31 besides 11..26. */
    outbandEnable: boolean().notNull().default(false),
    notAutoRtnPage: boolean().notNull().default(false),
    showMac: boolean().notNull().default(false),
    hideLed: boolean().notNull().default(false),
    eventLedCtrl: boolean().notNull().default(false),
    baseTimeout: doublePrecision().notNull().default(60),
    /** Fractional (default 0.1), hence not an integer like the other timings. */
    timeoutTag: doublePrecision().notNull().default(0.1),
    nfRandomPercent: integer().notNull().default(5),
    nfRetryCnt: integer().notNull().default(8),
    nfBasicSleep: integer().notNull().default(18),
    nfDeepSleepDuration: integer().notNull().default(30),
    enableTagStatusCheck: boolean().notNull().default(false),
    useSensorTag: boolean().notNull().default(false),
    /** SUN..SAT; 'MANUAL' when the check only runs on request. */
    tagStatusCheckDay: text().$type<DayOfWeek | 'MANUAL'>().notNull().default('SUN'),
    timeServerIp: text(),
    timeServerPort: integer().notNull().default(123),
    panId: text(),
    enableOtaConfig: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('stores_company_idx').on(t.companyCode, t.storeName), index('stores_name_idx').on(t.storeName)],
);

/** A store's child row: it cannot outlive the store. */
export const storeRef = () =>
  text()
    .notNull()
    .references(() => stores.storeCode, { onDelete: 'cascade', onUpdate: 'cascade' });
