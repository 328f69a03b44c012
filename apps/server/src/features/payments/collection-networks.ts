import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#src/db/client.ts';

/**
 * Money taken in for loans (deposits and repayments) in [start, end), by how it came: MTN, Airtel,
 * cash to an agent or the customer's wallet. Successful collections that name a loan, by the
 * time they were asked for, through payments_created_idx; agentId narrows to cash that agent took.
 */
export async function loanCollectionsByMethod(
  db: Database,
  range: { start: Date; end: Date },
  agentId?: string,
): Promise<{ method: string; amount: number; payments: number }[]> {
  return queryRows(
    db,
    sql`select method, coalesce(sum(amount), 0)::bigint::float8 as amount, count(*)::int as payments
        from payments
        where created_at >= ${range.start.toISOString()} and created_at < ${range.end.toISOString()}
          and loan_id is not null and direction = 'collection' and status = 'successful'
          ${agentId ? sql`and collected_by = ${agentId}` : sql``}
        group by 1 order by amount desc, 1`,
  );
}
