import type { ParDay } from '@ecogrid/core/portfolio-reports';
import { desc, eq, lte, sql } from 'drizzle-orm';
import { queryRows, type Database } from '#src/db/client.ts';
import { loans, portfolioDays } from '#src/db/schema/loans.ts';
import { checkedRange } from '#src/platform/date-range.ts';
import { parHistory } from './portfolio-history.ts';

/** One Kampala day's totals of a measure. */
export type DayTotal = { day: string; amount: number; count: number };

/** A column's Kampala day as text: 'YYYY-MM-DD'. */
const kampalaDay = (column: string) =>
  sql.raw(`to_char((${column} at time zone 'UTC') + interval '3 hours', 'YYYY-MM-DD')`);

/**
 * The loans' business per Kampala day in [start, end): credit sales (loans activated, by credit
 * price), collections (deposits and repayments applied) and applications (loans made). Each is
 * one grouped query read through its time index (loans_activated_idx, loan_payments_created_idx,
 * loans_created_idx).
 */
export async function loanBusinessByDay(db: Database, start: Date, end: Date) {
  const [credit, collected, applied] = await Promise.all([
    queryRows<DayTotal>(
      db,
      sql`select ${kampalaDay('activated_at')} as day, coalesce(sum(credit_price), 0)::bigint::float8 as amount, count(*)::int as count
          from loans where activated_at >= ${start.toISOString()} and activated_at < ${end.toISOString()} group by 1`,
    ),
    queryRows<DayTotal>(
      db,
      sql`select ${kampalaDay('created_at')} as day, coalesce(sum(amount), 0)::bigint::float8 as amount, count(*)::int as count
          from loan_payments where kind in ('deposit', 'repayment')
            and created_at >= ${start.toISOString()} and created_at < ${end.toISOString()} group by 1`,
    ),
    queryRows<DayTotal>(
      db,
      sql`select ${kampalaDay('created_at')} as day, 0::float8 as amount, count(*)::int as count
          from loans where created_at >= ${start.toISOString()} and created_at < ${end.toISOString()} group by 1`,
    ),
  ]);
  return { credit, collected, applied };
}

/** Loans the credit policy left for a person to approve. */
export async function loansWaitingApproval(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loans)
    .where(eq(loans.status, 'pending_approval'));
  return row?.n ?? 0;
}

/** PAR of the newest day up to `today` the daily run recorded (portfolio_days), or null before the first. */
export async function latestPar(db: Database, today: string): Promise<ParDay | null> {
  const [newest] = await db
    .select({ day: portfolioDays.day })
    .from(portfolioDays)
    .where(lte(portfolioDays.day, today))
    .orderBy(desc(portfolioDays.day))
    .limit(1);
  if (!newest) return null;
  const [day] = await parHistory(db, checkedRange(newest.day, newest.day));
  return day ?? null;
}
