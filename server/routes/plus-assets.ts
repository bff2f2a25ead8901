import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { UPLOAD_MAX_FILES } from '../../contract/schemas/constants-plus';
import { fillPath } from '../../contract/endpoints/define';
import { plusAssetsEndpoints as api } from '../../contract/endpoints/plus-assets';
import type { AppDeps } from '../deps';
import { nowOf } from '../lib/clock';
import { ApiError, badRequest, notFound } from '../lib/errors';
import { plusFileKey } from '../lib/plus-file-key';
import { fileStoreOf, type FileStore } from '../lib/file-store';
import { detectMedia, isPackage, type Detected } from '../lib/media/detect';
import { sizeLimits } from '../lib/media/limits';
import { MediaError, processImage, processVideo, type Processed } from '../lib/media/process';
import { route } from '../lib/route';
import type { FormFile } from '../plugins/multipart-form';
import {
  assetChoices,
  assetPage,
  deleteAssets,
  deleteSoftware,
  devicesUsing,
  findAsset,
  findSoftware,
  idOf,
  insertAsset,
  insertSoftware,
  readPlusSetting,
  removePlusTemplates,
  replaceAsset,
  replaceSoftware,
  savePlusSetting,
  softwarePage,
  type FileAssetType,
  type PlusAssetRow,
} from '../repos/plus-assets';
import { removeSchedules } from '../repos/plus-schedules';
import { storeCompany } from '../repos/tags';

export const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  avi: 'video/x-msvideo',
  zip: 'application/zip',
};
const KIND_WORD: Record<FileAssetType, string> = { image: 'an image', video: 'a video', widget: 'a widget' };

/** The files of the form, field `file`; the count rule of plus-signage §9 (10, or 1 when replacing). */
export function formFiles(form: { files: FormFile[] } | undefined, replacing: boolean): FormFile[] {
  const files = form?.files ?? [];
  const stray = files.find((f) => f.fieldname !== 'file');
  if (stray) throw badRequest(`Unexpected file field: ${stray.fieldname}`);
  if (!files.length) throw badRequest('Choose at least one file (field file).', 'NO_FILE');
  if (replacing && files.length !== 1) throw badRequest('Send exactly one file to replace a file.', 'TOO_MANY_FILES');
  if (files.length > UPLOAD_MAX_FILES) throw badRequest(`Send at most ${UPLOAD_MAX_FILES} files at once.`, 'TOO_MANY_FILES');
  return files;
}

/** The name shown in lists: the browser's file name without any folder part, bounded. */
export const displayName = (filename: string) => (filename.split(/[\\/]/).pop() || 'file').slice(0, 200);
const tooLarge = (name: string, limit: number) =>
  new ApiError(413, 'FILE_TOO_LARGE', `${name} is larger than the limit of ${Math.round(limit / 1024 / 1024)} MB.`);

export interface Prepared {
  file: FormFile;
  detected: Detected;
  processed?: Processed;
}

/** Check and process every file before anything is stored, so that one bad file leaves nothing half uploaded. */
export async function prepareMedia(files: FormFile[], limits: Record<FileAssetType, number>): Promise<Prepared[]> {
  const prepared: Prepared[] = [];
  for (const file of files) {
    const name = displayName(file.filename);
    // Bytes are read from the upload's temporary file only once no limit can refuse it.
    if (file.size > Math.max(...Object.values(limits))) throw tooLarge(name, Math.max(...Object.values(limits)));
    const detected = detectMedia(file.content);
    if (!detected) {
      throw badRequest(
        `${name} is not an image, video or widget: its content is not PNG, JPEG, GIF, WebP, MP4, MOV, WebM, AVI or a zip package.`,
        'INVALID_FILE_TYPE',
      );
    }
    if (file.size > limits[detected.kind]) throw tooLarge(name, limits[detected.kind]);
    prepared.push({ file, detected });
  }
  for (const item of prepared) {
    try {
      if (item.detected.kind === 'image') item.processed = await processImage(item.file.content);
      if (item.detected.kind === 'video') item.processed = await processVideo(item.file.content, item.detected.ext);
    } catch (error) {
      if (error instanceof MediaError) throw badRequest(`${displayName(item.file.filename)}: ${error.message}`, 'INVALID_FILE');
      throw error;
    }
  }
  return prepared;
}

async function storeMedia(files: FileStore, storeCode: string, item: Prepared) {
  const base = plusFileKey(storeCode, item.detected.kind, randomUUID());
  const path = `${base}.${item.detected.ext}`;
  const size = await files.write(path, [item.file.content]);
  const thumbPath = item.processed ? `${base}.thumb.jpg` : null;
  if (item.processed && thumbPath) await files.write(thumbPath, [item.processed.thumbnail]);
  return {
    storeCode,
    type: item.detected.kind,
    name: displayName(item.file.filename),
    size,
    path,
    thumbPath,
    width: item.processed?.width ?? null,
    height: item.processed?.height ?? null,
  };
}

export async function removeFiles(files: FileStore, rows: { path: string; thumbPath?: string | null }[]) {
  for (const row of rows) {
    await files.remove(row.path);
    if (row.thumbPath) await files.remove(row.thumbPath);
  }
}

/** "1.2.3" out of a package name such as player_IP231A_1.2.3.apk; '-' when the name carries none. */
const versionOf = (name: string) => /(\d+(?:\.\d+)+)/.exec(name)?.[1] ?? '-';
const modelOf = (name: string) => /(?:^|[_\-. ])(IP[A-Z0-9]+)(?=[_\-. ]|$)/i.exec(name)?.[1]?.toUpperCase() ?? '-';

export function sendFile(
  reply: FastifyReply,
  file: { stream: NodeJS.ReadableStream; size: number },
  type: string,
  name: string,
  inline: boolean,
) {
  return reply
    .header('content-type', type)
    .header('content-length', file.size)
    .header('cache-control', 'private, max-age=300')
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .send(file.stream);
}

/** Plus images, videos, widgets, software packages and the Plus setting (plus-signage §2.2, §3, §7, §8). */
export function plusAssetRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  // Read at use, so that the data directory is the one configured when the file is written.
  const files = () => fileStoreOf(deps.config.dataDir);

  route(app, deps, api.plusUpload, async ({ params, query, req }) => {
    const replacing = query.id !== undefined;
    const upload = formFiles(req.multipartForm, replacing);
    const limits = sizeLimits(await readPlusSetting(db));
    if (params.type !== 'other') return uploadSoftware(params.storeCode, params.type, upload, query.id, limits.software);

    const prepared = await prepareMedia(upload, limits);
    let old: PlusAssetRow | undefined;
    if (replacing) {
      const kind = prepared[0].detected.kind;
      old = await findAsset(db, params.storeCode, kind, query.id!);
      if (!old) {
        const other = (
          await Promise.all((['image', 'video', 'widget'] as const).map((t) => findAsset(db, params.storeCode, t, query.id!)))
        ).find(Boolean);
        if (other) throw badRequest(`The new file must be ${KIND_WORD[other.type]} like the file it replaces.`, 'KIND_MISMATCH');
        throw notFound(`Unknown file: ${query.id}`);
      }
    }
    const answer = [];
    for (const item of prepared) {
      const row = await storeMedia(files(), params.storeCode, item);
      const saved = old ? await replaceAsset(db, old, row) : await insertAsset(db, row);
      answer.push({ _id: String(saved.id), name: saved.name, type: saved.type });
    }
    if (old) await removeFiles(files(), [old]);
    return { success: true, files: answer };
  });

  async function uploadSoftware(storeCode: string, kind: 'sw' | 'launcher', upload: FormFile[], id: string | undefined, limit: number) {
    for (const file of upload) {
      const name = displayName(file.filename);
      if (!isPackage(file.content)) throw badRequest(`${name} is not a software package (.apk).`, 'INVALID_FILE_TYPE');
      if (file.content.length > limit) throw tooLarge(name, limit);
    }
    const old = id === undefined ? undefined : await findSoftware(db, storeCode, kind, id);
    if (id !== undefined && !old) throw notFound(`Unknown software: ${id}`);
    const answer = [];
    for (const file of upload) {
      const fileName = displayName(file.filename);
      const path = plusFileKey(storeCode, kind, `${randomUUID()}.apk`);
      const size = await files().write(path, [file.content]);
      const row = { storeCode, kind, os: 'Android', model: modelOf(fileName), ver: versionOf(fileName), fileName, path, size };
      const saved = old ? await replaceSoftware(db, old, row) : await insertSoftware(db, row);
      answer.push({ _id: String(saved.id), name: fileName, type: kind });
    }
    if (old) await files().remove(old.path);
    return { success: true, files: answer };
  }

  route(app, deps, api.plusAssetList, ({ params, body }) => assetPage(db, params.storeCode, params.type, body as Record<string, unknown>));

  route(app, deps, api.plusAssetChoices, async ({ params }) =>
    (await assetChoices(db, params.storeCode, params.type)).map((r) => ({
      id: String(r.id),
      name: r.name,
      ...(params.type !== 'widget' && r.width && r.height ? { width: r.width, height: r.height } : {}),
    })),
  );

  route(app, deps, api.plusAssetUsage, ({ params }) => devicesUsing(db, params.storeCode, params.type, params.id));

  route(app, deps, api.plusAssetRemove, async ({ params, body, user }) => {
    const { storeCode, type } = params;
    const ids = [...new Set(body.idList)];
    if (type === 'template') return removePlusTemplates(db, storeCode, ids);
    if (type === 'schedule') {
      const actor = { storeCode, companyCode: await storeCompany(db, storeCode), email: user.email, now: nowOf(deps) };
      return removeSchedules(db, actor, fillPath(api.plusAssetRemove.path, params), ids);
    }
    const inUse = [];
    const free: number[] = [];
    for (const id of ids) {
      const devices = await devicesUsing(db, storeCode, type, id);
      if (devices.length) inUse.push({ id, devices });
      else if (idOf(id)) free.push(idOf(id));
    }
    const removed = await deleteAssets(db, storeCode, type, free);
    await removeFiles(files(), removed);
    return { removed: removed.map((r) => String(r.id)), inUse };
  });

  route(app, deps, api.plusAssetFile, async ({ params, reply }) => {
    const row = await findAsset(db, params.storeCode, params.type, params.id);
    const file = row && (await files().read(row.path));
    if (!row || !file) throw notFound(`Unknown ${params.type}: ${params.id}`);
    const ext = row.path.split('.').pop() ?? '';
    return sendFile(reply, file, MIME_BY_EXT[ext] ?? 'application/octet-stream', row.name, false);
  });

  route(app, deps, api.plusAssetThumbnail, async ({ params, reply }) => {
    const row = await findAsset(db, params.storeCode, params.type, params.id);
    const file = row?.thumbPath ? await files().read(row.thumbPath) : undefined;
    if (!row || !file) throw notFound(`No thumbnail for ${params.type} ${params.id}`);
    return sendFile(reply, file, 'image/jpeg', `${row.name}.jpg`, true);
  });

  route(app, deps, api.plusSoftwareList, ({ params, body }) =>
    softwarePage(db, params.storeCode, params.kind, body as Record<string, unknown>),
  );

  route(app, deps, api.plusSoftwareRemove, async ({ params, body }) => {
    const ids = [...new Set(body.idList)].map(idOf).filter(Boolean);
    const removed = ids.length ? await deleteSoftware(db, params.storeCode, params.kind, ids) : [];
    if (!removed.length) throw notFound(`Unknown software: ${body.idList.join(', ')}`);
    await removeFiles(files(), removed);
    return { success: true };
  });

  route(app, deps, api.plusSettingGet, () => readPlusSetting(db));

  route(app, deps, api.plusSettingSave, async ({ body }) => {
    sizeLimits(body as Record<string, unknown>, true);
    await savePlusSetting(db, body as Record<string, unknown>);
    return { success: true };
  });
}
