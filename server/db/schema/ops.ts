import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './auth';
import { bigId, bigNum, createdAt, historyColumns, singletonCheck, singletonId, tstz, type AlarmClass } from './common';
import { storeRef, stores } from './stores';
import { collectingItems } from './tags';

const fileColumns = () => ({ fileName: text().notNull(), filePath: text().notNull(), size: bigNum() });

/** Tasks of /task and of the product update task list. internalTaskId 0 = no detail link; endTime null = running. */
export const updateTasks = pgTable(
  'update_tasks',
  {
    id: bigId(),
    taskId: text().notNull(),
    internalTaskId: integer().notNull().default(0),
    companyCode: text().notNull(),
    storeCode: storeRef(),
    /** UPDATE, LAYOUT or others. */
    taskType: text().notNull().default('UPDATE'),
    layoutId: text(),
    updateId: text(),
    productCount: integer().notNull().default(0),
    totalTags: integer().notNull().default(0),
    updatedTags: integer().notNull().default(0),
    startTime: createdAt(),
    endTime: tstz(),
    refreshed: tstz(),
  },
  (t) => [
    unique('update_tasks_store_task_uq').on(t.storeCode, t.taskId),
    index('update_tasks_store_start_idx').on(t.storeCode, t.startTime),
    index('update_tasks_company_start_idx').on(t.companyCode, t.startTime),
  ],
);

/** 0 server log, 1 gateway log, 2 store file, 3 tag list, 4 filtered products, 5 company tags, 6 assigned products. */
export type DownloadType = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export type DownloadStatus = 'pending' | 'running' | 'done' | 'error';

/** Random uuid ids: the file is fetched by task id, which must not be guessable. */
export const downloadTasks = pgTable(
  'download_tasks',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberEmail: text().notNull(),
    type: integer().$type<DownloadType>().notNull(),
    storeCode: text(),
    filter: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: text().$type<DownloadStatus>().notNull().default('pending'),
    message: text(),
    fileName: text(),
    filePath: text(),
    createdAt: createdAt(),
    finishedAt: tstz(),
  },
  (t) => [index('download_tasks_created_idx').on(t.createdAt)],
);

/** First answer to a replayable write, returned again for the same key; kept at least 7 days. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text().primaryKey(),
    memberEmail: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    /** sha-256 of the request body: the same key with another body is a client mistake, not a replay. */
    fingerprint: text().notNull(),
    /** 0 while the first request is still running. */
    status: integer().notNull(),
    body: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** location is a store code or 'SYSTEM'; type is the alarm type code (the key of alarm_config.content). */
export const systemAlarms = pgTable(
  'system_alarms',
  {
    id: bigId(),
    companyCode: text(),
    class: integer().$type<AlarmClass>().notNull(),
    location: text().notNull(),
    type: integer().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: createdAt(),
  },
  (t) => [index('system_alarms_time_idx').on(t.updatedAt), index('system_alarms_location_idx').on(t.location, t.updatedAt)],
);

export const alarmConfig = pgTable(
  'alarm_config',
  {
    id: singletonId(),
    /** available: alarm types raised; admin: e-mails that get alarm mail; server: servers reported on. */
    available: jsonb().$type<number[]>().notNull().default([]),
    admin: jsonb().$type<string[]>().notNull().default([]),
    server: jsonb().$type<string[]>().notNull().default([]),
    content: jsonb().$type<Record<string, { title: string; detail: string }>>().notNull().default({}),
    variables: jsonb().$type<string[]>().notNull().default([]),
    updatedAt: createdAt(),
  },
  (t) => [singletonCheck('alarm_config', t.id)],
);

/** Keys gwOff1Hr, notRecvCsv4Hr, abnorTagProduct; all off by default. */
export const notificationSettings = pgTable('notification_settings', {
  key: text().primaryKey(),
  enabled: boolean().notNull().default(false),
  updatedAt: createdAt(),
});

export const notificationContents = pgTable('notification_contents', {
  key: text().primaryKey(),
  title: text().notNull().default(''),
  detail: text().notNull().default(''),
  subject: text().notNull().default(''),
  body: text().notNull().default(''),
  updatedAt: createdAt(),
});

export const changeHistory = pgTable('change_history', historyColumns(), (t) => [
  index('change_history_time_idx').on(t.updatedAt),
  index('change_history_company_idx').on(t.company, t.updatedAt),
]);

/** One row. Also holds the session's systemConfig flags and the sensor distance error range (no store in its call). */
export const serverConfig = pgTable(
  'server_config',
  {
    id: singletonId(),
    retailServerIp: text(),
    retailServerPort: integer(),
    timeServerIp: text().notNull().default('pool.ntp.org'),
    timeServerPort: integer().notNull().default(123),
    gatewayStatusCheckInterval: integer().notNull().default(600),
    historyRetentionDays: integer().notNull().default(30),
    updateHistoryRetentionDays: integer().notNull().default(7),
    tagDisplayRefreshDays: integer().notNull().default(1),
    panId: text().notNull().default('BFFF'),
    mobile: text(),
    email: text(),
    mainFromMac: integer().notNull().default(2),
    mainFromPage: integer().notNull().default(3),
    site: text().notNull().default(''),
    useSubDomain: boolean().notNull().default(false),
    imageBaseUpdate: boolean().notNull().default(false),
    enableProductUpdateHistory: boolean().notNull().default(true),
    distanceErrorRange: integer().notNull().default(5),
    /** "Change config": which change categories are recorded; its fields are not shown. */
    changeConfig: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: createdAt(),
  },
  (t) => [singletonCheck('server_config', t.id)],
);

/** companyCode null = the global SMTP setting. The password is kept reversibly: it is replayed to the SMTP host. */
export const smtpConfigs = pgTable(
  'smtp_configs',
  {
    id: serial().primaryKey(),
    companyCode: text().references(() => companies.companyCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    enable: boolean().notNull().default(false),
    server: text(),
    port: integer(),
    account: text(),
    password: text(),
    tls: boolean().notNull().default(false),
    ssl: boolean().notNull().default(false),
    updatedAt: createdAt(),
  },
  (t) => [unique('smtp_configs_company_uq').on(t.companyCode).nullsNotDistinct()],
);

export const amacs = pgTable('amacs', {
  id: serial().primaryKey(),
  abstractCode: text().notNull().unique('amacs_abstract_code_uq'),
  abstractData: text().notNull(),
  updatedAt: createdAt(),
});

/** Parsed from the uploaded .bin; field names match the parse answer (ota_type, fw_version, ...). */
export const firmwares = pgTable('firmwares', {
  id: serial().primaryKey(),
  fwName: text().notNull(),
  otaType: text(),
  fwVersion: integer(),
  targetStartVersion: integer(),
  targetEndVersion: integer(),
  targetCheckSum: text(),
  ...fileColumns(),
  createdAt: createdAt(),
});

export interface OtaGateway {
  gwIp: string;
  gwMac: string;
  otaCh: number;
}

/** endTime null is the spec's -1 (in progress); progress is derived from updatedTags / totalTags. */
export const otaTasks = pgTable(
  'ota_tasks',
  {
    id: bigId(),
    storeCode: storeRef(),
    firmwareId: integer().references(() => firmwares.id, { onDelete: 'set null' }),
    fwName: text(),
    fileName: text(),
    otaType: text(),
    tagVersion: integer(),
    startVersion: integer(),
    endVersion: integer(),
    totalTags: integer().notNull().default(0),
    updatedTags: integer().notNull().default(0),
    detail: jsonb().$type<OtaGateway[]>().notNull().default([]),
    gwResult: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    repeatCnt: integer().notNull().default(5),
    otaStartTime: integer().notNull().default(200),
    otaSleepMinTime: integer().notNull().default(10),
    otaSleepDistTime: integer().notNull().default(1),
    /** Strictly between 0 and 255. */
    otaTransmissionTime: integer().notNull().default(60),
    startTime: createdAt(),
    endTime: tstz(),
    stoppedAt: tstz(),
    /** The header's collecting item of this job: stopping either stops both. */
    collectingItemId: integer().references(() => collectingItems.id, { onDelete: 'set null' }),
  },
  (t) => [index('ota_tasks_store_start_idx').on(t.storeCode, t.startTime)],
);

/** result -1 = in progress. */
export const otaDetails = pgTable(
  'ota_details',
  {
    id: bigId(),
    otaTaskId: bigNum()
      .notNull()
      .references(() => otaTasks.id, { onDelete: 'cascade' }),
    barcode: text().notNull(),
    tagMac: text().notNull(),
    version: integer(),
    result: integer().notNull().default(-1),
    gwIp: text(),
    startTime: tstz(),
    endTime: tstz(),
  },
  (t) => [index('ota_details_task_idx').on(t.otaTaskId, t.barcode)],
);

/** File name format mobile_{version_info}.apk; at most one active file. */
export const mobileSoftware = pgTable(
  'mobile_software',
  {
    id: serial().primaryKey(),
    ver: text().notNull(),
    ...fileColumns(),
    active: boolean().notNull().default(false),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mobile_software_one_active_uq')
      .on(t.active)
      .where(sql`${t.active}`),
  ],
);

export type CodeScriptKind = 'thirdPartyAuth' | 'paperParser' | 'productFileParser' | 'tagDataDecorator' | 'plusDataDecorator';

/** Parsers and decorators. Scope: global (both null), per company or per store, depending on kind. */
export const codeScripts = pgTable(
  'code_scripts',
  {
    id: serial().primaryKey(),
    kind: text().$type<CodeScriptKind>().notNull(),
    companyCode: text().references(() => companies.companyCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    storeCode: text().references(() => stores.storeCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    code: text().notNull().default(''),
    useType: integer().notNull().default(0),
    updatedAt: createdAt(),
  },
  (t) => [unique('code_scripts_scope_uq').on(t.kind, t.companyCode, t.storeCode).nullsNotDistinct()],
);

/** Detail rows of an upload are the paper_task_details of its taskId. */
export const paperUploadHistory = pgTable(
  'paper_upload_history',
  {
    id: bigId(),
    storeCode: storeRef(),
    fileName: text().notNull(),
    taskId: text(),
    taskDes: text(),
    count: integer().notNull().default(0),
    error: jsonb().$type<string[]>().notNull().default([]),
    received: createdAt(),
    finished: tstz(),
  },
  (t) => [index('paper_upload_history_store_idx').on(t.storeCode, t.received)],
);

export const paperTasks = pgTable(
  'paper_tasks',
  {
    id: bigId(),
    storeCode: storeRef(),
    taskId: text().notNull(),
    taskDes: text(),
    total: integer().notNull().default(0),
    complete: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    unique('paper_tasks_store_task_uq').on(t.storeCode, t.taskId),
    index('paper_tasks_store_updated_idx').on(t.storeCode, t.updatedAt),
  ],
);

/** resultCode null = NONE, 1 = SUCCESS, anything else = FAIL. */
export const paperTaskDetails = pgTable(
  'paper_task_details',
  {
    id: bigId(),
    storeCode: storeRef(),
    taskId: text().notNull(),
    prCode: text().notNull(),
    prInfo: jsonb().$type<string[]>().notNull().default([]),
    printerIp: text(),
    printerName: text(),
    resultCode: integer(),
    resultMsg: text(),
    printedTime: tstz(),
    updatedAt: createdAt(),
  },
  (t) => [index('paper_task_details_task_idx').on(t.storeCode, t.taskId)],
);

/** Version info of GET version: the server's own version plus the latest grm and gmp packages. */
export const swUpgradeVersions = pgTable(
  'sw_upgrade_versions',
  {
    id: serial().primaryKey(),
    component: text().$type<'server' | 'grm' | 'gmp'>().notNull(),
    version: text().notNull(),
    ...fileColumns(),
    updatedAt: createdAt(),
  },
  (t) => [index('sw_upgrade_versions_component_idx').on(t.component, t.updatedAt)],
);
