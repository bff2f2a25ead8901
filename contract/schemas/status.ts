import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { CacheBusterQuery, CompanyCode, EpochSeconds, HealthStatus, Literals, Position, Timestamp, wideTable } from './common';
import { GatewaySummarySchema, ServiceStatusSchema, UsageSchema } from './gateways';

// ---- Servers ----

export const SERVER_STATES = [
  'PRIMARY',
  'SECONDARY',
  'STARTUP',
  'STARTUP2',
  'RECOVERING',
  'ARBITER',
  'DOWN',
  'UNKNOWN',
  'ROLLBACK',
  'REMOVED',
  'MASTER',
  'LEADER',
  'FOLLOWER',
] as const;
export const ServerStateSchema = Literals(SERVER_STATES);
export type ServerState = Static<typeof ServerStateSchema>;

export const SERVER_TYPES = ['proxy', 'esl', 'database'] as const;
export const ServerTypeSchema = Literals(SERVER_TYPES);
export type ServerType = Static<typeof ServerTypeSchema>;

export const ServerParamsSchema = Type.Object({ serverId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.\\-]+$' }) });
export type ServerParams = Static<typeof ServerParamsSchema>;

// spec: core §3.2 — server: id, name, status, state, type, reportTime
export const ServerSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: HealthStatus,
  state: ServerStateSchema,
  type: ServerTypeSchema,
  reportTime: Type.Optional(Timestamp),
});
export type Server = Static<typeof ServerSchema>;
export const ServerListSchema = Type.Array(ServerSchema);

export const NetworkInterfaceSchema = Type.Object({
  name: Type.String(),
  ip: Type.String(),
  mac: Type.Optional(Type.String()),
  netmask: Type.Optional(Type.String()),
});
export type NetworkInterface = Static<typeof NetworkInterfaceSchema>;

export const ServerDetailQuerySchema = CacheBusterQuery;

export const ServerDetailSchema = Type.Object({
  ...ServerSchema.properties,
  /** Time of the system status shown. */
  time: Timestamp,
  diskUsage: UsageSchema,
  ramUsage: UsageSchema,
  serviceStatusList: Type.Array(ServiceStatusSchema),
  network: Type.Array(NetworkInterfaceSchema),
});
export type ServerDetail = Static<typeof ServerDetailSchema>;

// ---- System status history (24 h line charts) ----

export const SystemStatusQuerySchema = Type.Object(
  {
    start: EpochSeconds,
    /** Epoch seconds, or -1 for "now". */
    end: Type.Integer({ minimum: -1, maximum: 1e11 }),
  },
  { additionalProperties: false },
);
export type SystemStatusQuery = Static<typeof SystemStatusQuerySchema>;

/** Percentages used; a gateway reports ramdisk and logDisk, a server disk. */
export const SystemStatusPointSchema = Type.Object({
  time: Timestamp,
  memory: Type.Optional(Type.Number()),
  disk: Type.Optional(Type.Number()),
  ramdisk: Type.Optional(Type.Number()),
  logDisk: Type.Optional(Type.Number()),
  cpu: Type.Optional(Type.Number()),
});
export type SystemStatusPoint = Static<typeof SystemStatusPointSchema>;
export const SystemStatusHistorySchema = Type.Array(SystemStatusPointSchema);

export const VersionPartSchema = Type.Object({ version: Type.String(), updatedAt: Type.Optional(Timestamp) });
export const VersionInfoSchema = Type.Object({ version: Type.String(), grm: VersionPartSchema, gmp: VersionPartSchema });
export type VersionInfo = Static<typeof VersionInfoSchema>;

// ---- Stores ----

const Count = Type.Integer({ minimum: 0 });
const StoreBase = {
  storeCode: Type.String(),
  storeName: Type.String(),
  companyCode: Type.String(),
  companyName: Type.String(),
  status: HealthStatus,
  position: Type.Optional(Position),
};

// spec: core §3.5 — store row
export const StoreStatusRowSchema = Type.Object({ ...StoreBase, gwCount: Count, normal: Count, offline: Count, alarm: Count });
export type StoreStatusRow = Static<typeof StoreStatusRowSchema>;
export const StoreStatusListSchema = Type.Array(StoreStatusRowSchema);
/** The global company selection narrows the store list (console-core §2 Store and gateway status). */
export const StoreStatusListQuerySchema = Type.Object(
  { ...CacheBusterQuery.properties, global_companyCode: Type.Optional(CompanyCode) },
  { additionalProperties: false },
);
export type StoreStatusListQuery = Static<typeof StoreStatusListQuerySchema>;

export const StoreStatusDetailSchema = Type.Object({ ...StoreStatusRowSchema.properties, gwList: Type.Array(GatewaySummarySchema) });
export type StoreStatusDetail = Static<typeof StoreStatusDetailSchema>;

/*
 * The store lists of the tag, sensor and product screens (POST /status/store/pagination/{type}). Each type is
 * its own endpoint so that each is guarded by its own privilege section and has its own row.
 */
const StoreFields = { storeName: 'text', storeCode: 'text', companyCode: 'text', companyName: 'text', status: 'enum' } as const;

// spec: core §3.5 — store tag counters: total, success, inprogress, error, todayUpdated
export const StoreTagRowSchema = Type.Object({
  ...StoreBase,
  total: Count,
  success: Count,
  inprogress: Count,
  error: Count,
  lowBattery: Type.Optional(Count),
  todayUpdated: Count,
  /** From the store config: the status check action is offered only where enabled. */
  enableTagStatusCheck: Type.Boolean(),
  updatedAt: Type.Optional(Timestamp),
});
export type StoreTagRow = Static<typeof StoreTagRowSchema>;
export const STORE_TAG_TABLE = defineTable({
  fields: { ...StoreFields, total: 'number', success: 'number', inprogress: 'number', error: 'number', todayUpdated: 'number' },
  defaultOrder: { field: 'storeName', dir: 'asc' },
});
export const StoreTagRequestSchema = tableRequestSchema(wideTable(STORE_TAG_TABLE));
export const StoreTagPageSchema = tablePageSchema(StoreTagRowSchema);

// spec: core §3.5 — sensorTypeCount per type
export const StoreSensorRowSchema = Type.Object({
  ...StoreBase,
  total: Count,
  /** Sensors per sensor type. */
  sensorTypeCount: Type.Object({
    HAT: Type.Optional(Count),
    TOF: Type.Optional(Count),
    PEOPLECOUNT: Type.Optional(Count),
    LOADCELL: Type.Optional(Count),
    TVOC: Type.Optional(Count),
  }),
  updatedAt: Type.Optional(Timestamp),
});
export type StoreSensorRow = Static<typeof StoreSensorRowSchema>;
export const STORE_SENSOR_TABLE = defineTable({
  fields: { ...StoreFields, total: 'number' },
  defaultOrder: { field: 'storeName', dir: 'asc' },
});
export const StoreSensorRequestSchema = tableRequestSchema(wideTable(STORE_SENSOR_TABLE));
export const StoreSensorPageSchema = tablePageSchema(StoreSensorRowSchema);

export const StoreProductRowSchema = Type.Object({ ...StoreBase, total: Count, todayUpdated: Count, updatedAt: Type.Optional(Timestamp) });
export type StoreProductRow = Static<typeof StoreProductRowSchema>;
export const STORE_PRODUCT_TABLE = defineTable({
  fields: { ...StoreFields, total: 'number', todayUpdated: 'number' },
  defaultOrder: { field: 'storeName', dir: 'asc' },
});
export const StoreProductRequestSchema = tableRequestSchema(wideTable(STORE_PRODUCT_TABLE));
export const StoreProductPageSchema = tablePageSchema(StoreProductRowSchema);
