import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Value } from 'typebox/value';
import { OTA_DEFAULTS, OTA_FIRMWARE_EXTENSION, OTA_TRANSMISSION_TIME } from '../../contract/schemas/constants-admin';
import { OtaStartFieldsSchema, type OtaStartFields } from '../../contract/schemas/ota';
import { otaEndpoints } from '../../contract/endpoints/ota';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound } from '../lib/errors';
import { fileStoreOf } from '../lib/file-store';
import { FirmwareError, parseFirmware, type FirmwareHeader } from '../lib/firmware-header';
import { route } from '../lib/route';
import { PUSH_COLLECTING } from '../push/hub';
import { runningCollecting } from '../repos/collecting';
import {
  bareIp,
  createOtaTask,
  otaGateways,
  findOtaTask,
  finishOtaGateway,
  otaDetailPage,
  otaHistoryPage,
  otaStores,
  refreshOtaTask,
  runningOtaTask,
  stopOta,
  taskIdOf,
  toOtaTask,
} from '../repos/ota';
import { scopeOf } from '../repos/stats';
import { storeCompanies } from '../repos/stores';

/** The OTA parameters every start must carry, in the order the console asks for them ('please input a {field}'). */
const REQUIRED_FIELDS = ['fwName', 'otaType', 'tagVersion', 'startVersion', 'endVersion', ...Object.keys(OTA_DEFAULTS)] as const;
const NUMBER_FIELDS = ['tagVersion', 'startVersion', 'endVersion', ...Object.keys(OTA_DEFAULTS)];

interface Form {
  fields: Record<string, string>;
  file?: { filename: string; content: Buffer };
}

/** The form the multipart plugin read; the firmware is the file of field fwData. */
function formOf(req: FastifyRequest): Form {
  const form = req.multipartForm ?? { fields: {}, files: [] };
  const extra = form.files.find((f) => f.fieldname !== 'fwData');
  if (extra) throw badRequest(`Unexpected file field: ${extra.fieldname} (send the firmware as fwData).`);
  if (form.files.length > 1) throw badRequest('Send one firmware file.');
  return { fields: form.fields, file: form.files[0] };
}

const hasBinExtension = (name: string) => name.toLowerCase().endsWith(`.${OTA_FIRMWARE_EXTENSION}`);

function firmwareOf(form: Form): { header: FirmwareHeader; name: string; content: Buffer } {
  if (!form.file || form.file.content.length === 0) throw badRequest('firmware file not exist', 'FIRMWARE_MISSING');
  const name = form.fields.fwName || form.file.filename;
  if (!hasBinExtension(name) || !hasBinExtension(form.file.filename))
    throw badRequest('please check the file extension', 'FIRMWARE_EXTENSION');
  try {
    return { header: parseFirmware(form.file.content), name, content: form.file.content };
  } catch (error) {
    if (error instanceof FirmwareError) throw badRequest(error.message, error.code);
    throw error;
  }
}

const asNumber = (text: string) =>
  /^\s*0x[0-9a-f]+\s*$/i.test(text) ? parseInt(text, 16) : /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN;

function jsonField(fields: Record<string, string>, name: string): unknown {
  try {
    return JSON.parse(fields[name]);
  } catch {
    throw badRequest(`${name} must be JSON.`);
  }
}

/** The text fields of an OTA start, checked with the console's own messages first, then against the schema. */
function startFieldsOf(fields: Record<string, string>, hasFile: boolean): OtaStartFields {
  const transmission = fields.otaTransmissionTime?.trim();
  if (transmission) {
    const t = asNumber(transmission);
    if (!(t >= OTA_TRANSMISSION_TIME.min && t <= OTA_TRANSMISSION_TIME.max))
      throw badRequest('transmission time must be between 0 and 255.', 'OTA_TRANSMISSION_TIME');
  }
  const list = fields.gw_ip_list?.trim() ? jsonField(fields, 'gw_ip_list') : [];
  if (!Array.isArray(list) || list.length === 0) throw badRequest('No gateway has checked', 'OTA_NO_GATEWAY');
  if (!hasFile) throw badRequest('firmware file not exist', 'FIRMWARE_MISSING');
  const missing = REQUIRED_FIELDS.find((name) => !fields[name]?.trim());
  if (missing) throw badRequest(`please input a ${missing}`, 'OTA_FIELD_MISSING');
  if (!hasBinExtension(fields.fwName.trim())) throw badRequest('please check the file extension', 'FIRMWARE_EXTENSION');
  const value: Record<string, unknown> = {
    gw_ip_list: list,
    gw_info_dict: fields.gw_info_dict?.trim() ? jsonField(fields, 'gw_info_dict') : {},
    fwName: fields.fwName.trim(),
    otaType: Number.isNaN(asNumber(fields.otaType)) ? fields.otaType.trim() : asNumber(fields.otaType),
  };
  for (const name of NUMBER_FIELDS) value[name] = asNumber(fields[name]);
  if (!Value.Check(OtaStartFieldsSchema, value)) {
    const first = Value.Errors(OtaStartFieldsSchema, value)[0];
    throw badRequest(
      `Invalid OTA field ${first?.instancePath || ''}: ${first?.message ?? 'invalid'}`.replace(' :', ':'),
      'OTA_INVALID_FIELD',
    );
  }
  return value as OtaStartFields;
}

/** OTA firmware updates of tags (console-admin §2 /setting/ota-config, §3, §5, §7, §8); the simulator runs the jobs (server/sim/ota.ts). */
export function otaRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const files = () => fileStoreOf(deps.config.dataDir);
  // The header's collecting list changes with a job's start and stop (its end is pushed by the simulator).
  const publishCollecting = async () => deps.push.publish({ type: PUSH_COLLECTING, data: await runningCollecting(db) });

  // spec: admin §7.21, admin §3.19 — OTA: parse firmware, start, refresh, gateway finish, stop, status, history and detail
  route(app, deps, otaEndpoints.otaStoreList, async ({ user }) => otaStores(db, await scopeOf(db, user)));
  route(app, deps, otaEndpoints.otaGatewayList, ({ params }) => otaGateways(db, params.storeCode));

  route(app, deps, otaEndpoints.otaFirmwareParse, ({ req }) => {
    const { header } = firmwareOf(formOf(req));
    return {
      ota_type: header.otaType,
      fw_version: header.fwVersion,
      target_start_version: header.targetStartVersion,
      target_end_version: header.targetEndVersion,
      target_check_sum: header.checkSum,
    };
  });

  route(app, deps, otaEndpoints.otaStart, async ({ req, params }) => {
    const form = formOf(req);
    const fields = startFieldsOf(form.fields, Boolean(form.file?.content.length));
    const fw = firmwareOf(form);
    const { header } = fw;
    if (fields.tagVersion !== header.fwVersion || String(fields.otaType) !== String(header.otaType)) {
      throw badRequest("The OTA type and tag version must be the firmware header's (parse the file again).", 'OTA_HEADER_MISMATCH');
    }
    if (
      fields.startVersion > fields.endVersion ||
      fields.startVersion < header.targetStartVersion ||
      fields.endVersion > header.targetEndVersion
    ) {
      throw badRequest("The target versions must lie within the firmware's target range.", 'OTA_TARGET_RANGE');
    }
    const known = new Map((await otaGateways(db, params.storeCode)).map((g) => [g.gwMac.toLowerCase(), g]));
    const chosen = [...new Set(fields.gw_ip_list.map(bareIp))].map((ip) => {
      // The list and the dict are the client's: an IP like "toString" must not find what every object inherits.
      const info = Object.hasOwn(fields.gw_info_dict, ip)
        ? fields.gw_info_dict[ip]
        : Object.entries(fields.gw_info_dict).find(([key]) => bareIp(key) === ip)?.[1];
      const gw = info && known.get(info.gwMac.replace(/[:-]/g, '').toLowerCase());
      if (!info || !gw || gw.ip !== ip) throw badRequest(`${ip} is not a gateway of store ${params.storeCode}.`, 'OTA_UNKNOWN_GATEWAY');
      return { gwIp: ip, gwMac: gw.gwMac, otaCh: info.otaCh };
    });
    const companyCode = (await storeCompanies(db, [params.storeCode])).get(params.storeCode) ?? '';
    const key = `firmware/${randomUUID()}.bin`;
    const size = await files().write(key, [fw.content]);
    const now = new Date();
    const task = await createOtaTask(db, {
      storeCode: params.storeCode,
      companyCode,
      fwName: fields.fwName,
      file: { fileName: form.file!.filename, filePath: key, size, checkSum: header.checkSum },
      otaType: header.otaType,
      tagVersion: fields.tagVersion,
      startVersion: fields.startVersion,
      endVersion: fields.endVersion,
      gateways: chosen,
      params: {
        repeatCnt: fields.repeatCnt,
        otaStartTime: fields.otaStartTime,
        otaSleepMinTime: fields.otaSleepMinTime,
        otaSleepDistTime: fields.otaSleepDistTime,
        otaTransmissionTime: fields.otaTransmissionTime,
      },
      now,
    }).catch(async (error: unknown) => {
      await files().remove(key);
      throw error;
    });
    if (!task) {
      await files().remove(key);
      throw conflict(`An OTA job is already running in store ${params.storeCode}.`, 'OTA_RUNNING');
    }
    await publishCollecting();
    return { message: 'ok', data: { taskId: String(task.id), totalTags: task.totalTags } };
  });

  const taskOf = async (storeCode: string, id: string) => {
    const task = await findOtaTask(db, storeCode, taskIdOf(id));
    if (!task) throw notFound(`OTA task ${id} does not exist in store ${storeCode}.`);
    return task;
  };

  route(app, deps, otaEndpoints.otaRefresh, async ({ body }) =>
    toOtaTask(await refreshOtaTask(db, await taskOf(body.storeCode, body.otaTaskId))),
  );

  route(app, deps, otaEndpoints.otaGatewayFinish, async ({ body }) => {
    const task = await taskOf(body.storeCode, body.taskId);
    if (task.endTime) throw conflict(`OTA task ${body.taskId} has ended.`, 'OTA_ENDED');
    if (!(await finishOtaGateway(db, task, body.gwMac, new Date())))
      throw notFound(`Gateway ${body.gwMac} is not part of OTA task ${body.taskId}.`);
    return { success: true };
  });

  route(app, deps, otaEndpoints.otaStop, async ({ body }) => {
    const id = body.info._id;
    const collectingId = id === undefined ? undefined : /^\d{1,9}$/.test(id) ? Number(id) : -1;
    const task = await stopOta(db, body.storeCode, collectingId, new Date());
    if (!task) throw notFound(`No OTA job is running in store ${body.storeCode}${id === undefined ? '' : ` for collecting item ${id}`}.`);
    await publishCollecting();
    return { success: true };
  });

  route(app, deps, otaEndpoints.otaStatus, async ({ params }) => {
    const task = await runningOtaTask(db, params.storeCode);
    return { running: Boolean(task), task: task ? toOtaTask(task) : null };
  });

  route(app, deps, otaEndpoints.otaHistory, ({ params, body }) => otaHistoryPage(db, params.storeCode, body as Record<string, unknown>));

  route(app, deps, otaEndpoints.otaHistoryDetail, async ({ params, body }) => {
    const task = await taskOf(params.storeCode, params.taskId);
    return otaDetailPage(db, task.id, body as Record<string, unknown>);
  });
}
