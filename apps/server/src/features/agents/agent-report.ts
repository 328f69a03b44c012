import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#src/db/client.ts';

/**
 * Commission earned by each agent in [start, end): commission rows made then and not reversed
 * since, through agent_commissions_created_idx.
 */
export async function commissionByAgent(db: Database, range: { start: Date; end: Date }) {
  return queryRows<{ agentId: string; amount: number; payments: number }>(
    db,
    sql`select agent_id as "agentId", coalesce(sum(amount), 0)::bigint::float8 as amount, count(*)::int as payments
        from agent_commissions
        where created_at >= ${range.start.toISOString()} and created_at < ${range.end.toISOString()}
          and reversed_at is null
        group by 1`,
  );
}

/** Each agent's targets summed over the months (first days, YYYY-MM-01) given. */
export async function targetsOver(db: Database, months: string[]) {
  if (months.length === 0) return [];
  return queryRows<{ agentId: string; sales: number; collections: number }>(
    db,
    sql`select agent_id as "agentId", sum(sales_target)::float8 as sales, sum(collections_target)::float8 as collections
        from agent_targets where month in (${sql.join(
          months.map((m) => sql`${m}::date`),
          sql`, `,
        )})
        group by 1`,
  );
}
