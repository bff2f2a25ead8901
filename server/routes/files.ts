import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { wideTable } from '../../contract/schemas/common';
import { DOWNLOAD_TYPE, STATUS_HISTORY_WINDOW_S } from '../../contract/schemas/constants-core';
import { DOWNLOAD_TYPE_SECTION, type DownloadBody, type DownloadFilter } from '../../contract/schemas/files';
import { PRODUCT_TABLE, ProductListRequestSchema } from '../../contract/schemas/products';
import { TAG_LIST_TABLE, TagListRequestSchema, type Tag } from '../../contract/schemas/tags';
import { parseTableRequest, type TableDef } from '../../contract/table';
import { filesEndpoints } from '../../contract/endpoints/files';
import type { AppDeps } from '../deps';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { fileStoreOf } from '../lib/file-store';
import { can, canAccessStore, isSuperAdmin, type SessionUser } from '../lib/privileges';
import { route } from '../lib/route';
import {
  aliasNames,
  companyExists,
  companyStores,
  createDownloadTask,
  downloadStatus,
  expireDownloads,
  failDownload,
  findDownloadTask,
  finishDownload,
  markDownloadRunning,
  productPage,
  TAG_PRESET_SQL,
} from '../repos/downloads';
import { findGateway, storeGateways } from '../repos/gateways';
import { gatewayHistory, listServers, serverHistory } from '../repos/status';
import { storeCompany, listTags } from '../repos/tags';

/** console-core §8, exact text. */
export const OFFLINE_GATEWAY_LOG = 'Unable to log download from offline gateway.';
/** Finished files are kept a day, then removed with their task (our choice). */
export const DOWNLOAD_TTL_MS = 86_400_000;

type Lines = () => AsyncIterable<string>;
type DownloadJob = { taskId: string; user: SessionUser; body: DownloadBody; at: string };
interface Plan {
  fileName: string;
  lines: Lines;
}

/** Spreadsheet-safe CSV: RFC 4180 quoting, and text cells starting with = + - @ are prefixed with a quote. */
const csv = (rows: unknown[][]) => (rows.length ? `${Papa.unparse(rows, { escapeFormulae: true, newline: '\r\n' })}\r\n` : '');
const cell = (v: unknown) => (v === null || v === undefined ? '' : v);
/** Excel reads UTF-8 (product names in any script) only with a byte order mark. */
const BOM = '\uFEFF';
const stamp = (d: Date) => d.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

async function* rowsOf(header: string[], chunks: () => AsyncIterable<unknown[][]>): AsyncIterable<string> {
  yield BOM + csv([header]);
  for await (const rows of chunks()) for (let i = 0; i < rows.length; i += 1000) yield csv(rows.slice(i, i + 1000));
}

/** A table filter of the download as a table request, checked like the list's own request (400 otherwise). */
function tableRequest(
  schema: TSchema,
  def: TableDef,
  filter: DownloadFilter | undefined,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const req = { start: 0, length: -1, ...(filter?.table ?? {}), ...extra };
  const known = (schema as TSchema & { properties?: Record<string, unknown> }).properties ?? {};
  // Own properties only: a filter named "constructor" or "toString" is no filter of any list.
  const unknown = Object.keys(req).filter((key) => !Object.hasOwn(known, key));
  if (unknown.length) throw badRequest(`filter.table: ${unknown.join(', ')} is not a filter of this list.`);
  if (!Value.Check(schema, req)) {
    const [first] = Value.Errors(schema, req);
    throw badRequest(`filter.table${first?.instancePath ?? ''}: ${first?.message ?? 'not a filter of this list'}`);
  }
  parseTableRequest(def, req);
  return req;
}

const TAG_COLUMNS: (keyof Tag)[] = [
  'barcode',
  'tagMac',
  'prCode',
  'countByPrCode',
  'tagType',
  'gwIp',
  'operationName',
  'operation',
  'status',
  'battStatus',
  'version',
  'rssi',
  'battery',
  'temperature',
  'updatedAt',
  'respondedAt',
  'tagLayout',
  'companyCode',
  'storeCode',
];
/** Versions in hex, as the console shows them (NOTES.md 10). */
const tagCells = (t: Tag) =>
  TAG_COLUMNS.map((k) => (k === 'version' && t.version !== undefined ? `0x${t.version.toString(16)}` : cell(t[k])));

/**
 * The filter is tried once on an empty page before the task exists, so that a value the database cannot
 * compare is the same 400 as in the list, not a failed task.
 */
const probe = (req: Record<string, unknown>) => ({ ...req, start: 0, length: 0 });

async function tagPlan(
  deps: AppDeps,
  fileName: string,
  storeCodes: string[],
  req: Record<string, unknown>,
  preset?: keyof typeof TAG_PRESET_SQL,
): Promise<Plan> {
  const where = preset ? [TAG_PRESET_SQL[preset]] : [];
  if (storeCodes.length) await listTags(deps.db, storeCodes[0], probe(req), where);
  return {
    fileName,
    lines: () =>
      rowsOf(TAG_COLUMNS, async function* () {
        for (const storeCode of storeCodes) yield (await listTags(deps.db, storeCode, req, where)).data.map(tagCells);
      }),
  };
}

async function productPlan(
  deps: AppDeps,
  fileName: string,
  storeCode: string,
  req: Record<string, unknown>,
  opts: { assignedOnly?: boolean; prCodes?: string[] },
): Promise<Plan> {
  await productPage(deps.db, storeCode, probe(req), opts);
  return {
    fileName,
    lines: async function* () {
      const names = await aliasNames(deps.db, await storeCompany(deps.db, storeCode));
      const { data } = await productPage(deps.db, storeCode, req, opts);
      const slots = Math.max(0, ...data.map((p) => p.prInfo.length), ...[...names.keys()].map((i) => i + 1));
      const header = [
        'prCode',
        'type',
        'layoutId',
        'nfc',
        'barcode',
        'tagCount',
        'updatedAt',
        ...Array.from({ length: slots }, (_, i) => names.get(i) ?? `prInfo_${i}`),
      ];
      yield* rowsOf(header, async function* () {
        yield data.map((p) =>
          [
            p.prCode,
            p.type,
            p.layoutId,
            p.nfc,
            p.barcode,
            p.tagCount,
            p.updatedAt.toISOString(),
            ...Array.from({ length: slots }, (_, i) => p.prInfo[i]),
          ].map(cell),
        );
      });
    },
  };
}

/**
 * The store file (2) is the store's gateway list; filter_status (one status or a list) narrows it, e.g. to the
 * exceptions screen's NG gateways. It is the only filter of that file: anything else is a 400, not ignored.
 */
function gatewayStatusFilter(filter: DownloadFilter | undefined): string[] | undefined {
  const table = filter?.table ?? {};
  const unknown = Object.keys(table).filter((key) => key !== 'filter_status' && key !== 'condition_status');
  if (unknown.length) throw badRequest(`filter.table: ${unknown.join(', ')} is not a filter of the store file.`);
  const status = table.filter_status;
  if (status === undefined || status === '' || (Array.isArray(status) && !status.length)) return undefined;
  if (table.condition_status !== undefined && table.condition_status !== '==')
    throw badRequest('filter.table: condition_status must be ==.');
  return (Array.isArray(status) ? status : [status]).map(String);
}

const needStore = (body: DownloadBody) => {
  if (!body.storeCode) throw badRequest(`storeCode is required for download type ${body.type}.`);
  return body.storeCode;
};

/**
 * Check a download and say what it will write. Everything a user can get wrong is refused here, with a 4xx,
 * before a task exists; the task itself only reads. Types follow console-core §7; the content of 0 (server
 * log: health samples of the last 24 h), 1 (gateway log: the same of one gateway) and 2 (store file: the
 * store's gateway list) is our choice.
 */
async function planDownload(deps: AppDeps, user: SessionUser, body: DownloadBody, now: Date): Promise<Plan> {
  const { db } = deps;
  const filter = body.filter;
  const since = new Date(now.getTime() - STATUS_HISTORY_WINDOW_S * 1000);
  switch (body.type) {
    case DOWNLOAD_TYPE.SERVER_LOG: {
      const servers = (await listServers(db)).filter((s) => !filter?.serverId || s.id === filter.serverId);
      if (filter?.serverId && !servers.length) throw notFound(`Unknown server: ${filter.serverId}`);
      return {
        fileName: `server-log_${filter?.serverId ?? 'all'}_${stamp(now)}.csv`,
        lines: () =>
          rowsOf(['time', 'serverId', 'serverName', 'cpu', 'memory', 'disk'], async function* () {
            for (const s of servers)
              yield (await serverHistory(db, s.id, since, now)).map((p) => [p.time, s.id, s.name, p.cpu, p.memory, p.disk].map(cell));
          }),
      };
    }
    case DOWNLOAD_TYPE.GATEWAY_LOG: {
      const storeCode = needStore(body);
      if (!filter?.gwMac) throw badRequest('filter.gwMac is required for a gateway log.');
      const gw = await findGateway(db, filter.gwMac);
      if (!gw || gw.storeCode !== storeCode) throw notFound(`Unknown gateway ${filter.gwMac} in store ${storeCode}`);
      if (gw.status === 'OFFLINE') throw badRequest(OFFLINE_GATEWAY_LOG, 'GATEWAY_OFFLINE');
      return {
        fileName: `gateway-log_${gw.gwMac}_${stamp(now)}.csv`,
        lines: () =>
          rowsOf(['time', 'gwMac', 'memory', 'ramdisk', 'logDisk'], async function* () {
            yield (await gatewayHistory(db, gw.gwMac, since, now)).map((p) => [p.time, gw.gwMac, p.memory, p.ramdisk, p.logDisk].map(cell));
          }),
      };
    }
    case DOWNLOAD_TYPE.STORE_FILE: {
      const storeCode = needStore(body);
      const shown = gatewayStatusFilter(filter);
      const columns = [
        'gwMac',
        'gwIndex',
        'ip',
        'alternateIp',
        'status',
        'tagCount',
        'dataChannel',
        'eventChannel',
        'channelGroupIndex',
        'gmpVersion',
        'grmVersion',
        'timeSync',
        'upLink',
        'downLink',
        'updatedAt',
        'lastStatusTime',
      ] as const;
      return {
        fileName: `store_${storeCode}_gateways_${stamp(now)}.csv`,
        lines: () =>
          rowsOf([...columns], async function* () {
            yield (await storeGateways(db, storeCode))
              .filter((g) => !shown || shown.includes(g.status))
              .map((g) => columns.map((k) => cell(g[k])));
          }),
      };
    }
    case DOWNLOAD_TYPE.TAG_LIST: {
      const storeCode = needStore(body);
      const req = tableRequest(
        TagListRequestSchema,
        wideTable(TAG_LIST_TABLE),
        filter,
        filter?.barcodeList ? { tagIdList: filter.barcodeList } : {},
      );
      return tagPlan(
        deps,
        `tags_${storeCode}${filter?.preset ? `_${filter.preset}` : ''}_${stamp(now)}.csv`,
        [storeCode],
        req,
        filter?.preset,
      );
    }
    case DOWNLOAD_TYPE.COMPANY_TAGS: {
      const companyCode = filter?.companyCode ?? (user.companies.length === 1 ? user.companies[0] : undefined);
      if (!companyCode) throw badRequest('filter.companyCode is required for a company-wide tag list.');
      if (!isSuperAdmin(user) && !user.companies.includes(companyCode)) throw forbidden(`Permission denied for company ${companyCode}.`);
      if (!(await companyExists(db, companyCode))) throw notFound(`Unknown company: ${companyCode}`);
      const storeCodes = (await companyStores(db, companyCode)).filter((s) => canAccessStore(user, s, companyCode));
      const req = tableRequest(
        TagListRequestSchema,
        wideTable(TAG_LIST_TABLE),
        filter,
        filter?.barcodeList ? { tagIdList: filter.barcodeList } : {},
      );
      return tagPlan(deps, `tags_${companyCode}_${stamp(now)}.csv`, storeCodes, req, filter?.preset);
    }
    case DOWNLOAD_TYPE.FILTERED_PRODUCTS:
    case DOWNLOAD_TYPE.ASSIGNED_PRODUCTS: {
      const storeCode = needStore(body);
      const req = tableRequest(ProductListRequestSchema, wideTable(PRODUCT_TABLE), filter);
      const assignedOnly = body.type === DOWNLOAD_TYPE.ASSIGNED_PRODUCTS;
      return productPlan(deps, `${assignedOnly ? 'assigned-products' : 'products'}_${storeCode}_${stamp(now)}.csv`, storeCode, req, {
        assignedOnly,
        prCodes: filter?.prCodeList,
      });
    }
  }
}

export function fileRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  // Read at use, so that the data directory is the one configured when the file is written.
  const files = () => fileStoreOf(deps.config.dataDir);

  /**
   * The task runs after the answer as a durable job (scale/jobs.ts), in whichever process takes it: the job holds what
   * the request checked — the member as it was then, the body, the moment — and plans the file again from them. Its
   * failure is stored as the task's error (console-core §8: shown, polling stops); a process dying mid-file hands it
   * to another, which writes it again from the start.
   */
  deps.jobs!.define<DownloadJob>({
    name: 'file-download',
    maxAttempts: 2,
    run: async ({ taskId, user, body, at }) => {
      try {
        await markDownloadRunning(db, taskId);
        const plan = await planDownload(deps, user, body, new Date(at));
        const key = `downloads/${taskId}.csv`;
        await files().write(key, plan.lines());
        await finishDownload(db, taskId, key, new Date());
      } catch (error) {
        if (!(error instanceof ApiError)) app.log.error({ err: error, taskId }, 'download task failed');
        await failDownload(db, taskId, error instanceof ApiError ? error.message : 'The file could not be made.').catch(() => undefined);
      }
    },
    onFailed: ({ taskId }, failure) => failDownload(db, taskId, failure.message),
  });

  const expire = async (now: Date) => {
    const keys = await expireDownloads(db, new Date(now.getTime() - DOWNLOAD_TTL_MS));
    await Promise.allSettled(keys.map((key) => files().remove(key)));
  };

  // One call serves every type: the privilege is the type's section (DOWNLOAD_TYPE_SECTION), checked here.
  route(app, deps, filesEndpoints.fileDownload, async ({ body, user }) => {
    const section = DOWNLOAD_TYPE_SECTION[body.type];
    if (!can(user, section, 'read')) throw forbidden(`Permission denied: ${section} read.`);
    const now = new Date();
    const plan = await planDownload(deps, user, body, now);
    await expire(now);
    const taskId = await createDownloadTask(db, {
      memberEmail: user.email,
      type: body.type,
      storeCode: body.storeCode,
      filter: (body.filter ?? {}) as Record<string, unknown>,
      fileName: plan.fileName,
      now,
    });
    // The token is not the job's business: the member's rights as checked now are.
    await deps.jobs!.send<DownloadJob>('file-download', { taskId, user: { ...user, tokenHash: '' }, body, at: now.toISOString() });
    return { taskId };
  });

  const taskOf = async (taskId: string, user: SessionUser) => {
    const task = await findDownloadTask(db, taskId, user.email);
    if (!task) throw notFound(`Unknown download task: ${taskId}`);
    return task;
  };

  route(app, deps, filesEndpoints.fileDownloadStatus, async ({ params, user }) => downloadStatus(await taskOf(params.taskId, user)));

  route(app, deps, filesEndpoints.fileDownloadFile, async ({ params, user, reply }) => {
    const task = await taskOf(params.taskId, user);
    if (task.status === 'error') throw conflict(task.message ?? 'The file could not be made.', 'DOWNLOAD_FAILED');
    if (task.status !== 'done' || !task.filePath) throw conflict('The file is not ready yet.', 'DOWNLOAD_NOT_READY');
    const file = await files().read(task.filePath);
    if (!file) throw notFound('The file of this task is no longer kept.');
    const name = task.fileName ?? `download_${task.id}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-length', file.size)
      .header(
        'content-disposition',
        `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      .send(file.stream);
  });
}
