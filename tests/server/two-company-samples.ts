import type { FastifyInstance, InjectOptions } from 'fastify';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { EndpointName } from '../../contract/endpoints/index';
import { fillPath, type EndpointDef } from '../../contract/endpoints/define';
import type { Db } from '../../server/db/client';
import { rowsOf } from '../../server/lib/rows';
import {
  collectingItems,
  downloadTasks,
  gateways,
  otaTasks,
  plusAssets,
  plusDevices,
  plusSchedules,
  plusSoftware,
  plusTemplates,
  products,
  roles,
  sensors,
  tags,
  updateTasks,
  v1ContentGroups,
  v1Contents,
  v1Devices,
  v1Sets,
  v1Shows,
  v1Timelines,
} from '../../server/db/schema/index';
import { multipartBody } from './harness';
import { sampleValue, type Fixtures } from './endpoint-samples';
import { firmwareFile, otaForm, startFields } from './ota-helpers';
import { testImage } from './plus-media-fixtures';

/*
 * Requests for the two-company matrix (two-company-matrix.test.ts): every write of the contract, sent by a member
 * who must not reach a store, naming that store's rows — its code, its gateways' and tags' MACs, its products, its
 * Plus devices, templates, schedules and assets, its company's members, roles and v1 contents — in the path, the
 * query, the body and inside uploaded files. Every request is one the schemas accept, so that what stops it (or
 * fails to) is the server's ownership check, not the validator.
 */

/** The identifiers of one store and its company, read from the seeded data (plus a few rows made for the matrix). */
export interface TargetRows {
  storeCode: string;
  companyCode: string;
  gwMac: string;
  gwIp: string;
  gwChannel: number;
  tagMac: string;
  prCode: string;
  sensorMac: string;
  plusMac: string;
  v1Mac: string;
  template: string;
  scheduleId: string;
  assetId: string;
  softwareId: string;
  updateTaskId: string;
  internalTaskId: number;
  otaTaskId: string;
  collectingId: string;
  otaCollectingId: string;
  downloadTaskId: string;
  memberEmail: string;
  roleId: number;
  v1ShowId: string;
  v1SetId: string;
  v1TimelineId: string;
  v1ContentId: string;
  v1GroupId: string;
  /** The store's export (GET /config/store/:storeCode/export by its company's admin): a ready-made migrate file. */
  storeExport: string;
}

const firstOf = async <T>(rows: Promise<T[]>, what: string): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new Error(`the demo data has no ${what}`);
  return row;
};

/**
 * The rows of `storeCode` (and its company) the matrix names. Kinds the seed leaves empty (OTA jobs, collecting
 * items, downloads, Plus software) get one row each here, made before the first checksum: they are the target's too.
 */
export async function loadTargetRows(
  db: Db,
  app: FastifyInstance,
  storeCode: string,
  companyAdmin: Record<string, string>,
  memberEmail: string,
): Promise<TargetRows> {
  const gw = await firstOf(
    db
      .select()
      .from(gateways)
      .where(and(eq(gateways.storeCode, storeCode), isNotNull(gateways.ip)))
      .orderBy(asc(gateways.gwMac))
      .limit(1),
    `gateway in ${storeCode}`,
  );
  const tag = await firstOf(
    db
      .select()
      .from(tags)
      .where(and(eq(tags.storeCode, storeCode), isNotNull(tags.prCode)))
      .orderBy(asc(tags.tagMac))
      .limit(1),
    `tag in ${storeCode}`,
  );
  const companyCode = tag.companyCode!;
  const product = await firstOf(
    db.select().from(products).where(eq(products.storeCode, storeCode)).orderBy(asc(products.prCode)).limit(1),
    `product in ${storeCode}`,
  );
  // Not every store has sensor tags: then a tag of the store stands for one (still a row of the store).
  const [sensor] = await db.select().from(sensors).where(eq(sensors.storeCode, storeCode)).limit(1);
  const device = await firstOf(
    db.select().from(plusDevices).where(eq(plusDevices.storeCode, storeCode)).limit(1),
    `Plus device in ${storeCode}`,
  );
  const v1 = await firstOf(db.select().from(v1Devices).where(eq(v1Devices.storeCode, storeCode)).limit(1), `v1 device in ${storeCode}`);
  const template = await firstOf(
    db.select().from(plusTemplates).where(eq(plusTemplates.storeCode, storeCode)).limit(1),
    `template in ${storeCode}`,
  );
  const schedule = await firstOf(
    db.select().from(plusSchedules).where(eq(plusSchedules.storeCode, storeCode)).limit(1),
    `schedule in ${storeCode}`,
  );
  const asset = await firstOf(
    db
      .select()
      .from(plusAssets)
      .where(and(eq(plusAssets.storeCode, storeCode), eq(plusAssets.type, 'image')))
      .limit(1),
    `image in ${storeCode}`,
  );
  const task = await firstOf(
    db.select().from(updateTasks).where(eq(updateTasks.storeCode, storeCode)).orderBy(asc(updateTasks.id)).limit(1).offset(1),
    `update task in ${storeCode}`,
  );
  const role = await firstOf(db.select().from(roles).where(eq(roles.companyCode, companyCode)).limit(1), `role of ${companyCode}`);
  const byCompany = <T extends typeof v1Shows | typeof v1Sets | typeof v1Timelines | typeof v1Contents | typeof v1ContentGroups>(
    table: T,
    what: string,
  ) =>
    firstOf(
      db
        .select({ id: table.id })
        .from(table as typeof v1Shows)
        .where(eq((table as typeof v1Shows).companyCode, companyCode))
        .limit(1),
      what,
    );

  const [software] = await db
    .insert(plusSoftware)
    .values({ storeCode, kind: 'sw', fileName: 'player.apk', path: `plus/${storeCode}/sw/none.apk` })
    .returning();
  const [collecting] = await db
    .insert(collectingItems)
    .values({ storeCode, companyCode, kind: 'statusCheck', cmd: 'TAG_STATUS_CHECK', total: 10 })
    .returning();
  const [otaItem] = await db.insert(collectingItems).values({ storeCode, companyCode, kind: 'ota', cmd: 'OTA' }).returning();
  const gwResult = { [gw.gwMac]: { gwIp: gw.ip!, finished: false, total: 0, done: 0 } };
  const [ota] = await db
    .insert(otaTasks)
    .values({
      storeCode,
      fwName: 'fw.bin',
      fileName: 'fw.bin',
      otaType: '3',
      detail: [{ gwIp: gw.ip!, gwMac: gw.gwMac, otaCh: gw.dataChannel ?? 11 }],
      gwResult,
      collectingItemId: otaItem.id,
    })
    .returning();
  const [download] = await db.insert(downloadTasks).values({ memberEmail, type: 0, storeCode, status: 'done' }).returning();

  const exported = await app.inject({ method: 'GET', url: `/api/config/store/${storeCode}/export`, headers: companyAdmin });
  if (exported.statusCode !== 200) throw new Error(`export of ${storeCode}: ${exported.statusCode} ${exported.body}`);

  return {
    storeCode,
    companyCode,
    gwMac: gw.gwMac,
    gwIp: (gw.ip ?? '').replace(/:\d+$/, ''),
    gwChannel: gw.dataChannel ?? 11,
    tagMac: tag.tagMac,
    prCode: tag.prCode ?? product.prCode,
    sensorMac: sensor?.tagMac ?? tag.tagMac,
    plusMac: device.mac,
    v1Mac: v1.mac,
    template: template.name,
    scheduleId: String(schedule.id),
    assetId: String(asset.id),
    softwareId: String(software.id),
    updateTaskId: task.taskId,
    internalTaskId: task.internalTaskId ?? 0,
    otaTaskId: String(ota.id),
    collectingId: String(collecting.id),
    otaCollectingId: String(otaItem.id),
    downloadTaskId: String(download.id),
    memberEmail,
    roleId: role.roleId,
    v1ShowId: String((await byCompany(v1Shows, 'v1 show')).id),
    v1SetId: String((await byCompany(v1Sets, 'v1 set')).id),
    v1TimelineId: String((await byCompany(v1Timelines, 'v1 timeline')).id),
    v1ContentId: String((await byCompany(v1Contents, 'v1 content')).id),
    v1GroupId: String((await byCompany(v1ContentGroups, 'v1 content group')).id),
    storeExport: exported.body,
  };
}

/** Where the request says which store and company it acts for: the target's own, or the caller's (its rows the target's). */
export interface Scope {
  storeCode: string;
  companyCode: string;
}

/** The target's identifiers by the property names the contract uses for them; the scope names store and company. */
function fixturesOf(t: TargetRows, scope: Scope): Fixtures {
  return {
    storeCode: scope.storeCode,
    store: scope.storeCode,
    companyCode: scope.companyCode,
    company: scope.companyCode,
    global_companyCode: scope.companyCode,
    gwMac: t.gwMac,
    tagMac: t.tagMac,
    tag: t.tagMac,
    barcode: t.tagMac,
    sensorMac: t.sensorMac,
    mac: t.plusMac,
    prCode: t.prCode,
    defaultPrCode: t.prCode,
    product: t.prCode,
    template: t.template,
    email: t.memberEmail,
    role_id: t.roleId,
    taskId: t.updateTaskId,
    internalTaskId: t.internalTaskId,
    otaTaskId: t.otaTaskId,
    device: t.v1Mac,
    contentId: t.v1ContentId,
    groupId: t.v1GroupId,
    parent: t.v1GroupId,
    start: 0,
    length: 10,
  };
}

/** Per call, what the generic names cannot know: which kind of row an `id`, `_id` or `mac` of that call is. */
const CALL_FIXTURES: Partial<Record<EndpointName, (t: TargetRows) => Fixtures>> = {
  collectingStop: (t) => ({ _id: t.collectingId }),
  otaGatewayFinish: (t) => ({ taskId: t.otaTaskId }),
  fileDownloadStatus: (t) => ({ taskId: t.downloadTaskId }),
  plusScheduleSave: (t) => ({ _id: t.scheduleId }),
  plusTemplateSave: (t) => ({ _id: t.template }),
  plusAssetRemove: (t) => ({ id: t.assetId, type: 'image' }),
  plusSoftwareRemove: (t) => ({ id: t.softwareId }),
  plusV1DeviceRemove: (t) => ({ mac: t.v1Mac }),
  plusV1DeviceReboot: (t) => ({ mac: t.v1Mac }),
  plusV1DeviceConfigSave: (t) => ({ mac: t.v1Mac }),
  plusV1Assign: (t) => ({ mac: t.v1Mac }),
  plusV1ShowSave: (t) => ({ id: t.v1ShowId }),
  plusV1ShowRemove: (t) => ({ id: t.v1ShowId }),
  plusV1SetSave: (t) => ({ id: t.v1SetId }),
  plusV1SetRemove: (t) => ({ id: t.v1SetId }),
  plusV1TimelineSave: (t) => ({ id: t.v1TimelineId }),
  plusV1TimelineRemove: (t) => ({ id: t.v1TimelineId }),
  plusV1ContentSave: (t) => ({ id: t.v1ContentId }),
  plusV1ContentMove: (t) => ({ id: t.v1ContentId }),
  plusV1ContentRemove: (t) => ({ id: t.v1ContentId }),
  plusV1GroupSave: (t) => ({ id: t.v1GroupId }),
  plusV1GroupRemove: (t) => ({ id: t.v1GroupId }),
};

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, TSchema>;
  required?: string[];
  anyOf?: TSchema[];
  items?: TSchema;
  minItems?: number;
}

const SCOPE_NAMES = new Set(['storeCode', 'store', 'companyCode', 'company', 'global_companyCode']);
const PAGING_NAMES = new Set(['start', 'length']);

/**
 * Like sampleValue, but an object also gets every optional property named like an identifier (a gwMac or an `id`
 * the schema allows but does not require), so that the request names as many of the target's rows as it may.
 * `omitScope`: optional store and company properties are left out (a call that falls back to the caller's scope).
 */
function targetedValue(schema: TSchema, name: string, fixtures: Fixtures, omitScope: boolean, used: Set<string>): unknown {
  const s = schema as JsonSchema;
  if (s.anyOf) {
    for (const option of s.anyOf) {
      const value = targetedValue(option, name, fixtures, omitScope, used);
      if (Value.Check(schema, value)) return value;
    }
    return sampleValue(schema, name, fixtures);
  }
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'object' && s.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, sub] of Object.entries(s.properties)) {
      const required = (s.required ?? []).includes(key);
      const named = fixtures[key] !== undefined || fixtures[key.replace(/List$|s$/, '')] !== undefined;
      if (!required && (!named || (omitScope && SCOPE_NAMES.has(key)))) continue;
      const value = targetedValue(sub, key, fixtures, omitScope, used);
      if (required || Value.Check(sub, value)) out[key] = value;
    }
    return out;
  }
  if (type === 'array' && s.items) {
    return Array.from({ length: Math.max(s.minItems ?? 0, 1) }, () =>
      targetedValue(s.items!, name.replace(/List$|s$/, ''), fixtures, omitScope, used),
    );
  }
  const value = sampleValue(schema, name, fixtures);
  if (fixtures[name] !== undefined && value === fixtures[name] && !PAGING_NAMES.has(name)) used.add(name);
  return value;
}

/** A request of the matrix: what it is called in the report, and how it is sent. */
export interface TargetedRequest {
  label: string;
  /** The target's identifiers the request names, by property ('file' for an upload made of them): none means it tests no ownership. */
  names: string[];
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart upload, already encoded. */
  form?: { payload: Buffer; headers: Record<string, string> };
}

const csv = (rows: string[][]) => `${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;
/** The migrate call reads its file from the field `files`. */
const asFilesField = (form: { payload: Buffer; headers: Record<string, string> }) => ({
  ...form,
  payload: Buffer.from(form.payload.toString('latin1').replace('name="file"', 'name="files"'), 'latin1'),
});

let pngImage: Buffer | undefined;
/** A real PNG, so that a media upload passes the content checks and reaches the ownership check of the row it replaces. */
export async function loadUploadMedia(): Promise<void> {
  pngImage ??= await testImage(64, 32);
}

/**
 * Requests made by hand: uploads, whose schemas say nothing of the file (a product file's rows name the target's
 * store, a tag assignment its tags and products, a migrate file is the target store's own export), and a query the
 * generator cannot satisfy.
 */
const HAND_MADE: Partial<Record<EndpointName, (t: TargetRows, scope: Scope) => Omit<TargetedRequest, 'label' | 'names'>[]>> = {
  productFileUpload: (t, scope) => {
    const file = csv([
      ['storeCode', 'prCode', 'type', 'layoutId', 'nfc', 'NAME', 'PRICE'],
      [t.storeCode, t.prCode, 'FOOD', 'STD_PRICE', '', 'Taken over', '1'],
      [scope.storeCode, t.prCode, 'FOOD', 'STD_PRICE', '', 'Same code, caller store', '2'],
    ]);
    const form = () => multipartBody({}, { name: 'prices.csv', content: file });
    const queries: Record<string, string>[] = [{ companyCode: scope.companyCode }, { storeCode: scope.storeCode }];
    return queries.map((query) => ({ query, form: form() }));
  },
  tagAssignFile: (t, scope) => [
    {
      form: multipartBody(
        { storeCode: scope.storeCode, defaultPrCode: t.prCode },
        { name: 'assign.csv', content: csv([[t.tagMac, t.prCode]]) },
      ),
    },
  ],
  paperUpload: (t, scope) => [
    {
      params: { storeCode: scope.storeCode },
      form: multipartBody({ taskDes: 'Two companies' }, { name: 'paper.csv', content: csv([[t.prCode]]) }),
    },
  ],
  storeMigrate: (t, scope) => [
    {
      params: { storeCode: scope.storeCode },
      form: asFilesField(multipartBody({}, { name: `store-${t.storeCode}.jsonl`, content: t.storeExport })),
    },
  ],
  otaStart: (t, scope) => [
    {
      params: { storeCode: scope.storeCode },
      form: otaForm(startFields([{ gwMac: t.gwMac, ip: t.gwIp, otaCh: t.gwChannel }]), { name: 'fw.bin', content: firmwareFile() }),
    },
  ],
  otaFirmwareParse: () => [{ form: otaForm({ fwName: 'fw.bin' }, { name: 'fw.bin', content: firmwareFile() }) }],
  plusUpload: (t, scope) => [
    {
      params: { storeCode: scope.storeCode, type: 'other' },
      query: { id: t.assetId },
      form: multipartBody({}, { name: 'replacement.png', content: pngImage! }),
    },
  ],
  // The parser's query names exactly one of store and company (minProperties 1, maxProperties 1).
  productFileParserSave: (_t, scope) =>
    ([{ storeCode: scope.storeCode }, { companyCode: scope.companyCode }] as Record<string, string>[]).map((query) => ({
      query,
      body: { code: '' },
    })),
  plusV1ContentUpload: (t) => [
    { form: multipartBody({ type: 'image', id: t.v1ContentId, group: t.v1GroupId }, { name: 'replacement.png', content: pngImage! }) },
  ],
  mobileFileUpload: () => [{ form: multipartBody({}, { name: 'app.apk', content: Buffer.from('PK\u0003\u0004 not really') }) }],
  swUpgradeUpload: () => [{ form: multipartBody({}, { name: 'package.tar', content: 'plain text' }) }],
};

/** Uploads of what belongs to no company (firmware to parse, the mobile app, upgrade packages): their files name no row. */
const SYSTEM_UPLOADS = new Set<EndpointName>(['otaFirmwareParse', 'mobileFileUpload', 'swUpgradeUpload']);

const paramsValid = (def: EndpointDef, params: Record<string, unknown> | undefined) =>
  !def.params ||
  Value.Check(def.params, params) ||
  Value.Check(def.params, Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, String(v)])));

/** The JSON request of a call for one scope, or undefined when the schemas refuse what could be generated. */
function jsonRequest(def: EndpointDef, fixtures: Fixtures, omitScope: boolean): Omit<TargetedRequest, 'label'> | undefined {
  const used = new Set<string>();
  const params = def.params ? (targetedValue(def.params, '', fixtures, false, used) as Record<string, unknown>) : undefined;
  const query = def.query ? (targetedValue(def.query, '', fixtures, omitScope, used) as Record<string, unknown>) : undefined;
  const body = def.body ? targetedValue(def.body, '', fixtures, omitScope, used) : undefined;
  if (!paramsValid(def, params) || (def.query && !Value.Check(def.query, query)) || (def.body && !Value.Check(def.body, body)))
    return undefined;
  const strings = (o?: Record<string, unknown>) => (o ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)])) : undefined);
  return { names: [...used], params: strings(params), query: strings(query), body };
}

/**
 * The requests of one call: naming the target's store with its rows ("target store"), naming the caller's own store
 * with the target's rows ("own store"), and — where store or company are optional — naming neither ("no scope").
 * Identical requests are sent once.
 */
export function targetedRequests(name: EndpointName, def: EndpointDef, t: TargetRows, own: Scope): TargetedRequest[] {
  const variants: { label: string; scope: Scope; omitScope: boolean }[] = [
    { label: 'target store', scope: { storeCode: t.storeCode, companyCode: t.companyCode }, omitScope: false },
    { label: 'own store', scope: own, omitScope: false },
    { label: 'no scope', scope: own, omitScope: true },
  ];
  const out: TargetedRequest[] = [];
  const seen = new Set<string>();
  for (const { label, scope, omitScope } of variants) {
    const fixtures = { ...fixturesOf(t, scope), ...CALL_FIXTURES[name]?.(t) };
    const handMade = HAND_MADE[name];
    // What a hand-made request names is the target's unless it is the caller's scope alone.
    const made = (r: Omit<TargetedRequest, 'label' | 'names'>) => ({
      names: r.form && !SYSTEM_UPLOADS.has(name) ? ['file'] : JSON.stringify(r).includes(t.storeCode) ? ['storeCode'] : [],
      ...r,
    });
    const requests = handMade
      ? omitScope
        ? []
        : handMade(t, scope).map(made)
      : def.multipart
        ? []
        : [jsonRequest(def, fixtures, omitScope)];
    for (const [i, generated] of requests.entries()) {
      if (!generated) continue;
      // The caller's own store and company are no row of the target.
      const request = {
        ...generated,
        names: label === 'target store' ? generated.names : generated.names.filter((n) => !SCOPE_NAMES.has(n)),
      };
      const key = JSON.stringify({ ...request, form: request.form?.payload.toString('base64') });
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ label: requests.length > 1 ? `${label} #${i + 1}` : label, ...request });
    }
  }
  return out;
}

export function injectOf(def: EndpointDef, request: TargetedRequest, headers: Record<string, string>): InjectOptions {
  const url = `/api${fillPath(def.path, request.params)}`;
  if (request.form)
    return {
      method: def.method,
      url,
      query: request.query,
      payload: request.form.payload,
      headers: { ...headers, ...request.form.headers },
    };
  return {
    method: def.method,
    url,
    query: request.query,
    ...(request.body !== undefined ? { payload: request.body as object } : {}),
    headers,
  };
}

/** Whose rows a checksum covers. */
export interface ChecksumScope {
  stores: string[];
  /** Rows of these companies in tables that have no store column. */
  companies: string[];
  /** Members of these companies (or of the stores), except the acting member, whose own account its session calls change. */
  memberCompanies: string[];
  exceptMember: string;
  /** Rows keyed by a child MAC or parent id rather than a store (gateway health, device shows, upload rows, OTA details). */
  gatewayMacs: string[];
  deviceMacs: string[];
}

/** Written by every call, or by the server's own clock, not by what a call asks: not part of anyone's data. */
const VOLATILE_TABLES = new Set([
  'sessions',
  '__drizzle_migrations',
  'login_history',
  'login_throttle',
  'rate_limit_hits',
  'idempotency_keys',
  'push_overflow',
]);

const literalList = (values: string[]) => (values.length ? values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ') : 'NULL');

/**
 * Per table, the rows in scope: by the table's store column, else its company column, else the MAC or parent id
 * its rows hang from; a table with none of them holds what every company shares (system settings, servers) and is
 * taken whole. Built from information_schema, so a new table is covered the day it is added.
 */
/** A table in scope: its rows (`from`, default the public table), which of them, and what of a row is hashed (default all). */
interface ScopedTable {
  table: string;
  where: string;
  from?: string;
  content?: string;
}

async function scopedTables(db: Db, scope: ChecksumScope): Promise<ScopedTable[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`select c.table_name, c.column_name from information_schema.columns c join information_schema.tables t
      on t.table_name = c.table_name and t.table_schema = c.table_schema where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`),
  );
  const byTable = new Map<string, Set<string>>();
  for (const { table_name, column_name } of columns) byTable.set(table_name, (byTable.get(table_name) ?? new Set()).add(column_name));
  const stores = literalList(scope.stores);
  const companies = literalList(scope.companies);
  const out: ScopedTable[] = [];
  for (const [table, cols] of [...byTable].sort(([a], [b]) => a.localeCompare(b))) {
    if (VOLATILE_TABLES.has(table)) continue;
    let where: string;
    if (table === 'members') {
      where = `(companies && array[${literalList(scope.memberCompanies)}]::text[] or stores ?| array[${stores}]::text[]) and email <> '${scope.exceptMember}'`;
    } else if (cols.has('store_code') || cols.has('company_code')) {
      const conditions = [
        cols.has('store_code') && `store_code in (${stores})`,
        cols.has('company_code') && `company_code in (${companies})`,
      ].filter(Boolean);
      const unowned = [cols.has('store_code') && 'store_code is null', cols.has('company_code') && 'company_code is null']
        .filter(Boolean)
        .join(' and ');
      // A row of no store and no company is the system's (a system script, the system SMTP server) — unless the
      // row is a member's own (a download of no store).
      where = cols.has('member_email') ? conditions.join(' or ') : `${conditions.join(' or ')} or (${unowned})`;
    } else if (cols.has('store') || cols.has('company')) {
      where = `store in (${stores}) or company in (${companies})`;
    } else if (cols.has('gw_mac')) {
      where = `gw_mac in (${literalList(scope.gatewayMacs)})`;
    } else if (table === 'plus_device_shows') {
      where = `mac in (${literalList(scope.deviceMacs)})`;
    } else if (table === 'upload_rows') {
      where = `history_id in (select id from upload_history where store_code in (${stores}) or company_code in (${companies}))`;
    } else if (table === 'ota_details') {
      where = `ota_task_id in (select id from ota_tasks where store_code in (${stores}))`;
    } else {
      where = 'true';
    }
    out.push({ table, where });
  }
  // The job queue's rows (pg-boss, a schema of its own, made by the first job a database gets): a product import of
  // the company, a download of one of its stores. Hashed by what was asked (name, data), not by the state columns
  // the worker moves as the job runs.
  const [queue] = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('pgboss.job') is not null as present`));
  if (queue?.present) {
    out.push({
      table: 'pgboss.job',
      from: 'pgboss.job',
      content: '(t.id, t.name, t.data)::text',
      where: `data->>'companyCode' in (${companies}) or data->'body'->>'storeCode' in (${stores})`,
    });
  }
  return out;
}

/** A checker of the rows in scope: `changed()` answers the tables whose rows differ from the previous call's. */
export interface ScopedChecker {
  changed: () => Promise<string[]>;
  /** The tables it sums. */
  tables: string[];
}

/**
 * Two checksums per table, in one statement each. The cheap one sums the rows' xmin (the transaction that last wrote
 * the row: any insert, update or delete moves it) and is taken after every request; only when it moved is the row
 * content hashed, so that a write of the same values (which moves xmin) is not reported as a change.
 */
export async function scopedChecker(db: Db, scope: ChecksumScope): Promise<ScopedChecker> {
  const tables = await scopedTables(db, scope);
  const statement = (aggregate: (row: string) => string) =>
    tables
      .map(
        ({ table, where, from, content }) =>
          `select '${table}' as name, ${aggregate(content ?? 't::text')} as sum from ${from ?? `"${table}"`} t where ${where}`,
      )
      .join('\nunion all\n');
  const fingerprintSql = statement(() => `count(*)::text || ':' || coalesce(sum((t.xmin::text)::bigint), 0)::text`);
  // An order-free sum of 64-bit row hashes: no sorting and no md5 per row.
  const contentSql = statement((row) => `count(*)::text || ':' || coalesce(sum(hashtextextended(${row}, 0)), 0)::text`);
  const run = async (query: string) =>
    new Map(rowsOf<{ name: string; sum: string }>(await db.execute(sql.raw(query))).map((r) => [r.name, r.sum]));
  let fingerprint = await run(fingerprintSql);
  let content = await run(contentSql);
  return {
    tables: tables.map((t) => t.table),
    changed: async () => {
      const nextFingerprint = await run(fingerprintSql);
      if (changedTables(fingerprint, nextFingerprint).length === 0) return [];
      fingerprint = nextFingerprint;
      const nextContent = await run(contentSql);
      const tablesChanged = changedTables(content, nextContent);
      content = nextContent;
      return tablesChanged;
    },
  };
}

/** The tables whose checksum differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((t) => before.get(t) !== after.get(t));
}
