import type { FastifyInstance } from 'fastify';
import { paperEndpoints } from '../../contract/endpoints/paper';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../lib/errors';
import { assertMayTouch, storeOwner } from '../lib/ownership';
import { route } from '../lib/route';
import {
  createPaperTask,
  paperStores,
  paperTaskDetailPage,
  paperTaskPage,
  paperUploadDetail,
  paperUploadHistoryPage,
  paperUploadOwner,
  storeProductInfo,
} from '../repos/paper';
import { aliasItems } from '../repos/product-aliases';
import { scopeOf } from '../repos/stats';
import { storeCompanies } from '../repos/stores';
import type { Db } from '../db/client';
import { labelsOf, parseDefaultPaperFile, readPaperForm, type PaperParser } from '../lib/paper-file/paper-file-format';
import { savedPaperParser } from '../services/script-use';
import { scriptedPaperParser } from '../services/upload-parsers';

/**
 * The seam of the per-store paper parser (console-admin §2 /system/paper-parser): a store with its own parser script
 * gets it, run in the sandbox (server/services/upload-parsers.ts), answering the same ParsedPaperFile; every
 * other store reads the default format (lib/paper-file/paper-file-format.ts).
 */
async function paperParserFor(db: Db, storeCode: string, fileName: string): Promise<PaperParser> {
  const code = await savedPaperParser(db, storeCode);
  return code ? scriptedPaperParser(db, code, storeCode, fileName) : parseDefaultPaperFile;
}

/** A file whose rows all fail prints nothing: refused whole, with its first messages. */
const ERRORS_SHOWN = 5;

/*
 * Paper labels (console-admin §2 Paper, §3, §7). Calls that name their store are checked by the auth hook; the
 * lists are scoped to the member's stores here, and an upload's detail resolves its store for assertMayTouch.
 */
export function paperRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const body = (b: unknown) => b as Record<string, unknown>;

  // spec: admin §7.23, admin §3.21 — paper list, upload history and detail, task and task detail
  route(app, deps, paperEndpoints.paperStoreList, async ({ user }) => paperStores(db, await scopeOf(db, user), new Date()));

  route(app, deps, paperEndpoints.paperUpload, async ({ params, req }) => {
    const form = readPaperForm(req);
    const companyCode = (await storeCompanies(db, [params.storeCode])).get(params.storeCode)!;
    const parse = await paperParserFor(db, params.storeCode, form.fileName);
    const file = await parse(form.text, { aliases: await aliasItems(db, companyCode) });
    const known = await storeProductInfo(
      db,
      params.storeCode,
      file.rows.filter((r) => !r.prInfo.size).map((r) => r.prCode),
    );
    const { labels, errors } = labelsOf(file, known);
    // console-core §8's message for a file without usable rows; nothing is stored.
    if (!labels.length) throw badRequest(['No valid data', ...errors.slice(0, ERRORS_SHOWN)].join('\n'), 'NO_VALID_DATA');
    const taskDes = form.taskDes ?? form.fileName.replace(/\.[^.]*$/, '');
    const created = await createPaperTask(db, {
      storeCode: params.storeCode,
      fileName: form.fileName,
      taskDes,
      count: file.count,
      errors,
      labels,
      now: new Date(),
    });
    return { success: true, ...created, count: labels.length, error: errors };
  });

  route(app, deps, paperEndpoints.paperUploadHistory, async ({ body: b, user }) =>
    paperUploadHistoryPage(db, await scopeOf(db, user), body(b)),
  );

  route(app, deps, paperEndpoints.paperUploadHistoryDetail, async ({ params, user }) => {
    const owner = await paperUploadOwner(db, params.historyId);
    if (!owner) throw notFound(`Paper upload ${params.historyId} does not exist.`);
    assertMayTouch(user, storeOwner(owner.storeCode, owner.companyCode), 'read', `paper upload ${params.historyId}`);
    return paperUploadDetail(db, params.historyId);
  });

  route(app, deps, paperEndpoints.paperTaskList, ({ params, body: b }) => paperTaskPage(db, params.storeCode, body(b)));
  route(app, deps, paperEndpoints.paperTaskDetail, ({ params, body: b }) =>
    paperTaskDetailPage(db, params.storeCode, params.taskId, body(b)),
  );
}
