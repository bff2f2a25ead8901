import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { HealthStatus, Literals, Mac, StoreCode, Timestamp, wideTable } from './common';
import { CHANNEL_MAX_OUTBAND, CHANNEL_MIN, TAG_LIST_MAX } from './constants-core';

/** Bytes used of bytes available. */
export const UsageSchema = Type.Object({ used: Type.Number({ minimum: 0 }), total: Type.Number({ minimum: 0 }) });
export type Usage = Static<typeof UsageSchema>;

/** A mounted file system of a gateway; the gauges read /ramdisk and /ramdisk/logs. */
export const DiskUsageSchema = Type.Object({ path: Type.String(), ...UsageSchema.properties });
export type DiskUsage = Static<typeof DiskUsageSchema>;

export const ServiceStatusSchema = Type.Object({ name: Type.String(), status: Type.String(), updatedAt: Type.Optional(Timestamp) });
export type ServiceStatus = Static<typeof ServiceStatusSchema>;

export const GatewayParamsSchema = Type.Object({ gwMac: Mac });
export type GatewayParams = Static<typeof GatewayParamsSchema>;
export const StoreGatewayParamsSchema = Type.Object({ storeCode: StoreCode, gwMac: Mac });
export type StoreGatewayParams = Static<typeof StoreGatewayParamsSchema>;

/** A gateway as lists show it. `ip` keeps its ":8080" port suffix; the console strips it for display. */
// spec: core §3.3 — gateway fields
export const GatewaySummarySchema = Type.Object({
  gwMac: Type.String(),
  gwIndex: Type.Integer({ minimum: 0 }),
  ip: Type.Optional(Type.String()),
  alternateIp: Type.Optional(Type.String()),
  status: HealthStatus,
  tagCount: Type.Integer({ minimum: 0 }),
  dataChannel: Type.Integer(),
  eventChannel: Type.Integer(),
  channelGroupIndex: Type.Integer({ minimum: 0 }),
  gmpVersion: Type.Optional(Type.String()),
  grmVersion: Type.Optional(Type.String()),
  /** 0 = NG; a NORMAL gateway with timeSync 0 is shown as ALARM. */
  timeSync: Type.Integer({ minimum: 0, maximum: 1 }),
  upLink: Type.Optional(Type.String()),
  downLink: Type.Optional(Type.String()),
  updatedAt: Type.Optional(Timestamp),
  lastStatusTime: Type.Optional(Timestamp),
});
export type GatewaySummary = Static<typeof GatewaySummarySchema>;

export const GatewayDetailSchema = Type.Object({
  storeCode: Type.String(),
  ...GatewaySummarySchema.properties,
  diskUsage: Type.Array(DiskUsageSchema),
  ramUsage: UsageSchema,
  serviceStatusList: Type.Array(ServiceStatusSchema),
});
export type GatewayDetail = Static<typeof GatewayDetailSchema>;

// ---- Channel setting ----

const Channel = Type.Integer({ minimum: CHANNEL_MIN, maximum: CHANNEL_MAX_OUTBAND });
export const ChannelEntrySchema = Type.Object({ dataChannel: Channel, eventChannel: Channel }, { additionalProperties: false });
export type ChannelEntry = Static<typeof ChannelEntrySchema>;

/** gwIndex → channels. */
// spec: core §3.4 — channel setting keyed by gwIndex with dataChannel and eventChannel
export const ChannelMapSchema = Type.Record(Type.String({ pattern: '^[0-9]{1,4}$' }), ChannelEntrySchema, {
  maxProperties: 1_000,
  additionalProperties: false,
});
export type ChannelMap = Static<typeof ChannelMapSchema>;

export const ChannelSettingQuerySchema = Type.Object({ storeCode: StoreCode }, { additionalProperties: false });
export type ChannelSettingQuery = Static<typeof ChannelSettingQuerySchema>;

export const ChannelSettingSchema = Type.Object({ storeCode: StoreCode, channelMap: ChannelMapSchema }, { additionalProperties: false });
export type ChannelSetting = Static<typeof ChannelSettingSchema>;

// ---- Predefined gateway configuration (CSV import, parsed by the console) ----

export const PredefinedRowSchema = Type.Object(
  { gwMac: Mac, dataChannel: Channel, eventChannel: Channel },
  { additionalProperties: false },
);
export type PredefinedRow = Static<typeof PredefinedRowSchema>;

export const PredefinedBodySchema = Type.Object(
  {
    /** Absent: the rows apply wherever the gateways appear (our choice). */
    storeCode: Type.Optional(StoreCode),
    data: Type.Array(PredefinedRowSchema, { minItems: 1, maxItems: TAG_LIST_MAX }),
  },
  { additionalProperties: false },
);
export type PredefinedBody = Static<typeof PredefinedBodySchema>;

export const PredefinedAnswerSchema = Type.Object({ updated: Type.Integer({ minimum: 0 }) });
export type PredefinedAnswer = Static<typeof PredefinedAnswerSchema>;

// ---- Alarm history of a gateway ----

// spec: admin §9.12 — alarm classes 1 to 3
export const ALARM_CLASSES = [1, 2, 3] as const;
export const AlarmClassSchema = Literals(ALARM_CLASSES);
export type AlarmClass = Static<typeof AlarmClassSchema>;

// spec: core §3.12 — alarm history row: location, type, class, updatedAt
export const AlarmHistoryRowSchema = Type.Object({
  /** Store code or SYSTEM. */
  location: Type.String(),
  type: Type.String(),
  class: AlarmClassSchema,
  data: Type.Optional(Type.String()),
  updatedAt: Timestamp,
});
export type AlarmHistoryRow = Static<typeof AlarmHistoryRowSchema>;

// Date fields are 'number': their filters and the date range are epoch seconds (NOTES.md 10).
export const GATEWAY_ALARM_HISTORY_TABLE = defineTable({
  fields: { type: 'text', class: 'enum', location: 'text', updatedAt: 'number' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});
export const GatewayAlarmHistoryRequestSchema = tableRequestSchema(wideTable(GATEWAY_ALARM_HISTORY_TABLE));
export const GatewayAlarmHistoryPageSchema = tablePageSchema(AlarmHistoryRowSchema);
