import { Type, type Static } from 'typebox';
import { CompanyCode, Nullable } from './common';
import { Body } from './admin-common';
import { LayoutId } from './tags';

/** Aliases (product-info fields), product types, custom data types and layouts (console-admin §3, §5, §7). */

const AliasIndex = Type.Integer({ minimum: 0, maximum: 254 });
const NonBlank = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

export const AliasItemSchema = Type.Object({
  index: Type.Integer(),
  name: Type.String(),
  /** A data type code (AliasDataType.code or a custom group's groupCode). */
  type: Type.String(),
  /** The product code alias; at most one item has it. */
  key: Type.Boolean(),
  /** Numeric fields drawn in the product update history chart. */
  chart: Type.Boolean(),
  /** Derived per product type; absent in the company-wide list. */
  isDisplay: Type.Optional(Type.Boolean()),
  /** null for data types with depth > 0. */
  dataTypeLength: Nullable(Type.Integer()),
});
export type AliasItem = Static<typeof AliasItemSchema>;
export const AliasItemListSchema = Type.Array(AliasItemSchema);
/** The alias read for one product type: each item then carries isDisplay (the type lists it among its display items). */
export const AliasConfigQuerySchema = Type.Object(
  { productType: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) },
  { additionalProperties: false },
);

export const AliasItemInputSchema = Body({
  index: AliasIndex,
  name: NonBlank(100),
  type: NonBlank(64),
  key: Type.Boolean(),
  chart: Type.Optional(Type.Boolean()),
  dataTypeLength: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000 }))),
});
/** Blank-named aliases are dropped by the console before saving; "only one key" is checked by the server. */
export const AliasConfigBodySchema = Body({
  companyCode: CompanyCode,
  alias: Type.Array(AliasItemInputSchema, { maxItems: 255 }),
});
export type AliasConfigBody = Static<typeof AliasConfigBodySchema>;

/** Built-in data types of alias items; depth > 0 types are lists of choices and take no length. */
export const AliasDataTypeSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  depth: Type.Integer(),
});
export type AliasDataType = Static<typeof AliasDataTypeSchema>;
export const AliasDataTypeListSchema = Type.Array(AliasDataTypeSchema);

export const ProductTypeAliasSchema = Type.Object({
  index: Type.Integer(),
  order: Type.Integer(),
  storeManagement: Type.Boolean(),
});
export const ProductTypeSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  storeManagement: Type.Boolean(),
  alias: Type.Array(ProductTypeAliasSchema),
  companyCode: Type.String(),
  /** Client-side only: the row is not saved yet. */
  isNew: Type.Optional(Type.Boolean()),
});
export type ProductType = Static<typeof ProductTypeSchema>;
export const ProductTypeListSchema = Type.Array(ProductTypeSchema);

export const ProductTypeInputSchema = Body({
  code: NonBlank(64),
  name: NonBlank(100),
  storeManagement: Type.Boolean(),
  alias: Type.Array(Body({ index: AliasIndex, order: Type.Integer({ minimum: 0, maximum: 254 }), storeManagement: Type.Boolean() }), {
    maxItems: 255,
  }),
});
export const ProductTypeUpdateBodySchema = Body({
  companyCode: CompanyCode,
  productTypes: Type.Array(ProductTypeInputSchema, { maxItems: 500 }),
});
export type ProductTypeUpdateBody = Static<typeof ProductTypeUpdateBodySchema>;

export const CustomDataTypeGroupSchema = Type.Object({
  groupCode: Type.String(),
  groupName: Type.String(),
  index: Type.Integer(),
  elements: Type.Array(Type.Object({ code: Type.String(), codeName: Type.String(), index: Type.Integer() })),
});
export type CustomDataTypeGroup = Static<typeof CustomDataTypeGroupSchema>;
export const CustomDataTypeGroupListSchema = Type.Array(CustomDataTypeGroupSchema);

/** Groups and elements with a blank code are dropped by the console before saving. */
export const CustomDataTypeBodySchema = Body({
  companyCode: CompanyCode,
  groups: Type.Array(
    Body({
      groupCode: NonBlank(64),
      groupName: Type.String({ maxLength: 100 }),
      index: Type.Integer({ minimum: 0, maximum: 10_000 }),
      elements: Type.Array(
        Body({ code: NonBlank(64), codeName: Type.String({ maxLength: 100 }), index: Type.Integer({ minimum: 0, maximum: 10_000 }) }),
        { maxItems: 1000 },
      ),
    }),
    { maxItems: 500 },
  ),
});
export type CustomDataTypeBody = Static<typeof CustomDataTypeBodySchema>;

export const ProductTypeParamsSchema = Type.Object({ companyCode: CompanyCode, code: NonBlank(64) });
export const CustomDataTypeParamsSchema = Type.Object({ companyCode: CompanyCode, groupCode: NonBlank(64) });

// Layouts.

export const LayoutConfigSchema = Type.Object({ layoutId: Type.String(), companyCode: Type.String(), layoutType: Type.String() });
export type LayoutConfig = Static<typeof LayoutConfigSchema>;
export const LayoutConfigListSchema = Type.Array(LayoutConfigSchema);
export const LayoutTypeSchema = Type.Object({
  companyCode: Type.String(),
  layoutType: Type.String(),
  /** Used by at least one layout config: the console does not offer to delete it. */
  inUse: Type.Boolean(),
});
export type LayoutType = Static<typeof LayoutTypeSchema>;
export const LayoutTypeListSchema = Type.Array(LayoutTypeSchema);

export const LayoutConfigBodySchema = Body({
  companyCode: CompanyCode,
  layoutConfig: Type.Array(Body({ layoutId: NonBlank(128), layoutType: NonBlank(64) }), { maxItems: 5000 }),
});
export type LayoutConfigBody = Static<typeof LayoutConfigBodySchema>;
/** Layout types with a blank name are dropped by the console before saving. */
export const LayoutTypeBodySchema = Body({
  companyCode: CompanyCode,
  layoutTypes: Type.Array(NonBlank(64), { maxItems: 500 }),
});
export type LayoutTypeBody = Static<typeof LayoutTypeBodySchema>;
export const LayoutConfigParamsSchema = Type.Object({ companyCode: CompanyCode, layoutId: LayoutId });
export const LayoutTypeParamsSchema = Type.Object({ companyCode: CompanyCode, layoutType: NonBlank(64) });
