import type { FastifyInstance } from 'fastify';
import { runningCollecting } from '../repos/collecting';
import { tagsEndpoints } from '../../contract/endpoints/tags';
import type { AppDeps } from '../deps';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { canAccessStore, type SessionUser } from '../lib/privileges';
import { route } from '../lib/route';
import { PUSH_COLLECTING, PUSH_TAG_STATUS } from '../push/hub';
import { productExists, productNotFound } from '../repos/products';
import { storeCompanies } from '../repos/stores';
import { assignMultiple, assignTags, deassignTags, reassignAll, reassignTags, type SendResult } from '../repos/tag-assign';
import { countTags, listTags, requireTags, resolveTags, startCollecting, stopCollecting, storeCompany, tagsShowing } from '../repos/tags';
import { parseAssignCsv, readAssignForm } from './tag-assign-file';

/** console-core §8, exact text. */
export const NO_MATCHING_TAGS = 'no matching tags';
/** console-core §8: the console shows this after a status check started. */
export const STATUS_CHECK_STARTED = 'Start tag status collection';

export function tagRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const scope = async (storeCode: string) => ({ storeCode, companyCode: await storeCompany(db, storeCode), now: new Date() });

  /** Tag status changes go out after the commit, so that a listener never sees a state that was rolled back. */
  const published = (storeCode: string, result: SendResult) => {
    if (result.changes.length) deps.push.publish({ type: PUSH_TAG_STATUS, storeCode, data: result.changes });
    return result;
  };
  const publishCollecting = async () => deps.push.publish({ type: PUSH_COLLECTING, data: await runningCollecting(db) });
  const assigned = (result: SendResult) => ({ success: true, assigned: result.count, failed: [], taskId: result.taskId });

  route(app, deps, tagsEndpoints.tagList, ({ params, body }) => listTags(db, params.storeCode, body as Record<string, unknown>));

  route(app, deps, tagsEndpoints.tagAssign, async ({ body }) => {
    const entries = body.tagList.map((t) => ({ tagRef: t.tagMac, prCode: t.prCode, degree: t.degree, layoutId: t.layoutId }));
    return assigned(published(body.storeCode, await assignTags(db, await scope(body.storeCode), entries)));
  });

  route(app, deps, tagsEndpoints.tagAssignMultiple, async ({ body }) => {
    const input = { tagRef: body.tagMac, prCodeList: body.prCodeList, layoutId: body.layoutId, degree: body.degree, nfc: body.nfc };
    return assigned(published(body.storeCode, await assignMultiple(db, await scope(body.storeCode), input)));
  });

  route(app, deps, tagsEndpoints.tagAssignFile, async ({ req, user }) => {
    const form = await readAssignForm(req);
    // The privilege hook reads storeCode from JSON bodies only; a multipart form is checked here the same way.
    await requireStoreAccess(deps, user, form.storeCode);
    const entries = parseAssignCsv(form.text, form.defaultPrCode);
    return assigned(published(form.storeCode, await assignTags(db, await scope(form.storeCode), entries)));
  });

  route(app, deps, tagsEndpoints.tagDeassign, async ({ body }) => {
    const result = published(body.storeCode, await deassignTags(db, await scope(body.storeCode), body.tagList));
    return { success: true, count: result.count };
  });

  route(app, deps, tagsEndpoints.tagReassign, async ({ body }) => {
    const result = published(body.storeCode, await reassignTags(db, await scope(body.storeCode), body.tagList));
    return { success: true, count: result.count };
  });

  // No per-tag push here: a whole store is up to 50,000 entries; the console reloads its list after the call.
  route(app, deps, tagsEndpoints.tagReassignAll, async ({ body }) => {
    const { count } = await reassignAll(db, await scope(body.storeCode));
    return { success: true, count, ...(count ? {} : { message: 'No assigned tags in this store.' }) };
  });

  // An empty tagList checks every tag of the store (the contract's choice); listed tags must all exist.
  route(app, deps, tagsEndpoints.tagStatusCheck, async ({ body }) => {
    const { storeCode, companyCode, now } = await scope(body.storeCode);
    const total = body.tagList.length
      ? new Set([...(await requireTags(db, storeCode, body.tagList)).values()].map((t) => t.tagMac)).size
      : await countTags(db, storeCode);
    await startCollecting(db, { storeCode, companyCode, kind: 'statusCheck', cmd: body.cmd, total, now });
    await publishCollecting();
    return { success: true, message: STATUS_CHECK_STARTED };
  });

  // Stopping when nothing runs is not an error: the check may have finished while the user confirmed.
  route(app, deps, tagsEndpoints.tagStatusCheckStop, async ({ body }) => {
    const stopped = await stopCollecting(db, body.storeCode, 'statusCheck', new Date());
    if (stopped) await publishCollecting();
    return { success: true, message: stopped ? `${stopped} tag status check(s) stopped.` : 'No tag status check is running.' };
  });

  /*
   * Blink tags: the listed ones, or every tag showing a product. Nothing is stored, so it is not all or nothing:
   * listed tags that do not exist come back in `failed`; when none matches at all the answer is a 404.
   */
  route(app, deps, tagsEndpoints.tagLed, async ({ body }) => {
    const { storeCode } = body;
    if ((body.tagList === undefined) === (body.prCode === undefined)) throw badRequest('Give either tagList or prCode.');
    if (body.prCode !== undefined) {
      const shown = await tagsShowing(db, storeCode, body.prCode);
      if (shown.length) return { success: true, count: shown.length };
      if (!(await productExists(db, storeCode, body.prCode))) throw productNotFound();
      throw notFound(NO_MATCHING_TAGS);
    }
    const { found, missing } = await resolveTags(db, storeCode, body.tagList!);
    const count = new Set([...found.values()].map((t) => t.tagMac)).size;
    if (!count) throw notFound(NO_MATCHING_TAGS);
    return {
      success: true,
      count,
      ...(missing.length
        ? { failed: missing.map((ref) => ({ tagMac: ref, message: `Tag ${ref} does not exist in store ${storeCode}.` })) }
        : {}),
    };
  });
}

async function requireStoreAccess(deps: AppDeps, user: SessionUser, storeCode: string): Promise<void> {
  const company = (await storeCompanies(deps.db, [storeCode])).get(storeCode);
  if (company === undefined) throw badRequest(`Unknown store code: ${storeCode}`, 'UNKNOWN_STORE');
  if (!canAccessStore(user, storeCode, company)) throw forbidden(`Permission denied for store ${storeCode}.`);
}
