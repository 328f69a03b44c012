import { and, gte, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { orders } from '#src/db/schema/orders.ts';
import { totalColumns, totalsFor, type Totals } from '#src/platform/group-totals.ts';

/**
 * What each agent sold since a moment: the orders marked as sold by them that were paid (not
 * waiting for payment nor cancelled), by total (a credit order at the loan's credit price), and
 * how many, in one query for all the agents. Read through orders_sold_by_idx (sold_by, created_at).
 */
export async function agentSalesSince(db: Database, agentIds: string[], since: Date): Promise<Map<string, Totals>> {
  const rows =
    agentIds.length === 0
      ? []
      : await db
          .select({ key: orders.soldBy, ...totalColumns(orders.total) })
          .from(orders)
          .where(
            and(
              inArray(orders.soldBy, agentIds),
              gte(orders.createdAt, since.toISOString()),
              notInArray(orders.status, ['pending_payment', 'cancelled']),
            ),
          )
          .groupBy(orders.soldBy);
  return totalsFor(agentIds, rows);
}
