/**
 * A loan book in the states the daily collections run acts on, written straight into the
 * database (one SQL statement per table), for (i). Every loan is on one of two plans (12 monthly
 * or 26 weekly instalments, as in (g)) and started on a day spread over the plan's length. By `seq % 20`:
 * 14 in 20 pay every instalment due so far; the rest stopped paying 1, 2, 3, 4 or 6 instalments
 * before today's (so their arrears fall in each bucket, 1-30 up to past the 90 days of default).
 * One in three loans in arrears has a promise to pay that fell due two days ago unkept. Nine in
 * ten loans were sold by one of 200 agents; the rest are followed up by the two admins. The
 * policy in force charges a late fee of 5,000 a week after a missed instalment and defaults at
 * 90 days.
 */
import { DEFAULT_CREDIT_POLICY } from '../packages/core/src/credit-policy.ts';
import { addDays } from '../packages/core/src/credit.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { benchProductOnCredit } from './loans.bench.ts';
import { sql } from 'drizzle-orm';

const AGENTS = 200;

export async function writeCollectionsBook(db: Database, loans: number, today: string) {
  await db.execute(
    sql`insert into credit_policies (version, rules, note) values (1, ${JSON.stringify({
      ...DEFAULT_CREDIT_POLICY,
      lateFee: { amount: 5_000, afterDays: 7 },
      defaultAfterDays: 90,
    })}::jsonb, 'bench')`,
  );
  const { product, plans } = await benchProductOnCredit(db, loans);
  const [monthly, weekly] = plans;
  await db.execute(sql`
    insert into users (id, name, email, full_name, phone_number, phone_number_verified, notify_by_email, user_type, is_active)
    select 'c-' || g, 'Customer ' || g, 'c-' || g || '@collections.bench', 'Customer ' || g,
           '+2567' || lpad(g::text, 8, '0'), true, false, 'customer', true
    from generate_series(1, ${loans}) g
    union all
    select 'a-' || g, 'Agent ' || g, 'a-' || g || '@collections.bench', 'Agent ' || g,
           '+2563' || lpad(g::text, 8, '0'), true, false, case when g <= 2 then 'admin' else 'agent' end, true
    from generate_series(1, ${AGENTS + 2}) g`);
  // The monthly loans started up to 330 days ago, the weekly up to 175: every one still running.
  await db.execute(sql`
    insert into loans (user_id, product_id, plan_id, plan_name, product_name, order_id, status, cash_price,
                       credit_price, deposit, instalment, last_instalment, instalments, frequency, markup_bp,
                       deposit_bp, daily_rate, paid, district, fulfilment, start_date, idempotency_key,
                       activated_at, agent_id)
    select 'c-' || g, ${product!.id}, p.id, p.name, ${product!.name}, gen_random_uuid(), 'active', 900000,
           c.credit, c.deposit, (c.credit - c.deposit) / p.instalments,
           (c.credit - c.deposit) - ((c.credit - c.deposit) / p.instalments) * (p.instalments - 1),
           p.instalments, p.frequency, p.markup_bp, p.deposit_bp, 1, c.deposit,
           (array['Kampala','Gulu','Mbarara','Mbale','Lira'])[1 + g % 5], '{"fulfilment":"pickup"}'::jsonb,
           ${today}::date - (g % case p.frequency when 'monthly' then 330 else 175 end), 'c-' || g, now(),
           case when g % 10 = 0 then null else 'a-' || (3 + g % ${AGENTS}) end
    from generate_series(1, ${loans}) g
    join loan_plans p on p.id = case g % 2 when 0 then ${monthly!.id}::uuid else ${weekly!.id}::uuid end
    join lateral (select round(900000::bigint * (10000 + p.markup_bp) / 10000.0)::bigint as credit) c0 on true
    join lateral (select c0.credit, round(c0.credit * p.deposit_bp / 10000.0)::bigint as deposit) c on true`);
  // Instalments due before today are paid, but for the last `missed` of them.
  await db.execute(sql`
    insert into loan_repayments (loan_id, user_id, number, due_date, amount_due, amount_paid, status, paid_at)
    select l.id, l.user_id, n, d.due, a.amount, case when p.paid then a.amount else 0 end,
           case when p.paid then 'paid' else 'due' end, case when p.paid then now() end
    from loans l
    cross join lateral generate_series(1, l.instalments) n
    cross join lateral (select case l.frequency when 'monthly' then (l.start_date + make_interval(months => n))::date
                                                 else l.start_date + 7 * n end as due) d
    cross join lateral (select case when n = l.instalments then l.last_instalment else l.instalment end as amount) a
    cross join lateral (select (array[0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,2,3,4,6])[1 + l.seq % 20] as missed) m
    cross join lateral (select case l.frequency when 'monthly' then
                                 (extract(year from age(${today}::date - 1, l.start_date)) * 12
                                  + extract(month from age(${today}::date - 1, l.start_date)))::int
                               else (${today}::date - 1 - l.start_date) / 7 end as due_count) k
    cross join lateral (select d.due < ${today}::date and n <= k.due_count - m.missed as paid) p`);
  await db.execute(sql`
    update loans set paid = loans.deposit + r.paid
    from (select loan_id, sum(amount_paid) as paid from loan_repayments group by loan_id) r
    where r.loan_id = loans.id`);
  // A kept-silent promise on one in three loans in arrears: its day passed, nothing paid.
  await db.execute(sql`
    insert into loan_follow_ups (loan_id, assigned_to, reason, opened_on, outcome, promise_date, promise_amount,
                                 recorded_by, recorded_at)
    select l.id, l.agent_id, 'arrears', ${addDays(today, -6)}::date, 'promise_to_pay', ${addDays(today, -2)}::date,
           50000, l.agent_id, now() - interval '5 days'
    from loans l
    where l.seq % 20 >= 14 and l.seq % 3 = 0
      and exists (select 1 from loan_repayments r where r.loan_id = l.id and r.status <> 'paid'
                  and r.due_date < ${today}::date)`);
  await db.execute(sql`analyze`);
}
