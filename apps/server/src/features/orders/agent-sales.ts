import { and, eq, gte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { orders } from '#src/db/schema/orders.ts';

/**
 * What an agent sold since a moment: the orders marked as sold by them that were paid (not
 * waiting for payment nor cancelled), by total (a credit order at the loan's credit price), and
 * how many. Read through orders_sold_by_idx (sold_by, created_at).
 */
export async function agentSalesSince(db: Database, agentId: string, since: Date) {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${orders.total}), 0)::bigint`.mapWith(Number),
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        eq(orders.soldBy, agentId),
        gte(orders.createdAt, since.toISOString()),
        notInArray(orders.status, ['pending_payment', 'cancelled']),
      ),
    );
  return { total: row?.total ?? 0, count: row?.count ?? 0 };
}
