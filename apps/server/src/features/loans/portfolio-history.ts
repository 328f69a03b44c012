import { addMonths } from '@ecogrid/core/credit';
import {
  parOfDay,
  PORTFOLIO_BUCKETS,
  ROLL_TARGETS,
  shareBp,
  type ParDay,
  type PortfolioBucket,
  type RollRates,
  type Vintage,
} from '@ecogrid/core/portfolio-reports';
import { and, asc, gte, lte, sql } from 'drizzle-orm';
import { queryRows, type Database } from '#src/db/client.ts';
import { portfolioDays } from '#src/db/schema/loans.ts';
import type { DateRange } from '#src/platform/date-range.ts';

/** PAR 1, 30, 60 and 90 of each day the daily run recorded in the range, oldest first. */
export async function parHistory(db: Database, range: DateRange): Promise<ParDay[]> {
  const rows = await db
    .select()
    .from(portfolioDays)
    .where(and(gte(portfolioDays.day, range.from), lte(portfolioDays.day, range.to)))
    .orderBy(asc(portfolioDays.day));
  const byDay = new Map<string, Partial<Record<PortfolioBucket, { loans: number; outstanding: number }>>>();
  for (const row of rows) {
    const day = byDay.get(row.day) ?? {};
    day[row.bucket] = { loans: row.loans, outstanding: Number(row.outstanding) };
    byDay.set(row.day, day);
  }
  return [...byDay].map(([day, buckets]) => parOfDay(day, buckets));
}

/** How many vintages the curve shows: the last two years of activations. */
export const VINTAGE_MONTHS = 24;

const monthsApart = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));

/**
 * The vintage curve: loans grouped by the month (Kampala) they were activated, and for each month
 * on book from 0 (the month of activation) to this month, the share of the group's credit price
 * paid by then, deposits included; money recovered after a write-off is not repayment and is left out.
 */
export async function vintages(db: Database, today: string): Promise<Vintage[]> {
  const kampala = (column: string) =>
    sql.raw(`to_char((${column} at time zone 'UTC') + interval '3 hours', 'YYYY-MM')`);
  const first = addMonths(`${today.slice(0, 7)}-01`, -(VINTAGE_MONTHS - 1)).slice(0, 7);
  const groups = await queryRows<{ month: string; loans: number; credit: string }>(
    db,
    sql`select ${kampala('activated_at')} as month, count(*)::int as loans, sum(credit_price)::text as credit
        from loans where activated_at is not null and ${kampala('activated_at')} >= ${first}
        group by 1 order by 1`,
  );
  const paid = await queryRows<{ month: string; paid_month: string; amount: string }>(
    db,
    sql`select ${kampala('l.activated_at')} as month, ${kampala('p.created_at')} as paid_month, sum(p.amount)::text as amount
        from loan_payments p join loans l on l.id = p.loan_id
        where l.activated_at is not null and ${kampala('l.activated_at')} >= ${first} and p.kind in ('deposit', 'repayment')
        group by 1, 2`,
  );
  const now = today.slice(0, 7);
  return groups.map((group) => {
    const creditPrice = Number(group.credit);
    const byMonth = new Map<number, number>();
    for (const p of paid.filter((row) => row.month === group.month)) {
      const onBook = Math.max(0, monthsApart(group.month, p.paid_month));
      byMonth.set(onBook, (byMonth.get(onBook) ?? 0) + Number(p.amount));
    }
    let repaid = 0;
    const points = Array.from({ length: monthsApart(group.month, now) + 1 }, (_, monthOnBook) => {
      repaid += byMonth.get(monthOnBook) ?? 0;
      return { monthOnBook, repaid, share: shareBp(repaid, creditPrice) ?? 0 };
    });
    return { month: group.month, loans: group.loans, creditPrice, points };
  });
}

/**
 * Roll rates from one month's end to the next: of the loans open in each bucket at the end of
 * `month` (YYYY-MM), how many were in each bucket at the end of the next month, or closed (paid
 * off, repossessed or written off: no longer recorded).
 */
export async function rollRates(db: Database, month: string): Promise<RollRates> {
  const start = `${month}-01`;
  const nextStart = addMonths(start, 1);
  const moves = await queryRows<{ from_bucket: PortfolioBucket; to_bucket: string; loans: number }>(
    db,
    sql`select b.bucket as from_bucket, coalesce(a.bucket, 'closed') as to_bucket, count(*)::int as loans
        from loan_month_ends b
        left join loan_month_ends a on a.loan_id = b.loan_id and a.month = ${nextStart}::date
        where b.month = ${start}::date
        group by 1, 2`,
  );
  const count = (from: string, to: string) =>
    moves.find((m) => m.from_bucket === from && m.to_bucket === to)?.loans ?? 0;
  const rows = PORTFOLIO_BUCKETS.map((from) => {
    const loans = moves.filter((m) => m.from_bucket === from).reduce((sum, m) => sum + m.loans, 0);
    const to = ROLL_TARGETS.map((bucket) => ({
      bucket,
      loans: count(from, bucket),
      share: shareBp(count(from, bucket), loans),
    }));
    return { from, loans, to };
  });
  return { month, next: nextStart.slice(0, 7), rows };
}
