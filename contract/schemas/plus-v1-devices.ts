import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { Literals, Mac, Nullable, StoreCode, Text, Timestamp, wideTable } from './common';
import { Body, Host, Id, IdList, MacList, PrCodeList } from './admin-common';
import { V1_BRIGHTNESS, V1_VOLUME } from './constants-plus';
import { TimeZone } from './plus';

/** Plus v1 devices, contents and content groups (plus-signage §3 v1 device, Content, Content group; §7.4). */

const ClockTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$', maxLength: 8 });
const Interval = Type.Integer({ minimum: 0, maximum: 86_400 });

/** As reported by a device: any field may be missing. */
export const V1DeviceConfigSchema = Type.Object({
  code: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  storeCode: Type.Optional(Type.String()),
  category: Type.Optional(Type.String()),
  section: Type.Optional(Type.String()),
  shelfID: Type.Optional(Type.String()),
  position: Type.Optional(Type.String()),
  timezone: Type.Optional(Type.String()),
  volume: Type.Optional(Type.Integer()),
  bright: Type.Optional(Type.Integer()),
  orientation: Type.Optional(Type.String()),
  bt: Type.Optional(Type.Boolean()),
  nfc: Type.Optional(Type.Boolean()),
  autorun: Type.Optional(Type.Boolean()),
  autoupdate: Type.Optional(Type.Boolean()),
  timeserver: Type.Optional(Type.String()),
  opentime: Type.Optional(Type.String()),
  closetime: Type.Optional(Type.String()),
  adminPwd: Type.Optional(Type.String()),
  managerPwd: Type.Optional(Type.String()),
  screenInterval: Type.Optional(Type.Integer()),
  cameraInterval: Type.Optional(Type.Integer()),
});
export type V1DeviceConfig = Static<typeof V1DeviceConfigSchema>;

export const V1DeviceConfigInputSchema = Body({
  code: Type.Optional(Text(64)),
  name: Type.Optional(Text(100)),
  storeCode: Type.Optional(StoreCode),
  category: Type.Optional(Text(100)),
  section: Type.Optional(Text(100)),
  shelfID: Type.Optional(Text(100)),
  position: Type.Optional(Text(100)),
  timezone: Type.Optional(TimeZone),
  volume: Type.Optional(Type.Integer({ minimum: V1_VOLUME.min, maximum: V1_VOLUME.max })),
  bright: Type.Optional(Type.Integer({ minimum: V1_BRIGHTNESS.min, maximum: V1_BRIGHTNESS.max })),
  orientation: Type.Optional(Text(16)),
  bt: Type.Optional(Type.Boolean()),
  nfc: Type.Optional(Type.Boolean()),
  autorun: Type.Optional(Type.Boolean()),
  autoupdate: Type.Optional(Type.Boolean()),
  timeserver: Type.Optional(Host),
  opentime: Type.Optional(ClockTime),
  closetime: Type.Optional(ClockTime),
  adminPwd: Type.Optional(Text(64)),
  managerPwd: Type.Optional(Text(64)),
  screenInterval: Type.Optional(Interval),
  cameraInterval: Type.Optional(Interval),
});

export const V1DeviceSchema = Type.Object({
  _id: Type.String(),
  mac: Type.String(),
  model: Type.String(),
  config: V1DeviceConfigSchema,
  /** component → version */
  version: Type.Record(Type.String(), Type.String()),
  product: Type.Array(Type.String()),
  /** ONLINE, OFFLINE, NORMAL or ALARM. */
  connection: Type.String(),
  recvTime: Nullable(Timestamp),
  ipAddress: Type.String(),
});
export type V1Device = Static<typeof V1DeviceSchema>;
/** Config columns are filtered by their own names; `_id` with a list is the spec's "(_id in list)" lookup. */
export const V1_DEVICE_TABLE = defineTable({
  fields: {
    _id: 'enum',
    mac: 'text',
    model: 'enum',
    storeCode: 'text',
    product: 'text',
    category: 'text',
    section: 'text',
    shelfID: 'text',
    position: 'text',
    timezone: 'text',
    connection: 'enum',
    recvTime: 'number',
  },
  defaultOrder: { field: 'recvTime', dir: 'desc' },
  dateField: 'recvTime',
});

export const V1DeviceConfigAnswerSchema = Type.Object({ config: V1DeviceConfigSchema, ipAddress: Type.String() });
export type V1DeviceConfigAnswer = Static<typeof V1DeviceConfigAnswerSchema>;
export const V1DeviceConfigBodySchema = Body({ config: V1DeviceConfigInputSchema, mac: Mac });
export type V1DeviceConfigBody = Static<typeof V1DeviceConfigBodySchema>;
export const V1AssignBodySchema = Body({ mac: Mac, product: PrCodeList(100) });
export type V1AssignBody = Static<typeof V1AssignBodySchema>;
export const V1MacListBodySchema = Body({ macList: MacList() });
export type V1MacListBody = Static<typeof V1MacListBodySchema>;
export const V1MacParamsSchema = Type.Object({ mac: Mac });

// Contents.

export const V1_CONTENT_TYPES = ['image', 'video', 'widget'] as const;
export const V1ContentType = Literals(V1_CONTENT_TYPES);

export const V1ContentSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** Content group id; null at the root. */
  group: Nullable(Type.String()),
  type: V1ContentType,
  resolution: Type.String(),
  /** Seconds; videos have their own, others a default. */
  duration: Type.Number(),
  /** Bytes. */
  size: Type.Integer(),
  user: Type.String(),
  updatedAt: Timestamp,
});
export type V1Content = Static<typeof V1ContentSchema>;
export const V1_CONTENT_TABLE = defineTable({
  fields: { id: 'enum', name: 'text', type: 'enum', resolution: 'text', user: 'text', size: 'number', updatedAt: 'number' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});

/**
 * POST /plus/v1/content/file is multipart: `file` plus these fields (`id` replaces an existing content,
 * one file then). The server validates them after reading the form.
 */
export const V1ContentUploadFieldsSchema = Body({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  type: V1ContentType,
  group: Type.Optional(Id),
  id: Type.Optional(Id),
});
export type V1ContentUploadFields = Static<typeof V1ContentUploadFieldsSchema>;
export const V1ContentUploadAnswerSchema = Type.Object({ success: Type.Boolean(), idList: Type.Array(Type.String()) });

const NonBlank = Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' });
export const V1ContentRenameBodySchema = Body({ id: Id, name: NonBlank });
export type V1ContentRenameBody = Static<typeof V1ContentRenameBodySchema>;
export const V1ContentMoveBodySchema = Body({ idList: IdList(), groupId: Nullable(Id) });
export type V1ContentMoveBody = Static<typeof V1ContentMoveBodySchema>;

export const V1ContentGroupSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** null at the root of the tree. */
  parent: Nullable(Type.String()),
  order: Type.Integer(),
});
export type V1ContentGroup = Static<typeof V1ContentGroupSchema>;
export const V1ContentGroupListSchema = Type.Array(V1ContentGroupSchema);
export const V1ContentGroupSaveBodySchema = Body({
  id: Type.Optional(Id),
  name: NonBlank,
  parent: Nullable(Id),
  order: Type.Integer({ minimum: 0, maximum: 100_000 }),
});
export type V1ContentGroupSaveBody = Static<typeof V1ContentGroupSaveBodySchema>;
export const V1ContentGroupRemoveBodySchema = Body({ id: Id });

// Table requests and pages.

export const V1DeviceListRequestSchema = tableRequestSchema(wideTable(V1_DEVICE_TABLE));
export const V1DeviceListPageSchema = tablePageSchema(V1DeviceSchema);
export const V1ContentListRequestSchema = tableRequestSchema(wideTable(V1_CONTENT_TABLE), { group: Type.Optional(Nullable(Id)) });
export const V1ContentListPageSchema = tablePageSchema(V1ContentSchema);
