import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeTagType } from '../../contract/schemas/tag-type';
import { productsEndpoints } from '../../contract/endpoints/products';
import { settingsAliasEndpoints } from '../../contract/endpoints/settings-alias';
import { tagsEndpoints } from '../../contract/endpoints/tags';
import type { AppDeps } from '../deps';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { companyMoney, DEFAULT_LABEL_SIZE, noProductLabel, productLabel } from '../lib/label-image';
import { isSuperAdmin, type SessionUser } from '../lib/privileges';
import { route } from '../lib/route';
import { asClientError } from '../plugins/multipart-form';
import { decorateProducts } from '../repos/decorated-products';
import { withoutNulls } from '../lib/rows';
import { defineProductImportJob, forgetUpload, importAsJob, keepUpload } from '../services/product-import-job';
import { claimStreamedKey } from '../plugins/idempotency';
import { productUpdateHistoryPage, updateTaskDetailPage, updateTaskPage } from '../repos/product-history';
import { secondCodePage, uploadHistoryDetail, uploadHistoryPage } from '../repos/product-uploads';
import { applyProductUpdate } from '../repos/product-update';
import {
  labelSizeOf,
  listProducts,
  productByCode,
  productTagPage,
  removeUnusedProducts,
  tagTypesInStore,
  tagsShowing,
} from '../repos/products';
import { labelStyles } from '../repos/layouts';
import { aliasItems, aliasItemsForType } from '../repos/product-aliases';
import { storeCompanies } from '../repos/stores';
import { previewData } from '../repos/tag-history';
import { requireTags } from '../repos/tags';
import { NO_MATCHING_TAGS } from './tags';

type Body = Record<string, unknown>;
/** A nightly file of a large store is ~100,000 rows (~10 MB); the limit only stops a wrong file early. */
const PRODUCT_FILE_MAX_BYTES = 200 * 1024 * 1024;

/**
 * The one file of the upload form: a small form was read whole by plugins/multipart-form.ts; a large one is read
 * here part by part, and its file handed on as the stream it is.
 */
async function productFilePart(req: FastifyRequest): Promise<{ filename: string; file: Readable }> {
  const check = (kind: string, fieldname: string, filename: string | undefined) => {
    if (kind !== 'file' || fieldname !== 'file') throw badRequest('Send one file in the form field "file".');
    if (!filename || filename.length > 255) throw badRequest('The file needs a name of at most 255 characters.');
  };
  const form = req.multipartForm;
  if (form) {
    const [name] = Object.keys(form.fields);
    if (name) check('field', name, undefined);
    if (form.files.length !== 1) throw badRequest(form.files.length ? 'Send one file at a time.' : 'The form has no file.');
    const [f] = form.files;
    check('file', f.fieldname, f.filename);
    return { filename: f.filename, file: createReadStream(f.path) };
  }
  try {
    for await (const part of req.parts({ limits: { files: 1, fields: 0, fileSize: PRODUCT_FILE_MAX_BYTES } })) {
      check(part.type, part.fieldname, part.type === 'file' ? part.filename : undefined);
      if (part.type === 'file') return { filename: part.filename, file: part.file };
    }
  } catch (error) {
    // A large body that is no form at all (no boundary, a cut part header) fails in the parser: the sender's mistake.
    throw asClientError(error);
  }
  throw badRequest('The form has no file.');
}

/** Role -1 everywhere; others within their companies (calls that name a company instead of a store). */
function requireCompany(user: SessionUser, companyCode: string): void {
  if (!isSuperAdmin(user) && !user.companies.includes(companyCode)) throw forbidden(`Permission denied for company ${companyCode}.`);
}

export function productRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const companyOf = async (storeCode: string) => (await storeCompanies(db, [storeCode])).get(storeCode)!;

  // The assign flow's scan check (declared with the tag calls): the product, or 404 'This product does not exist'.
  route(app, deps, tagsEndpoints.productByCode, async ({ params }) =>
    withoutNulls(await productByCode(db, params.storeCode, params.prCode)),
  );

  // The product list; the handheld pages through it to refuse unknown products offline (issue 4, item 7).
  route(app, deps, productsEndpoints.productList, ({ params, body }) => listProducts(db, params.storeCode, body as Body));

  // spec: admin §7.8 — GET product; update product (taskId -1, priorTaskId -1)
  route(app, deps, productsEndpoints.productGet, async ({ params }) => {
    const p = await productByCode(db, params.storeCode, params.prCode);
    return { ...p, type: p.type ?? '', layoutId: p.layoutId ?? '', nfc: p.nfc ?? '', barcode: p.barcode ?? '' };
  });

  // Create and update alike (the console asks before overwriting): the update pipeline of product-update.ts.
  route(app, deps, productsEndpoints.productUpdate, async ({ body }) => {
    const outcome = await applyProductUpdate(
      db,
      { storeCode: body.storeCode, companyCode: await companyOf(body.storeCode), now: new Date() },
      body.productList,
    );
    return { success: true, taskId: outcome.taskId, message: `${outcome.productCount} products, ${outcome.tagCount} tags to update` };
  });

  // spec: admin §7.9 — product preview answers a base64 bitmap
  route(app, deps, productsEndpoints.productPreview, async ({ body, user }) => {
    requireCompany(user, body.companyCode);
    // `<tag prefix>_<layout>`: the prefix chooses the screen size and colours.
    const prefix = body.layoutId.split('_')[0] ?? '';
    const size = (prefix && (await labelSizeOf(db, prefix))) || DEFAULT_LABEL_SIZE;
    // Drawn as a tag would draw it: through the tag data decorator when it is on.
    const [shown] = await decorateProducts(db, 'tagDataDecorator', [{ prCode: body.prCode, prInfo: body.prInfo }], body.companyCode);
    const style = (await labelStyles(db, body.companyCode))(body.layoutId);
    const money = await companyMoney(db, body.companyCode);
    return { encodedImage: productLabel(size, shown, decodeTagType(prefix).color, style, { money }).toString('base64') };
  });

  // LED and page control: the radio carries them, nothing is stored; no tag showing the products is the spec's
  // "no matching tags", which the console closes on normally.
  const control = async (storeCode: string, list: { prCode: string }[]) => {
    const n = await tagsShowing(
      db,
      storeCode,
      list.map((p) => p.prCode),
    );
    if (!n) throw notFound(NO_MATCHING_TAGS);
    return { success: true, message: `${n} tags` };
  };
  // spec: admin §7.10 — LED and page control with storeCode and product list
  route(app, deps, productsEndpoints.productLed, ({ body }) => control(body.storeCode, body.productList));
  route(app, deps, productsEndpoints.productPage, ({ body }) => control(body.storeCode, body.productList));

  // spec: admin §7.13 — remove unused products
  route(app, deps, productsEndpoints.productRemoveUnused, async ({ body }) => ({
    success: true,
    count: await removeUnusedProducts(db, body.storeCode, body.prCodeList),
  }));

  // spec: admin §7.1, admin §7.2, admin §7.3 — tag list by code, update history, update task list and detail
  route(app, deps, productsEndpoints.productTagList, ({ params, body }) =>
    productTagPage(db, params.storeCode, params.prCode, body as Body),
  );
  route(app, deps, productsEndpoints.productUpdateHistory, ({ params, body }) =>
    productUpdateHistoryPage(db, params.storeCode, params.prCode, body as Body),
  );
  route(app, deps, productsEndpoints.productUpdateTaskList, ({ params, body }) => updateTaskPage(db, params.storeCode, body as Body));
  route(app, deps, productsEndpoints.productUpdateTaskDetail, ({ params, body }) =>
    updateTaskDetailPage(db, params.storeCode, params.updateId, body as Body),
  );
  // The product file (issue 12): the multipart stream is kept as it arrives (never held whole), then imported as a
  // durable job by any process (issue 19). Only the first file part is read (one file at a time); the rows name their
  // stores, each checked against the member.
  defineProductImportJob(deps);
  route(app, deps, productsEndpoints.productFileUpload, async ({ query, req, reply, user }) => {
    requireCompany(user, query.companyCode);
    const part = await productFilePart(req);
    const kept = await keepUpload(deps, part.file, { hash: req.idempotencyKeyPending !== undefined });
    // A large upload's Idempotency-Key is claimed now that its file's SHA-256 is known (a small one's was before).
    const claimed = await claimStreamedKey(deps, req, reply, {
      fieldname: 'file',
      filename: part.filename,
      size: kept.size,
      sha256: kept.sha256,
    }).catch(async (error) => {
      await forgetUpload(deps, kept.fileKey);
      throw error;
    });
    if (claimed.kind === 'replayed') {
      await forgetUpload(deps, kept.fileKey);
      return reply;
    }
    const result = await importAsJob(deps, {
      companyCode: query.companyCode,
      user,
      fileName: part.filename,
      fileKey: kept.fileKey,
      encoding: query.encoding,
    });
    return { success: true, fileName: part.filename, ...result };
  });
  // spec: admin §7.4, admin §7.5 — upload history and detail; second code list
  route(app, deps, productsEndpoints.productUploadHistory, ({ body, user }) => uploadHistoryPage(db, user, body as Body));
  route(app, deps, productsEndpoints.productUploadHistoryDetail, ({ params, user }) => uploadHistoryDetail(db, user, params.historyId));
  route(app, deps, productsEndpoints.secondCodeList, ({ body, user }) => secondCodePage(db, user, body as Body));

  // spec: admin §7.10, admin §3.7 — tag prefixes used in a store
  route(app, deps, productsEndpoints.tagPrefixList, ({ params }) => tagTypesInStore(db, params.storeCode));

  // Image-based update mode: what the tag shows, drawn at the size of the asked tag type.
  route(app, deps, productsEndpoints.tagImage, async ({ params, query, reply }) => {
    const tag = (await requireTags(db, params.storeCode, [params.mac])).get(params.mac)!;
    const data = await previewData(db, params.storeCode, tag.tagMac);
    if (!/^[0-9A-Za-z]+$/.test(query.tagType)) throw badRequest('tagType is a tag type code such as 1A.');
    const size = (await labelSizeOf(db, query.tagType)) ?? data.size ?? DEFAULT_LABEL_SIZE;
    const [shown] = await decorateProducts(db, 'tagDataDecorator', data.pages.slice(0, 1), data.companyCode);
    const style = (await labelStyles(db, data.companyCode))(data.layoutId);
    const money = await companyMoney(db, data.companyCode);
    const png = shown
      ? productLabel(size, shown, decodeTagType(query.tagType).color, style, { money })
      : noProductLabel(size, data.barcode);
    return reply.header('content-type', 'image/png').header('cache-control', 'no-store').send(png);
  });

  // Alias items label the product info columns and flag the chart fields of the update history. Served here
  // until the alias settings (issue 15) bring their own routes; reads are open to every member of the company.
  route(app, deps, settingsAliasEndpoints.aliasConfig, async ({ params, query, user }) => {
    requireCompany(user, params.companyCode);
    if (!query.productType) return aliasItems(db, params.companyCode);
    const items = await aliasItemsForType(db, params.companyCode, query.productType);
    if (!items) throw notFound(`Unknown product type ${query.productType} in company ${params.companyCode}`);
    return items;
  });
}
