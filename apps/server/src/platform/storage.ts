import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (product pictures now; identity documents later). Keys are
 * slash-separated names such as `products/<hash>.webp`; a key is written once and never changed,
 * so anything that serves it may be cached for good. The folder implementation below is the
 * default; an S3-compatible one can take its place behind the same three calls.
 */
export type Storage = {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The stored bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
};

/** Keys are made by the app, never taken from a request as they are: only these characters, no `..`. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9._-]*)+$/;

function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part.startsWith('.'))) {
    throw new Error(`storage: refusing the key ${JSON.stringify(key)}`);
  }
  return key;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files in a folder (`MEDIA_DIR`). Each is written to a temporary name and renamed into place,
 * so a reader never sees half a file, even while another process writes the same key. Several
 * app processes must share the folder (a network mount) until the S3 storage exists.
 */
export function createFolderStorage(root: string): Storage {
  const file = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  return {
    async put(key, data) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, data);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await stat(file(key))).isFile();
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
  };
}
