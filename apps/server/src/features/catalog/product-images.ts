import { createHash } from 'node:crypto';
import { CATALOG_LIMITS, PRODUCT_IMAGE_TYPES } from '@ecogrid/core/catalog-admin';
import { eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { products } from '#src/db/schema/catalog.ts';
import { AppError } from '#src/platform/errors.ts';
import type { Storage } from '#src/platform/storage.ts';
import { announceCatalogChange, auditCatalog, toAdminProduct, type Actor, type CatalogDeps } from './admin-common.ts';
import { productRowForAdmin } from './admin-products.ts';

/** Pictures are served from here; the file names are the content's hash, so they never change. */
export const MEDIA_PREFIX = '/media/products/';
/** What a stored picture's file name looks like: `<hash>.webp` (1200 px) or `<hash>-400.webp`. */
export const MEDIA_FILE = /^[0-9a-f]{32}(?:-400)?\.webp$/;

const SIZES = { large: 1_200, small: 400 } as const;
/** Smaller than this on either side and a picture looks blurred on a product page. */
const MIN_SIDE = 200;
/** A decompression bomb (a small file that decodes to billions of pixels) is refused before it is decoded. */
const MAX_PIXELS = 50_000_000;

const refused = (message: string, status: 413 | 415 | 422 = 422) =>
  new AppError(status === 415 ? 'unsupported_image' : 'bad_image', message, status);

/**
 * Checks an upload by its content (not its name or the type the browser claimed), decodes it,
 * turns it upright, and writes two WebP versions without any metadata (no camera, no GPS
 * position): the longest side at most 1200 px for the product page, and 400 px for cards.
 */
export async function processProductImage(bytes: Uint8Array): Promise<{ large: Buffer; small: Buffer }> {
  if (bytes.byteLength > CATALOG_LIMITS.images.bytes) {
    throw refused('The picture is larger than 8 MB. Choose a smaller one.', 413);
  }
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(PRODUCT_IMAGE_TYPES as readonly string[]).includes(type.mime)) {
    throw refused(
      `This file is not a JPEG, PNG or WebP picture${type ? ` (it is ${type.ext.toUpperCase()})` : ''}. Choose a photo in one of those formats.`,
      415,
    );
  }
  const open = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
  try {
    const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (width * height > MAX_PIXELS) {
      throw refused(`The picture is ${width} × ${height} pixels, too large to handle. Choose one under 50 megapixels.`);
    }
    if (Math.min(width, height) < MIN_SIDE) {
      throw refused(`The picture is ${width} × ${height} pixels; it needs at least ${MIN_SIDE} pixels on each side.`);
    }
    const resize = (side: number) => ({ width: side, height: side, fit: 'inside' as const, withoutEnlargement: true });
    const [large, small] = await Promise.all([
      open().resize(resize(SIZES.large)).webp({ quality: 82 }).toBuffer(),
      open().resize(resize(SIZES.small)).webp({ quality: 78 }).toBuffer(),
    ]);
    return { large, small };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refused('The picture could not be read: the file may be damaged. Try saving it again or choose another.');
  }
}

/**
 * Adds a picture to a product (last; the first is the main one). The files are written before
 * the product names them, so no shopper ever gets a link to a missing file. The same picture
 * uploaded twice has the same name and is listed once.
 */
export async function addProductImage(
  deps: CatalogDeps & { storage: Storage },
  id: string,
  bytes: Uint8Array,
  actor: Actor,
) {
  await productRowForAdmin(deps.db, id);
  const { large, small } = await processProductImage(bytes);
  const hash = createHash('sha256').update(large).digest('hex').slice(0, 32);
  await Promise.all([
    deps.storage.put(`products/${hash}.webp`, large),
    deps.storage.put(`products/${hash}-400.webp`, small),
  ]);
  const url = `${MEDIA_PREFIX}${hash}.webp`;
  return deps.db.transaction(async (tx) => {
    const before = await productRowForAdmin(tx, id, true);
    if (before.images.includes(url)) return toAdminProduct(before);
    if (before.images.length >= CATALOG_LIMITS.images.max) {
      throw refused(`A product has at most ${CATALOG_LIMITS.images.max} pictures. Remove one first.`);
    }
    const [row] = await tx
      .update(products)
      .set({ images: [...before.images, url], updatedAt: sql`now()` })
      .where(eq(products.id, id))
      .returning();
    await auditCatalog(tx, actor, {
      action: 'product.image_add',
      entityType: 'product',
      entityId: id,
      details: { sku: row!.sku, url, bytes: bytes.byteLength },
    });
    await announceCatalogChange(deps, tx, { productId: id });
    return toAdminProduct(row!);
  });
}

/**
 * Removes a picture from a product, or makes it the main (first) one. Removed files are kept:
 * past orders show the picture the customer bought.
 */
export async function changeProductImages(
  deps: CatalogDeps,
  id: string,
  change: { remove: string } | { main: string },
  actor: Actor,
) {
  return deps.db.transaction(async (tx) => {
    const before = await productRowForAdmin(tx, id, true);
    const url = 'remove' in change ? change.remove : change.main;
    if (!before.images.includes(url)) {
      throw new AppError('not_found', 'This picture is not one of the product’s pictures. Reload the page.', 404);
    }
    const images =
      'remove' in change
        ? before.images.filter((image) => image !== url)
        : [url, ...before.images.filter((i) => i !== url)];
    if (images.join('\n') === before.images.join('\n')) return toAdminProduct(before);
    const [row] = await tx
      .update(products)
      .set({ images, updatedAt: sql`now()` })
      .where(eq(products.id, id))
      .returning();
    await auditCatalog(tx, actor, {
      action: 'remove' in change ? 'product.image_remove' : 'product.image_main',
      entityType: 'product',
      entityId: id,
      details: { sku: row!.sku, url, images: { before: before.images, after: images } },
    });
    await announceCatalogChange(deps, tx, { productId: id });
    return toAdminProduct(row!);
  });
}
