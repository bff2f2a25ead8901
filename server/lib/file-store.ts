import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/*
 * Where the server keeps files it makes or receives (NOTES.md 8). Callers name a file by a key such as
 * 'downloads/<taskId>/tags.csv' and never see paths, so that an object store (keys as object names, write as
 * a multipart upload, read as a GET stream) can replace the local directory without touching them.
 */
export interface FileStore {
  /** Write the file from a stream of chunks; answers its size in bytes. */
  write(key: string, source: AsyncIterable<string | Buffer> | Iterable<string | Buffer>): Promise<number>;
  /** The file as a stream, with its size; undefined when there is no such file. */
  read(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Remove the file; removing a missing file is not an error. */
  remove(key: string): Promise<void>;
}

/**
 * A key is a relative path of plain segments: no '.' or '..', no empty segment, no backslash, no absolute path —
 * checked on the key as given, since normalising first would turn 'plus/../widget/x' into an innocent-looking
 * 'widget/x' (a store coded '..' put its files there): nothing outside the root, nor in another key's folder.
 */
function checkedKey(key: string): string {
  const plain = (part: string) => part !== '' && part !== '.' && part !== '..' && !part.includes('\\');
  if (!key || isAbsolute(key) || !key.split('/').every(plain)) throw new Error(`invalid file key: ${key}`);
  return normalize(key);
}

/** The default store: a directory under the data directory. */
export function localFileStore(root: string): FileStore {
  const pathOf = (key: string) => join(root, checkedKey(key));
  return {
    async write(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await pipeline(Readable.from(source), createWriteStream(path));
      return (await stat(path)).size;
    },
    async read(key) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { stream: createReadStream(path), size: info.size };
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** The store of a server whose data directory is dataDir. */
export const fileStoreOf = (dataDir: string): FileStore => localFileStore(dataDir);
