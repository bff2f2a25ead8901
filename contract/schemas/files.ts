import { Type, type Static } from 'typebox';
import type { PrivilegeSection } from '../endpoints/define';
import { CompanyCode, Literals, Mac, PrCode, StoreCode, Timestamp } from './common';
import { DOWNLOAD_TYPE, TAG_LIST_MAX } from './constants-core';
import { TagRef } from './tags';

/** Values of DOWNLOAD_TYPE. */
export const DOWNLOAD_TYPES = [0, 1, 2, 3, 4, 5, 6] as const;
export const DownloadTypeSchema = Literals(DOWNLOAD_TYPES);
export type DownloadType = Static<typeof DownloadTypeSchema>;

/**
 * POST /file/download serves every type, so its endpoint is only 'session'; the handler checks the section of
 * what is downloaded with this table.
 */
export const DOWNLOAD_TYPE_SECTION: Record<DownloadType, PrivilegeSection> = {
  [DOWNLOAD_TYPE.SERVER_LOG]: 'server',
  [DOWNLOAD_TYPE.GATEWAY_LOG]: 'store',
  [DOWNLOAD_TYPE.STORE_FILE]: 'store',
  [DOWNLOAD_TYPE.TAG_LIST]: 'tag',
  [DOWNLOAD_TYPE.FILTERED_PRODUCTS]: 'product',
  [DOWNLOAD_TYPE.COMPANY_TAGS]: 'tag',
  [DOWNLOAD_TYPE.ASSIGNED_PRODUCTS]: 'product',
};

/** Named pre-filters of a tag list download; "error" is status not OK and not WIP, operation 1. */
export const TAG_LIST_PRESETS = ['error', 'NoProduct', 'NoImage'] as const;

const FilterScalar = Type.Union([Type.String({ maxLength: 200 }), Type.Number()]);

/**
 * What to put in the file. Each type reads the members it needs: serverId (0), gwMac (1), barcodeList, preset
 * or table (3), table (4), companyCode (5); `table` is the current table filter, in the table protocol's
 * filter_ / condition_ / global_companyCode form.
 */
export const DownloadFilterSchema = Type.Object(
  {
    serverId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    gwMac: Type.Optional(Mac),
    barcodeList: Type.Optional(Type.Array(TagRef, { maxItems: TAG_LIST_MAX })),
    prCodeList: Type.Optional(Type.Array(PrCode, { maxItems: TAG_LIST_MAX })),
    preset: Type.Optional(Literals(TAG_LIST_PRESETS)),
    companyCode: Type.Optional(CompanyCode),
    table: Type.Optional(
      Type.Record(
        Type.String({ pattern: '^(filter_[A-Za-z0-9_]{1,64}|condition_[A-Za-z0-9_]{1,64}|global_companyCode)$' }),
        Type.Union([FilterScalar, Type.Array(FilterScalar, { maxItems: 500 })]),
        { maxProperties: 200, additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type DownloadFilter = Static<typeof DownloadFilterSchema>;

export const DownloadBodySchema = Type.Object(
  {
    type: DownloadTypeSchema,
    /** Every type but 0 (server log) and 5 (company-wide tags) names its store. */
    storeCode: Type.Optional(StoreCode),
    filter: Type.Optional(DownloadFilterSchema),
  },
  { additionalProperties: false },
);
export type DownloadBody = Static<typeof DownloadBodySchema>;

export const DownloadTaskParamsSchema = Type.Object({
  taskId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_\\-]+$' }),
});
export type DownloadTaskParams = Static<typeof DownloadTaskParamsSchema>;

/** Poll until finishedAt is set, then fetch the file; `error` set means the task failed and polling stops. */
export const DownloadStatusSchema = Type.Object({
  taskId: Type.String(),
  type: DownloadTypeSchema,
  createdAt: Timestamp,
  finishedAt: Type.Optional(Timestamp),
  fileName: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
});
export type DownloadStatus = Static<typeof DownloadStatusSchema>;
