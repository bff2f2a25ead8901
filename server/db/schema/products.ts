import { boolean, index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { companyRef } from './auth';
import { bigId, bigNum, createdAt, tstz } from './common';
import { storeRef, stores } from './stores';

/** prInfo is indexed by alias index (up to 255 slots). tagCount and the tagType list are derived from tags. */
export const products = pgTable(
  'products',
  {
    storeCode: storeRef(),
    prCode: text().notNull(),
    /** Product type code (see product_types). */
    type: text(),
    prInfo: jsonb().$type<string[]>().notNull().default([]),
    layoutId: text(),
    nfc: text(),
    barcode: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeCode, t.prCode] }),
    index('products_store_updated_idx').on(t.storeCode, t.updatedAt),
    index('products_store_barcode_idx').on(t.storeCode, t.barcode),
  ],
);

/** Product update history: one row per product per update (updateId groups one upload or edit). */
export const productUpdates = pgTable(
  'product_updates',
  {
    id: bigId(),
    storeCode: storeRef(),
    updateId: text().notNull(),
    taskId: text(),
    prCode: text().notNull(),
    type: text(),
    layoutId: text(),
    prInfo: jsonb().$type<string[]>().notNull().default([]),
    nfc: text(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('product_updates_store_pr_idx').on(t.storeCode, t.prCode, t.updatedAt),
    index('product_updates_store_update_idx').on(t.storeCode, t.updateId),
    index('product_updates_updated_idx').on(t.updatedAt),
  ],
);

export interface ProductTypeAlias {
  index: number;
  order: number;
  storeManagement: boolean;
}

export const productTypes = pgTable(
  'product_types',
  {
    companyCode: companyRef(),
    code: text().notNull(),
    name: text().notNull(),
    storeManagement: boolean().notNull().default(false),
    alias: jsonb().$type<ProductTypeAlias[]>().notNull().default([]),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyCode, t.code] })],
);

/** One row per alias item; isDisplay is derived per product type. Saving renumbers index in one transaction. */
export const aliases = pgTable(
  'aliases',
  {
    companyCode: companyRef(),
    index: integer().notNull(),
    name: text().notNull(),
    type: text(),
    /** At most one key alias per company. */
    key: boolean().notNull().default(false),
    chart: boolean().notNull().default(false),
    /** null for data types with depth > 0. */
    dataTypeLength: integer().default(10),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyCode, t.index] })],
);

export interface CustomDataElement {
  code: string;
  codeName: string;
  index: number;
}

export const customDataTypes = pgTable(
  'custom_data_types',
  {
    companyCode: companyRef(),
    groupCode: text().notNull(),
    groupName: text().notNull(),
    index: integer().notNull().default(0),
    elements: jsonb().$type<CustomDataElement[]>().notNull().default([]),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyCode, t.groupCode] })],
);

export const layoutTypes = pgTable(
  'layout_types',
  { companyCode: companyRef(), layoutType: text().notNull(), updatedAt: createdAt() },
  (t) => [primaryKey({ columns: [t.companyCode, t.layoutType] })],
);

export const layoutConfigs = pgTable(
  'layout_configs',
  { companyCode: companyRef(), layoutId: text().notNull(), layoutType: text().notNull(), updatedAt: createdAt() },
  (t) => [primaryKey({ columns: [t.companyCode, t.layoutId] }), index('layout_configs_type_idx').on(t.companyCode, t.layoutType)],
);

/** prefix is the 2-character tag type code; "in use" is derived from the store's tags. */
export const tagTypes = pgTable('tag_types', {
  prefix: text().primaryKey(),
  model: text().notNull(),
  resolution: text(),
  width: integer(),
  height: integer(),
});

/** The upper-case Italian columns are the coop site's extra fields, named as the spec names them. */
export const secondCodes = pgTable(
  'second_codes',
  {
    id: bigId(),
    storeCode: storeRef(),
    prCode: text().notNull(),
    secondCode: text().notNull(),
    CODICE_TIPO_VENDITA: text(),
    DATA_INSERIMENTO: text(),
    DATA_CESSAZIONE: text(),
    DATA_ELIMINAZIONE: text(),
    DATA_ACQUISIZIONE: text(),
    NOME_PROGRAMMA: text(),
    NOME_OPERATORE: text(),
    FLG_DB_TRIGGER: text(),
    DATA_MODIFICA: text(),
    updatedAt: createdAt(),
  },
  (t) => [unique('second_codes_store_code_uq').on(t.storeCode, t.secondCode), index('second_codes_store_pr_idx').on(t.storeCode, t.prCode)],
);

/** fileType 'secondCode' rows keep their raw keys in upload_rows. Success count = count − error.length. */
export const uploadHistory = pgTable(
  'upload_history',
  {
    id: bigId(),
    companyCode: companyRef(),
    storeCode: text().references(() => stores.storeCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    fileName: text().notNull(),
    fileType: text().notNull().default('product'),
    filePath: text(),
    size: bigNum(),
    count: integer().notNull().default(0),
    dataCount: integer().notNull().default(0),
    error: jsonb().$type<string[]>().notNull().default([]),
    received: createdAt(),
    finished: tstz(),
  },
  (t) => [index('upload_history_company_idx').on(t.companyCode, t.received), index('upload_history_store_idx').on(t.storeCode, t.received)],
);

export const uploadRows = pgTable(
  'upload_rows',
  {
    id: bigId(),
    historyId: bigNum()
      .notNull()
      .references(() => uploadHistory.id, { onDelete: 'cascade' }),
    rowNo: integer().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('upload_rows_history_idx').on(t.historyId, t.rowNo)],
);
