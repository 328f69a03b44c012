import type { StockAdjustment, StockMovement } from '@ecogrid/core/catalog-admin';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { products, stockLocationMoves, stockMovements } from '#src/db/schema/catalog.ts';
import { auditTrailForAdmin } from '#src/features/audit/audit.service.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { announceCatalogChange, auditCatalog, toAdminProduct, type Actor, type CatalogDeps } from './admin-common.ts';
import { productRowForAdmin } from './admin-products.ts';
import { invalidCursor } from '#src/platform/pagination.ts';
import { addAtLocation, mainLocationId, quantityAt, takeFromLocation } from './stock-levels.ts';
import { namesOfLocations, stockLocationRow } from './stock-locations.ts';
import { notAtLocation } from './stock-transfers.ts';

/** The newest movements shown with a product; older ones come a page at a time. */
export const MOVEMENTS_PAGE = 20;
/** The newest audit entries shown with a product. */
const AUDIT_SHOWN = 50;

async function actorNames(db: Database, ids: (string | null)[]) {
  const summaries = await userSummaries(db, [...new Set(ids.filter((id): id is string => id !== null))]);
  return (id: string | null) => (id ? (summaries.get(id)?.name ?? null) : null);
}

/** A product's stock movements, newest first; `before` is the id the previous page ended at. */
export async function listStockMovements(
  db: Database,
  productId: string,
  page: { limit: number; before?: string | undefined },
): Promise<{ items: StockMovement[]; nextCursor: string | null }> {
  const before = page.before === undefined ? undefined : Number(page.before);
  if (before !== undefined && !(Number.isSafeInteger(before) && before > 0)) {
    throw invalidCursor();
  }
  const rows = await db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.productId, productId), before ? lt(stockMovements.id, before) : undefined))
    .orderBy(desc(stockMovements.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const name = await actorNames(
    db,
    items.map((r) => r.actorId),
  );
  return {
    items: items.map((r) => ({
      id: r.id,
      kind: r.kind,
      change: r.change,
      stockAfter: r.stockAfter,
      reason: r.reason,
      orderId: r.orderId,
      actorId: r.actorId,
      actorName: name(r.actorId),
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > page.limit ? String(items.at(-1)!.id) : null,
  };
}

/** One product with its newest stock movements and what admins did to it (newest first). */
export async function productDetailForAdmin(db: Database, id: string) {
  const row = await productRowForAdmin(db, id);
  const [movements, audit] = await Promise.all([
    listStockMovements(db, id, { limit: MOVEMENTS_PAGE }),
    auditTrailForAdmin(db, 'product', id, { newestFirst: true, limit: AUDIT_SHOWN }),
  ]);
  return { product: toAdminProduct(row), movements, audit };
}

/**
 * Adds or removes units by hand (a delivery, a stock count, breakage) at a location (the main
 * warehouse unless named), with the reason. One statement changes the stock only if it stays at
 * zero or above, and units leave a location only if it holds them, so two adjustments (or an
 * adjustment and an order) at once can never take either below zero or lose one another's
 * change; the movement, the location's move and the audit entry commit with it.
 */
export async function adjustStock(deps: CatalogDeps, id: string, input: StockAdjustment, actor: Actor) {
  return deps.db.transaction(async (tx) => {
    const locationId = input.locationId ?? (await mainLocationId(tx));
    const location = await stockLocationRow(tx, locationId);
    const [row] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${input.change}` })
      .where(and(eq(products.id, id), sql`${products.stock} + ${input.change} >= 0`))
      .returning();
    if (!row) {
      const [product] = await tx
        .select({ stock: products.stock, name: products.name })
        .from(products)
        .where(eq(products.id, id));
      if (!product) throw notFound('No product has this id.');
      throw new AppError(
        'stock_below_zero',
        `Only ${product.stock} of ${product.name} in stock: removing ${-input.change} would take it below zero. Nothing was changed.`,
        422,
      );
    }
    if (input.change > 0) {
      await addAtLocation(tx, location.id, id, input.change);
    } else if ((await takeFromLocation(tx, location.id, id, -input.change)) === null) {
      const place = (await namesOfLocations(tx, [location.id])).get(location.id)!.name;
      throw notAtLocation(row.name, place, await quantityAt(tx, location.id, id), -input.change);
    }
    const [movement] = await tx
      .insert(stockMovements)
      .values({
        productId: id,
        kind: 'adjustment',
        change: input.change,
        stockAfter: row.stock,
        reason: input.reason,
        actorId: actor.adminId,
        locationId: location.id,
      })
      .returning();
    await tx.insert(stockLocationMoves).values({
      kind: input.change > 0 ? 'received' : 'removed',
      productId: id,
      ...(input.change > 0 ? { toLocationId: location.id } : { fromLocationId: location.id }),
      quantity: Math.abs(input.change),
      note: input.reason,
      actorId: actor.adminId,
    });
    await auditCatalog(tx, actor, {
      action: 'product.stock_adjust',
      entityType: 'product',
      entityId: id,
      reason: input.reason,
      details: {
        sku: row.sku,
        change: input.change,
        stockAfter: row.stock,
        movementId: movement!.id,
        locationId: location.id,
      },
    });
    await announceCatalogChange(deps, tx, { productId: id });
    return { product: toAdminProduct(row), movementId: movement!.id };
  });
}
