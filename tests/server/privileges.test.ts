import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { endpoints, type EndpointName } from '../../contract/endpoints/index';
import { fillPath } from '../../contract/endpoints/define';
import { collectingItems, gateways, members, plusDevices, products, sensors, servers, stores, tags } from '../../server/db/schema/index';
import { amacs, companies, mobileSoftware, otaTasks, plusAssets, plusSoftware } from '../../server/db/schema/index';
import { customDataTypes, layoutConfigs, layoutTypes, productTypes } from '../../server/db/schema/index';
import { plusTemplates, v1ContentGroups, v1Contents, v1Devices, v1Sets, v1Shows, v1Timelines } from '../../server/db/schema/index';
import { ALIAS_DEFS } from '../../server/seed/products';
import { login, multipartBody, startTestServer, type AuthHeaders, type TestServer } from './harness';
import { firmwareFile, gatewaysOf, otaForm, startFields } from './ota-helpers';

/*
 * The privilege matrix: every demo role against every write the server implements. A call is either carried
 * out (200) or refused with 403 — decided by the server, whatever a client shows. The expected matrix is written
 * from the demo roles' definitions, not from the code under test.
 */
const ROLES = {
  'viewer@shelfpad.test': [] as string[], // read-only viewer
  'operator@shelfpad.test': ['tag', 'product', 'plus'], // store operator in TKY001, TKY002
  'acme-admin@shelfpad.test': 'all', // role 0 of ACME
  'admin@shelfpad.test': 'all', // role -1
} as const;
const STORE = 'TKY001';

let sut: TestServer;
const headers: Record<string, AuthHeaders> = {};
let companyCode: string;
let freeTags: string[] = [];
let prCodes: string[] = [];
let deletableServers: string[] = [];
let deletableGateways: string[] = [];
let rebootGateway: string;
let devices: string[] = [];
let sensorMacs: string[] = [];
let template: string;
let v1Mac: string;
let counter = 0;

beforeAll(async () => {
  sut = await startTestServer();
  const { db } = sut.deps;
  for (const email of Object.keys(ROLES)) headers[email] = await login(sut.app, email, 'Shelfpad#2026');
  const [operator] = await db.select().from(members).where(eq(members.email, 'operator@shelfpad.test'));
  expect(operator.stores).toContain(STORE);
  [{ companyCode }] = await db.select({ companyCode: stores.companyCode }).from(stores).where(eq(stores.storeCode, STORE));
  freeTags = (await db.select({ barcode: tags.barcode }).from(tags).where(eq(tags.storeCode, STORE))).map((t) => t.barcode);
  prCodes = (await db.select({ prCode: products.prCode }).from(products).where(eq(products.storeCode, STORE))).map((p) => p.prCode);
  deletableServers = (await db.select({ id: servers.id }).from(servers)).map((s) => s.id);
  const gws = await db
    .select()
    .from(gateways)
    .where(and(eq(gateways.storeCode, STORE), eq(gateways.status, 'NORMAL'), isNotNull(gateways.ip)));
  rebootGateway = gws[0].gwMac;
  deletableGateways = gws.slice(1).map((g) => g.gwMac);
  devices = (await db.select({ mac: plusDevices.mac }).from(plusDevices).where(eq(plusDevices.storeCode, STORE))).map((d) => d.mac);
  sensorMacs = (await db.select({ tagMac: sensors.tagMac }).from(sensors).where(eq(sensors.storeCode, STORE))).map((s) => s.tagMac);
  [{ template }] = await db.select({ template: plusTemplates.name }).from(plusTemplates).where(eq(plusTemplates.storeCode, STORE)).limit(1);
  [{ v1Mac }] = await db.select({ v1Mac: v1Devices.mac }).from(v1Devices).where(eq(v1Devices.storeCode, STORE)).limit(1);
  // A product shown on a device, for the Plus blink.
  await db
    .update(plusDevices)
    .set({ product: [prCodes[0]] })
    .where(eq(plusDevices.mac, devices[0]));
});
afterAll(async () => sut?.close());

/** The next target of a pool; only a call expected to succeed uses it up, a refused one just names it. */
let consume = true;
const STORE_TIMINGS = { totalDuration: 60, eventDuration: 1, cpDuration: 14, baseTimeout: 60, timeoutTag: 0.1 };
const take = <T>(pool: T[], what: string): T => {
  const next = consume ? pool.shift() : pool[0];
  if (next === undefined) throw new Error(`the demo data ran out of ${what}`);
  return next;
};
const json = (body: unknown) => ({ payload: body as object });

/** A product that tags of the store show (LED and page control answer 'no matching tags' otherwise). */
const shownProduct = async () =>
  (
    await sut.deps.db
      .select({ prCode: tags.prCode })
      .from(tags)
      .where(and(eq(tags.storeCode, STORE), isNotNull(tags.prCode)))
      .limit(1)
  )[0].prCode!;
/** Update a product `times` times as the super administrator; the last update's task from the task list. */
async function productUpdateTask(prCode: string, times = 1): Promise<{ taskId: string; internalTaskId: number }> {
  const as = headers['admin@shelfpad.test'];
  let taskId = '';
  for (let i = 0; i < times; i++) {
    const productList = [{ prCode, prInfo: ['Sample', String(++counter)], layoutId: 'STD_PRICE' }];
    taskId = (
      await sut.app.inject({
        method: 'POST',
        url: '/api/product/update',
        headers: as,
        payload: { taskId: -1, priorTaskId: -1, storeCode: STORE, productList },
      })
    ).json().taskId;
  }
  const list = await sut.app.inject({
    method: 'POST',
    url: '/api/task/list',
    headers: as,
    payload: { draw: 1, start: 0, length: 1, filter_taskId: taskId, condition_taskId: '==' },
  });
  return list.json().data[0];
}
const memberBody = (email: string) => ({
  email,
  name: 'Matrix Member',
  password: 'Member#2026x',
  role_id: 0,
  company: ['ACME'],
  store: [STORE],
  enableWholeStore: false,
});
const adminCall = (method: 'POST' | 'PUT', url: string, payload: object) =>
  sut.app.inject({ method, url: `/api${url}`, headers: headers['admin@shelfpad.test'], payload });
/** A member of ACME made by the super administrator, for a call to change. */
async function newMember(): Promise<string> {
  const email = `target${++counter}@acme.test`;
  const res = await adminCall('POST', '/member', memberBody(email));
  expect(res.statusCode, res.body).toBe(200);
  return email;
}
/** A role of ACME's administrator's making, for a call to change. */
async function newRole(): Promise<number> {
  const name = `Target role ${++counter}`;
  const as = headers['acme-admin@shelfpad.test'];
  const made = await sut.app.inject({
    method: 'POST',
    url: '/api/role/create',
    headers: as,
    payload: { name, privilege: [{ key: 'tag', depth: 0, read: true, write: false }] },
  });
  expect(made.statusCode, made.body).toBe(200);
  const list = (await sut.app.inject({ method: 'GET', url: '/api/role/list', headers: as })).json() as { role_id: number; name: string }[];
  return list.find((r) => r.name === name)!.role_id;
}
const NOTIFICATION = {
  title: 'Gateway down',
  detail: 'A gateway of {store} is down.',
  subject: '[Shelfpad] {store}',
  body: 'Gateway {gwMac} is offline.',
};
const endOtaJobs = () =>
  sut.deps.db
    .update(otaTasks)
    .set({ endTime: new Date() })
    .where(and(eq(otaTasks.storeCode, STORE), isNull(otaTasks.endTime)));
/** A running OTA job of the store on its first gateway, for a call to change; answers its id. */
async function runningOtaJob(): Promise<string> {
  await endOtaJobs();
  const detail = [{ gwIp: '10.0.0.1', gwMac: rebootGateway, otaCh: 11 }];
  const gwResult = { [rebootGateway]: { gwIp: '10.0.0.1', finished: false, total: 0, done: 0 } };
  const [task] = await sut.deps.db
    .insert(otaTasks)
    .values({ storeCode: STORE, fwName: 'fw.bin', fileName: 'fw.bin', otaType: '3', detail, gwResult })
    .returning();
  return String(task.id);
}
async function runningOtaJobItem(): Promise<string> {
  const id = Number(await runningOtaJob());
  const [item] = await sut.deps.db.insert(collectingItems).values({ storeCode: STORE, companyCode, kind: 'ota', cmd: 'OTA' }).returning();
  await sut.deps.db.update(otaTasks).set({ collectingItemId: item.id }).where(eq(otaTasks.id, id));
  return String(item.id);
}
/** A content of the store's company (no file stored: a remove has nothing to delete), for a call to change. */
async function newV1Content(): Promise<string> {
  const [row] = await sut.deps.db
    .insert(v1Contents)
    .values({ name: `Matrix content ${++counter}`, type: 'image', path: 'plus/v1/image/none.png', companyCode })
    .returning({ id: v1Contents.id });
  return String(row.id);
}
/** One valid request per write; each call gets targets of its own so that allowed calls never collide. */
type Sample = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  payload?: object | Buffer;
  headers?: Record<string, string>;
  allowedStatus?: number;
};
const requests: Partial<Record<EndpointName, () => Promise<Sample>>> = {
  statusServerDelete: async () => ({ params: { serverId: take(deletableServers, 'servers') } }),
  gatewayReboot: async () => ({ params: { gwMac: rebootGateway } }),
  gatewayPredefined: async () =>
    json({ storeCode: STORE, data: [{ gwMac: `AABBCC${String(++counter).padStart(6, '0')}`, dataChannel: 11, eventChannel: 26 }] }),
  gatewayChannelSave: async () => json({ storeCode: STORE, channelMap: { '0': { dataChannel: 11, eventChannel: 26 } } }),
  gatewayDelete: async () => ({ params: { storeCode: STORE, gwMac: take(deletableGateways, 'gateways') } }),
  gatewayConfigUpdate: async () => ({ params: { storeCode: STORE, gwMac: rebootGateway }, payload: { dns: '8.8.4.4' } }),
  gatewayConfigUpdateAll: async () => ({
    params: { storeCode: STORE },
    payload: { gwList: [{ gwMac: rebootGateway, netmask: '255.255.255.0' }] },
  }),
  collectingStop: async () => {
    const [item] = await sut.deps.db
      .insert(collectingItems)
      .values({ storeCode: STORE, companyCode, kind: 'statusCheck', cmd: 'TAG_STATUS_CHECK', total: 10 })
      .returning({ id: collectingItems.id });
    return json({ storeCode: STORE, cmd: 'TAG_STATUS_CHECK', _id: String(item.id) });
  },
  tagAssign: async () =>
    json({ taskId: -1, priorTaskId: -1, storeCode: STORE, tagList: [{ tagMac: take(freeTags, 'tags'), prCode: prCodes[1], degree: 0 }] }),
  tagAssignMultiple: async () =>
    json({
      taskId: -1,
      priorTaskId: -1,
      storeCode: STORE,
      tagMac: take(freeTags, 'tags'),
      prCodeList: [prCodes[1], prCodes[2]],
      layoutId: 'MULTI_2',
      degree: 0,
    }),
  tagAssignFile: async () => {
    const form = multipartBody(
      { storeCode: STORE, defaultPrCode: prCodes[1] },
      { name: 'assign.csv', content: `${take(freeTags, 'tags')},${prCodes[2]}\n` },
    );
    return { payload: form.payload, headers: form.headers };
  },
  tagDeassign: async () => json({ storeCode: STORE, tagList: [take(freeTags, 'tags')] }),
  tagReassign: async () => json({ storeCode: STORE, tagList: [take(freeTags, 'tags')] }),
  tagReassignAll: async () => json({ storeCode: STORE }),
  tagStatusCheck: async () => json({ storeCode: STORE, cmd: 'TAG_STATUS_CHECK', tagList: [] }),
  tagStatusCheckStop: async () => json({ storeCode: STORE }),
  tagLed: async () => json({ storeCode: STORE, tagList: [freeTags[0]] }),
  tagPageIndividual: async () => json({ storeCode: STORE, tagList: [freeTags[0]], pageNo: 1 }),
  sensorAssign: async () =>
    json({
      taskId: -1,
      priorTaskId: -1,
      storeCode: STORE,
      tagList: [{ tagMac: sensorMacs[0], prCode: prCodes[4], sensor: { sensorType: 'PEOPLECOUNT', fields: { threshold: 10 } } }],
    }),
  sensorUpdate: async () =>
    json({
      taskId: -1,
      priorTaskId: -1,
      storeCode: STORE,
      tagList: [{ tagMac: sensorMacs[1], sensor: { sensorType: 'PEOPLECOUNT', fields: { threshold: 20 } } }],
    }),
  sensorDeassign: async () => json({ storeCode: STORE, tagList: [sensorMacs[2]] }),
  plusAssign: async () => ({
    params: { storeCode: STORE },
    payload: { storeCode: STORE, devList: [{ mac: devices[1], product: [prCodes[3]] }] },
  }),
  plusDeassign: async () => ({ params: { storeCode: STORE }, payload: { storeCode: STORE, devList: [{ mac: devices[2] }] } }),
  plusBlink: async () => ({ params: { storeCode: STORE }, payload: { prCode: prCodes[0] } }),
  plusSwitchMode: async () => ({ params: { storeCode: STORE }, payload: { macList: [devices[3]], mode: 'signage' } }),
  plusInfoView: async () => ({ params: { storeCode: STORE }, payload: { devList: [{ mac: devices[3] }], duration: 30 } }),
  plusSync: async () => ({ params: { storeCode: STORE }, payload: { devList: [{ mac: devices[3] }] } }),
  plusReboot: async () => ({ params: { storeCode: STORE }, payload: { devList: [{ mac: devices[3] }] } }),
  plusShowIdxSet: async () => ({ params: { storeCode: STORE }, payload: { macList: [devices[3]], showIdx: 1 } }),
  plusShowIdxUnset: async () => ({ params: { storeCode: STORE }, payload: { macList: [devices[3]] } }),
  plusDeviceConfigSave: async () => json({ storeCode: STORE, mac: devices[3], brightness: 200 }),
  // The show editor's save: an empty list stored on a device of the store (issue 17 B).
  plusDeviceShowSave: async () => ({ params: { storeCode: STORE, mac: devices[4] }, payload: { show: [] } }),
  // A fresh device per call: removing one uses it up.
  plusDeviceRemove: async () => {
    const mac = `02:5a:ee:ee:00:${(++counter % 256).toString(16).padStart(2, '0')}`;
    await sut.deps.db.insert(plusDevices).values({ mac, storeCode: STORE, name: 'Matrix device' });
    return { params: { storeCode: STORE }, payload: { macList: [mac] } };
  },
  // Templates and schedules (issue 16 C): a seeded template linked to a device without copying its shows (flag
  // false keeps the device's own show list); each save a new template or schedule of its own name.
  plusDeviceTemplateSave: async () => ({ params: { storeCode: STORE }, payload: { macList: [devices[4]], template, flag: false } }),
  plusTemplateSave: async () => ({
    params: { storeCode: STORE },
    payload: { _id: `Matrix template ${++counter}`, size: '23.1', show: [] },
  }),
  plusScheduleSave: async () => ({
    params: { storeCode: STORE },
    payload: {
      name: `Matrix schedule ${++counter}`,
      period: { start: '2026-01-01', end: '2026-12-31' },
      days: [1, 2],
      time: [{ start: '08:00', end: '18:00' }],
    },
  }),
  // Plus v1 (the calls name no store): a device of the store, rows of the store's company; removes get rows of their own.
  plusV1DeviceRemove: async () => {
    const mac = `02:5b:ee:ee:00:${(++counter % 256).toString(16).padStart(2, '0')}`;
    await sut.deps.db.insert(v1Devices).values({ mac, storeCode: STORE, model: 'IP231A' });
    return json({ macList: [mac] });
  },
  plusV1DeviceReboot: async () => json({ macList: [v1Mac] }),
  plusV1DeviceConfigSave: async () => json({ mac: v1Mac, config: { name: 'Matrix display', bt: false } }),
  plusV1Assign: async () => json({ mac: v1Mac, product: [prCodes[3]] }),
  plusV1ShowSave: async () =>
    json({
      name: `Matrix show ${++counter}`,
      duration: 30,
      width: 1920,
      height: 158,
      contentLayout: '-',
      device: [{ type: '23', width: 1920, height: 158, left: 0, top: 0, rotation: 0 }],
      contentArea: [],
      timeline: [],
    }),
  plusV1ShowRemove: async () => {
    const [row] = await sut.deps.db
      .insert(v1Shows)
      .values({ name: `Matrix show ${++counter}`, companyCode })
      .returning({ id: v1Shows.id });
    return json({ idList: [String(row.id)] });
  },
  plusV1SetSave: async () => json({ name: `Matrix set ${++counter}`, duration: 30, list: [{ id: 'price', duration: 30 }] }),
  plusV1SetRemove: async () => {
    const [row] = await sut.deps.db
      .insert(v1Sets)
      .values({ name: `Matrix set ${++counter}`, companyCode })
      .returning({ id: v1Sets.id });
    return json({ idList: [String(row.id)] });
  },
  plusV1TimelineSave: async () => json({ name: `Matrix timeline ${++counter}` }),
  plusV1TimelineRemove: async () => {
    const [row] = await sut.deps.db
      .insert(v1Timelines)
      .values({ name: `Matrix timeline ${++counter}`, companyCode })
      .returning({ id: v1Timelines.id });
    return json({ idList: [String(row.id)] });
  },
  // Allowed, then refused as no image, so nothing is written to the data directory (as plusUpload).
  plusV1ContentUpload: async () => {
    const form = multipartBody({ type: 'image' }, { name: 'not-media.png', content: 'plain text' });
    return { payload: form.payload, headers: form.headers, allowedStatus: 400 };
  },
  plusV1ContentSave: async () => json({ id: await newV1Content(), name: `Matrix content ${++counter}` }),
  plusV1ContentMove: async () => json({ idList: [await newV1Content()], groupId: null }),
  plusV1ContentRemove: async () => json({ idList: [await newV1Content()] }),
  plusV1GroupSave: async () => json({ name: `Matrix group ${++counter}`, parent: null, order: 0 }),
  plusV1GroupRemove: async () => {
    const [row] = await sut.deps.db
      .insert(v1ContentGroups)
      .values({ name: `Matrix group ${++counter}`, companyCode })
      .returning({ id: v1ContentGroups.id });
    return json({ id: String(row.id) });
  },
  productUpdate: async () =>
    json({
      taskId: -1,
      priorTaskId: -1,
      storeCode: STORE,
      productList: [{ prCode: prCodes[5], prInfo: ['Sample', String(++counter)], layoutId: 'STD_PRICE' }],
    }),
  productLed: async () => json({ storeCode: STORE, productList: [{ prCode: await shownProduct() }] }),
  productPage: async () => json({ storeCode: STORE, productList: [{ prCode: await shownProduct() }], pageNo: 1 }),
  productRemoveUnused: async () => json({ storeCode: STORE, prCodeList: [prCodes[6]] }),
  // One product row of the store (its rows name their stores; the query names the company).
  productFileUpload: async () => {
    const form = multipartBody({}, { name: 'products.csv', content: `${STORE},${prCodes[7]},,STD_PRICE,,Matrix ${++counter},1\n` });
    return { query: { companyCode }, payload: form.payload, headers: form.headers };
  },
  // Paper labels (issue 12): one label of a known product per allowed upload.
  paperUpload: async () => {
    const form = multipartBody({ taskDes: `Matrix ${++counter}` }, { name: 'paper.csv', content: `${prCodes[0]}\n` });
    return { params: { storeCode: STORE }, payload: form.payload, headers: form.headers };
  },
  // A fresh product update (its tags wait: no simulator here) is an unfinished task to refresh or to revert. The
  // refreshed product is one a tag shows now: earlier rows of the matrix deassign tags, and a product without tags
  // makes a task with nothing to refresh.
  taskRefresh: async () => json({ storeCode: STORE, internalTaskId: (await productUpdateTask(await shownProduct())).internalTaskId }),
  taskRevert: async () => json({ storeCode: STORE, taskId: (await productUpdateTask(prCodes[8], 2)).taskId }),
  // Allowed to the super administrator only, and then refused as a conflict: the demo system has companies.
  companyConfigAddDefault: async () => ({ payload: { companyCode: 'DEFAULT', companyName: 'Default company' }, allowedStatus: 409 }),
  // Settings (issue 13): server config, SMTP, mobile software, companies, AMac.
  serverConfigSave: async () =>
    json({
      gatewayStatusCheckInterval: 600,
      historyRetentionDays: 30,
      updateHistoryRetentionDays: 7,
      tagDisplayRefreshDays: 1,
      panId: 'BFFF',
    }),
  smtpSave: async () => json({ enable: false }),
  // Allowed, then refused for the missing host: the matrix never sends mail.
  smtpTest: async () => ({ payload: { enable: true }, allowedStatus: 400 }),
  companySmtpSave: async () => ({ params: { companyCode }, payload: { enable: false } }),
  companySmtpTest: async () => ({ params: { companyCode }, payload: { enable: true }, allowedStatus: 400 }),
  // Allowed, then refused for its name: nothing is written to the data directory.
  mobileFileUpload: async () => {
    const form = multipartBody({}, { name: 'not-an-app.apk', content: 'PK' });
    return { payload: form.payload, headers: form.headers, allowedStatus: 400 };
  },
  mobileFileActivate: async () => {
    const [row] = await sut.deps.db
      .insert(mobileSoftware)
      .values({ ver: `9.${++counter}`, fileName: 'mobile_9.apk', filePath: 'mobile-software/none.apk' })
      .returning();
    return { params: { id: String(row.id) } };
  },
  mobileFileRemove: async () => {
    const [row] = await sut.deps.db
      .insert(mobileSoftware)
      .values({ ver: `9.${++counter}`, fileName: 'mobile_9.apk', filePath: 'mobile-software/none.apk' })
      .returning();
    return { params: { id: String(row.id) } };
  },
  companyConfigAdd: async () => {
    const code = `PRIV${++counter}`;
    const settings = {
      historyRetentionDays: 30,
      updateHistoryRetentionDays: 7,
      tagDisplayRefreshDays: 1,
      gatewayStatusCheckInterval: 600,
      gatewayStatusCheckMargin: 120,
      panId: 'BFFF',
    };
    return json({
      companyCode: code,
      companyName: code,
      ...settings,
      admin: { email: `${code}-admin`, name: 'Admin', password: 'Shelfpad#2026' },
    });
  },
  companyConfigSave: async () => ({
    params: { companyCode },
    payload: {
      companyName: 'Acme Retail Asia',
      historyRetentionDays: 30,
      updateHistoryRetentionDays: 7,
      tagDisplayRefreshDays: 1,
      gatewayStatusCheckInterval: 600,
      gatewayStatusCheckMargin: 120,
      panId: 'BFFF',
    },
  }),
  companyConfigDelete: async () => {
    const code = `DEL${++counter}`;
    await sut.deps.db.insert(companies).values({ companyCode: code, companyName: code });
    return { params: { companyCode: code } };
  },
  amacAdd: async () => json({ abstractCode: `PRIV${++counter}`, abstractData: '3C1A0009' }),
  amacSave: async () => ({ params: { abstractCode: 'AM01' }, payload: { abstractData: '3C1A0001' } }),
  // Code editors (issue 15): the system-wide scripts are role -1's (owner 'system'); the parsers follow the store
  // or company; the test run stores nothing.
  thirdPartyAuthSave: async () => json({ code: '', useType: 0 }),
  tagDataDecoratorSave: async () => json({ code: 'function decorate(p) { return p; }', useType: 0 }),
  plusDataDecoratorSave: async () => json({ code: 'function decorate(p) { return p; }', useType: 0 }),
  // Plus media (issue 16 B): allowed, then refused as no media, so nothing is written; removes get rows of their own.
  plusUpload: async () => {
    const form = multipartBody({}, { name: 'not-media.png', content: 'plain text' });
    return { params: { storeCode: STORE, type: 'other' }, payload: form.payload, headers: form.headers, allowedStatus: 400 };
  },
  plusAssetRemove: async () => {
    const [row] = await sut.deps.db
      .insert(plusAssets)
      .values({ storeCode: STORE, type: 'widget', name: `w${++counter}.zip`, path: `plus/${STORE}/widget/none.zip` })
      .returning();
    return { params: { storeCode: STORE, type: 'widget' }, payload: { idList: [String(row.id)] } };
  },
  plusSoftwareRemove: async () => {
    const [row] = await sut.deps.db
      .insert(plusSoftware)
      .values({ storeCode: STORE, kind: 'sw', fileName: 'p.apk', path: `plus/${STORE}/sw/none.apk` })
      .returning();
    return { params: { storeCode: STORE, kind: 'sw' }, payload: { idList: [String(row.id)] } };
  },
  // The Plus setting is one for the whole system (owner 'system'): saved back as seeded.
  plusSettingSave: async () => json({ autoSync: true, screenshotIntervalMin: 60, defaultShowDuration: 30 }),
  // An empty parser means the default format: a saved script would parse the uploads of the roles that follow.
  paperParserSave: async () => ({ params: { storeCode: STORE }, payload: { code: '' } }),
  productFileParserSave: async () => ({ query: { companyCode }, payload: { code: '' } }),
  codeScriptTest: async () =>
    json({ kind: 'tagDataDecorator', code: 'function decorate(p) { return p; }', input: [{ prCode: '1', prInfo: [] }] }),
  // Members and roles (issue 14): each call gets a member or a role of its own, made by the super administrator.
  memberCreate: async () => json(memberBody(`priv${++counter}@acme.test`)),
  memberUpdate: async () => ({
    params: { email: await newMember() },
    payload: { name: 'Renamed', role_id: 0, company: ['ACME'], store: [STORE], enableWholeStore: false },
  }),
  memberDelete: async () => ({ params: { email: await newMember() } }),
  memberUnlock: async () => ({ params: { email: await newMember() } }),
  memberReset: async () => ({ params: { email: await newMember() }, payload: { password: 'Reset#Pass2026' } }),
  roleCreate: async () => json({ name: `Priv role ${++counter}`, privilege: [{ key: 'tag', depth: 0, read: true, write: false }] }),
  roleUpdate: async () =>
    json({ role_id: await newRole(), name: `Priv role ${++counter}`, privilege: [{ key: 'tag', depth: 0, read: true, write: true }] }),
  roleDelete: async () => ({ params: { role_id: String(await newRole()) } }),
  // The change config and the notification settings are one system-wide set: role -1's (owner 'system').
  changeConfigSave: async () => json({ categories: { store_config: true } }),
  notificationSettingSave: async () => json({ enabled: [] }),
  notificationContentUpdate: async () => ({ params: { key: 'gwOff1Hr' }, payload: NOTIFICATION }),
  notificationContentAllUpdate: async () => json({ contents: [{ key: 'gwOff1Hr', ...NOTIFICATION }] }),
  // The alarm config is system-wide (role -1's): allowed, then refused for the unknown type, so the config stays.
  alarmConfigUpdate: async () => ({ payload: { available: ['999'], admin: [], server: [], content: {} }, allowedStatus: 400 }),
  // The Plus alarm thresholds are one row for the whole system too (role -1's): saved back as seeded.
  alarmSettingUpdate: async () =>
    json({ memoryThreshold: 85, diskThreshold: 90, progressThreshold: 80, totalTagsThreshold: 95, receiveCriticalOnly: false }),
  // Role -1's (a package is the whole system's); allowed, then refused as not a package: nothing is recorded.
  swUpgradeUpload: async () => {
    const form = multipartBody({}, { name: 'not-a-package.tar', content: 'plain text' });
    return { payload: form.payload, headers: form.headers, allowedStatus: 400 };
  },
  amacDelete: async () => {
    const code = `DEL${++counter}`;
    await sut.deps.db.insert(amacs).values({ abstractCode: code, abstractData: '3C1A0002' });
    return { params: { abstractCode: code } };
  },
  // Stores (issue 13): a store of its own per create and delete; a migration allowed, then refused as no export.
  storeConfigAdd: async () => json({ companyCode, storeCode: `PRIV${++counter}`, storeName: 'Matrix store', ...STORE_TIMINGS }),
  storeConfigSave: async () => ({ params: { storeCode: STORE }, payload: { companyCode, storeName: 'Acme Shibuya', ...STORE_TIMINGS } }),
  storeConfigDelete: async () => {
    const storeCode = `DEL${++counter}`;
    await sut.deps.db.insert(stores).values({ storeCode, companyCode, storeName: storeCode });
    return { params: { storeCode } };
  },
  storeMigrate: async () => {
    const form = multipartBody({}, { name: 'not-an-export.jsonl', content: '{}\n' });
    return {
      params: { storeCode: STORE },
      payload: Buffer.from(form.payload.toString('latin1').replace('name="file"', 'name="files"'), 'latin1'),
      headers: form.headers,
      allowedStatus: 400,
    };
  },
  // One manual check runs per store: the previous one is ended first.
  storeTagStatusCheck: async () => {
    await sut.deps.db
      .update(collectingItems)
      .set({ finishedAt: new Date() })
      .where(and(eq(collectingItems.storeCode, STORE), isNull(collectingItems.finishedAt)));
    return json({ storeCode: STORE });
  },
  sensorConfigSave: async () => ({ params: { storeCode: STORE }, payload: { HAT: 2, distanceErrorRange: 5 } }),
  // Aliases and layouts (issue 15): company configuration, each delete with a row of its own.
  aliasConfigSave: async () => json({ companyCode, alias: ALIAS_DEFS.map((a) => ({ ...a })) }),
  aliasProductTypeUpdate: async () =>
    json({
      companyCode,
      productTypes: [
        { code: `PRIV${++counter}`, name: 'Matrix type', storeManagement: false, alias: [{ index: 0, order: 0, storeManagement: false }] },
      ],
    }),
  aliasProductTypeDelete: async () => {
    const code = `DEL${++counter}`;
    await sut.deps.db.insert(productTypes).values({ companyCode, code, name: code });
    return { params: { companyCode, code } };
  },
  customDataTypeUpdate: async () =>
    json({
      companyCode,
      groups: [{ groupCode: `PRIV${++counter}`, groupName: 'Matrix group', index: 9, elements: [{ code: 'A', codeName: 'a', index: 0 }] }],
    }),
  customDataTypeDelete: async () => {
    const groupCode = `DEL${++counter}`;
    await sut.deps.db.insert(customDataTypes).values({ companyCode, groupCode, groupName: groupCode });
    return { params: { companyCode, groupCode } };
  },
  layoutTypeUpdate: async () => json({ companyCode, layoutTypes: [`PRIV${++counter}`] }),
  layoutTypeDelete: async () => {
    const layoutType = `DEL${++counter}`;
    await sut.deps.db.insert(layoutTypes).values({ companyCode, layoutType });
    return { params: { companyCode, layoutType } };
  },
  layoutConfigUpdate: async () => json({ companyCode, layoutConfig: [{ layoutId: `PRIV${++counter}`, layoutType: 'STANDARD' }] }),
  // OTA (issue 13): each start first ends the store's job (one per store); the others get a running job of their own.
  otaFirmwareParse: async () => ({ ...otaForm({ fwName: 'fw.bin' }, { name: 'fw.bin', content: firmwareFile() }), allowedStatus: 200 }),
  otaStart: async () => {
    await endOtaJobs();
    return {
      params: { storeCode: STORE },
      ...otaForm(startFields(await gatewaysOf(sut.deps.db, STORE, 1)), { name: 'fw.bin', content: firmwareFile() }),
    };
  },
  otaRefresh: async () => json({ storeCode: STORE, otaTaskId: await runningOtaJob() }),
  otaGatewayFinish: async () => json({ storeCode: STORE, taskId: await runningOtaJob(), gwMac: rebootGateway }),
  otaStop: async () => json({ storeCode: STORE, info: { _id: await runningOtaJobItem() } }),
  layoutConfigDelete: async () => {
    const layoutId = `DEL${++counter}`;
    await sut.deps.db.insert(layoutConfigs).values({ companyCode, layoutId, layoutType: 'STANDARD' });
    return { params: { companyCode, layoutId } };
  },
};

/** Every implemented call that needs a write privilege. */
function implementedWrites(): [EndpointName, (typeof endpoints)[EndpointName]][] {
  return (Object.entries(endpoints) as [EndpointName, (typeof endpoints)[EndpointName]][]).filter(
    ([, e]) => typeof e.access === 'object' && e.access.need === 'write' && sut.app.hasRoute({ method: e.method, url: `/api${e.path}` }),
  );
}

describe('privilege matrix: every demo role × every implemented write', () => {
  it('has a request for every implemented write, so no new write escapes the matrix', () => {
    const missing = implementedWrites()
      .map(([name]) => name)
      .filter((name) => !requests[name]);
    expect(missing).toEqual([]);
    expect(implementedWrites().length).toBeGreaterThanOrEqual(18);
  });

  it('refuses every write without a session (401)', async () => {
    consume = false;
    for (const [name, e] of implementedWrites()) {
      const req = await requests[name]!();
      const res = await sut.app.inject({
        method: e.method,
        url: `/api${fillPath(e.path, req.params)}`,
        query: req.query,
        payload: req.payload,
        headers: req.headers,
      });
      expect(res.statusCode, name).toBe(401);
    }
  });

  for (const [email, sections] of Object.entries(ROLES)) {
    it(`${email}: allowed writes succeed, the others are refused with 403`, async () => {
      const outcome: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const [name, e] of implementedWrites()) {
        const access = e.access as { section: string; superOnly?: boolean; owner?: 'system' };
        // What belongs to the system (owner 'system', docs/architecture.md §3) is changed by role -1 only, like superOnly calls.
        const superOnly = access.superOnly || access.owner === 'system';
        const allowed = superOnly
          ? email === 'admin@shelfpad.test'
          : sections === 'all' || (sections as readonly string[]).includes(access.section);
        consume = allowed;
        const req = await requests[name]!();
        expected[name] = allowed ? (req.allowedStatus ?? 200) : 403;
        const res = await sut.app.inject({
          method: e.method,
          url: `/api${fillPath(e.path, req.params)}`,
          query: req.query,
          payload: req.payload,
          headers: { ...headers[email], ...req.headers },
        });
        outcome[name] = res.statusCode;
        if (res.statusCode === 403)
          expect(res.json().message, name).toMatch(/Permission denied|Only the super administrator|Only administrators/);
      }
      expect(outcome).toEqual(expected);
    });
  }

  it('refuses a role-0 administrator of another company, by store (403)', async () => {
    const nord = await login(sut.app, 'nord-admin@shelfpad.test', 'Shelfpad#2026');
    consume = false;
    const req = await requests.tagStatusCheck!();
    const res = await sut.app.inject({ method: 'POST', url: '/api/tag/status/check', payload: req.payload, headers: nord });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`Permission denied for store ${STORE}.`);
  });
});
