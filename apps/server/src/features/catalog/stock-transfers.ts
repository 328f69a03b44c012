import type { StockMove, StockTransfer } from '@ecogrid/core/stock-locations';
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { products, stockLocationMoves } from '#src/db/schema/catalog.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { invalidCursor } from '#src/platform/pagination.ts';
import { auditCatalog, type Actor } from './admin-common.ts';
import { stockTransferred } from './stock-hooks.service.ts';
import { addAtLocation, quantityAt, takeFromLocation } from './stock-levels.ts';
import { namesOfLocations, stockLocationRow } from './stock-locations.ts';

/** Locks a product's row for the rest of the transaction (every stock writer does, first); its name. */
export async function lockProduct(tx: Tx, productId: string): Promise<{ name: string; sku: string }> {
  const [row] = await tx
    .select({ name: products.name, sku: products.sku })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!row) throw notFound('No product has this id.');
  return row;
}

export const notAtLocation = (product: string, place: string, have: number, want: number) =>
  new AppError(
    'stock_not_at_location',
    have === 0
      ? `${place} holds no ${product}. Nothing was changed.`
      : `${place} holds only ${have} of ${product}, not ${want}. Nothing was changed.`,
    422,
  );

/**
 * Moves units of a product from one location to another, in one transaction: the source gives
 * them only if it holds them all (never below zero, whatever runs at the same time), the
 * destination gets them, the named devices move with them, and the move and its audit entry
 * (`stock.transfer`) commit together. The product's stock and reserved do not change.
 */
export async function transferStock(db: Database, input: StockTransfer, actor: Actor): Promise<StockMove> {
  const id = await db.transaction(async (tx) => {
    const product = await lockProduct(tx, input.productId);
    const [from, to] = await Promise.all([
      stockLocationRow(tx, input.fromLocationId),
      stockLocationRow(tx, input.toLocationId),
    ]);
    if (!to.active)
      throw new AppError('validation_failed', 'That location no longer takes stock: choose another.', 422);
    const left = await takeFromLocation(tx, from.id, input.productId, input.quantity);
    if (left === null) {
      const names = await namesOfLocations(tx, [from.id]);
      throw notAtLocation(
        product.name,
        names.get(from.id)!.name,
        await quantityAt(tx, from.id, input.productId),
        input.quantity,
      );
    }
    await addAtLocation(tx, to.id, input.productId, input.quantity);
    const serials = [...new Set(input.serials ?? [])];
    await stockTransferred(tx, { productId: input.productId, fromLocationId: from.id, toLocationId: to.id, serials });
    const [move] = await tx
      .insert(stockLocationMoves)
      .values({
        kind: 'transfer',
        productId: input.productId,
        fromLocationId: from.id,
        toLocationId: to.id,
        quantity: input.quantity,
        note: input.note || null,
        serials,
        actorId: actor.adminId,
      })
      .returning({ id: stockLocationMoves.id });
    await auditCatalog(tx, actor, {
      action: 'stock.transfer',
      entityType: 'stock_transfer',
      entityId: String(move!.id),
      ...(input.note ? { reason: input.note } : {}),
      details: {
        sku: product.sku,
        productId: input.productId,
        from: from.id,
        to: to.id,
        quantity: input.quantity,
        serials,
        leftAtSource: left,
      },
    });
    return move!.id;
  });
  const [move] = (await listStockMoves(db, { moveId: id }, { limit: 1 })).items;
  return move!;
}

/** The moves of one location (to or from it) or one product, newest first, a page at a time. */
export async function listStockMoves(
  db: Database,
  of: { locationId?: string; productId?: string; moveId?: number },
  page: { limit: number; before?: string | undefined },
): Promise<{ items: StockMove[]; nextCursor: string | null }> {
  const before = page.before === undefined ? undefined : Number(page.before);
  if (before !== undefined && !(Number.isSafeInteger(before) && before > 0)) throw invalidCursor();
  const where: (SQL | undefined)[] = [before ? lt(stockLocationMoves.id, before) : undefined];
  if (of.locationId) {
    where.push(
      or(eq(stockLocationMoves.fromLocationId, of.locationId), eq(stockLocationMoves.toLocationId, of.locationId)),
    );
  }
  if (of.productId) where.push(eq(stockLocationMoves.productId, of.productId));
  if (of.moveId) where.push(eq(stockLocationMoves.id, of.moveId));
  const rows = await db
    .select({ move: stockLocationMoves, productName: products.name })
    .from(stockLocationMoves)
    .innerJoin(products, eq(products.id, stockLocationMoves.productId))
    .where(and(...where))
    .orderBy(desc(stockLocationMoves.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const [places, people] = await Promise.all([
    namesOfLocations(
      db,
      items.flatMap(({ move }) => [move.fromLocationId, move.toLocationId].filter((id) => id !== null)),
    ),
    userSummaries(db, [...new Set(items.flatMap(({ move }) => (move.actorId ? [move.actorId] : [])))]),
  ]);
  const placeName = (id: string | null) => (id ? (places.get(id)?.name ?? null) : null);
  return {
    items: items.map(({ move, productName }) => ({
      id: move.id,
      kind: move.kind,
      productId: move.productId,
      productName,
      fromLocationId: move.fromLocationId,
      fromName: placeName(move.fromLocationId),
      toLocationId: move.toLocationId,
      toName: placeName(move.toLocationId),
      quantity: move.quantity,
      note: move.note,
      serials: move.serials,
      orderId: move.orderId,
      actorName: move.actorId ? (people.get(move.actorId)?.name ?? null) : null,
      createdAt: move.createdAt.toISOString(),
    })),
    nextCursor: rows.length > page.limit ? String(items.at(-1)!.move.id) : null,
  };
}
