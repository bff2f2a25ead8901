import type { FastifyInstance } from 'fastify';
import { prInfoLimitOf } from '../../contract/schemas/print';
import { plusAssetsEndpoints as api } from '../../contract/endpoints/plus-assets';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../lib/errors';
import { companyMoney } from '../lib/label/company-money';
import { paperLabelImages } from '../lib/print/paper-label';
import { route } from '../lib/route';
import { labelStyles, layoutConfigList } from '../repos/layouts';
import { findProducts } from '../repos/products';
import { scopeOf } from '../repos/stats';
import { defaultStoreCode, storeCompanies } from '../repos/stores';

/** plus-signage §3 Print product: the third info item is the description when there are more than 3. */
const descriptionOf = (prInfo: string[]) => (prInfo.length > 3 ? prInfo[2] : undefined);

/*
 * Label printing (plus-signage §2.6 /print, §4 print flow, §7.3): the product data, the templates (the company's
 * layout ids, /setting/layout-config) and the labels' bitmaps; the console lays them out and writes the PDF.
 * Every call names its store, which the auth hook checks against the member's stores.
 */
export function printRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const companyOf = async (storeCode: string) => (await storeCompanies(db, [storeCode])).get(storeCode)!;

  const lookUp = async (storeCode: string, prCodeList: string[]) => {
    const found = await findProducts(db, storeCode, prCodeList);
    // In the order asked, once each; codes that do not exist are left out (the console names them).
    return [...new Set(prCodeList)].flatMap((code) => {
      const product = found.get(code);
      return product ? [{ prCode: product.prCode, prInfo: product.prInfo }] : [];
    });
  };

  route(app, deps, api.plusProducts, async ({ params, body }) => lookUp(params.storeCode, body.prCodeList));

  // spec: core §9.11 — an empty store code falls back to the member's default store (repos/stores.ts says which)
  route(app, deps, api.plusProductsDefaultStore, async ({ body, user }) => {
    const storeCode = await defaultStoreCode(db, await scopeOf(db, user));
    if (!storeCode) throw notFound('You have no store to look the products up in.');
    return lookUp(storeCode, body.prCodeList);
  });

  route(app, deps, api.printLayoutNames, async ({ params }) =>
    (await layoutConfigList(db, await companyOf(params.storeCode))).map((c) => c.layoutId),
  );

  route(app, deps, api.printPreview, async ({ body }) => {
    const companyCode = await companyOf(body.storeCode);
    const templates = new Map((await layoutConfigList(db, companyCode)).map((c) => [c.layoutId, c.layoutType]));
    const unknown = body.productList.find((p) => !templates.has(p.layoutId));
    if (unknown) throw badRequest(`Template ${unknown.layoutId} does not exist in this store's company.`, 'TEMPLATE_NOT_FOUND');
    // §9: a static label's template takes 36 info entries, a generic one 255 (the schema's own limit).
    const tooLong = body.productList.find((p) => p.prInfo.length > prInfoLimitOf(templates.get(p.layoutId)));
    if (tooLong) {
      const limit = prInfoLimitOf(templates.get(tooLong.layoutId));
      throw badRequest(
        `Product ${tooLong.prCode} has ${tooLong.prInfo.length} info entries; template ${tooLong.layoutId} is a static label and takes at most ${limit}.`,
        'PRINFO_TOO_LONG',
      );
    }
    const styleOf = await labelStyles(db, companyCode);
    // The console draws the printed label itself (vector PDF): it needs the style and the company's money; the
    // preview bitmaps show the same money.
    const money = await companyMoney(db, companyCode);
    const images = await paperLabelImages(body.productList, styleOf, money);
    return body.productList.map((p, i) => {
      const description = p.description ?? descriptionOf(p.prInfo);
      return {
        prCode: p.prCode,
        prInfo: p.prInfo,
        ...(description !== undefined ? { description } : {}),
        layoutId: p.layoutId,
        qty: p.qty,
        data: images[i],
        style: styleOf(p.layoutId),
        money,
      };
    });
  });
}
