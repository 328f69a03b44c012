import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { orderLines, orders } from '#src/db/schema/orders.ts';

/**
 * Customers who bought any of these products: an order line of it in an order that was paid
 * for or is on credit (not waiting for its payment, not cancelled). For an SMS campaign's segment.
 */
export async function customerIdsWhoBought(db: Database | Tx, productIds: string[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: orders.userId })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(inArray(orderLines.productId, productIds), notInArray(orders.status, ['pending_payment', 'cancelled'])));
  return rows.map((r) => r.userId);
}
