import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { Literals, PrCode, StoreCode, Timestamp, wideTable } from './common';
import { CollectCmdSchema } from './collecting';
import { LED_DEFAULTS, PAGE_NO_DEFAULT } from './constants-admin';
import { MULTI_ASSIGN_MAX_CODES, TAG_LIST_MAX } from './constants-core';

export const TAG_STATUSES = ['OK', 'NG', 'WIP', 'UPDATE', 'DEASSIGN', 'MISSING', 'REQ_ONLY', 'REQ_ONLY2'] as const;
export const TagStatusSchema = Literals(TAG_STATUSES);
export type TagStatus = Static<typeof TagStatusSchema>;

export const BATT_STATUSES = ['OK', 'NG'] as const;
export const TAG_MODES = ['Normal', 'Assign', 'Active'] as const;

/**
 * A tag in a request: its MAC or the scanned tag id (the barcode, NOTES.md 4). The pattern is loose on purpose:
 * the server resolves either and answers an unknown one with a 4xx naming it.
 */
export const TagRef = Type.String({ minLength: 1, maxLength: 32, pattern: '^[0-9A-Za-z:_\\-]+$' });
export const LayoutId = Type.String({ minLength: 1, maxLength: 128 });
/** taskId / priorTaskId: -1 for a new task. */
export const TaskIdField = Type.Integer({ minimum: -1 });

// spec: core §3.6 — tag fields
export const TagSchema = Type.Object({
  tagMac: Type.String(),
  /** The tag id printed on the tag. */
  barcode: Type.String(),
  prCode: Type.Optional(Type.String()),
  /** Tags showing the same product code (duplicates when above 1). */
  countByPrCode: Type.Optional(Type.Integer({ minimum: 0 })),
  tagType: Type.String(),
  gwIp: Type.Optional(Type.String()),
  operationName: Type.Optional(Type.String()),
  /** 1 = assigned. */
  operation: Type.Integer(),
  status: TagStatusSchema,
  battStatus: Type.Optional(Type.String()),
  /** Shown in hex. */
  version: Type.Optional(Type.Integer({ minimum: 0 })),
  rssi: Type.Optional(Type.Number()),
  battery: Type.Optional(Type.Number()),
  temperature: Type.Optional(Type.Number()),
  updatedAt: Type.Optional(Timestamp),
  respondedAt: Type.Optional(Timestamp),
  tagLayout: Type.Optional(Type.String()),
  companyCode: Type.String(),
  storeCode: Type.Optional(Type.String()),
});
export type Tag = Static<typeof TagSchema>;

// Date fields are 'date': their filters and the date range are epoch seconds (NOTES.md 10).
// spec: core §9.9 — tag detail ordered by tag id ascending
export const TAG_LIST_TABLE = defineTable({
  fields: {
    barcode: 'text',
    tagMac: 'text',
    prCode: 'text',
    countByPrCode: 'number',
    tagType: 'text',
    gwIp: 'text',
    operationName: 'text',
    operation: 'enum',
    status: 'enum',
    battStatus: 'enum',
    version: 'hex',
    rssi: 'number',
    battery: 'number',
    temperature: 'number',
    updatedAt: 'date',
    respondedAt: 'date',
    tagLayout: 'text',
    companyCode: 'text',
  },
  defaultOrder: { field: 'barcode', dir: 'asc' },
  dateField: 'updatedAt',
});
export const TagListRequestSchema = tableRequestSchema(wideTable(TAG_LIST_TABLE), {
  /** Only these tags (e.g. the rows a scan session touched). */
  tagMacList: Type.Optional(Type.Array(TagRef, { maxItems: TAG_LIST_MAX })),
  tagIdList: Type.Optional(Type.Array(TagRef, { maxItems: TAG_LIST_MAX })),
});
export const TagListPageSchema = tablePageSchema(TagSchema);

// ---- Tag types ----

/** A tag type as the server knows it; `prefix` is the two-character type code (see tag-type.ts). */
export const TagTypeInfoSchema = Type.Object({
  prefix: Type.String(),
  model: Type.String(),
  /** e.g. "296x128" */
  resolution: Type.String(),
  /** Set by GET /tag/type when a storeCode is given: the prefix is used in that store. */
  inUse: Type.Optional(Type.Boolean()),
});
export type TagTypeInfo = Static<typeof TagTypeInfoSchema>;
export const TagTypeInfoListSchema = Type.Array(TagTypeInfoSchema);
export const TagTypeQuerySchema = Type.Object({ storeCode: Type.Optional(StoreCode) }, { additionalProperties: false });

// ---- Preview and product lookup ----

export const StoreTagParamsSchema = Type.Object({ storeCode: StoreCode, tagMac: TagRef });
export type StoreTagParams = Static<typeof StoreTagParamsSchema>;

export const AliasNameSchema = Type.Object({ index: Type.Integer({ minimum: 0 }), name: Type.String() });

// spec: core §3.14 — tag preview: encodedImage, subPage, alias, prInfo, layoutId
export const TagPreviewSchema = Type.Object({
  /** Base64 image of the main page. */
  encodedImage: Type.String(),
  /** Base64 images of the sub pages, shown in a loop after the main one. */
  subPage: Type.Array(Type.String()),
  /** Names of the product info slots, by alias index. */
  alias: Type.Array(AliasNameSchema),
  prInfo: Type.Array(Type.String()),
  /** Contains "no_product" when the tag shows no product. */
  layoutId: Type.String(),
});
export type TagPreview = Static<typeof TagPreviewSchema>;

export const ProductLookupParamsSchema = Type.Object({ storeCode: StoreCode, prCode: PrCode });
export type ProductLookupParams = Static<typeof ProductLookupParamsSchema>;

/** A product as the assign flow checks it; an unknown code is a 404 'This product does not exist'. */
export const ProductLookupSchema = Type.Object({
  prCode: Type.String(),
  storeCode: Type.String(),
  type: Type.Optional(Type.String()),
  prInfo: Type.Array(Type.String()),
  layoutId: Type.Optional(Type.String()),
  nfc: Type.Optional(Type.String()),
  barcode: Type.Optional(Type.String()),
  tagCount: Type.Optional(Type.Integer({ minimum: 0 })),
  tagType: Type.Optional(Type.Array(Type.String())),
  updatedAt: Type.Optional(Timestamp),
});
export type ProductLookup = Static<typeof ProductLookupSchema>;

// ---- Assign ----

// spec: core §9.6 — tag degree 0 or 180
export const TagDegreeSchema = Literals([0, 180] as const);
export type TagDegree = Static<typeof TagDegreeSchema>;

export const TagAssignItemSchema = Type.Object(
  { tagMac: TagRef, prCode: PrCode, degree: TagDegreeSchema, layoutId: Type.Optional(LayoutId) },
  { additionalProperties: false },
);
export type TagAssignItem = Static<typeof TagAssignItemSchema>;

// spec: core §3.15 — assign payload
export const TagAssignBodySchema = Type.Object(
  {
    taskId: TaskIdField,
    priorTaskId: TaskIdField,
    storeCode: StoreCode,
    tagList: Type.Array(TagAssignItemSchema, { minItems: 1, maxItems: TAG_LIST_MAX }),
  },
  { additionalProperties: false },
);
export type TagAssignBody = Static<typeof TagAssignBodySchema>;

/**
 * One tag showing several products. prCodeList is taken as typed (console-core §5): the server trims it, drops
 * blanks and duplicates, and answers 400 'Enter Product Code, Please!' when no code is left.
 */
// spec: core §3.15 — multi assign: prCodeList, nfc, layoutId, degree
export const TagAssignMultipleBodySchema = Type.Object(
  {
    taskId: TaskIdField,
    priorTaskId: TaskIdField,
    storeCode: StoreCode,
    tagMac: TagRef,
    prCodeList: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: MULTI_ASSIGN_MAX_CODES }),
    nfc: Type.Optional(Type.String({ maxLength: 2048 })),
    layoutId: LayoutId,
    degree: TagDegreeSchema,
  },
  { additionalProperties: false },
);
export type TagAssignMultipleBody = Static<typeof TagAssignMultipleBodySchema>;

/**
 * Form fields of the CSV assign upload: `file` holds lines of "tag id,product code"; defaultPrCode stands in
 * for a line without a code. The file's size is bounded by the multipart limits, not here.
 */
export const TagAssignFileFieldsSchema = Type.Object(
  { storeCode: StoreCode, defaultPrCode: PrCode, file: Type.Unknown() },
  { additionalProperties: false },
);
export type TagAssignFileFields = Static<typeof TagAssignFileFieldsSchema>;

export const TagFailureSchema = Type.Object({ tagMac: Type.String(), message: Type.String() });
export type TagFailure = Static<typeof TagFailureSchema>;

/** Per-tag result of an assign: tags not listed in `failed` were taken. */
export const TagAssignAnswerSchema = Type.Object({
  success: Type.Boolean(),
  assigned: Type.Integer({ minimum: 0 }),
  failed: Type.Array(TagFailureSchema),
  taskId: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
});
export type TagAssignAnswer = Static<typeof TagAssignAnswerSchema>;

// ---- Other tag writes ----

const TagRefList = (minItems: number) => Type.Array(TagRef, { minItems, maxItems: TAG_LIST_MAX });

export const TagListBodySchema = Type.Object({ storeCode: StoreCode, tagList: TagRefList(1) }, { additionalProperties: false });
export type TagListBody = Static<typeof TagListBodySchema>;

export const StoreBodySchema = Type.Object({ storeCode: StoreCode }, { additionalProperties: false });
export type StoreBody = Static<typeof StoreBodySchema>;

/** Result of deassign, reassign and the like: `count` tags were taken. */
export const TagBatchAnswerSchema = Type.Object({
  success: Type.Boolean(),
  count: Type.Integer({ minimum: 0 }),
  failed: Type.Optional(Type.Array(TagFailureSchema)),
  message: Type.Optional(Type.String()),
});
export type TagBatchAnswer = Static<typeof TagBatchAnswerSchema>;

/** An empty tagList asks for every tag of the store (our choice; the console sends the selected rows). */
export const TagStatusCheckBodySchema = Type.Object(
  { storeCode: StoreCode, cmd: CollectCmdSchema, tagList: TagRefList(0) },
  { additionalProperties: false },
);
export type TagStatusCheckBody = Static<typeof TagStatusCheckBodySchema>;

/*
 * Defaults are console-admin §9's; the bounds are our choice, wide enough for any tag generation.
 * Either tagList (the scanned tags) or prCode (every tag showing that product: the handheld's "find it on the
 * shelf") is given, not both; the server answers 400 otherwise.
 */
export const TagLedBodySchema = Type.Object(
  {
    storeCode: StoreCode,
    tagList: Type.Optional(TagRefList(1)),
    prCode: Type.Optional(PrCode),
    duration: Type.Optional(Type.Integer({ minimum: 1, maximum: 3_600, default: LED_DEFAULTS.duration })),
    ledState: Type.Optional(Type.Integer({ minimum: 0, maximum: 15, default: LED_DEFAULTS.ledState })),
    ledBrightness: Type.Optional(Type.Integer({ minimum: 0, maximum: 15, default: LED_DEFAULTS.ledBrightness })),
    blinkingSpeed: Type.Optional(Type.Integer({ minimum: 0, maximum: 15, default: LED_DEFAULTS.blinkingSpeed })),
  },
  { additionalProperties: false },
);
export type TagLedBody = Static<typeof TagLedBodySchema>;

export const TagPageBodySchema = Type.Object(
  { storeCode: StoreCode, tagList: TagRefList(1), pageNo: Type.Integer({ minimum: 0, maximum: 15, default: PAGE_NO_DEFAULT }) },
  { additionalProperties: false },
);
export type TagPageBody = Static<typeof TagPageBodySchema>;
