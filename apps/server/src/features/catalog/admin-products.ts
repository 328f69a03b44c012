import { canonicalJson } from '@ecogrid/core/canonical-json';
import {
  slugify,
  type AdminProduct,
  type ProductCreateData,
  type ProductUpdateData,
} from '@ecogrid/core/catalog-admin';
import { and, desc, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { categories, products, stockLocationMoves, stockMovements, type ProductRow } from '#src/db/schema/catalog.ts';
import { addAtLocation, mainLocationId } from './stock-levels.ts';
import { isConstraintViolation } from '#src/platform/db-errors.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { announceCatalogChange, auditCatalog, toAdminProduct, type Actor, type CatalogDeps } from './admin-common.ts';
import { decodeCursor, encodeCursor } from './catalog.cursor.ts';
import { containsPattern, startsWithPattern } from '#src/platform/sql-text.ts';

export type AdminProductQuery = {
  q?: string | undefined;
  category?: string | undefined;
  active?: boolean | undefined;
  limit: number;
  cursor?: string | undefined;
};

/** Every product, inactive ones too, newest first: search by name or SKU (every word), filters, keyset pages. */
export async function listProductsForAdmin(db: Database, query: AdminProductQuery) {
  const words = query.q?.split(/\s+/).filter(Boolean).slice(0, 8) ?? [];
  const cursor = query.cursor ? decodeCursor(query.cursor, 'newest') : undefined;
  const conditions: (SQL | undefined)[] = words.map((word) =>
    or(ilike(products.name, containsPattern(word)), ilike(products.sku, containsPattern(word))),
  );
  if (query.category) conditions.push(eq(products.category, query.category));
  if (query.active !== undefined) conditions.push(eq(products.active, query.active));
  if (cursor) {
    conditions.push(sql`(${products.createdAt}, ${products.id}) < (${cursor.value}::timestamptz, ${cursor.id}::uuid)`);
  }
  const rows = await db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toAdminProduct),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ sort: 'newest', value: last.createdAt, id: last.id }) : null,
  };
}

export async function productRowForAdmin(db: Database | Tx, id: string, lock = false): Promise<ProductRow> {
  const select = db.select().from(products).where(eq(products.id, id));
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw notFound('No product has this id.');
  return row;
}

/**
 * The category a product is put in must exist, and be active if the product is on sale. Its row
 * is share-locked until the change commits, so a deactivation of the category waits for it and
 * then sees the product.
 */
async function checkCategory(tx: Tx, slug: string, onSale = true): Promise<void> {
  const [category] = await tx
    .select({ active: categories.active, name: categories.name })
    .from(categories)
    .where(eq(categories.slug, slug))
    .for('share');
  if (!category) {
    throw new AppError('unknown_category', `There is no category "${slug}". Add it under Categories first.`, 422);
  }
  if (onSale && !category.active) {
    throw new AppError(
      'inactive_category',
      `The category ${category.name} is deactivated. Reactivate it first, or choose another category.`,
      422,
    );
  }
}

/** The name's slug, made unique with -2, -3, … when another product already has it. */
async function freeSlug(tx: Tx, name: string): Promise<string> {
  const base = slugify(name) || 'product';
  const taken = new Set(
    (
      await tx
        .select({ slug: products.slug })
        .from(products)
        .where(or(eq(products.slug, base), like(products.slug, startsWithPattern(`${base}-`))))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

const skuTaken = (sku: string) =>
  new AppError('sku_taken', `Another product already has the SKU ${sku}. Each product needs its own SKU.`, 409);

/** A new product; its opening stock is its first stock movement ('Opening stock'). The slug follows from the name, once. */
export async function createProduct(deps: CatalogDeps, input: ProductCreateData, actor: Actor) {
  try {
    return await deps.db.transaction(async (tx) => {
      await checkCategory(tx, input.category);
      const [row] = await tx
        .insert(products)
        .values({ ...input, slug: await freeSlug(tx, input.name), images: [] })
        .returning();
      const product = row!;
      if (product.stock > 0) {
        // The opening stock is at the main warehouse (decision 024).
        const locationId = await mainLocationId(tx);
        await addAtLocation(tx, locationId, product.id, product.stock);
        await tx.insert(stockMovements).values({
          productId: product.id,
          kind: 'adjustment',
          change: product.stock,
          stockAfter: product.stock,
          reason: 'Opening stock',
          actorId: actor.adminId,
          locationId,
        });
        await tx.insert(stockLocationMoves).values({
          kind: 'received',
          productId: product.id,
          toLocationId: locationId,
          quantity: product.stock,
          note: 'Opening stock',
          actorId: actor.adminId,
        });
      }
      await auditCatalog(tx, actor, {
        action: 'product.create',
        entityType: 'product',
        entityId: product.id,
        details: { sku: product.sku, name: product.name, price: product.price, stock: product.stock },
      });
      await announceCatalogChange(deps, tx, { productId: product.id });
      return toAdminProduct(product);
    });
  } catch (error) {
    if (isConstraintViolation(error, 'products_sku_unique')) throw skuTaken(input.sku);
    if (isConstraintViolation(error, 'products_slug_unique')) {
      throw new AppError('busy', 'Another product with this name was added at the same moment. Try again.', 409);
    }
    throw error;
  }
}

const EDITABLE = [
  'sku',
  'name',
  'description',
  'category',
  'brand',
  'price',
  'taxClass',
  'loanEligible',
  'specs',
] as const satisfies readonly (keyof ProductRow)[];

/**
 * Changes the fields given; the audit entry lists each changed field before and after. A field
 * given with its current value is no change, and a request that changes nothing writes nothing.
 */
export async function updateProduct(
  deps: CatalogDeps,
  id: string,
  input: ProductUpdateData,
  actor: Actor,
): Promise<AdminProduct> {
  try {
    return await deps.db.transaction(async (tx) => {
      const before = await productRowForAdmin(tx, id, true);
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      for (const field of EDITABLE) {
        const after = input[field];
        // Compared without regard to key order: the database keeps a JSON object's keys its own way.
        if (after !== undefined && canonicalJson(after) !== canonicalJson(before[field])) {
          changes[field] = { before: before[field], after };
        }
      }
      if (Object.keys(changes).length === 0) return toAdminProduct(before);
      if (changes.category) await checkCategory(tx, input.category!, before.active);
      const set = Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, change.after]));
      const [row] = await tx
        .update(products)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(products.id, id))
        .returning();
      await auditCatalog(tx, actor, {
        action: 'product.update',
        entityType: 'product',
        entityId: id,
        details: { sku: row!.sku, changes },
      });
      await announceCatalogChange(deps, tx, { productId: id });
      return toAdminProduct(row!);
    });
  } catch (error) {
    if (isConstraintViolation(error, 'products_sku_unique')) throw skuTaken(input.sku ?? '');
    throw error;
  }
}

/**
 * Takes a product off sale (or puts it back). Nothing is ever deleted: orders and carts refer to
 * products. A product goes back on sale only in an active category.
 */
export async function setProductActive(deps: CatalogDeps, id: string, active: boolean, actor: Actor) {
  return deps.db.transaction(async (tx) => {
    const before = await productRowForAdmin(tx, id, true);
    if (before.active === active) return toAdminProduct(before);
    if (active) await checkCategory(tx, before.category);
    const [row] = await tx
      .update(products)
      .set({ active, updatedAt: sql`now()` })
      .where(eq(products.id, id))
      .returning();
    await auditCatalog(tx, actor, {
      action: active ? 'product.reactivate' : 'product.deactivate',
      entityType: 'product',
      entityId: id,
      details: { sku: row!.sku, name: row!.name },
    });
    await announceCatalogChange(deps, tx, { productId: id });
    return toAdminProduct(row!);
  });
}
