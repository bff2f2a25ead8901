import { index, integer, jsonb, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { bigId, bigNum, createdAt, tstz, type DiskUsage, type HealthStatus, type ServiceStatus, type Usage } from './common';
import { stores } from './stores';

export type ServerType = 'proxy' | 'esl' | 'database';
/** Replica-set member states, stored upper case. */
export type ServerState =
  | 'PRIMARY'
  | 'SECONDARY'
  | 'STARTUP'
  | 'STARTUP2'
  | 'RECOVERING'
  | 'ARBITER'
  | 'DOWN'
  | 'UNKNOWN'
  | 'ROLLBACK'
  | 'REMOVED'
  | 'MASTER'
  | 'LEADER'
  | 'FOLLOWER';

export interface NetworkInterface {
  name: string;
  ip?: string;
  mac?: string;
  [extra: string]: unknown;
}

export const servers = pgTable(
  'servers',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    status: text().$type<HealthStatus>().notNull().default('NORMAL'),
    state: text().$type<ServerState>().notNull().default('UNKNOWN'),
    type: text().$type<ServerType>().notNull(),
    reportTime: tstz(),
    /** The server's own clock at its last report ("system status with time"). */
    systemTime: tstz(),
    diskUsage: jsonb().$type<Usage>(),
    ramUsage: jsonb().$type<Usage>(),
    serviceStatusList: jsonb().$type<ServiceStatus[]>().notNull().default([]),
    network: jsonb().$type<NetworkInterface[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('servers_type_idx').on(t.type, t.name)],
);

/** One sample per report, trimmed to the 24 h history window by a purge job. */
export const serverHealth = pgTable(
  'server_health',
  {
    id: bigId(),
    serverId: text()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    time: tstz().notNull().defaultNow(),
    status: text().$type<HealthStatus>(),
    cpu: real(),
    diskUsed: bigNum(),
    diskTotal: bigNum(),
    ramUsed: bigNum(),
    ramTotal: bigNum(),
  },
  (t) => [index('server_health_server_time_idx').on(t.serverId, t.time)],
);

export const gateways = pgTable(
  'gateways',
  {
    gwMac: text().primaryKey(),
    storeCode: text()
      .notNull()
      .references(() => stores.storeCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    gwIndex: integer().notNull().default(0),
    channelGroupIndex: integer().notNull().default(0),
    /** 'address:port'; the port is always 8080 and dropped for display. */
    ip: text(),
    alternateIp: text(),
    netmask: text(),
    defaultGateway: text(),
    dns: text(),
    eslServerPort: integer(),
    dataChannel: integer().notNull().default(11),
    eventChannel: integer().notNull().default(26),
    status: text().$type<HealthStatus>().notNull().default('OFFLINE'),
    /** Reported by the gateway; the tags table is the source of truth for assignment. */
    tagCount: integer().notNull().default(0),
    gmpVersion: text(),
    grmVersion: text(),
    /** 0 = NG: a NORMAL gateway with timeSync 0 is shown as ALARM. */
    timeSync: integer().notNull().default(1),
    upLink: text(),
    downLink: text(),
    /** Per mount point: '/', '/ramdisk', '/ramdisk/logs'. */
    diskUsage: jsonb().$type<DiskUsage[]>().notNull().default([]),
    ramUsage: jsonb().$type<Usage>(),
    serviceStatusList: jsonb().$type<ServiceStatus[]>().notNull().default([]),
    note: text(),
    lastStatusTime: tstz(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('gateways_store_idx').on(t.storeCode, t.gwMac), index('gateways_store_status_idx').on(t.storeCode, t.status)],
);

export const gatewayHealth = pgTable(
  'gateway_health',
  {
    id: bigId(),
    gwMac: text()
      .notNull()
      .references(() => gateways.gwMac, { onDelete: 'cascade', onUpdate: 'cascade' }),
    time: tstz().notNull().defaultNow(),
    status: text().$type<HealthStatus>(),
    ramUsed: bigNum(),
    ramTotal: bigNum(),
    ramdiskUsed: bigNum(),
    ramdiskTotal: bigNum(),
    logDiskUsed: bigNum(),
    logDiskTotal: bigNum(),
  },
  (t) => [index('gateway_health_gw_time_idx').on(t.gwMac, t.time)],
);

/** Each store's gwIndex → channel map (GET/POST /config/gw/channel carry storeCode; docs/architecture.md §3). */
export const gatewayChannels = pgTable(
  'gateway_channels',
  {
    storeCode: text()
      .notNull()
      .references(() => stores.storeCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    gwIndex: integer().notNull(),
    dataChannel: integer().notNull().default(11),
    eventChannel: integer().notNull().default(26),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storeCode, t.gwIndex] })],
);

/**
 * Imported before the gateway first reports, so no reference to gateways. storeCode is the store the import was
 * made for (null: a super administrator's system-wide row); it decides who may overwrite the row.
 */
export const predefinedGateways = pgTable(
  'predefined_gateways',
  {
    gwMac: text().primaryKey(),
    storeCode: text().references(() => stores.storeCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    dataChannel: integer().notNull(),
    eventChannel: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('predefined_gateways_store_idx').on(t.storeCode)],
);
