import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#src/db/client.ts';

/** Every product's name, category and stock now, by name: the catalogue is small (hundreds). */
export async function productStock(db: Database, category?: string) {
  return queryRows<{
    id: string;
    name: string;
    sku: string;
    category: string;
    categoryName: string;
    price: number;
    stock: number;
    active: boolean;
    loanEligible: boolean;
  }>(
    db,
    sql`select p.id, p.name, p.sku, p.category, c.name as "categoryName", p.price::float8 as price, p.stock, p.active,
          p.loan_eligible as "loanEligible"
        from products p join categories c on c.slug = p.category
        ${category ? sql`where p.category = ${category}` : sql``}
        order by p.name, p.id`,
  );
}

/**
 * Stock movements in [start, end) by product and kind (admin adjustments, units reserved by
 * orders, units orders gave back), through stock_movements_created_idx.
 */
export async function stockMovementsByProduct(db: Database, range: { start: Date; end: Date }) {
  return queryRows<{ productId: string; kind: string; change: number; moves: number }>(
    db,
    sql`select product_id as "productId", kind, sum(change)::int as change, count(*)::int as moves
        from stock_movements
        where created_at >= ${range.start.toISOString()} and created_at < ${range.end.toISOString()}
        group by 1, 2`,
  );
}
