import { Type, type Static } from 'typebox';
import { defineTable, tablePageSchema, tableRequestSchema } from '../table';
import { CompanyCode, Mac, Nullable, PrCode, StoreCode, Text, Timestamp, wideTable } from './common';
import { Body, FileName, FreeObject, Id, PrCodeList, PrInfo } from './admin-common';
import { LayoutId } from './tags';
import { LED_DEFAULTS, PAGE_NO_DEFAULT, PRODUCT_UPDATE_MAX } from './constants-admin';

/*
 * Products of console-admin §3 and their calls (§7 "Products and tasks"). Date columns sort, and a filter on
 * them compares epoch seconds like filter_startDate does; a table the server answers declares them 'date', so
 * that the value is turned into a timestamp before it meets the column ('number' would compare an integer
 * with a timestamp and fail in SQL).
 */

export const ProductSchema = Type.Object({
  prCode: Type.String(),
  /** Product type code (alias product types). */
  type: Type.String(),
  prInfo: Type.Array(Type.String()),
  layoutId: Type.String(),
  nfc: Type.String(),
  barcode: Type.String(),
  updatedAt: Nullable(Timestamp),
  tagCount: Type.Integer(),
  tagType: Type.Array(Type.String()),
});
export type Product = Static<typeof ProductSchema>;

export const PRODUCT_TABLE = defineTable({
  fields: {
    prCode: 'text',
    type: 'text',
    layoutId: 'text',
    nfc: 'text',
    barcode: 'text',
    prInfo: 'text',
    tagCount: 'number',
    updatedAt: 'date',
  },
  defaultOrder: { field: 'prCode', dir: 'asc' },
  dateField: 'updatedAt',
});

/** Tags showing one product (console-admin §2 "Product tag list by product code"). */
export const ProductTagRowSchema = Type.Object({
  barcode: Type.String(),
  layoutId: Type.String(),
  prCode: Type.String(),
  prInfo: Type.Array(Type.String()),
});
export type ProductTagRow = Static<typeof ProductTagRowSchema>;
export const PRODUCT_TAG_TABLE = defineTable({
  fields: { barcode: 'text', layoutId: 'text' },
  defaultOrder: { field: 'barcode', dir: 'asc' },
});

export const ProductUpdateHistoryRowSchema = Type.Object({
  updateId: Type.String(),
  prCode: Type.String(),
  layoutId: Type.String(),
  /** Shown instead of the layout in image-based update mode. */
  tagType: Type.Optional(Type.String()),
  prInfo: Type.Array(Type.String()),
  nfc: Type.String(),
  updatedAt: Timestamp,
});
export type ProductUpdateHistoryRow = Static<typeof ProductUpdateHistoryRowSchema>;
export const PRODUCT_UPDATE_HISTORY_TABLE = defineTable({
  fields: { updateId: 'text', layoutId: 'text', prInfo: 'text', nfc: 'text', updatedAt: 'number' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});

/** Update task record: one product update and the tag task it started. */
export const UpdateTaskRecordSchema = Type.Object({
  taskId: Type.String(),
  /** 0 when no tag task was started: the task id is then not a link. */
  internalTaskId: Type.Integer(),
  productCount: Type.Integer(),
  tagCount: Type.Integer(),
  updateId: Type.String(),
  updatedAt: Timestamp,
});
export type UpdateTaskRecord = Static<typeof UpdateTaskRecordSchema>;
export const UPDATE_TASK_TABLE = defineTable({
  fields: { taskId: 'text', updateId: 'text', productCount: 'number', tagCount: 'number', updatedAt: 'number' },
  defaultOrder: { field: 'updatedAt', dir: 'desc' },
  dateField: 'updatedAt',
});

export const UpdateTaskDetailRowSchema = Type.Object({
  prCode: Type.String(),
  layoutId: Type.String(),
  /** Image-based update mode previews the tag image of this type. */
  tagType: Type.Optional(Type.String()),
  prInfo: Type.Array(Type.String()),
  nfc: Type.String(),
  updatedAt: Timestamp,
});
export type UpdateTaskDetailRow = Static<typeof UpdateTaskDetailRowSchema>;
export const UPDATE_TASK_DETAIL_TABLE = defineTable({
  fields: { prCode: 'text', layoutId: 'text', prInfo: 'text', nfc: 'text', updatedAt: 'number' },
  defaultOrder: { field: 'prCode', dir: 'asc' },
  dateField: 'updatedAt',
});

export const UploadHistorySchema = Type.Object({
  _id: Type.String(),
  fileName: Type.String(),
  storeCode: Type.String(),
  count: Type.Integer(),
  /** One line per rejected row; the UI offers them as a text file. */
  error: Type.Array(Type.String()),
  received: Timestamp,
  finished: Nullable(Timestamp),
  /** Rows kept for the detail page; 0 hides the detail link. */
  dataCount: Type.Integer(),
  fileType: Type.String(),
});
export type UploadHistory = Static<typeof UploadHistorySchema>;
export const UPLOAD_HISTORY_TABLE = defineTable({
  fields: { fileName: 'text', storeCode: 'text', fileType: 'enum', count: 'number', received: 'number' },
  defaultOrder: { field: 'received', dir: 'desc' },
  dateField: 'received',
});

/** Uploaded rows: their keys depend on the file type (raw keys for secondCode files). */
export const UploadHistoryDetailSchema = Type.Object({
  fileName: Type.String(),
  data: Type.Array(FreeObject),
  fileType: Type.String(),
});
export type UploadHistoryDetail = Static<typeof UploadHistoryDetailSchema>;

export const SecondCodeSchema = Type.Object({
  storeCode: Type.Optional(Type.String()),
  prCode: Type.String(),
  secondCode: Type.String(),
  // The coop site profile's extra columns (NOTES.md 3).
  CODICE_TIPO_VENDITA: Type.Optional(Type.String()),
  DATA_INSERIMENTO: Type.Optional(Type.String()),
  DATA_CESSAZIONE: Type.Optional(Type.String()),
  DATA_ELIMINAZIONE: Type.Optional(Type.String()),
  DATA_ACQUISIZIONE: Type.Optional(Type.String()),
  NOME_PROGRAMMA: Type.Optional(Type.String()),
  NOME_OPERATORE: Type.Optional(Type.String()),
  FLG_DB_TRIGGER: Type.Optional(Type.String()),
  DATA_MODIFICA: Type.Optional(Type.String()),
});
export type SecondCode = Static<typeof SecondCodeSchema>;
export const SECOND_CODE_TABLE = defineTable({
  fields: { prCode: 'text', secondCode: 'text' },
  defaultOrder: { field: 'prCode', dir: 'asc' },
});

// Requests.

export const ProductInputSchema = Body({
  type: Type.Optional(Text(64)),
  prCode: PrCode,
  prInfo: PrInfo,
  layoutId: Type.String({ minLength: 1, maxLength: 128 }),
  nfc: Type.Optional(Text(512)),
});
export type ProductInput = Static<typeof ProductInputSchema>;

/** Create and update alike: the console asks before overwriting an existing product, the server upserts. */
export const ProductUpdateBodySchema = Body({
  taskId: Type.Literal(-1),
  priorTaskId: Type.Literal(-1),
  storeCode: StoreCode,
  productList: Type.Array(ProductInputSchema, { minItems: 1, maxItems: PRODUCT_UPDATE_MAX }),
});
export type ProductUpdateBody = Static<typeof ProductUpdateBodySchema>;

/** Update, LED and page control start a tag task; "no matching tags" comes back as a 4xx message. */
export const ProductTaskAnswerSchema = Type.Object({
  success: Type.Boolean(),
  taskId: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  message: Type.Optional(Type.String()),
});
export type ProductTaskAnswer = Static<typeof ProductTaskAnswerSchema>;

export const ProductRefSchema = Body({ prCode: PrCode });
const ProductRefList = Type.Array(ProductRefSchema, { minItems: 1, maxItems: PRODUCT_UPDATE_MAX });

export const LedControlBodySchema = Body({
  storeCode: StoreCode,
  productList: ProductRefList,
  duration: Type.Optional(Type.Integer({ minimum: 1, maximum: 3_600, default: LED_DEFAULTS.duration })),
  ledState: Type.Optional(Type.Integer({ minimum: 0, maximum: 15, default: LED_DEFAULTS.ledState })),
  ledBrightness: Type.Optional(Type.Integer({ minimum: 0, maximum: 15, default: LED_DEFAULTS.ledBrightness })),
  blinkingSpeed: Type.Optional(Type.Integer({ minimum: 0, maximum: 15, default: LED_DEFAULTS.blinkingSpeed })),
});
export type LedControlBody = Static<typeof LedControlBodySchema>;

export const PageControlBodySchema = Body({
  storeCode: StoreCode,
  productList: ProductRefList,
  pageNo: Type.Integer({ minimum: 0, maximum: 15, default: PAGE_NO_DEFAULT }),
});
export type PageControlBody = Static<typeof PageControlBodySchema>;

export const ProductPreviewBodySchema = Body({
  /** `<tag prefix>_<layout>` */
  layoutId: LayoutId,
  prInfo: PrInfo,
  prCode: PrCode,
  companyCode: CompanyCode,
});
export type ProductPreviewBody = Static<typeof ProductPreviewBodySchema>;
/** A base64 bitmap. */
export const ProductPreviewAnswerSchema = Type.Object({ encodedImage: Type.String() });
export type ProductPreviewAnswer = Static<typeof ProductPreviewAnswerSchema>;

export const RemoveUnusedProductsBodySchema = Body({ storeCode: StoreCode, prCodeList: PrCodeList(10_000) });
export type RemoveUnusedProductsBody = Static<typeof RemoveUnusedProductsBodySchema>;
export const RemoveUnusedProductsAnswerSchema = Type.Object({ success: Type.Boolean(), count: Type.Integer() });

export const ProductCodeParamsSchema = Type.Object({ storeCode: StoreCode, prCode: PrCode });
export const UpdateTaskDetailParamsSchema = Type.Object({ storeCode: StoreCode, updateId: Text(128) });
export const HistoryIdParamsSchema = Type.Object({ historyId: Id });
export const TagImageParamsSchema = Type.Object({ mac: Mac, storeCode: StoreCode });
export const TagImageQuerySchema = Type.Object({ tagType: Type.String({ minLength: 1, maxLength: 8 }) }, { additionalProperties: false });

/**
 * The product file upload's query: its company, and the file's text encoding — UTF-8 unless the file is in one of the
 * legacy encodings Japanese and Korean ERP exports still use (issue 32 §1). A byte that is no character of the
 * encoding is an error of its row.
 */
const ProductFileEncodingSchema = Type.Union([Type.Literal('utf-8'), Type.Literal('shift_jis'), Type.Literal('euc-kr')], {
  description: "The file's text encoding; utf-8 when not given.",
});
export const PRODUCT_FILE_ENCODINGS = ['utf-8', 'shift_jis', 'euc-kr'] as const satisfies readonly Static<
  typeof ProductFileEncodingSchema
>[];
export const ProductFileUploadQuerySchema = Type.Object(
  {
    companyCode: CompanyCode,
    encoding: Type.Optional(ProductFileEncodingSchema),
  },
  { additionalProperties: false },
);

/** The multipart product file upload answers, once the file is imported, with the history row it created and its counts. */
export const ProductFileUploadAnswerSchema = Type.Object({
  success: Type.Boolean(),
  historyId: Type.Optional(Type.String()),
  fileName: Type.Optional(FileName),
  count: Type.Optional(Type.Integer()),
  errorCount: Type.Optional(Type.Integer()),
});

/** Tag types of a store (layout screens): in use when the store has tags of this prefix. */
export const TagTypeInStoreSchema = Type.Object({
  prefix: Type.String(),
  model: Type.String(),
  resolution: Type.String(),
  inUse: Type.Boolean(),
});
export type TagTypeInStore = Static<typeof TagTypeInStoreSchema>;
export const TagTypeInStoreListSchema = Type.Array(TagTypeInStoreSchema);

// Table requests and pages.

export const ProductListRequestSchema = tableRequestSchema(wideTable(PRODUCT_TABLE));
export const ProductListPageSchema = tablePageSchema(ProductSchema);
export const ProductTagRequestSchema = tableRequestSchema(wideTable(PRODUCT_TAG_TABLE));
export const ProductTagPageSchema = tablePageSchema(ProductTagRowSchema);
export const ProductUpdateHistoryRequestSchema = tableRequestSchema(wideTable(PRODUCT_UPDATE_HISTORY_TABLE));
export const ProductUpdateHistoryPageSchema = tablePageSchema(ProductUpdateHistoryRowSchema);
export const UpdateTaskRequestSchema = tableRequestSchema(wideTable(UPDATE_TASK_TABLE));
export const UpdateTaskPageSchema = tablePageSchema(UpdateTaskRecordSchema);
export const UpdateTaskDetailRequestSchema = tableRequestSchema(wideTable(UPDATE_TASK_DETAIL_TABLE), { taskId: Type.Optional(Text(128)) });
export const UpdateTaskDetailPageSchema = tablePageSchema(UpdateTaskDetailRowSchema);
export const UploadHistoryRequestSchema = tableRequestSchema(wideTable(UPLOAD_HISTORY_TABLE));
export const UploadHistoryPageSchema = tablePageSchema(UploadHistorySchema);
// storeCode: one store's codes (the console's store choice); without it, every store the member may see.
export const SecondCodeRequestSchema = tableRequestSchema(wideTable(SECOND_CODE_TABLE), { storeCode: Type.Optional(StoreCode) });
export const SecondCodePageSchema = tablePageSchema(SecondCodeSchema);
