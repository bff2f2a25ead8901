import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { Mac, Nullable, StoreCode, Timestamp, wideTable } from './common';
import { Anything, Body, Id } from './admin-common';
import { OTA_TRANSMISSION_TIME } from './constants-admin';

/*
 * OTA firmware updates of tags (console-admin §3 OTA task, §5 OTA start, §7 "OTA"). Versions are numbers,
 * shown in hex by the console. The spec's -1 for "in progress" is kept as is (OTA_IN_PROGRESS).
 */

const OtaType = Type.Union([Type.Integer(), Type.String()]);

export const OtaTaskSchema = Type.Object({
  taskId: Type.String(),
  storeCode: Type.String(),
  totalTags: Type.Integer(),
  updatedTags: Type.Integer(),
  progress: Type.Number({ maximum: 100 }),
  startTime: Timestamp,
  /** -1 while in progress. */
  endTime: Type.Union([Timestamp, Type.Literal(-1)]),
  detail: Type.Array(Type.Object({ gwIp: Type.String(), gwMac: Type.String(), otaCh: Type.Integer() })),
  /** Per gateway: whether it finished and how many of its tags are done (the spec does not show the shape). */
  gwResult: Type.Array(
    Type.Object({ gwMac: Type.String(), gwIp: Type.String(), finished: Type.Boolean(), total: Type.Integer(), done: Type.Integer() }),
  ),
  /** Firmware name as the form gave it. */
  fwName: Type.String(),
  /** Name of the uploaded .bin (the history column "fileName"). */
  fileName: Type.String(),
  otaType: OtaType,
  tagVersion: Type.Integer(),
  startVersion: Type.Integer(),
  endVersion: Type.Integer(),
  repeatCnt: Type.Integer(),
  otaStartTime: Type.Integer(),
  otaSleepMinTime: Type.Integer(),
  otaSleepDistTime: Type.Integer(),
  otaTransmissionTime: Type.Integer(),
});
export type OtaTask = Static<typeof OtaTaskSchema>;
export const OTA_HISTORY_TABLE = defineTable({
  fields: {
    taskId: 'text',
    fwName: 'text',
    fileName: 'text',
    otaType: 'enum',
    tagVersion: 'hex',
    startVersion: 'hex',
    endVersion: 'hex',
    progress: 'number',
    totalTags: 'number',
    updatedTags: 'number',
    startTime: 'number',
    endTime: 'number',
  },
  defaultOrder: { field: 'startTime', dir: 'desc' },
  dateField: 'startTime',
});

export const OtaDetailRowSchema = Type.Object({
  barcode: Type.String(),
  tagMac: Type.String(),
  version: Nullable(Type.Integer()),
  /** OTA_RESULT: -1 while in progress, 1 updated, 0 not updated (failed every repeat, stopped, or its gateway finished). */
  result: Type.Integer(),
  gwIp: Type.String(),
  startTime: Nullable(Timestamp),
  endTime: Nullable(Timestamp),
});
export type OtaDetailRow = Static<typeof OtaDetailRowSchema>;
export const OTA_DETAIL_TABLE = defineTable({
  fields: { barcode: 'text', tagMac: 'text', version: 'hex', result: 'number', gwIp: 'text', startTime: 'number', endTime: 'number' },
  defaultOrder: { field: 'barcode', dir: 'asc' },
  dateField: 'startTime',
});

/** What the firmware file says about itself (multipart fwName, fwData). */
export const OtaFirmwareInfoSchema = Type.Object({
  ota_type: OtaType,
  fw_version: Type.Integer(),
  target_start_version: Type.Integer(),
  target_end_version: Type.Integer(),
  target_check_sum: Type.Integer(),
});
export type OtaFirmwareInfo = Static<typeof OtaFirmwareInfoSchema>;

const Param = (maximum: number, minimum = 0) => Type.Integer({ minimum, maximum });
/**
 * The non-file fields of the multipart OTA start (fwData is the .bin file). Form values arrive as strings and
 * JSON text (gw_ip_list, gw_info_dict); the server converts them, then validates against this schema.
 */
export const OtaStartFieldsSchema = Body({
  /** At least one gateway ("No gateway has checked"). */
  gw_ip_list: Type.Array(Type.String({ minLength: 7, maxLength: 21 }), { minItems: 1, maxItems: 1000 }),
  /** gateway ip → its MAC and OTA channel. */
  gw_info_dict: Type.Record(Type.String({ maxLength: 21 }), Body({ gwMac: Mac, otaCh: Type.Integer({ minimum: 0, maximum: 255 }) }), {
    maxProperties: 1000,
  }),
  fwName: Type.String({ minLength: 5, maxLength: 255, pattern: '\\.bin$' }),
  otaType: OtaType,
  tagVersion: Param(0xffff_ffff),
  startVersion: Param(0xffff_ffff),
  endVersion: Param(0xffff_ffff),
  repeatCnt: Param(255, 1),
  otaStartTime: Param(65_535),
  otaSleepMinTime: Param(65_535),
  otaSleepDistTime: Param(65_535),
  otaTransmissionTime: Type.Integer({ minimum: OTA_TRANSMISSION_TIME.min, maximum: OTA_TRANSMISSION_TIME.max }),
});
export type OtaStartFields = Static<typeof OtaStartFieldsSchema>;
/** message "ok" on success; anything else is shown with data as an error. */
export const OtaStartAnswerSchema = Type.Object({ message: Type.String(), data: Anything });
export type OtaStartAnswer = Static<typeof OtaStartAnswerSchema>;

export const OtaRefreshBodySchema = Body({ storeCode: StoreCode, otaTaskId: Id });
export type OtaRefreshBody = Static<typeof OtaRefreshBodySchema>;
export const OtaGatewayFinishBodySchema = Body({ storeCode: StoreCode, taskId: Id, gwMac: Mac });
export type OtaGatewayFinishBody = Static<typeof OtaGatewayFinishBodySchema>;
/** Stop from the collecting list: `info` is the collecting item's detail (cmd, companyCode, otaType, _id). */
export const OtaStopBodySchema = Body({
  storeCode: StoreCode,
  info: Type.Object(
    {
      cmd: Type.Optional(Type.String({ maxLength: 64 })),
      companyCode: Type.Optional(Type.String({ maxLength: 64 })),
      otaType: Type.Optional(OtaType),
      _id: Type.Optional(Id),
    },
    { additionalProperties: false },
  ),
});
export type OtaStopBody = Static<typeof OtaStopBodySchema>;

/** A store of /setting/ota-config's store list, with whether an OTA job runs there. */
export const OtaStoreSchema = Type.Object({
  storeCode: Type.String(),
  storeName: Type.String(),
  companyCode: Type.String(),
  gatewayCount: Type.Integer(),
  running: Type.Boolean(),
});
export const OtaStoreListSchema = Type.Array(OtaStoreSchema);
export type OtaStore = Static<typeof OtaStoreSchema>;
/** A gateway of the OTA gateway table (not paged); otaCh is the channel the firmware goes out on (its data channel). */
export const OtaGatewaySchema = Type.Object({
  gwMac: Type.String(),
  ip: Type.String(),
  status: Type.String(),
  tagCount: Type.Integer(),
  otaCh: Type.Integer(),
});
export const OtaGatewayListSchema = Type.Array(OtaGatewaySchema);
export type OtaGateway = Static<typeof OtaGatewaySchema>;

/** Whether an OTA job runs in the store (one at a time), and which. */
export const OtaStatusSchema = Type.Object({ running: Type.Boolean(), task: Nullable(OtaTaskSchema) });
export type OtaStatus = Static<typeof OtaStatusSchema>;

export const OtaDetailParamsSchema = Type.Object({ storeCode: StoreCode, taskId: Id });

// Table requests and pages.

export const OtaHistoryRequestSchema = tableRequestSchema(wideTable(OTA_HISTORY_TABLE));
export const OtaHistoryPageSchema = tablePageSchema(OtaTaskSchema);
export const OtaDetailRequestSchema = tableRequestSchema(wideTable(OTA_DETAIL_TABLE));
export const OtaDetailPageSchema = tablePageSchema(OtaDetailRowSchema);
