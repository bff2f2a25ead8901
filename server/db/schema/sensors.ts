import { doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tstz, type AlarmClass } from './common';
import { gateways } from './infra';
import { storeRef, stores } from './stores';

export type SensorType = 'HAT' | 'TOF' | 'PEOPLECOUNT' | 'LOADCELL' | 'TVOC';

/**
 * A sensor is a tag carrying a sensor; tagMac is its address (the spec's sensorMac in alarm calls).
 * fields holds the type-specific integers of the assign/update payload (productWidth, ...).
 */
export const sensors = pgTable(
  'sensors',
  {
    tagMac: text().primaryKey(),
    storeCode: storeRef(),
    companyCode: text().notNull(),
    barcode: text().notNull(),
    prCode: text(),
    sensorType: text().$type<SensorType>().notNull(),
    fields: jsonb().$type<Record<string, number>>().notNull().default({}),
    gwMac: text().references(() => gateways.gwMac, { onDelete: 'set null', onUpdate: 'cascade' }),
    gwIp: text(),
    operation: integer().notNull().default(0),
    operationName: text(),
    version: integer(),
    dRssi: integer(),
    eRssi: integer(),
    status: text(),
    reportTime: tstz(),
    updatedAt: createdAt(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sensors_store_barcode_idx').on(t.storeCode, t.barcode),
    index('sensors_store_type_idx').on(t.storeCode, t.sensorType),
    index('sensors_gw_idx').on(t.gwMac),
  ],
);

/** Only the columns of the sensor's type are set; TOF count is derived from distance and productWidth. */
export const sensorMeasurements = pgTable(
  'sensor_measurements',
  {
    id: bigId(),
    storeCode: text().notNull(),
    tagMac: text()
      .notNull()
      .references(() => sensors.tagMac, { onDelete: 'cascade', onUpdate: 'cascade' }),
    time: createdAt(),
    humidity: doublePrecision(),
    temperature: doublePrecision(),
    distance: doublePrecision(),
    count: doublePrecision(),
    weight: doublePrecision(),
    tvoc: doublePrecision(),
    iaq: doublePrecision(),
    eco2: doublePrecision(),
  },
  (t) => [index('sensor_measurements_tag_time_idx').on(t.tagMac, t.time)],
);

export const sensorAlarmHistory = pgTable(
  'sensor_alarm_history',
  {
    id: bigId(),
    storeCode: text().notNull(),
    sensorMac: text()
      .notNull()
      .references(() => sensors.tagMac, { onDelete: 'cascade', onUpdate: 'cascade' }),
    location: text().notNull(),
    type: integer().notNull(),
    class: integer().$type<AlarmClass>().notNull(),
    updatedAt: createdAt(),
  },
  (t) => [index('sensor_alarm_history_sensor_idx').on(t.sensorMac, t.updatedAt)],
);

/** Per store: sensor name → number, only non-zero entries kept. */
export const sensorConfigs = pgTable('sensor_configs', {
  storeCode: text()
    .primaryKey()
    .references(() => stores.storeCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
  config: jsonb().$type<Record<string, number>>().notNull().default({}),
  updatedAt: createdAt(),
});
