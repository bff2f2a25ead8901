import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { EpochSeconds, Literals, PrCode, StoreCode, Timestamp, wideTable } from './common';
import { TAG_LIST_MAX } from './constants-core';
import { TagRef, TaskIdField } from './tags';

export const SENSOR_TYPES = ['HAT', 'TOF', 'PEOPLECOUNT', 'LOADCELL', 'TVOC'] as const;
export const SensorTypeSchema = Literals(SENSOR_TYPES);
export type SensorType = Static<typeof SensorTypeSchema>;

/** What each sensor type measures; TOF distance is turned into a count from productWidth and the error range. */
// spec: core §2.49 — measurements per sensor type
export const SENSOR_MEASUREMENTS: Record<SensorType, readonly string[]> = {
  HAT: ['humidity', 'temperature'],
  TOF: ['distance', 'count'],
  PEOPLECOUNT: ['count'],
  LOADCELL: ['weight'],
  TVOC: ['tvoc', 'iaq', 'eco2'],
};

/**
 * The integer settings each type's assign and update modals ask for (names are ours, the spec leaves them open;
 * the demo data uses the same). GET /sensor/type answers this table; every field is required.
 */
export const SENSOR_TYPE_FIELDS: Record<SensorType, readonly string[]> = {
  HAT: ['tempMin', 'tempMax', 'humidityMin', 'humidityMax'],
  TOF: ['productWidth', 'depth'],
  PEOPLECOUNT: ['threshold'],
  LOADCELL: ['unitWeight', 'minWeight'],
  TVOC: ['tvocThreshold', 'eco2Threshold'],
};

/** Sensor alarm type codes (ours: the spec's system alarm list has none for sensors) and their names in lists. */
export const SENSOR_ALARM_TYPES: Readonly<Record<number, string>> = {
  101: 'TEMPERATURE_HUMIDITY',
  102: 'DISTANCE',
  103: 'WEIGHT',
  104: 'AIR_QUALITY',
};

/** Type-specific integer settings of a sensor (e.g. productWidth of a TOF sensor); GET /sensor/type names them. */
export const SensorFieldsSchema = Type.Record(
  Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,31}$' }),
  Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 }),
  { maxProperties: 32, additionalProperties: false },
);
export type SensorFields = Static<typeof SensorFieldsSchema>;

export const SensorConfigSchema = Type.Object(
  { sensorType: SensorTypeSchema, fields: SensorFieldsSchema },
  { additionalProperties: false },
);
export type SensorConfig = Static<typeof SensorConfigSchema>;

// spec: core §3.16 — sensor fields
export const SensorSchema = Type.Object({
  /** Tag id of the tag the sensor is attached to. */
  barcode: Type.String(),
  tagMac: Type.String(),
  prCode: Type.Optional(Type.String()),
  gwIp: Type.Optional(Type.String()),
  sensorType: SensorTypeSchema,
  operationName: Type.Optional(Type.String()),
  /** Shown in hex. */
  version: Type.Optional(Type.Integer({ minimum: 0 })),
  dRssi: Type.Optional(Type.Number()),
  eRssi: Type.Optional(Type.Number()),
  status: Type.String(),
  reportTime: Type.Optional(Timestamp),
  updatedAt: Type.Optional(Timestamp),
  /** Current settings, for the update modal. */
  fields: Type.Optional(Type.Record(Type.String(), Type.Integer())),
});
export type Sensor = Static<typeof SensorSchema>;

// Date fields are 'date': their filters and the date range are epoch seconds (NOTES.md 10).
export const SENSOR_LIST_TABLE = defineTable({
  fields: {
    barcode: 'text',
    tagMac: 'text',
    prCode: 'text',
    gwIp: 'text',
    sensorType: 'enum',
    operationName: 'text',
    version: 'hex',
    dRssi: 'number',
    eRssi: 'number',
    status: 'enum',
    reportTime: 'date',
    updatedAt: 'date',
  },
  defaultOrder: { field: 'barcode', dir: 'asc' },
  dateField: 'updatedAt',
});
export const SensorListRequestSchema = tableRequestSchema(wideTable(SENSOR_LIST_TABLE));
export const SensorListPageSchema = tablePageSchema(SensorSchema);

export const SensorTypeInfoSchema = Type.Object({
  sensorType: SensorTypeSchema,
  /** Names of the integer settings the assign and update modals ask for. */
  fields: Type.Array(Type.String()),
});
export type SensorTypeInfo = Static<typeof SensorTypeInfoSchema>;
export const SensorTypeListSchema = Type.Array(SensorTypeInfoSchema);

/** Without storeCode the server's default range (our choice: the per-store sensor config may override it). */
export const DistanceErrorRangeQuerySchema = Type.Object({ storeCode: Type.Optional(StoreCode) }, { additionalProperties: false });
/** productWidth must be at least distanceErrorRange + 1. */
export const DistanceErrorRangeSchema = Type.Object({ distanceErrorRange: Type.Integer({ minimum: 0 }) });
export type DistanceErrorRange = Static<typeof DistanceErrorRangeSchema>;

// ---- Writes ----

export const SensorAssignItemSchema = Type.Object(
  { tagMac: TagRef, prCode: PrCode, sensor: SensorConfigSchema },
  { additionalProperties: false },
);
export const SensorAssignBodySchema = Type.Object(
  {
    taskId: TaskIdField,
    priorTaskId: TaskIdField,
    storeCode: StoreCode,
    tagList: Type.Array(SensorAssignItemSchema, { minItems: 1, maxItems: TAG_LIST_MAX }),
  },
  { additionalProperties: false },
);
export type SensorAssignBody = Static<typeof SensorAssignBodySchema>;

export const SensorUpdateItemSchema = Type.Object({ tagMac: TagRef, sensor: SensorConfigSchema }, { additionalProperties: false });
export const SensorUpdateBodySchema = Type.Object(
  {
    taskId: TaskIdField,
    priorTaskId: TaskIdField,
    storeCode: StoreCode,
    tagList: Type.Array(SensorUpdateItemSchema, { minItems: 1, maxItems: TAG_LIST_MAX }),
  },
  { additionalProperties: false },
);
export type SensorUpdateBody = Static<typeof SensorUpdateBodySchema>;

// ---- Measurement history ----

export const StoreSensorParamsSchema = Type.Object({ storeCode: StoreCode, sensorMac: TagRef });
export type StoreSensorParams = Static<typeof StoreSensorParamsSchema>;

/** Without dates the server answers the last 24 hours (our choice). */
export const SensorHistoryQuerySchema = Type.Object(
  { startDate: Type.Optional(EpochSeconds), endDate: Type.Optional(EpochSeconds) },
  { additionalProperties: false },
);
export type SensorHistoryQuery = Static<typeof SensorHistoryQuerySchema>;

/** One reading; only the measurements of the sensor's type are present (SENSOR_MEASUREMENTS). */
export const SensorPointSchema = Type.Object({
  updatedAt: Timestamp,
  humidity: Type.Optional(Type.Number()),
  temperature: Type.Optional(Type.Number()),
  distance: Type.Optional(Type.Number()),
  count: Type.Optional(Type.Number()),
  weight: Type.Optional(Type.Number()),
  tvoc: Type.Optional(Type.Number()),
  iaq: Type.Optional(Type.Number()),
  eco2: Type.Optional(Type.Number()),
});
export type SensorPoint = Static<typeof SensorPointSchema>;

export const SensorHistorySchema = Type.Object({
  data: Type.Array(SensorPointSchema),
  startDate: Timestamp,
  endDate: Timestamp,
  tagInfo: SensorSchema,
});
export type SensorHistory = Static<typeof SensorHistorySchema>;
