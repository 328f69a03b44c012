import { addMonths } from '@ecogrid/core/credit';
import { PORTFOLIO_BUCKETS, ROLL_TARGETS, type PortfolioBucket } from '@ecogrid/core/portfolio-reports';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '#src/db/client.ts';
import type { DateRange } from '#src/platform/date-range.ts';
import { rollRates } from './portfolio-history.ts';

const kampala = (column: string, format: 'YYYY-MM-DD' | 'YYYY-MM') =>
  sql.raw(`to_char((${column} at time zone 'UTC') + interval '3 hours', '${format}')`);
const between = (column: string, range: DateRange) =>
  sql`${sql.raw(column)} >= ${range.start.toISOString()} and ${sql.raw(column)} < ${range.end.toISOString()}`;
const agentIs = (agentId: string | undefined): SQL => (agentId ? sql` and l.agent_id = ${agentId}` : sql``);
/**
 * The loan behind each row, joined only when an agent is asked for: without one, totals by day
 * need no loan, and the join would read the whole loan book (bench (k)).
 */
const withLoan = (agentId: string | undefined, alias: 'p' | 'r'): SQL =>
  agentId ? sql.raw(` join loans l on l.id = ${alias}.loan_id`) : sql``;

/** Money a day, or an agent, was due to collect and what came in. */
export type Collected = { key: string | null; expected: number; collected: number; payments: number };

/**
 * Collections by Kampala day: what instalments fell due that day (loan_repayments by due date,
 * through loan_repayments_due_idx) against the deposits and repayments applied that day
 * (loan_payments through loan_payments_created_idx). Recoveries after a write-off are left out.
 */
export async function collectionsByDay(db: Database, range: DateRange, agentId?: string): Promise<Collected[]> {
  const [expected, collected] = await Promise.all([
    queryRows<{ key: string; amount: number }>(
      db,
      sql`select r.due_date::text as key, coalesce(sum(r.amount_due), 0)::bigint::float8 as amount
          from loan_repayments r${withLoan(agentId, 'r')}
          where r.due_date between ${range.from} and ${range.to}${agentIs(agentId)} group by 1`,
    ),
    queryRows<{ key: string; amount: number; n: number }>(
      db,
      sql`select ${kampala('p.created_at', 'YYYY-MM-DD')} as key, coalesce(sum(p.amount), 0)::bigint::float8 as amount, count(*)::int as n
          from loan_payments p${withLoan(agentId, 'p')}
          where p.kind in ('deposit', 'repayment') and ${between('p.created_at', range)}${agentIs(agentId)} group by 1`,
    ),
  ]);
  return mergeCollected(expected, collected).sort((a, b) => String(a.key).localeCompare(String(b.key)));
}

/** The same figures by the agent who sold each loan (null: loans sold without an agent). */
export async function collectionsByAgent(db: Database, range: DateRange, agentId?: string): Promise<Collected[]> {
  const [expected, collected] = await Promise.all([
    queryRows<{ key: string | null; amount: number }>(
      db,
      sql`select l.agent_id as key, coalesce(sum(r.amount_due), 0)::bigint::float8 as amount
          from loan_repayments r join loans l on l.id = r.loan_id
          where r.due_date between ${range.from} and ${range.to}${agentIs(agentId)} group by 1`,
    ),
    queryRows<{ key: string | null; amount: number; n: number }>(
      db,
      sql`select l.agent_id as key, coalesce(sum(p.amount), 0)::bigint::float8 as amount, count(*)::int as n
          from loan_payments p join loans l on l.id = p.loan_id
          where p.kind in ('deposit', 'repayment') and ${between('p.created_at', range)}${agentIs(agentId)} group by 1`,
    ),
  ]);
  return mergeCollected(expected, collected).sort((a, b) => b.collected - a.collected);
}

function mergeCollected(
  expected: { key: string | null; amount: number }[],
  collected: { key: string | null; amount: number; n: number }[],
): Collected[] {
  const rows = new Map<string | null, Collected>();
  const row = (key: string | null) =>
    rows.get(key) ?? rows.set(key, { key, expected: 0, collected: 0, payments: 0 }).get(key)!;
  for (const e of expected) row(e.key).expected = Number(e.amount);
  for (const c of collected) Object.assign(row(c.key), { collected: Number(c.amount), payments: Number(c.n) });
  return [...rows.values()];
}

/** The portfolio by bucket on the newest day up to `day` the daily run recorded, or null before the first. */
export async function portfolioOn(db: Database, day: string) {
  const rows = await queryRows<{ day: string; bucket: PortfolioBucket; loans: number; outstanding: number }>(
    db,
    sql`select day::text as day, bucket, loans, outstanding::float8 as outstanding from portfolio_days
        where day = (select max(day) from portfolio_days where day <= ${day})`,
  );
  if (rows.length === 0) return null;
  return {
    day: rows[0]!.day,
    buckets: PORTFOLIO_BUCKETS.map((bucket) => {
      const found = rows.find((r) => r.bucket === bucket);
      return { bucket, loans: found?.loans ?? 0, outstanding: Number(found?.outstanding ?? 0) };
    }),
  };
}

/**
 * Loans started (activated) in the range, by Kampala month: how many, their credit price, what
 * was paid of it and what is owed now, and what of that is 30 or more days late (defaulted
 * loans included). Loans closed as a loss owe nothing more here: their loss is in `lossesByMonth`.
 */
export async function startVintages(db: Database, range: DateRange) {
  return queryRows<{ month: string; loans: number; credit: number; paid: number; owed: number; late: number }>(
    db,
    sql`select ${kampala('activated_at', 'YYYY-MM')} as month, count(*)::int as loans,
          sum(credit_price + fees)::float8 as credit, sum(paid)::float8 as paid,
          sum(case when status in ('active', 'defaulted') then credit_price + fees - paid - forgiven else 0 end)::float8 as owed,
          sum(case when status = 'defaulted' or (status = 'active' and days_past_due >= 30)
                   then credit_price + fees - paid - forgiven else 0 end)::float8 as late
        from loans where activated_at is not null and ${between('activated_at', range)}
        group by 1 order by 1`,
  );
}

/**
 * Defaults and write-offs by Kampala month: loans that defaulted then (loans_defaulted_idx) with
 * what they owed, and loans written off then (loans_closed_idx) with the amount forgiven.
 */
export async function lossesByMonth(db: Database, range: DateRange) {
  const [defaults, writeOffs] = await Promise.all([
    queryRows<{ month: string; loans: number; amount: number }>(
      db,
      sql`select ${kampala('defaulted_at', 'YYYY-MM')} as month, count(*)::int as loans,
            sum(credit_price + fees - paid)::float8 as amount
          from loans where defaulted_at is not null and ${between('defaulted_at', range)} group by 1`,
    ),
    queryRows<{ month: string; loans: number; amount: number }>(
      db,
      sql`select ${kampala('closed_at', 'YYYY-MM')} as month, count(*)::int as loans, sum(forgiven)::float8 as amount
          from loans where closed_at is not null and status = 'written_off' and ${between('closed_at', range)} group by 1`,
    ),
  ]);
  const months = [...new Set([...defaults, ...writeOffs].map((r) => r.month))].sort();
  const of = (rows: typeof defaults, month: string) => rows.find((r) => r.month === month);
  return months.map((month) => ({
    month,
    defaults: of(defaults, month)?.loans ?? 0,
    defaulted: Number(of(defaults, month)?.amount ?? 0),
    writeOffs: of(writeOffs, month)?.loans ?? 0,
    writtenOff: Number(of(writeOffs, month)?.amount ?? 0),
  }));
}

/**
 * Roll rates for each month end in the range to the next month end (at most 12, read from
 * loan_month_ends by its month key); a range inside one month gives the month before it.
 */
export async function rollRatesOver(db: Database, range: DateRange) {
  const last = addMonths(`${range.to.slice(0, 7)}-01`, -1);
  const months: string[] = [];
  for (let m = `${range.from.slice(0, 7)}-01`; m <= last && months.length < 12; m = addMonths(m, 1)) months.push(m);
  if (months.length === 0) months.push(last);
  const all = await Promise.all(months.map((m) => rollRates(db, m.slice(0, 7))));
  return { targets: ROLL_TARGETS, months: all };
}
