import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Settings } from '#src/config.ts';

/**
 * Where uploaded files live (product pictures and identity documents). Keys are slash-separated
 * names such as `products/<hash>.webp`; a key is written once and never changed, so anything that
 * serves it may be cached for good (an identity document is removed once replaced, and is never
 * served to the public). A folder by default; an S3-compatible bucket when S3_BUCKET is set.
 */
export type Storage = {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The stored bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes the file; a key that is already gone is not an error. */
  remove(key: string): Promise<void>;
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
 * app processes must share the folder (a network mount), or use the S3 storage instead.
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
    async remove(key) {
      await rm(file(key), { force: true });
    },
  };
}

export type S3StorageOptions = {
  /** For MinIO, Cloudflare R2 and other S3-compatible services; unset for AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key` (most self-hosted services). */
  forcePathStyle: boolean;
  /** Put in front of every key, such as `media/`, so that several storages can share one bucket. */
  prefix: string;
};

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

function contentType(key: string): string {
  const extension = /\.([a-z0-9]+)$/.exec(key)?.[1];
  return (extension && CONTENT_TYPES[extension]) || 'application/octet-stream';
}

/** No such object (a missing bucket is an error, not a missing file). */
function notFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchKey' || error.name === 'NotFound') return true;
  return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}

/** Objects in an S3-compatible bucket, each key under `prefix`. Every app process may share it. */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    ...(options.endpoint
      ? {
          endpoint: options.endpoint,
          // Some S3-compatible services refuse the newer checksum headers the SDK sends by default.
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
  });
  const object = (key: string) => ({ Bucket: options.bucket, Key: `${options.prefix}${checkedKey(key)}` });
  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ ...object(key), Body: data, ContentType: contentType(key) }));
    },
    async get(key) {
      const target = object(key);
      try {
        const response = await client.send(new GetObjectCommand(target));
        const bytes = response.Body ? await response.Body.transformToByteArray() : new Uint8Array();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      const target = object(key);
      try {
        await client.send(new HeadObjectCommand(target));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers a delete of a missing key with success too.
      await client.send(new DeleteObjectCommand(object(key)));
    },
  };
}

type StorageSettings = Pick<
  Settings,
  | 'MEDIA_DIR'
  | 'DOCUMENTS_DIR'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/**
 * The app's two storages: product pictures (public, served at /media) and identity documents
 * (private). With S3_BUCKET set both live in that bucket, under `media/` and `documents/`;
 * otherwise in MEDIA_DIR and DATA_DIR/documents.
 */
export function createStorages(settings: StorageSettings): { storage: Storage; documents: Storage } {
  const bucket = settings.S3_BUCKET;
  if (!bucket) {
    return {
      storage: createFolderStorage(settings.MEDIA_DIR),
      documents: createFolderStorage(settings.DOCUMENTS_DIR),
    };
  }
  const s3 = (prefix: string) =>
    createS3Storage({
      ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT } : {}),
      region: settings.S3_REGION,
      bucket,
      accessKeyId: settings.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: settings.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
      prefix,
    });
  return { storage: s3('media/'), documents: s3('documents/') };
}
