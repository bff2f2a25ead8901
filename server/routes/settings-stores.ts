import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { STORE_DEFAULTS, SUB_DOMAIN_STORE_SEPARATOR, TIME_SERVER_PORT_DEFAULT } from '../../contract/schemas/constants-admin';
import { GEOCODE_LIMIT_MAX, SENSOR_NAME, type StoreUpdateBody } from '../../contract/schemas/settings-store';
import { settingsStoreEndpoints as ep } from '../../contract/endpoints/settings-store';
import type { AppDeps } from '../deps';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { searchPlaces } from '../lib/gazetteer';
import { assertMayTouch } from '../lib/ownership';
import { isPrivileged } from '../lib/privileges';
import { route } from '../lib/route';
import { scopeOf } from '../repos/stats';
import { exportStore, migrateStore, parseExport } from '../repos/store-transfer';
import {
  deleteStore,
  findStore,
  insertStore,
  saveStoreSensorConfig,
  startTagStatusCheck,
  storeConfigAnswer,
  storeConfigPage,
  storeSensorConfig,
  updateStore,
  type StoreSettings,
} from '../repos/stores';
import { getSystemConfig } from '../repos/system-config';

/** The stored settings of a create or update body: what the form left out takes the spec's defaults (§9). */
function settingsOf(body: StoreUpdateBody): StoreSettings {
  return {
    storeName: body.storeName.trim(),
    address: body.address?.trim() || null,
    totalDuration: body.totalDuration,
    eventDuration: body.eventDuration,
    cpDuration: body.cpDuration,
    oneChannelEnable: body.oneChannelEnable ?? false,
    channelMaskEnable: body.channelMaskEnable ?? false,
    outbandEnable: body.outbandEnable ?? false,
    notAutoRtnPage: body.notAutoRtnPage ?? false,
    showMac: body.showMac ?? false,
    hideLed: body.hideLed ?? false,
    eventLedCtrl: body.eventLedCtrl ?? false,
    baseTimeout: body.baseTimeout,
    timeoutTag: body.timeoutTag,
    nfRandomPercent: body.nfRandomPercent ?? STORE_DEFAULTS.nfRandomPercent,
    nfRetryCnt: body.nfRetryCnt ?? STORE_DEFAULTS.nfRetryCnt,
    nfBasicSleep: body.nfBasicSleep ?? STORE_DEFAULTS.nfBasicSleep,
    nfDeepSleepDuration: body.nfDeepSleepDuration ?? STORE_DEFAULTS.nfDeepSleepDuration,
    enableTagStatusCheck: body.enableTagStatusCheck ?? false,
    useSensorTag: body.useSensorTag ?? false,
    tagStatusCheckDay: body.tagStatusCheckDay ?? STORE_DEFAULTS.tagStatusCheckDay,
    timeServerIp: body.timeServerIp?.trim() || null,
    timeServerPort: body.timeServerPort ?? TIME_SERVER_PORT_DEFAULT,
    panId: body.panId?.toUpperCase() || null,
    latitude: body.position?.latitude ?? null,
    longitude: body.position?.longitude ?? null,
    enableOtaConfig: body.enableOtaConfig ?? false,
  };
}

const ATTACHMENT_NAME = /[^\w.-]/g;

/**
 * Store configuration (console-admin §2 Settings, §3 Store, §5, §6, §7): list, get, create, update, delete, the
 * per-store sensor config, a manual tag status check, the store export and its migration (roles -1 and 0), and the
 * address search of the position picker. The auth hook has checked the store a call names; a create names a store
 * that does not exist yet, so its company is checked here.
 */
export function storeConfigRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const storeOf = async (storeCode: string) => {
    const row = await findStore(db, storeCode);
    if (!row) throw notFound(`Unknown store: ${storeCode}`);
    return row;
  };

  // spec: admin §7.16, admin §7.17, admin §3.15 — store config list, get, add, save, delete
  route(app, deps, ep.storeConfigList, async ({ body, user }) =>
    storeConfigPage(db, await scopeOf(db, user), body as Record<string, unknown>),
  );

  route(app, deps, ep.storeConfigGet, async ({ params }) => storeConfigAnswer(await storeOf(params.storeCode)));

  route(app, deps, ep.storeConfigAdd, async ({ body, user }) => {
    assertMayTouch(user, { kind: 'company', companyCode: body.companyCode }, 'write', `company ${body.companyCode}`);
    // A member limited to assigned stores could not even see the store it made: creating one is for the company's admins.
    if (!isPrivileged(user) && !user.enableWholeStore) throw forbidden('Only members of the whole company may create stores.');
    const prefix = `${body.companyCode}${SUB_DOMAIN_STORE_SEPARATOR}`;
    // spec: admin §1.0a — useSubDomain: a new store code without the <companyCode>_ prefix is refused
    if ((await getSystemConfig(db)).useSubDomain && !body.storeCode.startsWith(prefix)) {
      throw badRequest(`With sub-domains on, the store code must start with ${prefix}`, 'STORE_CODE_PREFIX');
    }
    if (!(await insertStore(db, body.storeCode, body.companyCode, settingsOf(body))))
      throw conflict(`Store ${body.storeCode} exists already.`, 'STORE_EXISTS');
    return { success: true };
  });

  route(app, deps, ep.storeConfigSave, async ({ params, body }) => {
    const row = await storeOf(params.storeCode);
    // The company of a store is where its tags and members live: moving it is a migration, not an edit.
    if (body.companyCode !== row.companyCode)
      throw badRequest(`Store ${params.storeCode} belongs to company ${row.companyCode}.`, 'STORE_COMPANY');
    await updateStore(db, params.storeCode, settingsOf(body));
    return { success: true };
  });

  route(app, deps, ep.storeConfigDelete, async ({ params }) => {
    if (!(await deleteStore(db, params.storeCode))) throw notFound(`Unknown store: ${params.storeCode}`);
    return { success: true };
  });

  // spec: admin §7.18 — sensor config get and save, tag status check
  route(app, deps, ep.sensorConfigGet, ({ params }) => storeSensorConfig(db, params.storeCode));

  route(app, deps, ep.sensorConfigSave, async ({ params, body }) => {
    const bad = Object.keys(body).find((name) => !SENSOR_NAME.test(name));
    if (bad !== undefined) throw badRequest(`Not a sensor name: ${bad.slice(0, 40)}`, 'BAD_SENSOR_NAME');
    await saveStoreSensorConfig(db, params.storeCode, body);
    return { success: true };
  });

  route(app, deps, ep.storeTagStatusCheck, async ({ body }) => {
    const row = await storeOf(body.storeCode);
    if (!(await startTagStatusCheck(db, row.storeCode, row.companyCode)))
      throw conflict(`A tag status check of ${row.storeCode} is running already.`, 'CHECK_RUNNING');
    return { success: true };
  });

  route(app, deps, ep.storeExport, async ({ params, reply }) => {
    const row = await storeOf(params.storeCode);
    const name = `store-${row.storeCode.replace(ATTACHMENT_NAME, '_')}.jsonl`;
    return reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(Readable.from(exportStore(db, row.storeCode, row.companyCode)));
  });

  // spec: admin §7.16, admin §6.1 — migrate upload answering the counts; privileged roles only
  route(app, deps, ep.storeMigrate, async ({ params, req }) => {
    const row = await storeOf(params.storeCode);
    const form = req.multipartForm;
    const files = form?.files ?? [];
    if (!files.length) throw badRequest('Choose the exported store file (field files).', 'NO_FILE');
    const stray = files.find((f) => f.fieldname !== 'files');
    if (stray) throw badRequest(`Unexpected file field ${stray.fieldname}: send the files as "files".`);
    if (Object.keys(form?.fields ?? {}).length) throw badRequest('This call takes files only.');
    // Every file is read and checked before anything is written: a bad second file leaves the store untouched.
    const parsed = files.map((f) => parseExport(f.content, f.filename));
    if (
      parsed.every((p) => !p.store.length && !p.gateway.length && !p.product.length && !p.tag.length && !p.task.length && !p.account.length)
    ) {
      return { error_msg: 'The file holds no rows of a store.' };
    }
    // The company is the target store's, never the caller's or the file's: an administrator of several companies
    // migrates into the store's company, and the rows the files name must be that company's or new.
    return migrateStore(db, { storeCode: row.storeCode, companyCode: row.companyCode }, parsed);
  });

  route(app, deps, ep.geocodeSearch, ({ query }) => searchPlaces(query.q, query.limit ?? GEOCODE_LIMIT_MAX / 2));
}
