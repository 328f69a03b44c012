import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { creditPolicyInForce } from '../../features/credit/credit-policy.service.ts';

/** How far back the demo's daily figures and month ends go. */
const HISTORY_DAYS = 90;
const HISTORY_MONTHS = 6;

/**
 * The figures the daily run would have recorded had it run every day before the demo began: for
 * each past day, each loan activated by then and not yet paid off or closed, its days past due
 * (from the oldest instalment due before that day and not paid by it) and what it still owed
 * (whole instalments paid by then), in the bucket recordPortfolioDay gives it, with the policy's
 * rule for default. The last HISTORY_DAYS days go to portfolio_days, the last HISTORY_MONTHS
 * month ends to loan_month_ends. A day or month already recorded (by a real run) is kept.
 */
export async function seedPortfolioHistory(db: Database): Promise<void> {
  const { rules } = await creditPolicyInForce(db);
  const today = kampalaDate(new Date());
  const local = (column: string) => sql.raw(`(${column} at time zone 'Africa/Kampala')::date`);
  const state = (days: ReturnType<typeof sql>) => sql`
    select d.day, l.id as loan_id,
      coalesce(d.day - (select min(r.due_date) from loan_repayments r
        where r.loan_id = l.id and r.due_date < d.day and (r.paid_at is null or ${local('r.paid_at')} > d.day)), 0) as dpd,
      l.credit_price - l.deposit - coalesce((select sum(r.amount_paid) from loan_repayments r
        where r.loan_id = l.id and ${local('r.paid_at')} <= d.day), 0) as owed
    from (${days}) d(day)
    join loans l on l.activated_at is not null and ${local('l.activated_at')} <= d.day
      and (l.closed_at is null or ${local('l.closed_at')} > d.day)`;
  const bucket = sql`case when s.dpd >= ${rules.defaultAfterDays} then 'defaulted'
    when s.dpd >= 90 then 'par90' when s.dpd >= 60 then 'par60'
    when s.dpd >= 30 then 'par30' when s.dpd >= 1 then 'par1' else 'current' end`;
  await db.execute(sql`
    insert into portfolio_days (day, bucket, loans, outstanding)
    select d.day, b.bucket, count(s.loan_id)::int, coalesce(sum(s.owed), 0)
    from generate_series(${addDays(today, -HISTORY_DAYS)}::date, ${addDays(today, -1)}::date, interval '1 day') d(day)
    cross join (values ('current'), ('par1'), ('par30'), ('par60'), ('par90'), ('defaulted')) as b(bucket)
    left join (
      select s.day, s.loan_id, s.owed, ${bucket} as bucket
      from (${state(sql`select g::date from generate_series(${addDays(today, -HISTORY_DAYS)}::date, ${addDays(today, -1)}::date, interval '1 day') g`)}) s
      where s.owed > 0
    ) s on s.day = d.day::date and s.bucket = b.bucket
    group by 1, 2
    on conflict (day, bucket) do nothing`);
  await db.execute(sql`
    insert into loan_month_ends (month, loan_id, bucket, outstanding)
    select date_trunc('month', s.day)::date, s.loan_id, ${bucket}, s.owed
    from (${state(sql`
      select (date_trunc('month', ${today}::date) - make_interval(months => m) + interval '1 month - 1 day')::date
      from generate_series(1, ${HISTORY_MONTHS}) m`)}) s
    where s.owed > 0
    on conflict (month, loan_id) do nothing`);
}
