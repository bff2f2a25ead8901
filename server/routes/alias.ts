import type { FastifyInstance } from 'fastify';
import { aliasListProblem, BUILTIN_DATA_TYPES, dataTypeLengthFor, dataTypesOf, firstDuplicate } from '../../contract/schemas/alias-rules';
import { settingsAliasEndpoints } from '../../contract/endpoints/settings-alias';
import type { AppDeps } from '../deps';
import type { Db } from '../db/client';
import { badRequest, conflict, notFound } from '../lib/errors';
import { assertMayTouch } from '../lib/ownership';
import type { SessionUser } from '../lib/privileges';
import { route } from '../lib/route';
import { findCompany } from '../repos/companies';
import {
  aliasItems,
  customDataTypeGroups,
  deleteCustomDataType,
  deleteProductType,
  productTypeList,
  replaceAliasItems,
  upsertCustomDataTypes,
  upsertProductTypes,
} from '../repos/product-aliases';

/**
 * A company's configuration is its members' (role -1 everywhere). An unknown company is a 404 for everyone, never
 * a 500 from the foreign key: naming a company code reveals nothing its list of companies would not.
 */
export async function requireCompanyOf(db: Db, user: SessionUser, companyCode: string, need: 'read' | 'write'): Promise<void> {
  if (!(await findCompany(db, companyCode))) throw notFound(`Unknown company: ${companyCode}`);
  assertMayTouch(user, { kind: 'company', companyCode }, need, `company ${companyCode}`);
}

/**
 * Aliases (the names of the product info slots), product types and custom data types (console-admin §3, §5, §7).
 * Reads are open to the members of the company (product, tag and paper screens label their columns with them);
 * writes need alias.write. The alias config itself is read through settingsAliasEndpoints.aliasConfig (served
 * with the product calls, which use it most).
 */
export function aliasRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  // spec: admin §7.19, admin §3.2, admin §3.3, admin §3.4 — alias data types, config, product types, custom data types
  route(app, deps, settingsAliasEndpoints.aliasDataTypes, () => [...BUILTIN_DATA_TYPES]);

  route(app, deps, settingsAliasEndpoints.aliasProductTypes, async ({ params, user }) => {
    await requireCompanyOf(db, user, params.companyCode, 'read');
    return productTypeList(db, params.companyCode);
  });

  route(app, deps, settingsAliasEndpoints.customDataTypes, async ({ params, user }) => {
    await requireCompanyOf(db, user, params.companyCode, 'read');
    return customDataTypeGroups(db, params.companyCode);
  });

  route(app, deps, settingsAliasEndpoints.aliasConfigSave, async ({ body, user }) => {
    await requireCompanyOf(db, user, body.companyCode, 'write');
    const types = dataTypesOf(await customDataTypeGroups(db, body.companyCode));
    const items = body.alias.map((a) => ({ ...a, name: a.name.trim(), type: a.type.trim() }));
    const problem = aliasListProblem(items, types);
    if (problem) throw badRequest(problem);
    await replaceAliasItems(
      db,
      body.companyCode,
      [...items]
        .sort((x, y) => x.index - y.index)
        .map((a) => ({
          index: a.index,
          name: a.name,
          type: a.type,
          key: a.key,
          chart: a.chart ?? false,
          dataTypeLength: dataTypeLengthFor(a.type, types, a.dataTypeLength),
        })),
    );
    return { success: true };
  });

  route(app, deps, settingsAliasEndpoints.aliasProductTypeUpdate, async ({ body, user }) => {
    await requireCompanyOf(db, user, body.companyCode, 'write');
    const list = body.productTypes.map((p) => ({ ...p, code: p.code.trim(), name: p.name.trim() }));
    const twice = firstDuplicate(list.map((p) => p.code));
    if (twice) throw badRequest(`Product type ${twice} is given twice.`);
    const indices = new Set((await aliasItems(db, body.companyCode)).map((a) => a.index));
    for (const p of list) {
      const missing = p.alias.find((d) => !indices.has(d.index));
      if (missing) throw badRequest(`Product type ${p.code} shows alias ${missing.index}, which does not exist.`);
      if (firstDuplicate(p.alias.map((d) => String(d.index)))) throw badRequest(`Product type ${p.code} shows an alias twice.`);
    }
    // Orders are stored 0.. without gaps, in the order the console gave.
    await upsertProductTypes(
      db,
      body.companyCode,
      list.map((p) => ({
        ...p,
        alias: [...p.alias]
          .sort((x, y) => x.order - y.order)
          .map((d, order) => ({ index: d.index, order, storeManagement: d.storeManagement })),
      })),
    );
    return { success: true };
  });

  route(app, deps, settingsAliasEndpoints.aliasProductTypeDelete, async ({ params, user }) => {
    await requireCompanyOf(db, user, params.companyCode, 'write');
    if (!(await deleteProductType(db, params.companyCode, params.code))) throw notFound(`Unknown product type: ${params.code}`);
    return { success: true };
  });

  route(app, deps, settingsAliasEndpoints.customDataTypeUpdate, async ({ body, user }) => {
    await requireCompanyOf(db, user, body.companyCode, 'write');
    const groups = body.groups.map((g) => ({
      ...g,
      groupCode: g.groupCode.trim(),
      elements: g.elements.map((e) => ({ ...e, code: e.code.trim() })),
    }));
    const twice = firstDuplicate(groups.map((g) => g.groupCode));
    if (twice) throw badRequest(`Custom data type group ${twice} is given twice.`);
    if (groups.some((g) => BUILTIN_DATA_TYPES.some((t) => t.code === g.groupCode)))
      throw badRequest('A custom data type group cannot take the code of a built-in data type.');
    for (const g of groups) {
      const element = firstDuplicate(g.elements.map((e) => e.code));
      if (element) throw badRequest(`Element ${element} is given twice in group ${g.groupCode}.`);
    }
    await upsertCustomDataTypes(db, body.companyCode, groups);
    return { success: true };
  });

  // A group that an alias takes as its data type stays: the alias would lose its type.
  route(app, deps, settingsAliasEndpoints.customDataTypeDelete, async ({ params, user }) => {
    await requireCompanyOf(db, user, params.companyCode, 'write');
    const usedBy = (await aliasItems(db, params.companyCode)).find((a) => a.type === params.groupCode);
    if (usedBy) throw conflict(`Alias ${usedBy.name} uses the data type ${params.groupCode}.`, 'IN_USE');
    if (!(await deleteCustomDataType(db, params.companyCode, params.groupCode)))
      throw notFound(`Unknown custom data type: ${params.groupCode}`);
    return { success: true };
  });
}
