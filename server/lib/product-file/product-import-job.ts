import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppDeps } from '../../deps';
import { addUploadProgress, finishUploadHistory } from '../../repos/product-uploads';
import { badRequest } from '../errors';
import { fileStoreOf } from '../file-store';
import type { SessionUser } from '../privileges';
import { savedProductFileParser } from '../sandbox/script-use';
import { scriptedProductFileParser } from '../sandbox/upload-parsers';
import type { FileEncoding } from './csv-records';
import { importProductFile, type ImportResult } from './product-import';

type ImportJob = { companyCode: string; user: SessionUser; fileName: string; fileKey: string; encoding?: FileEncoding; historyId?: number };
const JOB = 'product-import';

/**
 * The product file import as a durable job (server/scale/jobs.ts): the upload is kept in the file store first, then
 * any process imports it — the request waits for the job and answers its result as before. An import is not run
 * twice (one attempt): if its process dies, the job fails and its upload history says where the import stopped, so
 * the member sends the file again (unchanged products are left alone then).
 */
export function defineProductImportJob(deps: AppDeps): void {
  const files = () => fileStoreOf(deps.config.dataDir);
  deps.jobs!.define<ImportJob>({
    name: JOB,
    maxAttempts: 1,
    run: async ({ companyCode, user, fileName, fileKey, encoding }, job) => {
      try {
        const stored = await files().read(fileKey);
        if (!stored) throw badRequest('The uploaded file is no longer kept; send it again.');
        // The company's own parser script, when one is saved (an upload names its company, not a store).
        const script = await savedProductFileParser(deps.db, undefined, companyCode);
        const parser = script ? scriptedProductFileParser(deps.db, script, fileName) : undefined;
        return await importProductFile(deps.db, { companyCode, user, fileName, file: stored.stream, encoding, parser, onHistory: (historyId) => job.remember({ historyId }) });
      } finally {
        await files().remove(fileKey).catch(() => undefined);
      }
    },
    onFailed: async ({ historyId, fileKey }, failure) => {
      await files().remove(fileKey).catch(() => undefined);
      if (historyId === undefined || failure.status < 500) return;
      await addUploadProgress(deps.db, historyId, 0, [`Import stopped: ${failure.message}`], []);
      await finishUploadHistory(deps.db, historyId, null, 0, new Date());
    },
  });
}

/** Keeps the upload, runs its import as a job and answers the import's result (or its 4xx). */
export async function importAsJob(deps: AppDeps, req: { companyCode: string; user: SessionUser; fileName: string; file: Readable; encoding?: FileEncoding }): Promise<ImportResult> {
  const fileKey = `uploads/product-files/${randomUUID()}.csv`;
  try {
    await fileStoreOf(deps.config.dataDir).write(fileKey, req.file);
  } catch (error) {
    await fileStoreOf(deps.config.dataDir).remove(fileKey).catch(() => undefined);
    const status = (error as { statusCode?: number }).statusCode;
    // The multipart limits keep their own 4xx (413 for a file too large); a cut upload imports nothing.
    if (status && status >= 400 && status < 500) throw error;
    throw badRequest(`The upload was cut short: ${(error as Error).message}`, 'UPLOAD_CUT');
  }
  const id = await deps.jobs!.send<ImportJob>(JOB, { companyCode: req.companyCode, user: { ...req.user, tokenHash: '' }, fileName: req.fileName, fileKey, encoding: req.encoding });
  return (await deps.jobs!.wait(id)) as ImportResult;
}
