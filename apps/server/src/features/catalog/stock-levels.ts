import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { stockLevels, stockLocations } from '#src/db/schema/catalog.ts';

/**
 * The units each location holds. Decision 024's invariant: for every product,
 * products.stock + products.reserved = the sum of its stock_levels. Every change here comes with
 * the matching change of the product's row in the same transaction, and every writer locks the
 * product's row first (an UPDATE or SELECT … FOR UPDATE), so two changes of one product queue.
 */

/** The main warehouse's id: stock from before locations and new products' opening stock are there. */
export async function mainLocationId(db: Database | Tx): Promise<string> {
  const [row] = await db.select({ id: stockLocations.id }).from(stockLocations).where(eq(stockLocations.isMain, true));
  if (!row) throw new Error('No main warehouse: migration 0042 creates it');
  return row.id;
}

/** Adds units at a location. */
export async function addAtLocation(tx: Tx, locationId: string, productId: string, quantity: number): Promise<number> {
  const [row] = await tx
    .insert(stockLevels)
    .values({ locationId, productId, quantity })
    .onConflictDoUpdate({
      target: [stockLevels.locationId, stockLevels.productId],
      set: { quantity: sql`${stockLevels.quantity} + ${quantity}` },
    })
    .returning({ quantity: stockLevels.quantity });
  return row!.quantity;
}

/**
 * Takes units from a location only if it holds them all (one conditional UPDATE, so it never
 * goes below zero); the quantity left, or null when it did not hold enough.
 */
export async function takeFromLocation(
  tx: Tx,
  locationId: string,
  productId: string,
  quantity: number,
): Promise<number | null> {
  const [row] = await tx
    .update(stockLevels)
    .set({ quantity: sql`${stockLevels.quantity} - ${quantity}` })
    .where(
      and(
        eq(stockLevels.locationId, locationId),
        eq(stockLevels.productId, productId),
        sql`${stockLevels.quantity} >= ${quantity}`,
      ),
    )
    .returning({ quantity: stockLevels.quantity });
  return row ? row.quantity : null;
}

/** How many units of a product a location holds now. */
export async function quantityAt(db: Database | Tx, locationId: string, productId: string): Promise<number> {
  const [row] = await db
    .select({ quantity: stockLevels.quantity })
    .from(stockLevels)
    .where(and(eq(stockLevels.locationId, locationId), eq(stockLevels.productId, productId)));
  return row?.quantity ?? 0;
}
