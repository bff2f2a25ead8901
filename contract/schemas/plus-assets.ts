import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { Literals, StoreCode, Timestamp, wideTable } from './common';
import { Body, FreeObject, Id, IdList, PrCodeList } from './admin-common';
import { PLUS_UPLOAD_TYPES, TEMPLATE_SIZE_DEFAULT } from './constants-plus';
import { ShowList, ShowSchema } from './plus';

/*
 * Plus images, videos, widgets, templates, schedules, software, settings and the product data the show editor
 * and label printing read (plus-signage §3, §7.1–7.3).
 */

export const PLUS_FILE_ASSET_TYPES = ['image', 'video', 'widget'] as const;
export const PlusFileAssetType = Literals(PLUS_FILE_ASSET_TYPES);
export type PlusFileAssetType = Static<typeof PlusFileAssetType>;
/** Everything a device can use, hence everything whose delete is refused while in use. */
export const PLUS_ASSET_TYPES = [...PLUS_FILE_ASSET_TYPES, 'template', 'schedule'] as const;
export const PlusAssetType = Literals(PLUS_ASSET_TYPES);
export type PlusAssetType = Static<typeof PlusAssetType>;

/** width and height in pixels (images, videos) and size in bytes are read from the file by the server. */
export const PlusFileAssetSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  updatedAt: Timestamp,
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  size: Type.Optional(Type.Number()),
});
export type PlusFileAsset = Static<typeof PlusFileAssetSchema>;
export const PLUS_ASSET_TABLE = defineTable({
  fields: { name: 'text', updatedAt: 'number' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});

/** Choices of the show editor; images and videos carry their size so they can be scaled to the screen. */
export const PlusAssetChoiceSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
});
export type PlusAssetChoice = Static<typeof PlusAssetChoiceSchema>;
export const PlusAssetChoiceListSchema = Type.Array(PlusAssetChoiceSchema);

/** The devices using an asset: "(n) mac (name)" in delete messages. */
export const PlusDeviceRefSchema = Type.Object({ mac: Type.String(), name: Type.String() });
export type PlusDeviceRef = Static<typeof PlusDeviceRefSchema>;
export const PlusDeviceRefListSchema = Type.Array(PlusDeviceRefSchema);

export const PlusAssetRemoveBodySchema = Body({ idList: IdList() });
export type PlusAssetRemoveBody = Static<typeof PlusAssetRemoveBodySchema>;

export const PlusAssetParamsSchema = Type.Object({ storeCode: StoreCode, type: PlusAssetType });
export const PlusFileAssetParamsSchema = Type.Object({ storeCode: StoreCode, type: PlusFileAssetType });
export const PlusAssetIdParamsSchema = Type.Object({ storeCode: StoreCode, type: PlusAssetType, id: Id });
export const PlusFileAssetIdParamsSchema = Type.Object({ storeCode: StoreCode, type: PlusFileAssetType, id: Id });

// Uploads: POST /plus/store/:storeCode/:type/file, multipart `file` (up to 10; 1 with ?id= to replace).

export const PlusUploadType = Literals(PLUS_UPLOAD_TYPES);
export const PlusUploadParamsSchema = Type.Object({ storeCode: StoreCode, type: PlusUploadType });
export const PlusUploadQuerySchema = Type.Object({ id: Type.Optional(Id) }, { additionalProperties: false });
/** 'other' files are sorted into images, videos and widgets by the server from their content type. */
export const PlusUploadAnswerSchema = Type.Object({
  success: Type.Boolean(),
  files: Type.Array(Type.Object({ _id: Type.String(), name: Type.String(), type: Type.String() })),
});
export type PlusUploadAnswer = Static<typeof PlusUploadAnswerSchema>;

// Templates.

/** '23.1', '29', '35.4' name a screen; anything else is 'WxH'. */
export const TemplateSize = Type.String({
  maxLength: 11,
  pattern: '^(23\\.1|29|35\\.4|\\d{1,5}x\\d{1,5})$',
  default: TEMPLATE_SIZE_DEFAULT,
});

export const PlusTemplateRowSchema = Type.Object({
  /** The template's name. */
  _id: Type.String(),
  size: Type.String(),
  deviceCount: Type.Integer(),
  updatedAt: Timestamp,
  fixed: Type.Boolean(),
});
export type PlusTemplateRow = Static<typeof PlusTemplateRowSchema>;
export const PlusTemplateSchema = Type.Object({ ...PlusTemplateRowSchema.properties, show: Type.Array(ShowSchema) });
export type PlusTemplate = Static<typeof PlusTemplateSchema>;
export const PLUS_TEMPLATE_TABLE = defineTable({
  fields: { _id: 'text', size: 'enum', deviceCount: 'number', updatedAt: 'number' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});
export const TemplateName = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
/** An existing name answers 409 ("This template name is already registered.") unless overwrite is set. */
export const PlusTemplateSaveBodySchema = Body({
  _id: TemplateName,
  size: TemplateSize,
  show: ShowList,
  fixed: Type.Optional(Type.Boolean()),
  overwrite: Type.Optional(Type.Boolean()),
});
export type PlusTemplateSaveBody = Static<typeof PlusTemplateSaveBodySchema>;
/** The apply-template choice list. */
export const PlusTemplateNameSchema = Type.Object({ _id: Type.String(), size: Type.String() });
export const PlusTemplateNameListSchema = Type.Array(PlusTemplateNameSchema);
export const PlusTemplateParamsSchema = Type.Object({ storeCode: StoreCode, name: TemplateName });
export const PlusScheduleParamsSchema = Type.Object({ storeCode: StoreCode, id: Id });

// Schedules.

const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
const TimeText = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', maxLength: 5 });
export const PeriodSchema = Body({ start: DateText, end: DateText });
export const TimeRangeSchema = Body({ start: TimeText, end: TimeText });
/** Week days 0 (Sunday) to 6; optional in a schedule. */
export const WeekDays = Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { maxItems: 7, uniqueItems: true });

export const PlusScheduleSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  period: PeriodSchema,
  days: Type.Array(Type.Integer()),
  time: Type.Array(TimeRangeSchema),
  updatedAt: Timestamp,
});
export type PlusSchedule = Static<typeof PlusScheduleSchema>;
export const PlusScheduleListSchema = Type.Array(PlusScheduleSchema);
export const PLUS_SCHEDULE_TABLE = defineTable({
  fields: { name: 'text', updatedAt: 'number' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});
/**
 * Period and at least one time range are required: the server answers their absence with the spec's own
 * "Validation Error" (plus-signage §5), hence optional here. Without _id it is a new schedule.
 */
export const PlusScheduleSaveBodySchema = Body({
  _id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  period: Type.Optional(PeriodSchema),
  days: Type.Optional(WeekDays),
  time: Type.Array(TimeRangeSchema, { maxItems: 24 }),
});
export type PlusScheduleSaveBody = Static<typeof PlusScheduleSaveBodySchema>;

// Software (player and launcher packages).

export const PLUS_SOFTWARE_KINDS = ['sw', 'launcher'] as const;
export const PlusSoftwareKind = Literals(PLUS_SOFTWARE_KINDS);
export const PlusSoftwareSchema = Type.Object({
  _id: Type.String(),
  os: Type.String(),
  model: Type.String(),
  ver: Type.String(),
  updatedAt: Timestamp,
});
export type PlusSoftware = Static<typeof PlusSoftwareSchema>;
export const PLUS_SOFTWARE_TABLE = defineTable({
  fields: { os: 'text', model: 'text', ver: 'text', updatedAt: 'number' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});
export const PlusSoftwareParamsSchema = Type.Object({ storeCode: StoreCode, kind: PlusSoftwareKind });

// Setting: edited as a whole, fields not shown by the spec.

export const PlusSettingSchema = FreeObject;
export const PlusSettingBodySchema = Type.Object({}, { additionalProperties: true, maxProperties: 200 });

// Product data for the show editor and printing (getProducts).

export const PlusProductsBodySchema = Body({ prCodeList: PrCodeList(1000) });
export type PlusProductsBody = Static<typeof PlusProductsBodySchema>;
export const PlusProductSchema = Type.Object({ prCode: Type.String(), prInfo: Type.Array(Type.String()) });
export type PlusProduct = Static<typeof PlusProductSchema>;
export const PlusProductListSchema = Type.Array(PlusProductSchema);

// Table requests and pages.

export const PlusAssetListRequestSchema = tableRequestSchema(wideTable(PLUS_ASSET_TABLE));
export const PlusAssetListPageSchema = tablePageSchema(PlusFileAssetSchema);
export const PlusTemplateListRequestSchema = tableRequestSchema(wideTable(PLUS_TEMPLATE_TABLE));
export const PlusTemplateListPageSchema = tablePageSchema(PlusTemplateRowSchema);
export const PlusScheduleListRequestSchema = tableRequestSchema(wideTable(PLUS_SCHEDULE_TABLE));
export const PlusScheduleListPageSchema = tablePageSchema(PlusScheduleSchema);
export const PlusSoftwareListRequestSchema = tableRequestSchema(wideTable(PLUS_SOFTWARE_TABLE));
export const PlusSoftwareListPageSchema = tablePageSchema(PlusSoftwareSchema);
