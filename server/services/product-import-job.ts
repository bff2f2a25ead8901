import { createHash, randomUUID, type Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppDeps } from '../deps';
import { addUploadProgress, finishUploadHistory } from '../repos/product-uploads';
import { badRequest } from '../lib/errors';
import { fileStoreOf } from '../lib/file-store';
import type { SessionUser } from '../lib/privileges';
import { savedProductFileParser } from './script-use';
import { scriptedProductFileParser } from './upload-parsers';
import type { FileEncoding } from '../lib/product-file/csv-records';
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
        return await importProductFile(deps.db, {
          companyCode,
          user,
          fileName,
          file: stored.stream,
          encoding,
          parser,
          onHistory: (historyId) => job.remember({ historyId }),
        });
      } finally {
        await files()
          .remove(fileKey)
          .catch(() => undefined);
      }
    },
    onFailed: async ({ historyId, fileKey }, failure) => {
      await files()
        .remove(fileKey)
        .catch(() => undefined);
      if (historyId === undefined || failure.status < 500) return;
      await addUploadProgress(deps.db, historyId, 0, [`Import stopped: ${failure.message}`], []);
      await finishUploadHistory(deps.db, historyId, null, 0, new Date());
    },
  });
}

/** The upload as kept in the file store, with its size and SHA-256 counted as it passed (the Idempotency-Key's fingerprint). */
export interface KeptUpload {
  fileKey: string;
  /** Size and SHA-256 when hashed (else 0 and ''). */
  size: number;
  sha256: string;
}

const HASH_SLICE = 1024 * 1024;

async function* hashed(source: AsyncIterable<Buffer>, kept: { size: number; hash: Hash }): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    kept.size += chunk.length;
    // A body injected whole arrives as one chunk of up to 50 MB: hashed a slice at a time, other requests between.
    for (let at = 0; at < chunk.length; at += HASH_SLICE) {
      if (at) await new Promise((resolve) => setImmediate(resolve));
      kept.hash.update(chunk.subarray(at, at + HASH_SLICE));
    }
    yield chunk;
  }
}

/**
 * Keeps the upload in the file store (any process may import it); a cut upload keeps nothing. Hashed only when
 * asked (an upload with an Idempotency-Key): 64 MB of SHA-256 is CPU the other requests would wait for.
 */
export async function keepUpload(deps: AppDeps, file: Readable, opts: { hash: boolean }): Promise<KeptUpload> {
  const fileKey = `uploads/product-files/${randomUUID()}.csv`;
  const counted = { size: 0, hash: createHash('sha256') };
  try {
    await fileStoreOf(deps.config.dataDir).write(fileKey, opts.hash ? hashed(file, counted) : file);
  } catch (error) {
    await forgetUpload(deps, fileKey);
    const status = (error as { statusCode?: number }).statusCode;
    // The multipart limits keep their own 4xx (413 for a file too large); a cut upload imports nothing.
    if (status && status >= 400 && status < 500) throw error;
    throw badRequest(`The upload was cut short: ${(error as Error).message}`, 'UPLOAD_CUT');
  }
  return { fileKey, size: counted.size, sha256: opts.hash ? counted.hash.digest('hex') : '' };
}

/** A kept upload that will not be imported (its request was a replay). */
export const forgetUpload = (deps: AppDeps, fileKey: string) =>
  fileStoreOf(deps.config.dataDir)
    .remove(fileKey)
    .catch(() => undefined);

/** Runs a kept upload's import as a job and answers the import's result (or its 4xx). */
export async function importAsJob(
  deps: AppDeps,
  req: { companyCode: string; user: SessionUser; fileName: string; fileKey: string; encoding?: FileEncoding },
): Promise<ImportResult> {
  const id = await deps.jobs!.send<ImportJob>(JOB, {
    companyCode: req.companyCode,
    user: { ...req.user, tokenHash: '' },
    fileName: req.fileName,
    fileKey: req.fileKey,
    encoding: req.encoding,
  });
  return (await deps.jobs!.wait(JOB, id)) as ImportResult;
}
