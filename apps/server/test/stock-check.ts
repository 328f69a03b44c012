import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '#src/db/client.ts';

/** One product's figures, for the invariant's check and the tests' expectations. */
export type StockFigures = { stock: number; reserved: number; at: Record<string, number> };

/**
 * Decision 024's invariant, over every product: stock + reserved = the units its locations hold,
 * and no location holds fewer than none. The products that break it, empty when it holds.
 */
export async function stockInvariantBreaches(db: Database) {
  const result = (await db.execute(sql`
    select p.id, p.stock, p.reserved, coalesce(sum(l.quantity), 0)::int as held, min(l.quantity) as lowest
    from products p left join stock_levels l on l.product_id = p.id
    group by p.id
    having p.stock + p.reserved <> coalesce(sum(l.quantity), 0) or min(l.quantity) < 0`)) as unknown as {
    rows: { id: string; stock: number; reserved: number; held: number }[];
  };
  return result.rows;
}

/** Fails the test when any product breaks the invariant. */
export async function expectStockInvariant(db: Database) {
  expect(await stockInvariantBreaches(db)).toEqual([]);
}

/** A product's stock, reserved and units per location id (locations holding none left out). */
export async function stockFigures(db: Database, productId: string): Promise<StockFigures> {
  const product = (await db.execute(sql`select stock, reserved from products where id = ${productId}`)) as unknown as {
    rows: { stock: number; reserved: number }[];
  };
  const levels = (await db.execute(
    sql`select location_id, quantity from stock_levels where product_id = ${productId} and quantity > 0`,
  )) as unknown as { rows: { location_id: string; quantity: number }[] };
  return {
    stock: product.rows[0]!.stock,
    reserved: product.rows[0]!.reserved,
    at: Object.fromEntries(levels.rows.map((r) => [r.location_id, r.quantity])),
  };
}

/** The main warehouse's id. */
export async function mainWarehouseId(db: Database): Promise<string> {
  const result = (await db.execute(sql`select id from stock_locations where is_main`)) as unknown as {
    rows: { id: string }[];
  };
  return result.rows[0]!.id;
}
