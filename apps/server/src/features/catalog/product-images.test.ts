import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/db/schema/catalog.ts';
import { client, signedInAdmin, signedInCustomer, type Client } from '../../../test/catalog-admin.ts';
import { insertProduct } from '../../../test/factories.ts';
import { auditTrail } from '#src/features/audit/audit.service.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ api: admin } = await signedInAdmin(ctx));
});
afterAll(async () => ctx.close());

const imagesPath = (id: string) => `/api/admin/catalog/products/${id}/images`;

/** A photo as a phone takes it: JPEG, held sideways (EXIF orientation 6), with the maker and a GPS position. */
function phonePhoto(width = 1600, height = 900, colour = '#2e7d32') {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'Tecno', Model: 'Spark 10' }, IFD3: { GPSLatitudeRef: 'N' } })
    .jpeg()
    .toBuffer();
}
const png = (width: number, height: number, colour = '#f9a825') =>
  sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();

const rowOf = async (id: string) => (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!;
const storedFiles = () => {
  const dir = path.join(ctx.mediaDir, 'products');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

describe('uploading product pictures', () => {
  it('stores an upright 1200 px WebP and a 400 px one without metadata, and serves them for a year', async () => {
    const product = await insertProduct(ctx.db, { images: ['/img/products/demo-1.svg'] });
    const photo = await phonePhoto();
    const original = await sharp(photo).metadata();
    expect([original.orientation, original.exif?.includes('Tecno')]).toEqual([6, true]);
    const { status, body } = await admin.upload(imagesPath(product.id), photo, 'IMG_2041.JPG');
    expect(status).toBe(201);
    expect(body.images).toHaveLength(2);
    const url = body.images[1] as string;
    expect(url).toMatch(/^\/media\/products\/[0-9a-f]{32}\.webp$/);

    const served = await ctx.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const large = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    // Turned upright: the 1600 × 900 photo was held sideways, so it is 900 wide, at most 1200 on its longest side.
    expect([large.format, large.width, large.height]).toEqual(['webp', 675, 1200]);
    expect(large.exif).toBeUndefined();
    expect(large.orientation).toBeUndefined();

    const small = await ctx.request(url.replace('.webp', '-400.webp'));
    const smallMeta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([smallMeta.width, smallMeta.height, smallMeta.exif]).toEqual([225, 400, undefined]);
    expect((await rowOf(product.id)).images).toEqual(['/img/products/demo-1.svg', url]);
    const [audit] = await auditTrail(ctx.db, 'product', product.id);
    expect(audit).toMatchObject({ action: 'product.image_add', details: expect.objectContaining({ url }) });
  });

  it('keeps a small picture at its own size and lists the same picture once', async () => {
    const product = await insertProduct(ctx.db);
    const picture = await png(300, 240);
    const first = await admin.upload(imagesPath(product.id), picture, 'lamp.png', 'image/png');
    const again = await admin.upload(imagesPath(product.id), picture, 'lamp-copy.png', 'image/png');
    expect(first.status).toBe(201);
    expect(again.body.images).toEqual(first.body.images);
    const meta = await sharp(Buffer.from(await (await ctx.request(first.body.images[0])).arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([300, 240]);
  });

  it('refuses a text file named .jpg by its content with 415, storing nothing', async () => {
    const product = await insertProduct(ctx.db);
    const before = storedFiles();
    const text = new TextEncoder().encode(
      'This is not a photo, just some words in a file called lamp.jpg\n'.repeat(20),
    );
    const { status, body } = await admin.upload(imagesPath(product.id), text, 'lamp.jpg', 'image/jpeg');
    expect(status).toBe(415);
    expect(body.error).toEqual({
      code: 'unsupported_image',
      message: 'This file is not a JPEG, PNG or WebP picture. Choose a photo in one of those formats.',
    });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const refusedGif = await admin.upload(imagesPath(product.id), gif, 'lamp.png', 'image/png');
    expect(refusedGif.status).toBe(415);
    expect(refusedGif.body.error.message).toMatch(/\(it is GIF\)/);
    expect((await rowOf(product.id)).images).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a damaged, a tiny and an over-8 MB picture with a clear message', async () => {
    const product = await insertProduct(ctx.db);
    const photo = await phonePhoto();
    const damaged = await admin.upload(imagesPath(product.id), photo.subarray(0, 400));
    expect(damaged.status).toBe(422);
    expect(damaged.body.error.message).toMatch(/could not be read: the file may be damaged/);
    const tiny = await admin.upload(imagesPath(product.id), await png(120, 80), 'icon.png');
    expect(tiny.status).toBe(422);
    expect(tiny.body.error.message).toBe('The picture is 120 × 80 pixels; it needs at least 200 pixels on each side.');
    const huge = new Uint8Array(8 * 1024 * 1024 + 100 * 1024);
    huge.set(photo);
    const tooLarge = await admin.upload(imagesPath(product.id), huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.message).toBe('The picture is larger than 8 MB. Choose a smaller one.');
    expect((await admin.upload(imagesPath(product.id), new Uint8Array())).status).toBe(400);
    expect((await rowOf(product.id)).images).toEqual([]);
  });

  it('is for admins only and answers an unknown product with 404', async () => {
    const product = await insertProduct(ctx.db);
    const photo = await png(300, 300);
    expect((await client(ctx).upload(imagesPath(product.id), photo)).status).toBe(401);
    expect((await (await signedInCustomer(ctx)).api.upload(imagesPath(product.id), photo)).status).toBe(403);
    expect((await admin.upload(imagesPath('00000000-0000-4000-8000-000000000000'), photo)).status).toBe(404);
  });

  it('holds at most 8 pictures per product', async () => {
    const images = Array.from({ length: 8 }, (_, i) => `/img/products/demo-${i}.svg`);
    const product = await insertProduct(ctx.db, { images });
    const { status, body } = await admin.upload(imagesPath(product.id), await png(300, 300, '#123456'));
    expect(status).toBe(422);
    expect(body.error.message).toBe('A product has at most 8 pictures. Remove one first.');
  });
});

describe('arranging product pictures', () => {
  const images = ['/img/products/a-1.svg', '/img/products/a-2.svg', '/img/products/a-3.svg'];

  it('makes a picture the main one and removes one, audited, and shoppers see it at once', async () => {
    const product = await insertProduct(ctx.db, { images });
    const main = await admin.post(`${imagesPath(product.id)}/main`, { url: images[2] });
    expect(main.status).toBe(200);
    expect(main.body.images).toEqual([images[2], images[0], images[1]]);
    const removed = await admin.delete(`${imagesPath(product.id)}?url=${encodeURIComponent(images[0]!)}`);
    expect(removed.body.images).toEqual([images[2], images[1]]);
    const shop = await client(ctx).get(`/api/catalog/products/${product.id}`);
    expect(shop.body.images).toEqual([images[2], images[1]]);
    const audit = await auditTrail(ctx.db, 'product', product.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['product.image_main', 'product.image_remove']);
  });

  it('refuses a picture the product does not have with 404, changing nothing', async () => {
    const product = await insertProduct(ctx.db, { images });
    const missing = await admin.delete(`${imagesPath(product.id)}?url=${encodeURIComponent('/img/products/b.svg')}`);
    expect(missing.status).toBe(404);
    expect((await admin.post(`${imagesPath(product.id)}/main`, { url: '/elsewhere.png' })).status).toBe(404);
    expect((await admin.post(`${imagesPath(product.id)}/main`, {})).status).toBe(400);
    expect((await rowOf(product.id)).images).toEqual(images);
  });
});

describe('GET /media/products/{file}', () => {
  it('answers names the app never makes, and missing files, with 404', async () => {
    for (const file of [
      '0123456789abcdef0123456789abcdef.webp',
      '..%2F..%2Fpackage.json',
      'notes.txt',
      '0123456789abcdef0123456789abcdef.webp.tmp',
    ]) {
      expect((await ctx.request(`/media/products/${file}`)).status, file).toBe(404);
    }
  });
});
