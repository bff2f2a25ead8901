import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MOBILE_SW_FILE_EXAMPLE } from '../../contract/schemas/constants-admin';
import { settingsEndpoints } from '../../contract/endpoints/settings';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound } from '../lib/errors';
import { fileStoreOf } from '../lib/file-store';
import { route } from '../lib/route';
import {
  activateMobileSoftware,
  addMobileSoftware,
  findMobileSoftware,
  mobileSoftwareByVersion,
  mobileSoftwareList,
  removeMobileSoftware,
} from '../repos/mobile-software';

/** mobile_{version_info}.apk, where the version is what the list shows; stricter than the console's check. */
const FILE_NAME = /^mobile_([A-Za-z0-9][A-Za-z0-9._+-]{0,63})\.apk$/;
export const MOBILE_FILE_NAME_MESSAGE = `The file name must look like ${MOBILE_SW_FILE_EXAMPLE}.`;
/** An APK is a zip archive: a local file header comes first. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

interface Upload {
  filename: string;
  content: Buffer;
}

/** The one file of the form, field `file`, whether a plugin read the form already or not. */
async function readUpload(req: FastifyRequest): Promise<Upload> {
  const form = (
    req as FastifyRequest & {
      multipartForm?: { fields: Record<string, string>; files: { fieldname: string; filename: string; content: Buffer }[] };
    }
  ).multipartForm;
  const files: Upload[] = [];
  if (form) {
    for (const file of form.files) {
      if (file.fieldname !== 'file') throw badRequest(`Unexpected file field: ${file.fieldname}`);
      files.push(file);
    }
  } else {
    if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data (field file).');
    for await (const part of req.parts({ limits: { files: 1, fields: 0 } })) {
      if (part.type !== 'file' || part.fieldname !== 'file') throw badRequest(`Unexpected field: ${part.fieldname}`);
      files.push({ filename: part.filename, content: await part.toBuffer() });
    }
  }
  if (files.length !== 1) throw badRequest('Send exactly one file (field file).');
  return files[0];
}

/** Ids are serial numbers; anything else names no file (and never reaches the database as a bad integer). */
const idOf = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : 0);

/** Mobile software files (console-admin §2 Settings, §4, §8): kept in the server's one file store. */
export function mobileSoftwareRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  // Read at use, so that the data directory is the one configured when the file is written.
  const files = () => fileStoreOf(deps.config.dataDir);

  // spec: admin §7.15, admin §3.17 — mobile software files: list, upload, download, activate, remove
  route(app, deps, settingsEndpoints.mobileFileList, async () =>
    (await mobileSoftwareList(db)).map((row) => ({
      _id: String(row.id),
      ver: row.ver,
      updatedAt: row.updatedAt.toISOString(),
      active: row.active,
    })),
  );

  route(app, deps, settingsEndpoints.mobileFileUpload, async ({ req }) => {
    const upload = await readUpload(req);
    const match = FILE_NAME.exec(upload.filename);
    if (!match) throw badRequest(MOBILE_FILE_NAME_MESSAGE, 'INVALID_FILE_NAME');
    if (!upload.content.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest('The file is not an Android package (.apk).', 'INVALID_FILE');
    const ver = match[1];
    if (await mobileSoftwareByVersion(db, ver)) throw conflict(`Version ${ver} is uploaded already.`, 'VERSION_EXISTS');
    const key = `mobile-software/${randomUUID()}.apk`;
    const size = await files().write(key, [upload.content]);
    try {
      await addMobileSoftware(db, { ver, fileName: upload.filename, filePath: key, size });
    } catch (error) {
      await files().remove(key);
      throw error;
    }
    return { success: true, version: ver };
  });

  route(app, deps, settingsEndpoints.mobileFileDownload, async ({ params, reply }) => {
    const row = await findMobileSoftware(db, idOf(params.id));
    const file = row && (await files().read(row.filePath));
    if (!row || !file) throw notFound(`Unknown software file: ${params.id}`);
    return reply
      .header('content-type', 'application/vnd.android.package-archive')
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="${row.fileName.replace(/[^\w.+-]/g, '_')}"`)
      .send(file.stream);
  });

  // spec: admin §4.4 — activating one file is a single action
  route(app, deps, settingsEndpoints.mobileFileActivate, async ({ params }) => {
    if (!(await activateMobileSoftware(db, idOf(params.id)))) throw notFound(`Unknown software file: ${params.id}`);
    return { success: true };
  });

  route(app, deps, settingsEndpoints.mobileFileRemove, async ({ params }) => {
    const row = await removeMobileSoftware(db, idOf(params.id));
    if (!row) throw notFound(`Unknown software file: ${params.id}`);
    await files().remove(row.filePath);
    return { success: true };
  });
}
