import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFolderStorage,
  createS3Storage,
  createStorages,
  type S3StorageOptions,
  type Storage,
} from './storage.ts';

const BUCKET = 'ecogrid-test';
const bytes = (text: string) => new TextEncoder().encode(text);

let directory: string;
let server: Server;
let endpoint: string;
/** Requests that reached the fake S3 server. */
let requests = 0;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'ecogrid-storage-'));
  const fake = new S3rver({
    directory: path.join(directory, 's3'),
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await fake.configureBuckets();
  const handle = fake.callback();
  server = createServer((request, response) => {
    requests += 1;
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(directory, { recursive: true, force: true });
});

const s3Options = (prefix: string): S3StorageOptions => ({
  endpoint,
  region: 'us-east-1',
  bucket: BUCKET,
  // s3rver's built-in account.
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  prefix,
});

describe.each([
  ['folder', () => createFolderStorage(path.join(directory, `folder-${Math.random().toString(36).slice(2)}`))],
  ['S3', () => createS3Storage(s3Options(`run-${Math.random().toString(36).slice(2)}/`))],
] as const)('%s storage', (_name, create: () => Storage) => {
  it('returns the bytes that were put', async () => {
    const storage = create();
    const data = new Uint8Array(256).map((_, i) => i);
    await storage.put('products/abc123.webp', data);
    const read = await storage.get('products/abc123.webp');
    expect(read).toBeInstanceOf(Buffer);
    expect(new Uint8Array(read!)).toEqual(data);
  });

  it('replaces the bytes when a key is put again', async () => {
    const storage = create();
    await storage.put('products/again.webp', bytes('first'));
    await storage.put('products/again.webp', bytes('second'));
    expect((await storage.get('products/again.webp'))?.toString()).toBe('second');
  });

  it('returns null for a missing key', async () => {
    const storage = create();
    expect(await storage.get('products/missing.webp')).toBeNull();
  });

  it('tells whether a key exists', async () => {
    const storage = create();
    expect(await storage.exists('kyc/user-1/doc.pdf')).toBe(false);
    await storage.put('kyc/user-1/doc.pdf', bytes('%PDF-1.4'));
    expect(await storage.exists('kyc/user-1/doc.pdf')).toBe(true);
    expect(await storage.exists('kyc/user-1/other.pdf')).toBe(false);
  });

  it('removes a file, and a missing one without complaint', async () => {
    const storage = create();
    await storage.put('kyc/user-4/old.jpg', bytes('old'));
    await storage.put('kyc/user-4/new.jpg', bytes('new'));
    await storage.remove('kyc/user-4/old.jpg');
    expect(await storage.exists('kyc/user-4/old.jpg')).toBe(false);
    expect(await storage.get('kyc/user-4/old.jpg')).toBeNull();
    expect((await storage.get('kyc/user-4/new.jpg'))?.toString()).toBe('new');
    await expect(storage.remove('kyc/user-4/old.jpg')).resolves.toBeUndefined();
  });

  it('refuses keys with .., a leading dot, uppercase letters or no folder', async () => {
    const storage = create();
    for (const key of [
      'products/../secret.webp',
      '../products/a.webp',
      'products/.hidden',
      'Products/a.webp',
      'products/A.webp',
      'a.webp',
      '/products/a.webp',
    ]) {
      await expect(storage.put(key, bytes('x')), key).rejects.toThrow(/storage: refusing the key/);
      await expect(storage.get(key), key).rejects.toThrow(/storage: refusing the key/);
      await expect(storage.exists(key), key).rejects.toThrow(/storage: refusing the key/);
      await expect(storage.remove(key), key).rejects.toThrow(/storage: refusing the key/);
    }
  });
});

describe('S3 storage in a shared bucket', () => {
  it('refuses a bad key before sending any request', async () => {
    const storage = createS3Storage(s3Options('media/'));
    const before = requests;
    await expect(storage.put('products/../../x.webp', bytes('x'))).rejects.toThrow(/refusing the key/);
    await expect(storage.get('Products/x.webp')).rejects.toThrow(/refusing the key/);
    await expect(storage.exists('products/..')).rejects.toThrow(/refusing the key/);
    expect(requests).toBe(before);
  });

  it('keeps storages with different prefixes apart in one bucket', async () => {
    const media = createS3Storage(s3Options('media/'));
    const documents = createS3Storage(s3Options('documents/'));
    await media.put('products/shared.webp', bytes('a picture'));
    await documents.put('kyc/user-2/id.jpg', bytes('a document'));

    expect(await documents.exists('products/shared.webp')).toBe(false);
    expect(await documents.get('products/shared.webp')).toBeNull();
    expect(await media.exists('kyc/user-2/id.jpg')).toBe(false);
    expect(await media.get('kyc/user-2/id.jpg')).toBeNull();
    expect((await media.get('products/shared.webp'))?.toString()).toBe('a picture');
    expect((await documents.get('kyc/user-2/id.jpg'))?.toString()).toBe('a document');
  });

  it('stores each object under its prefix with a content type from the extension', async () => {
    const storage = createS3Storage(s3Options('media/'));
    await storage.put('products/typed.webp', bytes('webp'));
    await storage.put('kyc/user-3/scan.pdf', bytes('pdf'));
    await storage.put('kyc/user-3/blob.bin', bytes('bin'));
    const client = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const head = (key: string) => client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect((await head('media/products/typed.webp')).ContentType).toBe('image/webp');
    expect((await head('media/kyc/user-3/scan.pdf')).ContentType).toBe('application/pdf');
    expect((await head('media/kyc/user-3/blob.bin')).ContentType).toBe('application/octet-stream');
    client.destroy();
  });

  it('fails, rather than reporting a missing file, when the bucket does not exist', async () => {
    const storage = createS3Storage({ ...s3Options('media/'), bucket: 'no-such-bucket' });
    await expect(storage.get('products/x.webp')).rejects.toThrow();
  });
});

describe('createStorages', () => {
  const folders = { MEDIA_DIR: '/srv/media', DOCUMENTS_DIR: '/srv/data/documents' };
  const noS3 = {
    S3_BUCKET: undefined,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: undefined,
    S3_ACCESS_KEY_ID: undefined,
    S3_SECRET_ACCESS_KEY: undefined,
    S3_FORCE_PATH_STYLE: true,
  };

  it('uses the bucket, under media/ and documents/, when S3_BUCKET is set', async () => {
    const { storage, documents } = createStorages({
      ...folders,
      ...noS3,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    await storage.put('products/from-settings.webp', bytes('public'));
    await documents.put('kyc/user-4/from-settings.pdf', bytes('private'));
    const direct = (prefix: string) => createS3Storage(s3Options(prefix));
    expect((await direct('media/').get('products/from-settings.webp'))?.toString()).toBe('public');
    expect((await direct('documents/').get('kyc/user-4/from-settings.pdf'))?.toString()).toBe('private');
  });

  it('uses the two folders otherwise', async () => {
    const media = path.join(directory, 'settings-media');
    const documentsDir = path.join(directory, 'settings-documents');
    const { storage, documents } = createStorages({ ...noS3, MEDIA_DIR: media, DOCUMENTS_DIR: documentsDir });
    await storage.put('products/local.webp', bytes('public'));
    await documents.put('kyc/user-5/local.pdf', bytes('private'));
    expect((await createFolderStorage(media).get('products/local.webp'))?.toString()).toBe('public');
    expect((await createFolderStorage(documentsDir).get('kyc/user-5/local.pdf'))?.toString()).toBe('private');
  });
});
