import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { bigId, bigNum, createdAt, historyColumns, singletonCheck, singletonId, tstz, type Period, type TimeRange } from './common';
import { storeRef, stores } from './stores';
import { companies } from './auth';

/** Plus v1 libraries belong to a company; null is the system's (migration 0007). */
const v1Company = () => text().references(() => companies.companyCode, { onDelete: 'cascade', onUpdate: 'cascade' });

export interface PlusNetwork {
  ssid?: string;
  rssi: number;
  [extra: string]: unknown;
}
export type PlusObjectType = 'image' | 'video' | 'widget' | 'webpage' | 'product';
export interface PlusObject {
  type: PlusObjectType;
  /** Asset id, a URL for a webpage, a product number for a product. */
  id: string | number;
  left: number;
  top: number;
  width: number;
  height: number;
  fixed?: boolean;
  clickShow?: number;
  autoSize?: boolean;
  index?: number;
}
export interface PlusShow {
  duration: number;
  clickDuration?: number;
  bgColor: string;
  empty?: boolean;
  schedule: (string | number)[];
  object: PlusObject[];
}

/** mac normalised to 'aa:bb:cc:dd:ee:ff'. template is a plus_templates name in the same store. */
export const plusDevices = pgTable(
  'plus_devices',
  {
    mac: text().primaryKey(),
    storeCode: storeRef(),
    name: text(),
    model: text(),
    ver: text(),
    player: text(),
    launcher: text(),
    template: text(),
    status: text().$type<'ONLINE' | 'OFFLINE'>().notNull().default('OFFLINE'),
    mode: text(),
    recvTime: tstz(),
    /** Fixed show index; null = not pinned. */
    showIdx: integer(),
    tz: text(),
    volume: integer(),
    maxVolume: integer(),
    brightness: integer(),
    localNtpServer: boolean().notNull().default(false),
    networks: jsonb().$type<PlusNetwork[]>().notNull().default([]),
    /** Queried by element (blink a product's device), hence an array. */
    product: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    visionUpdatedAt: tstz(),
    screenUpdatedAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [
    index('plus_devices_store_recv_idx').on(t.storeCode, t.recvTime),
    index('plus_devices_store_template_idx').on(t.storeCode, t.template),
    index('plus_devices_product_idx').using('gin', t.product),
  ],
);

/** Kept apart from plus_devices so that device lists never read the show lists. */
export const plusDeviceShows = pgTable('plus_device_shows', {
  mac: text()
    .primaryKey()
    .references(() => plusDevices.mac, { onDelete: 'cascade', onUpdate: 'cascade' }),
  screenWidth: integer().notNull().default(1920),
  screenHeight: integer().notNull().default(158),
  productShowIdx: integer(),
  show: jsonb().$type<PlusShow[]>().notNull().default([]),
  updatedAt: createdAt(),
});

export const plusAssets = pgTable(
  'plus_assets',
  {
    id: bigId(),
    storeCode: storeRef(),
    type: text().$type<'image' | 'video' | 'widget'>().notNull(),
    name: text().notNull(),
    width: integer(),
    height: integer(),
    size: bigNum(),
    path: text().notNull(),
    thumbPath: text(),
    updatedAt: createdAt(),
  },
  (t) => [index('plus_assets_store_type_idx').on(t.storeCode, t.type, t.updatedAt)],
);

/** The template's _id is its name. deviceCount is derived. fixed is the template's fixed show index. */
export const plusTemplates = pgTable(
  'plus_templates',
  {
    storeCode: storeRef(),
    name: text().notNull(),
    size: text().notNull().default('23.1'),
    show: jsonb().$type<PlusShow[]>().notNull().default([]),
    fixed: integer(),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storeCode, t.name] })],
);

export const plusSchedules = pgTable(
  'plus_schedules',
  {
    id: bigId(),
    storeCode: storeRef(),
    name: text().notNull(),
    period: jsonb().$type<Period>().notNull(),
    /** Week days 0 (Sunday) to 6; rows of older seeds hold 'MON'… (read by dayNumbers). */
    days: jsonb().$type<(number | string)[]>().notNull().default([]),
    time: jsonb().$type<TimeRange[]>().notNull().default([]),
    updatedAt: createdAt(),
  },
  (t) => [index('plus_schedules_store_idx').on(t.storeCode, t.name)],
);

export const plusSoftware = pgTable(
  'plus_software',
  {
    id: bigId(),
    storeCode: storeRef(),
    kind: text().$type<'sw' | 'launcher' | 'other'>().notNull(),
    os: text(),
    model: text(),
    ver: text(),
    fileName: text().notNull(),
    path: text().notNull(),
    size: bigNum(),
    updatedAt: createdAt(),
  },
  (t) => [index('plus_software_store_idx').on(t.storeCode, t.kind, t.updatedAt)],
);

/** Thresholds 1..100. */
export const plusAlarmSettings = pgTable(
  'plus_alarm_settings',
  {
    id: singletonId(),
    memoryThreshold: integer().notNull().default(80),
    diskThreshold: integer().notNull().default(80),
    progressThreshold: integer().notNull().default(80),
    totalTagsThreshold: integer().notNull().default(80),
    receiveCriticalOnly: boolean().notNull().default(false),
    updatedAt: createdAt(),
  },
  (t) => [singletonCheck('plus_alarm_settings', t.id)],
);

/** Edited as a whole; its fields are not shown in the spec. */
export const plusSettings = pgTable(
  'plus_settings',
  {
    id: singletonId(),
    setting: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: createdAt(),
  },
  (t) => [singletonCheck('plus_settings', t.id)],
);

export const plusHistory = pgTable('plus_history', historyColumns(), (t) => [
  index('plus_history_store_time_idx').on(t.store, t.updatedAt),
  index('plus_history_time_idx').on(t.updatedAt),
]);

export interface V1DeviceConfig {
  code?: string;
  name?: string;
  storeCode?: string;
  category?: string;
  section?: string;
  shelfID?: string;
  position?: string;
  timezone?: string;
  volume?: number;
  bright?: number;
  orientation?: number | string;
  bt?: boolean;
  nfc?: boolean;
  autorun?: boolean;
  autoupdate?: boolean;
  timeserver?: string;
  opentime?: string;
  closetime?: string;
  adminPwd?: string;
  managerPwd?: string;
  screenInterval?: number;
  cameraInterval?: number;
}

/** The spec's _id is the normalised mac. storeCode mirrors config.storeCode so lists can filter by store. */
export const v1Devices = pgTable(
  'v1_devices',
  {
    mac: text().primaryKey(),
    storeCode: text().references(() => stores.storeCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    model: text(),
    config: jsonb().$type<V1DeviceConfig>().notNull().default({}),
    version: jsonb().$type<Record<string, string>>().notNull().default({}),
    product: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** ONLINE, OFFLINE, NORMAL, ALARM. */
    connection: text(),
    recvTime: tstz(),
    ipAddress: text(),
    createdAt: createdAt(),
  },
  (t) => [index('v1_devices_store_idx').on(t.storeCode, t.mac), index('v1_devices_product_idx').using('gin', t.product)],
);

export interface V1Area {
  left: number;
  top: number;
  width: number;
  height: number;
}
export interface V1ShowDevice extends V1Area {
  type: '23' | '29';
  rotation: number;
}

/** Counts (device, content, area, timeline, per device type) are derived from the jsonb lists. */
export const v1Shows = pgTable(
  'v1_shows',
  {
    id: bigId(),
    name: text().notNull(),
    resolution: text(),
    width: integer().notNull().default(1920),
    height: integer().notNull().default(0),
    /** 'RxC' or '-'. */
    contentLayout: text().notNull().default('-'),
    device: jsonb().$type<V1ShowDevice[]>().notNull().default([]),
    duration: integer().notNull().default(30),
    contentArea: jsonb().$type<V1Area[]>().notNull().default([]),
    /** Queried by element (is a content still used?), hence an array. */
    contentIdList: bigNum()
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    timeline: jsonb().$type<{ id: number; start: number }[][]>().notNull().default([]),
    companyCode: v1Company(),
    user: text(),
    updatedAt: createdAt(),
  },
  (t) => [index('v1_shows_content_idx').using('gin', t.contentIdList), index('v1_shows_updated_idx').on(t.updatedAt)],
);

export const v1Sets = pgTable('v1_sets', {
  id: bigId(),
  name: text().notNull(),
  duration: integer().notNull().default(1),
  /** id is a show id or the literal 'price'. */
  list: jsonb().$type<{ id: number | 'price'; duration: number }[]>().notNull().default([]),
  companyCode: v1Company(),
  user: text(),
  updatedAt: createdAt(),
});

/** days: 0 (Sunday) to 6, as the contract sends them. */
export interface V1TimelineSchedule {
  id: number;
  period?: Period;
  days?: number[];
  time?: TimeRange[];
}

export const v1Timelines = pgTable('v1_timelines', {
  id: bigId(),
  name: text().notNull(),
  schedule: jsonb().$type<V1TimelineSchedule[]>().notNull().default([]),
  /** Per slot, the device macs. */
  device: jsonb().$type<string[][]>().notNull().default([]),
  companyCode: v1Company(),
  user: text(),
  updatedAt: createdAt(),
});

export const v1ContentGroups = pgTable(
  'v1_content_groups',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    parent: integer().references((): AnyPgColumn => v1ContentGroups.id, { onDelete: 'cascade' }),
    order: integer().notNull().default(0),
    companyCode: v1Company(),
  },
  (t) => [index('v1_content_groups_parent_idx').on(t.parent, t.order)],
);

export const v1Contents = pgTable(
  'v1_contents',
  {
    id: bigId(),
    name: text().notNull(),
    group: integer().references(() => v1ContentGroups.id, { onDelete: 'set null' }),
    type: text().$type<'image' | 'video' | 'widget'>().notNull(),
    resolution: text(),
    duration: integer(),
    size: bigNum(),
    path: text().notNull(),
    companyCode: v1Company(),
    user: text(),
    updatedAt: createdAt(),
  },
  (t) => [index('v1_contents_group_idx').on(t.group, t.updatedAt)],
);

/** The label print list of /print/edit/{storeCode}; description and the rendered image are derived. */
export const printProducts = pgTable(
  'print_products',
  {
    id: bigId(),
    storeCode: storeRef(),
    memberEmail: text().notNull(),
    prCode: text().notNull(),
    prInfo: jsonb().$type<string[]>().notNull().default([]),
    layoutId: text(),
    qty: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('print_products_store_member_idx').on(t.storeCode, t.memberEmail)],
);
