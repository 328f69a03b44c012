import type { OrderStatus } from '@ecogrid/core/orders';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { orderLines, orders } from '#src/db/schema/orders.ts';

/** Orders whose units reached, or are on their way to, a customer: paid for and not cancelled. */
const SOLD: OrderStatus[] = ['paid', 'processing', 'shipped', 'delivered', 'completed'];

/** Units sold and the customers (households) who bought them, in one aggregate query. */
export async function salesReach(db: Database): Promise<{ unitsSold: number; householdsServed: number }> {
  const [row] = await db
    .select({
      units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
      households: sql<number>`count(distinct ${orders.userId})::int`,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(inArray(orders.status, SOLD));
  return { unitsSold: Number(row?.units ?? 0), householdsServed: Number(row?.households ?? 0) };
}
