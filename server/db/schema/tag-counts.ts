import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/*
 * Per-store tag counters, kept by the database itself (migration 0013: statement triggers on tags with transition
 * tables), so every write — API, imports, simulator, cascades from stores and gateways — moves them in its own
 * transaction. The dashboard and the store lists read these few rows instead of grouping millions of tags.
 * No foreign key to stores: a store's delete cascades to its tags, whose trigger then writes zeros here; a key
 * would make that write fail when the store row is gone first. Readers join the stores they show.
 */

/** Per store and tag type (a tag without a type counts as 'UNKNOWN'): the counters of repos/stats.ts. */
export const tagStoreCounts = pgTable(
  'tag_store_counts',
  {
    storeCode: text().notNull(),
    tagType: text().notNull(),
    total: integer().notNull().default(0),
    /** Assigned, status neither OK nor WIP (isErrorTag). */
    error: integer().notNull().default(0),
    /** Status WIP (isInProgressTag). */
    inprogress: integer().notNull().default(0),
    /** Battery status NG (isLowBatteryTag). */
    lowBattery: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeCode, t.tagType] })],
);

/**
 * Tags per store and status (migration 0017, the same trigger): a tag list filtered by status reads its
 * recordsFiltered here instead of counting the store's tags (repos/tags.ts).
 */
export const tagStatusCounts = pgTable(
  'tag_status_counts',
  {
    storeCode: text().notNull(),
    status: text().notNull(),
    total: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeCode, t.status] })],
);

/** Tags per gateway and store (tags without a gateway are not counted). */
export const tagGatewayCounts = pgTable(
  'tag_gateway_counts',
  {
    storeCode: text().notNull(),
    gwMac: text().notNull(),
    total: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeCode, t.gwMac] })],
);

/**
 * Tags per store by the UTC day of their updatedAt, for "updated today". Only days from yesterday on are kept
 * (the trigger ignores older ones, the hourly purge deletes them). A day's row is read only on that day (and
 * later days' rows), and every change to it until then is written while it is still recent, so what is read is
 * exact.
 */
export const tagUpdateDays = pgTable(
  'tag_update_days',
  {
    day: date({ mode: 'string' }).notNull(),
    storeCode: text().notNull(),
    total: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.storeCode] })],
);

/** Products per store (migration 0014, the same kind of triggers on products): the dashboard's product totals. */
export const productStoreCounts = pgTable('product_store_counts', {
  storeCode: text().primaryKey(),
  total: integer().notNull().default(0),
});

/** Products per store by the UTC day of their updatedAt, kept from yesterday on as tagUpdateDays is. */
export const productUpdateDays = pgTable(
  'product_update_days',
  {
    day: date({ mode: 'string' }).notNull(),
    storeCode: text().notNull(),
    total: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.storeCode] })],
);
