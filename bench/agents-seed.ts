/**
 * The agent's book for benchmark (h), written straight into PostgreSQL with one statement per
 * table. `seedProducts` writes what every book shares (two credit products, an admin);
 * `seedBook` writes one approved agent's customers and loans:
 *
 * - customers with a phone and a village, served by the agent (consent given over the last
 *   year, long expired for most), four in five with an identity check (verified or submitted);
 * - four loans per customer, sold by the agent at 5 % commission: 3 in 4 on a 12-month plan,
 *   1 in 4 on a 26-week plan, started over the plan's length. By loan: half active and paid up,
 *   a fifth active with the instalments of the last 1-120 days unpaid, a fifth paid off, one in
 *   twenty defaulted after paying a third, one in twenty sold in the last month. Each loan's
 *   schedule, amount paid and days past due agree with each other;
 * - for the repayments of the last WINDOW_DAYS days (and half of today's): a payment, one in four
 *   taken by the agent in cash, the rest by MTN mobile money, each with its loan payment, its
 *   ledger entry and the agent's commission with its own; each day's cash handed over the next
 *   morning. Every journal entry goes through the app's `ledger_post`, so the ledger stays
 *   balanced; older repayments are marked paid without payments or journal entries, as in (g);
 * - the orders of the loans sold in the window (the agent's sales), a target for the month, and a
 *   visit note with a promise to pay on a third of the loans in arrears.
 */
import type pg from 'pg';
import type { Database } from '../apps/server/src/db/client.ts';
import { loanPlans, products } from '../apps/server/src/db/schema/index.ts';
import { buildProduct } from '../apps/server/test/factories.ts';

const WINDOW_DAYS = 35;
const BATCH = 500;

export type Shared = { adminId: string; monthlyPlan: string; weeklyPlan: string };

export async function seedProducts(db: Database, client: pg.Client): Promise<Shared> {
  await client.query(
    `insert into users (id, name, email, email_verified, full_name, user_type, role)
     values ('bench-admin', 'Bench admin', 'bench-admin@agents.bench', true, 'Bench Admin', 'admin', 'admin')`,
  );
  const [shs, phone] = await db
    .insert(products)
    .values([
      buildProduct({ name: 'Sunbeam 80 W solar home system', price: 900_000, stock: 100_000, loanEligible: true }),
      buildProduct({ name: 'Tecno Spark smartphone', price: 450_000, stock: 100_000, loanEligible: true }),
    ])
    .returning();
  const [monthly, weekly] = await db
    .insert(loanPlans)
    .values([
      {
        productId: shs!.id,
        name: '12 months',
        depositBp: 2_000,
        instalments: 12,
        frequency: 'monthly',
        markupBp: 2_500,
      },
      {
        productId: phone!.id,
        name: '26 weeks',
        depositBp: 1_500,
        instalments: 26,
        frequency: 'weekly',
        markupBp: 3_000,
      },
    ])
    .returning();
  return { adminId: 'bench-admin', monthlyPlan: monthly!.id, weeklyPlan: weekly!.id };
}

/** Makes an existing account an approved agent and writes their book of `customers` × 4 loans. */
export async function seedBook(
  client: pg.Client,
  shared: Shared,
  book: { agentId: string; tag: string; customers: number; today: string },
): Promise<void> {
  const { agentId, tag, customers, today } = book;
  const q = (text: string, values: unknown[] = []) =>
    client.query(text, values).catch((error: Error) => {
      throw new Error(`${error.message} in: ${text.slice(0, 200)}`);
    });
  await q(
    `update users set user_type = 'agent', agent_status = 'approved', agent_code = $2, commission_rate_bp = 500,
            full_name = 'Agent ' || $2, district = 'Mbarara', sub_county = 'Kakiika', village = 'Nyamitanga'
     where id = $1`,
    [agentId, tag.toUpperCase()],
  );
  await q(`insert into agent_profiles (agent_id, districts, cash_limit) values ($1, '{Mbarara,Isingiro}', 5000000)`, [
    agentId,
  ]);
  await q(
    `insert into agent_targets (agent_id, month, sales_target, collections_target, set_by)
     values ($1, date_trunc('month', $2::date)::date, $3, $4, $5)`,
    [agentId, today, customers * 60_000, customers * 120_000, shared.adminId],
  );
  await q(
    `insert into users (id, name, email, full_name, phone_number, phone_number_verified, district, sub_county,
                        village, preferred_language, notify_by_email)
     select $1 || '-c' || g, 'Customer ' || g, $1 || '-c' || g || '@agents.bench', $1 || ' Customer ' || g,
            '+2567' || lpad((ascii($1) % 10)::text, 1, '0') || lpad(g::text, 7, '0'), true,
            (array['Mbarara','Isingiro'])[1 + g % 2], (array['Kakiika','Nyamitanga','Kamukuzi','Biharwe'])[1 + g % 4],
            'Village ' || (g % 60), (array['english','luganda','swahili'])[1 + g % 3], false
     from generate_series(1, $2::int) g`,
    [tag, customers],
  );
  await q(
    `insert into agent_customers (agent_id, customer_id, consented_at, consent_expires_at)
     select $2, $1 || '-c' || g, now() - make_interval(days => g % 365, mins => g % 1440),
            now() - make_interval(days => g % 365, mins => g % 1440) + interval '24 hours'
     from generate_series(1, $3::int) g`,
    [tag, agentId, customers],
  );
  await q(
    `insert into kyc_records (user_id, status)
     select $1 || '-c' || g, case when g % 5 < 3 then 'verified' else 'submitted' end
     from generate_series(1, $2::int) g where g % 5 <> 4`,
    [tag, customers],
  );
  await seedLoans(q, shared, book);
  await seedPayments(q, book);
}

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

async function seedLoans(q: Query, shared: Shared, { agentId, tag, customers, today }: Parameters<typeof seedBook>[2]) {
  // g % 20: 0-9 active and paid up, 10-13 in arrears, 14-17 paid off, 18 defaulted, 19 sold this month.
  await q(
    `insert into loans (user_id, product_id, plan_id, plan_name, product_name, agent_id, commission_bp, order_id,
                        status, cash_price, credit_price, deposit, instalment, last_instalment, instalments, frequency,
                        markup_bp, deposit_bp, daily_rate, district, fulfilment, start_date, idempotency_key,
                        created_at, activated_at, completed_at)
     select $1 || '-c' || (1 + (g - 1) % $3::int), p.product_id, p.id, p.name, pr.name, $2, 500, gen_random_uuid(),
            case when g % 20 between 14 and 17 then 'completed' when g % 20 = 18 then 'defaulted' else 'active' end,
            pr.price, c.credit, c.deposit, (c.credit - c.deposit) / p.instalments,
            (c.credit - c.deposit) - ((c.credit - c.deposit) / p.instalments) * (p.instalments - 1),
            p.instalments, p.frequency, p.markup_bp, p.deposit_bp, 1000,
            'Mbarara', '{"fulfilment":"delivery"}'::jsonb, s.start, $1 || '-loan-' || g,
            s.start::timestamptz, s.start::timestamptz, null
     from generate_series(1, $3::int * 4) g
     join loan_plans p on p.id = case when g % 4 = 0 then $6::uuid else $5::uuid end
     join products pr on pr.id = p.product_id
     join lateral (select round(pr.price * (10000 + p.markup_bp) / 10000.0)::bigint as credit) c0 on true
     join lateral (select c0.credit, round(c0.credit * p.deposit_bp / 10000.0)::bigint as deposit) c on true
     join lateral (select case p.frequency when 'monthly' then 366 else 183 end as length) l on true
     join lateral (select case
            when g % 20 between 14 and 18 then $4::date - l.length - g % 200
            when g % 20 = 19 then $4::date - g % 31
            else $4::date - 30 - g % (l.length - 40) end as start) s on true`,
    [tag, agentId, customers, today, shared.monthlyPlan, shared.weeklyPlan],
  );
  // An instalment is paid when due before today, except: in arrears, those of the last 1-120 days;
  // defaulted, all but the first third; due today, paid on half the loans.
  await q(
    `insert into loan_repayments (loan_id, user_id, number, due_date, amount_due, amount_paid, status, paid_at)
     select l.id, l.user_id, n, d.due, a.amount, case when p.paid then a.amount else 0 end,
            case when p.paid then 'paid' else 'due' end, case when p.paid then d.due::timestamptz end
     from loans l
     cross join lateral (select split_part(l.idempotency_key, '-loan-', 2)::int as g) k
     cross join lateral generate_series(1, l.instalments) n
     cross join lateral (select case l.frequency when 'monthly' then (l.start_date + make_interval(months => n))::date
                                 else l.start_date + 7 * n end as due) d
     cross join lateral (select case when n = l.instalments then l.last_instalment else l.instalment end as amount) a
     cross join lateral (select case
            when l.status = 'completed' then true
            when l.status = 'defaulted' then n <= l.instalments / 3
            when k.g % 20 between 10 and 13 then d.due < $2::date - (1 + (k.g * 13) % 120)
            else d.due < $2::date or (d.due = $2::date and k.g % 2 = 0) end as paid) p
     where l.idempotency_key like $1 || '-loan-%'`,
    [tag, today],
  );
  await q(
    `update loans set paid = loans.deposit + r.paid,
            days_past_due = case when loans.status = 'completed' then 0 else coalesce($2::date - r.oldest_unpaid, 0) end,
            days_bought = (loans.deposit + r.paid) / loans.daily_rate, days_issued = (loans.deposit + r.paid) / loans.daily_rate,
            completed_at = case when loans.status = 'completed' then r.last_due::timestamptz end
     from (select loan_id, sum(amount_paid) as paid, max(due_date) as last_due,
                  min(due_date) filter (where status <> 'paid' and due_date < $2::date) as oldest_unpaid
           from loan_repayments group by loan_id) r
     where r.loan_id = loans.id and loans.idempotency_key like $1 || '-loan-%'`,
    [tag, today],
  );
  // The agent's sales: the orders of the loans sold in the window, delivered.
  await q(
    `insert into orders (id, user_id, status, fulfilment, district, sub_county, village, subtotal, delivery_fee, total,
                         payment_method, sold_by, commission_bp, idempotency_key, on_credit, paid_at, created_at)
     select l.order_id, l.user_id, case when l.start_date >= $3::date - 3 then 'processing' else 'delivered' end,
            'delivery', 'Mbarara', 'Kakiika', 'Nyamitanga', l.cash_price, 0, l.cash_price, 'mtn', $2, 500,
            $1 || '-order-' || l.seq, true, l.activated_at, l.activated_at
     from loans l where l.agent_id = $2 and l.start_date >= $3::date - ${WINDOW_DAYS}`,
    [tag, agentId, today],
  );
  await q(
    `insert into order_lines (order_id, product_id, name, sku, unit_price, quantity, line_total, tax_class)
     select o.id, l.product_id, l.product_name, 'BENCH-' || l.frequency, o.subtotal, 1, o.subtotal, 'exempt'
     from orders o join loans l on l.order_id = o.id where o.sold_by = $1`,
    [agentId],
  );
  await q(
    `insert into agent_visit_notes (agent_id, customer_id, loan_id, client_key, note, promise_date, promise_amount,
                                    recorded_at, created_at)
     select $1, l.user_id, l.id, 'bench-note-' || l.seq, 'Harvest next week; will pay then.',
            $2::date + (1 + l.seq % 10)::int, l.instalment, now() - make_interval(days => (l.seq % 20)::int),
            now() - make_interval(days => (l.seq % 20)::int)
     from loans l where l.agent_id = $1 and l.days_past_due > 0 and l.seq % 3 = 0`,
    [agentId, today],
  );
}

async function seedPayments(q: Query, { agentId, tag, today }: Parameters<typeof seedBook>[2]) {
  const cash = `cash:${agentId}`;
  await q(
    `insert into ledger_accounts (code, kind) values ($1, 'agent_cash'), ('cash:office', 'office_cash')
     on conflict (code) do nothing`,
    [cash],
  );
  // The window's paid repayments, each paid at a time of its due day (today's: in the hours so far).
  await q(
    `create temp table window_payments as
     select gen_random_uuid() as payment_id, r.id as repayment_id, r.loan_id, r.user_id, r.number, r.amount_paid as amount,
            l.seq, u.full_name, u.phone_number, (l.seq + r.number) % 4 = 0 as cash,
            'BN-' || $2 || '-' || l.seq || '-' || r.number as reference,
            case when r.due_date = $3::date
                 then greatest(($3::date::timestamp at time zone 'Africa/Kampala'), now() - make_interval(mins => (l.seq % 240)::int))
                 else (r.due_date + time '09:00') at time zone 'Africa/Kampala' + make_interval(mins => ((l.seq * 7) % 600)::int)
            end as at
     from loan_repayments r join loans l on l.id = r.loan_id join users u on u.id = r.user_id
     where l.agent_id = $1 and r.status = 'paid' and r.due_date >= $3::date - ${WINDOW_DAYS}`,
    [agentId, tag, today],
  );
  await q(
    `alter table window_payments add column batch int;
     update window_payments w set batch = (n - 1) / ${BATCH}
     from (select payment_id, row_number() over (order by at) as n from window_payments) o
     where o.payment_id = w.payment_id`,
  );
  await q(
    `insert into payments (id, reference, user_id, purpose, method, status, amount, phone, direction, loan_id,
                           collected_by, idempotency_key, settled_at, created_at, updated_at)
     select payment_id, reference, user_id, 'loan_repayment', case when cash then 'cash' else 'mtn' end, 'successful',
            amount, case when cash then null else phone_number end, 'collection', loan_id,
            case when cash then $1 end, reference, at, at, at
     from window_payments`,
    [agentId],
  );
  await q(
    `insert into loan_payments (loan_id, payment_id, kind, amount, allocation, created_at)
     select loan_id, payment_id, 'repayment', amount, jsonb_build_object(number::text, amount), at from window_payments`,
  );
  await q(`update loan_repayments r set paid_at = w.at from window_payments w where w.repayment_id = r.id`);
  // The ledger entries go in batches of BATCH payments, each its own transaction: one account row
  // updated many times in one transaction makes every update walk all its earlier versions.
  const { rows } = await q(`select coalesce(max(batch), -1)::int as last from window_payments`);
  for (let batch = 0; batch <= (rows[0] as { last: number }).last; batch++) {
    // Each payment's ledger entry as settlement posts it: from the agent's cash or MTN's clearing to loans receivable.
    await q(
      `select count(ledger_post('payment:' || payment_id || ':settle', 'loan_repayment',
                'Loan repayment from ' || case when cash then 'cash, receipt ' || reference else 'MTN ' || phone_number end,
                payment_id, null, null,
                jsonb_build_array(jsonb_build_object('account', case when cash then $1 else 'clearing:mtn' end, 'amount', -amount),
                                  jsonb_build_object('account', 'receivable:loans', 'amount', amount))))
       from window_payments where batch = $2`,
      [cash, batch],
    );
    // The agent's commission on each (5 %, rounded down), from commission expense to their wallet.
    await q(
      `insert into agent_commissions (agent_id, payment_id, loan_id, base, rate_bp, amount, journal_id, created_at)
       select $1, payment_id, loan_id, amount, 500, amount * 500 / 10000,
              (ledger_post('commission:' || payment_id, 'commission',
                 'Commission on payment ' || reference || ' from ' || full_name, payment_id, null, null,
                 jsonb_build_array(jsonb_build_object('account', 'expense:commission', 'amount', -(amount * 500 / 10000)),
                                   jsonb_build_object('wallet', $1::text, 'amount', amount * 500 / 10000, 'opens', 'agent_wallet')))).journal_id,
              at
       from window_payments where batch = $2`,
      [agentId, batch],
    );
  }
  // Each day's cash handed over at the office the next morning; today's is still on hand.
  await q(
    `insert into agent_handovers (agent_id, amount, method, recorded_by, journal_id, idempotency_key, created_at)
     select $1, total, 'cash', 'bench-admin',
            (ledger_post(key, 'agent_handover', 'Handed over in cash', null, null, 'bench-admin',
               jsonb_build_array(jsonb_build_object('account', $2::text, 'amount', total),
                                 jsonb_build_object('account', 'cash:office', 'amount', -total)))).journal_id,
            key, ((day + 1) + time '08:00') at time zone 'Africa/Kampala'
     from (select (at at time zone 'Africa/Kampala')::date as day, sum(amount) as total,
                  'handover:' || $3 || ':' || (at at time zone 'Africa/Kampala')::date as key
           from window_payments where cash group by 1, 3 order by 1) d
     where day < $4::date`,
    [agentId, cash, tag, today],
  );
  await q('drop table window_payments');
}
