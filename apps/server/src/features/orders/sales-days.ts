import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#src/db/client.ts';

/**
 * Cash sales per Kampala day in [start, end): orders paid then, not on credit (a credit order's
 * price is a loan's, counted when the loan starts), not cancelled since. One grouped query through
 * orders_paid_idx.
 */
export async function cashSalesByDay(db: Database, start: Date, end: Date) {
  return queryRows<{ day: string; amount: number; count: number }>(
    db,
    sql`select to_char((paid_at at time zone 'UTC') + interval '3 hours', 'YYYY-MM-DD') as day,
          coalesce(sum(total), 0)::bigint::float8 as amount, count(*)::int as count
        from orders
        where paid_at >= ${start.toISOString()} and paid_at < ${end.toISOString()}
          and not on_credit and status <> 'cancelled'
        group by 1`,
  );
}
