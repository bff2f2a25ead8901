import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Value } from 'typebox/value';
import { V1ContentUploadFieldsSchema, type V1ContentUploadFields } from '../../contract/schemas/plus-v1-devices';
import { plusV1Endpoints as api } from '../../contract/endpoints/plus-v1';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../lib/errors';
import { fileStoreOf } from '../lib/file-store';
import { sizeLimits } from '../lib/media/limits';
import { mp4Duration } from '../lib/plus-v1/mp4-duration';
import { route } from '../lib/route';
import { readPlusSetting } from '../repos/plus-assets';
import {
  findV1Content,
  findV1Group,
  insertV1Content,
  moveV1Contents,
  removeV1Contents,
  removeV1Group,
  renameV1Content,
  replaceV1Content,
  saveV1Group,
  v1ContentPage,
  v1Groups,
  type NewV1Content,
} from '../repos/plus-v1-contents';
import { displayName, formFiles, MIME_BY_EXT, prepareMedia, removeFiles, sendFile, type Prepared } from './plus-assets';

/** Seconds a content plays when its file has none of its own (an image, a widget, a video whose header is unread). */
const DEFAULT_DURATION = { image: 10, widget: 20, video: 30 } as const;

/** The text fields of the upload form, checked as the JSON schema would (the route schema cannot see them). */
function uploadFields(fields: Record<string, string> | undefined): V1ContentUploadFields {
  const value = fields ?? {};
  if (Value.Check(V1ContentUploadFieldsSchema, value)) return value;
  const [error] = Value.Errors(V1ContentUploadFieldsSchema, value);
  const unknown = Object.keys(value).find((k) => !['name', 'type', 'group', 'id'].includes(k));
  if (unknown) throw badRequest(`Unexpected field: ${unknown}`);
  throw badRequest(
    value.type === undefined
      ? 'type is required: image, video or widget.'
      : `Invalid form field ${error?.instancePath || ''}: ${error?.message ?? 'bad value'}`,
  );
}

/** Plus v1 contents and content groups (plus-signage §2.6 content, §7.4); uploads use the Plus media handling. */
export function plusV1ContentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const files = () => fileStoreOf(deps.config.dataDir);
  const ok = { success: true } as const;

  route(app, deps, api.plusV1ContentList, ({ body, user }) => v1ContentPage(db, user, body as Record<string, unknown>));

  route(app, deps, api.plusV1ContentUpload, async ({ req, user }) => {
    const fields = uploadFields(req.multipartForm?.fields);
    const upload = formFiles(req.multipartForm, fields.id !== undefined);
    const prepared = await prepareMedia(upload, sizeLimits(await readPlusSetting(db)));
    const wrong = prepared.find((p) => p.detected.kind !== fields.type);
    if (wrong)
      throw badRequest(
        `${displayName(wrong.file.filename)} is not ${fields.type === 'image' ? 'an image' : `a ${fields.type}`}.`,
        'KIND_MISMATCH',
      );
    const group = fields.group === undefined ? null : (await findV1Group(db, user, fields.group, 'write')).id;
    const old = fields.id === undefined ? undefined : await findV1Content(db, user, fields.id, 'write');
    if (old && old.type !== fields.type)
      throw badRequest(`The new file must be a ${old.type} like the content it replaces.`, 'KIND_MISMATCH');

    const now = new Date();
    const idList: string[] = [];
    for (const item of prepared) {
      const content = await storeContent(item, upload.length === 1 ? fields.name : undefined);
      const row = old
        ? await replaceV1Content(db, user, old.id, content, now)
        : await insertV1Content(db, user, { ...content, group }, now);
      idList.push(String(row.id));
    }
    if (old) await removeFiles(files(), [old]);
    return { success: true, idList };
  });

  async function storeContent(item: Prepared, name: string | undefined): Promise<Omit<NewV1Content, 'group'>> {
    const kind = item.detected.kind;
    const path = `plus/v1/${kind}/${randomUUID()}.${item.detected.ext}`;
    const size = await files().write(path, [item.file.content]);
    return {
      name: name ?? displayName(item.file.filename),
      type: kind,
      path,
      size,
      resolution: item.processed ? `${item.processed.width}x${item.processed.height}` : '-',
      duration: (kind === 'video' ? mp4Duration(item.file.content) : undefined) ?? DEFAULT_DURATION[kind],
    };
  }

  route(app, deps, api.plusV1ContentFile, async ({ params, user, reply }) => {
    const row = await findV1Content(db, user, params.id, 'read');
    const file = await files().read(row.path);
    if (!file) throw notFound(`The file of content ${params.id} is not stored on this server.`);
    return sendFile(reply, file, MIME_BY_EXT[row.path.split('.').pop() ?? ''] ?? 'application/octet-stream', row.name, true);
  });

  route(app, deps, api.plusV1ContentSave, async ({ body, user }) => {
    await renameV1Content(db, user, body.id, body.name, new Date());
    return ok;
  });
  route(app, deps, api.plusV1ContentMove, async ({ body, user }) => {
    await moveV1Contents(db, user, body.idList, body.groupId);
    return ok;
  });
  route(app, deps, api.plusV1ContentRemove, async ({ body, user }) => {
    await removeFiles(files(), await removeV1Contents(db, user, body.idList));
    return ok;
  });

  route(app, deps, api.plusV1GroupList, ({ user }) => v1Groups(db, user));
  route(app, deps, api.plusV1GroupSave, async ({ body, user }) => ({ success: true, id: await saveV1Group(db, user, body) }));
  route(app, deps, api.plusV1GroupRemove, async ({ body, user }) => {
    await removeV1Group(db, user, body.id);
    return ok;
  });
}
