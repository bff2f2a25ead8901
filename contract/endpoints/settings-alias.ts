import { CompanyCodeParams } from '../schemas/admin-common';
import { OkAnswer } from '../schemas/common';
import {
  AliasConfigBodySchema,
  AliasConfigQuerySchema,
  AliasDataTypeListSchema,
  AliasItemListSchema,
  CustomDataTypeBodySchema,
  CustomDataTypeGroupListSchema,
  CustomDataTypeParamsSchema,
  LayoutConfigBodySchema,
  LayoutConfigListSchema,
  LayoutConfigParamsSchema,
  LayoutTypeBodySchema,
  LayoutTypeListSchema,
  LayoutTypeParamsSchema,
  ProductTypeListSchema,
  ProductTypeParamsSchema,
  ProductTypeUpdateBodySchema,
} from '../schemas/settings-alias';
import { endpoint } from './define';

const aliasWrite = { section: 'alias', need: 'write' } as const;
const layoutRead = { section: 'layout_config', need: 'read' } as const;
const layoutWrite = { section: 'layout_config', need: 'write' } as const;

// Aliases, product types, custom data types and layouts. Paths not shown in the spec (our choice, NOTES.md 12).
export const settingsAliasEndpoints = {
  // Reads are open to every member: tag, product, paper and plus screens label product-info columns with them.
  aliasDataTypes: endpoint({ method: 'GET', path: '/config/alias/datatype', access: 'session', response: AliasDataTypeListSchema }),
  aliasConfig: endpoint({
    method: 'GET',
    path: '/config/alias/company/:companyCode',
    access: 'session',
    params: CompanyCodeParams,
    query: AliasConfigQuerySchema,
    response: AliasItemListSchema,
  }),
  aliasProductTypes: endpoint({
    method: 'GET',
    path: '/config/alias/company/:companyCode/product/type',
    access: 'session',
    params: CompanyCodeParams,
    response: ProductTypeListSchema,
  }),
  customDataTypes: endpoint({
    method: 'GET',
    path: '/config/alias/company/:companyCode/datatype/custom',
    access: 'session',
    params: CompanyCodeParams,
    response: CustomDataTypeGroupListSchema,
  }),
  aliasConfigSave: endpoint({ method: 'POST', path: '/config/alias', access: aliasWrite, body: AliasConfigBodySchema, response: OkAnswer }),
  aliasProductTypeUpdate: endpoint({
    method: 'POST',
    path: '/config/alias/product/type',
    access: aliasWrite,
    body: ProductTypeUpdateBodySchema,
    response: OkAnswer,
  }),
  aliasProductTypeDelete: endpoint({
    method: 'DELETE',
    path: '/config/alias/company/:companyCode/product/type/:code',
    access: aliasWrite,
    params: ProductTypeParamsSchema,
    response: OkAnswer,
  }),
  customDataTypeUpdate: endpoint({
    method: 'POST',
    path: '/config/alias/datatype/custom',
    access: aliasWrite,
    body: CustomDataTypeBodySchema,
    response: OkAnswer,
  }),
  customDataTypeDelete: endpoint({
    method: 'DELETE',
    path: '/config/alias/company/:companyCode/datatype/custom/:groupCode',
    access: aliasWrite,
    params: CustomDataTypeParamsSchema,
    response: OkAnswer,
  }),

  layoutTypeList: endpoint({
    method: 'GET',
    path: '/config/layout/type/company/:companyCode',
    access: layoutRead,
    params: CompanyCodeParams,
    response: LayoutTypeListSchema,
  }),
  layoutTypeUpdate: endpoint({
    method: 'POST',
    path: '/config/layout/type',
    access: layoutWrite,
    body: LayoutTypeBodySchema,
    response: OkAnswer,
  }),
  layoutTypeDelete: endpoint({
    method: 'DELETE',
    path: '/config/layout/type/company/:companyCode/type/:layoutType',
    access: layoutWrite,
    params: LayoutTypeParamsSchema,
    response: OkAnswer,
  }),
  // Open to the company's members: the product create and update modals offer the configured layouts.
  layoutConfigList: endpoint({
    method: 'GET',
    path: '/config/layout/company/:companyCode',
    access: 'session',
    params: CompanyCodeParams,
    response: LayoutConfigListSchema,
  }),
  layoutConfigUpdate: endpoint({
    method: 'POST',
    path: '/config/layout',
    access: layoutWrite,
    body: LayoutConfigBodySchema,
    response: OkAnswer,
  }),
  layoutConfigDelete: endpoint({
    method: 'DELETE',
    path: '/config/layout/company/:companyCode/layout/:layoutId',
    access: layoutWrite,
    params: LayoutConfigParamsSchema,
    response: OkAnswer,
  }),
};
