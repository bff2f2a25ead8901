import { Type, type Static } from 'typebox';
import { CacheBusterQuery, HealthStatus, Timestamp } from './common';

export const DashboardQuerySchema = CacheBusterQuery;
export type DashboardQuery = Static<typeof DashboardQuerySchema>;

const Counts = Type.Record(Type.String(), Type.Integer({ minimum: 0 }));

export const HealthCountsSchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  normal: Type.Integer({ minimum: 0 }),
  alarm: Type.Integer({ minimum: 0 }),
  offline: Type.Integer({ minimum: 0 }),
});
export type HealthCounts = Static<typeof HealthCountsSchema>;

/** Gateway health of one store plus the counts behind the version charts (version → gateways). */
export const GatewayStoreStatusSchema = Type.Object({
  ...HealthCountsSchema.properties,
  gmpVersion: Counts,
  grmVersion: Counts,
});
export type GatewayStoreStatus = Static<typeof GatewayStoreStatusSchema>;

/** Tag stats per store. Good = total − error − inprogress. */
// spec: core §3.8 — tag stats per store
export const TagStatsSchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  error: Type.Integer({ minimum: 0 }),
  inprogress: Type.Integer({ minimum: 0 }),
  lowBattery: Type.Integer({ minimum: 0 }),
  /** tag type code → tags. */
  countByType: Counts,
  countNgByType: Counts,
  todayUpdated: Type.Integer({ minimum: 0 }),
  updatedAt: Type.Optional(Timestamp),
});
export type TagStats = Static<typeof TagStatsSchema>;

export const ProductStatsSchema = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  todayUpdated: Type.Integer({ minimum: 0 }),
  updatedAt: Type.Optional(Timestamp),
});
export type ProductStats = Static<typeof ProductStatsSchema>;

// spec: core §3.9 — daily counts: date, storeCode, total
export const DailyCountSchema = Type.Object({
  /** yyyy-mm-dd */
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  storeCode: Type.String(),
  total: Type.Integer({ minimum: 0 }),
});
export type DailyCount = Static<typeof DailyCountSchema>;

export const GatewayTagCountSchema = Type.Object({ gwMac: Type.String(), status: HealthStatus, tagCount: Type.Integer({ minimum: 0 }) });
export type GatewayTagCount = Static<typeof GatewayTagCountSchema>;

export const StoreDictEntrySchema = Type.Object({ storeName: Type.String(), companyCode: Type.String() });

/**
 * Sections the member may not read (console-core §2 Dashboard) are left out by the server, hence optional;
 * every per-store record is keyed by storeCode.
 */
export const DashboardSchema = Type.Object({
  storeDict: Type.Record(Type.String(), StoreDictEntrySchema),
  /** companyCode → company name. */
  companyDict: Type.Record(Type.String(), Type.String()),
  storeList: Type.Array(Type.String()),
  /** Stores with an update in progress. */
  updatingStoreList: Type.Array(Type.String()),
  serverStatus: Type.Optional(HealthCountsSchema),
  gwStatus: Type.Optional(Type.Record(Type.String(), GatewayStoreStatusSchema)),
  tagStatus: Type.Optional(Type.Record(Type.String(), TagStatsSchema)),
  gwTagStatus: Type.Optional(Type.Record(Type.String(), Type.Array(GatewayTagCountSchema))),
  productStatus: Type.Optional(Type.Record(Type.String(), ProductStatsSchema)),
  updatedTagCount: Type.Optional(Type.Array(DailyCountSchema)),
  updatedProductCount: Type.Optional(Type.Array(DailyCountSchema)),
});
export type Dashboard = Static<typeof DashboardSchema>;

/** Alarm configuration (console-admin §3 Alarm config); the dashboard reads the titles. */
export const AlarmContentSchema = Type.Object({ title: Type.String(), detail: Type.Optional(Type.String()) });
export const AlarmConfigSchema = Type.Object({
  /** Alarm types that are enabled. */
  available: Type.Array(Type.String()),
  /** E-mail addresses of the administrators notified. */
  admin: Type.Optional(Type.Array(Type.String())),
  /** Servers the alarms are raised for. */
  server: Type.Array(Type.String()),
  /** alarm type → texts. */
  content: Type.Record(Type.String(), AlarmContentSchema),
  /** Placeholders the contents may use. */
  variables: Type.Optional(Type.Array(Type.String())),
});
export type AlarmConfig = Static<typeof AlarmConfigSchema>;

// ---- Exceptions (console-core §2 Exceptions) ----

export const NgGatewaySchema = Type.Object({
  gwMac: Type.String(),
  ip: Type.Optional(Type.String()),
  status: HealthStatus,
  lastStatusTime: Type.Optional(Timestamp),
});
export type NgGateway = Static<typeof NgGatewaySchema>;

// spec: core §3.10 — exceptions stats
export const ExceptionsStatsSchema = Type.Object({
  totalTags: Type.Integer({ minimum: 0 }),
  errorTags: Type.Integer({ minimum: 0 }),
  noProductTags: Type.Integer({ minimum: 0 }),
  duplicateTags: Type.Integer({ minimum: 0 }),
  batteryNgTags: Type.Integer({ minimum: 0 }),
  totalGWs: Type.Integer({ minimum: 0 }),
  ngGWs: Type.Integer({ minimum: 0 }),
  ngGWDetail: Type.Array(NgGatewaySchema),
});
export type ExceptionsStats = Static<typeof ExceptionsStatsSchema>;

/** One row of the error / no-product / low-battery / duplicate lists. */
export const ExceptionTagRowSchema = Type.Object({
  tagMac: Type.String(),
  barcode: Type.String(),
  prCode: Type.Optional(Type.String()),
  /** Duplicate tags are tags that show the same product code: how many do. */
  countByPrCode: Type.Optional(Type.Integer({ minimum: 0 })),
  tagType: Type.Optional(Type.String()),
  status: Type.String(),
  battStatus: Type.Optional(Type.String()),
  battery: Type.Optional(Type.Number()),
  gwIp: Type.Optional(Type.String()),
  updatedAt: Type.Optional(Timestamp),
});
export type ExceptionTagRow = Static<typeof ExceptionTagRowSchema>;

/** `total` counts every matching tag; `data` stops at EXCEPTION_LIST_MAX rows. */
export const ExceptionListSchema = Type.Object({ total: Type.Integer({ minimum: 0 }), data: Type.Array(ExceptionTagRowSchema) });
export type ExceptionList = Static<typeof ExceptionListSchema>;
