import type { FastifyInstance } from 'fastify';
import { NO_PRODUCT_LAYOUT_MARK } from '../../contract/schemas/constants-core';
import { decodeTagType } from '../../contract/schemas/tag-type';
import { gatewaysEndpoints } from '../../contract/endpoints/gateways';
import { tagsEndpoints } from '../../contract/endpoints/tags';
import type { AppDeps } from '../deps';
import { notFound } from '../lib/errors';
import { companyMoney, DEFAULT_LABEL_SIZE, detailLabel, noProductLabel, productLabel } from '../lib/label-image';
import { route } from '../lib/route';
import { decorateProducts } from '../repos/decorated-products';
import {
  gatewayAlarmPage,
  gatewayInStore,
  previewData,
  tagAlarmPage,
  tagBatteryPage,
  tagResetPage,
  tagTemperaturePage,
  tagUpdateHistory,
  taskFailPage,
} from '../repos/tag-history';
import { labelStyles } from '../repos/layouts';
import { requireTags, resolveTags } from '../repos/tags';
import { NO_MATCHING_TAGS } from './tags';

/*
 * The monitoring calls of one tag (preview, page switch, histories), of one gateway (alarm history) and of one
 * update task (failed tags). A tag is named by MAC or tag id (NOTES.md 4); one the store lacks is a 404.
 */
export function tagHistoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const tagOf = async (storeCode: string, ref: string) => ({
    storeCode,
    tagMac: (await requireTags(db, storeCode, [ref])).get(ref)!.tagMac,
  });
  const body = (b: unknown) => b as Record<string, unknown>;

  route(app, deps, tagsEndpoints.tagUpdateHistory, async ({ params, body: b }) => {
    const { storeCode, tagMac } = await tagOf(params.storeCode, params.tagMac);
    return tagUpdateHistory(db, storeCode, tagMac, body(b));
  });
  route(app, deps, tagsEndpoints.tagBatteryHistory, async ({ params, body: b }) =>
    tagBatteryPage(db, await tagOf(params.storeCode, params.tagMac), body(b)),
  );
  route(app, deps, tagsEndpoints.tagResetHistory, async ({ params, body: b }) =>
    tagResetPage(db, await tagOf(params.storeCode, params.tagMac), body(b)),
  );
  route(app, deps, tagsEndpoints.tagTemperatureHistory, async ({ params, body: b }) =>
    tagTemperaturePage(db, await tagOf(params.storeCode, params.tagMac), body(b)),
  );
  route(app, deps, tagsEndpoints.tagAlarmHistory, async ({ params, body: b }) =>
    tagAlarmPage(db, await tagOf(params.storeCode, params.tagMac), body(b)),
  );

  route(app, deps, gatewaysEndpoints.gatewayAlarmHistory, async ({ params, body: b }) => {
    const gwMac = await gatewayInStore(db, params.storeCode, params.gwMac);
    if (!gwMac) throw notFound(`Unknown gateway ${params.gwMac} in store ${params.storeCode}`);
    return gatewayAlarmPage(db, params.storeCode, gwMac, body(b));
  });

  route(app, deps, tagsEndpoints.taskFailList, ({ params, body: b }) => taskFailPage(db, params.storeCode, params.taskId, body(b)));

  /*
   * Main page and sub pages as base64 PNG. With a product: its label, then a page of every product info slot,
   * then the further products of a multi assign. Without one: the blank page, no sub pages, and a layoutId
   * that contains 'no_product' (console-core §2).
   */
  route(app, deps, tagsEndpoints.tagPreview, async ({ params }) => {
    const { tagMac } = await tagOf(params.storeCode, params.tagMac);
    const data = await previewData(db, params.storeCode, tagMac);
    const size = data.size ?? DEFAULT_LABEL_SIZE;
    const alias = data.aliasNames;
    // The tag data decorator (when on) changes what is drawn, not the product data the answer lists.
    const [main, ...more] = await decorateProducts(db, 'tagDataDecorator', data.pages, data.companyCode);
    if (!main) {
      const layoutId = data.layoutId?.includes(NO_PRODUCT_LAYOUT_MARK) ? data.layoutId : NO_PRODUCT_LAYOUT_MARK;
      return { encodedImage: noProductLabel(size, data.barcode).toString('base64'), subPage: [], alias, prInfo: [], layoutId };
    }
    const colour = decodeTagType(data.tagType).color;
    const names = new Map(alias.map((a) => [a.index, a.name]));
    const style = (await labelStyles(db, data.companyCode))(data.layoutId);
    const money = await companyMoney(db, data.companyCode);
    const subPage = [detailLabel(size, main, names, money), ...more.map((p) => productLabel(size, p, colour, style, { money }))].map(
      (png) => png.toString('base64'),
    );
    return {
      encodedImage: productLabel(size, main, colour, style, { money }).toString('base64'),
      subPage,
      alias,
      prInfo: data.pages[0].prInfo,
      layoutId: data.layoutId ?? '',
    };
  });

  /*
   * Switch the listed tags to a page. Nothing is stored (the radio carries it), so, like a blink, it is not all
   * or nothing: unknown tags come back in `failed`, and only when none is known is the answer a 404.
   */
  route(app, deps, tagsEndpoints.tagPageIndividual, async ({ body: b }) => {
    const { found, missing } = await resolveTags(db, b.storeCode, b.tagList);
    const count = new Set([...found.values()].map((t) => t.tagMac)).size;
    if (!count) throw notFound(NO_MATCHING_TAGS);
    return {
      success: true,
      count,
      ...(missing.length
        ? { failed: missing.map((ref) => ({ tagMac: ref, message: `Tag ${ref} does not exist in store ${b.storeCode}.` })) }
        : {}),
    };
  });
}
