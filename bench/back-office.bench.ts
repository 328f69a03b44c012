/**
 * (k) The back office on a large book: the admin home's figures and the system log's first page,
 * first on an empty database, then with 1,000,000 customers, 1,000,000 loans, 1,000,000 cash
 * orders, 3,000,000 loan payments and 10,000,000 ledger postings (5,000,000 journal
 * transactions) written straight into the database by SQL, both in the same run on the same
 * PostgreSQL server. Each figure is read `RUNS` times after a warm-up through the app's own
 * services with a pool like the app's; p50 and p95 are reported.
 *
 * The seed writes with session_replication_role = replica (the throw-away server's superuser),
 * which switches off the triggers that check each journal transaction balances and the foreign
 * keys: the book is built to balance (every transaction is one +amount and one -amount posting)
 * and the accounts' balances are set from their postings afterwards.
 */
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows, type Database } from '../apps/server/src/db/client.ts';
import { businessSummary } from '../apps/server/src/features/dashboard/business-summary.ts';
import { systemLogPage } from '../apps/server/src/features/audit/system-log.ts';
import { startJobs, type Jobs } from '../apps/server/src/platform/jobs.ts';
import { systemLogQuerySchema } from '../packages/core/src/audit.ts';
import { addDays, kampalaDate } from '../packages/core/src/credit.ts';
import { REPORTS } from '../packages/core/src/reports.ts';
import { buildReport } from '../apps/server/src/features/reports/reports.service.ts';
import { checkedRange } from '../apps/server/src/platform/date-range.ts';
import { benchProductOnCredit } from './loans.bench.ts';
import { percentile } from './lib.ts';

/** OFFICE_BENCH_DIVIDE=1000 runs the same on a book a thousand times smaller, to try the script quickly. */
const DIVIDE = Number(process.env.OFFICE_BENCH_DIVIDE ?? 1);
const CUSTOMERS = 1_000_000 / DIVIDE;
const LOANS = 1_000_000 / DIVIDE;
const ORDERS = 1_000_000 / DIVIDE;
const TRANSACTIONS = 5_000_000 / DIVIDE;
const AGENTS = Math.max(5, 500 / DIVIDE);
/** The book's history: loans, orders and payments are spread over this many days up to now. */
const HISTORY_DAYS = 1_000;
const RUNS = 40;

type Figure = { name: string; run: (db: Database, jobs: Jobs) => Promise<unknown> };

/** What the benchmark reads: the admin home's figures, the system log's first page (unfiltered and by person) and each report over 30 days. */
export const FIGURES: Figure[] = [
  { name: 'admin home (business summary)', run: (db, jobs) => businessSummary(db, jobs) },
  {
    name: 'system log, first page',
    run: (db) => systemLogPage(db, systemLogQuerySchema.parse({})),
  },
  {
    name: "system log, one customer's money",
    run: (db) => systemLogPage(db, systemLogQuerySchema.parse({ source: 'money', actorId: 'c-4242' })),
  },
  ...REPORTS.map((name) => ({
    name: `${name} report, last 30 days`,
    run: (db: Database) => {
      const today = kampalaDate(new Date());
      return buildReport(db, name, checkedRange(addDays(today, -29), today), {});
    },
  })),
];

async function timeFigures(db: Database, jobs: Jobs) {
  const out: Record<string, { p50Ms: number; p95Ms: number }> = {};
  for (const figure of FIGURES) {
    for (let i = 0; i < 3; i++) await figure.run(db, jobs);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await figure.run(db, jobs);
      times.push(performance.now() - started);
    }
    const round = (ms: number) => Math.round(ms * 10) / 10;
    out[figure.name] = { p50Ms: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)) };
  }
  return out;
}

/** The large book, written by SQL in one transaction. */
export async function seedBook(db: Database) {
  const today = kampalaDate(new Date());
  const { product, plans } = await benchProductOnCredit(db, LOANS);
  const [monthly] = plans;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into users (id, name, email, full_name, phone_number, phone_number_verified, notify_by_email)
      select 'c-' || g, 'Customer ' || g, 'c-' || g || '@office.bench', 'Customer ' || g,
             '+2567' || lpad(g::text, 8, '0'), true, false
      from generate_series(1, ${CUSTOMERS}) g`);
    await tx.execute(sql`
      insert into users (id, name, email, full_name, user_type, agent_status)
      select 'a-' || g, 'Agent ' || g, 'a-' || g || '@office.bench', 'Agent ' || g, 'agent', 'approved'
      from generate_series(1, ${AGENTS}) g`);
    // Nine loans in ten active, one in ten paid off; one in a thousand waits for approval.
    await tx.execute(sql`
      insert into loans (user_id, product_id, plan_id, plan_name, product_name, order_id, status, cash_price,
                         credit_price, deposit, instalment, last_instalment, instalments, frequency, markup_bp,
                         deposit_bp, daily_rate, paid, district, fulfilment, start_date, idempotency_key,
                         created_at, activated_at)
      select 'c-' || g, ${product!.id}, p.id, p.name, ${product!.name}, gen_random_uuid(),
             case when g % 1000 = 0 then 'pending_approval' when g % 10 = 0 then 'paid_off' else 'active' end,
             900000, 1125000, 225000, 75000, 75000, 12, 'monthly', 2500, 2000, 1, 225000,
             (array['Kampala','Gulu','Mbarara','Mbale','Lira'])[1 + g % 5], '{"fulfilment":"pickup"}'::jsonb,
             ${today}::date - (g % ${HISTORY_DAYS}), 'office-' || g,
             now() - make_interval(days => g % ${HISTORY_DAYS}, secs => g % 86400),
             case when g % 1000 = 0 then null else now() - make_interval(days => g % ${HISTORY_DAYS}, secs => g % 86400) end
      from generate_series(1, ${LOANS}) g
      join loan_plans p on p.id = ${monthly!.id}`);
    await tx.execute(sql`
      insert into loan_payments (loan_id, payment_id, kind, amount, allocation, created_at)
      select l.id, gen_random_uuid(), case when n = 1 then 'deposit' else 'repayment' end,
             case when n = 1 then 225000 else 75000 end, '{}'::jsonb,
             l.created_at + make_interval(days => (n - 1) * 30)
      from loans l cross join generate_series(1, 3) n
      where l.activated_at is not null`);
    await tx.execute(sql`
      insert into orders (user_id, status, fulfilment, district, sub_county, village, subtotal, delivery_fee, total,
                          payment_method, idempotency_key, sold_by, created_at, paid_at)
      select 'c-' || (1 + g % ${CUSTOMERS}), case when g % 50 = 0 then 'cancelled' else 'delivered' end, 'delivery',
             (array['Kampala','Gulu','Mbarara','Mbale','Lira'])[1 + g % 5], 'Central', 'Village ' || g % 100,
             150000 + (g % 7) * 10000, 0, 150000 + (g % 7) * 10000,
             (array['mtn','airtel','wallet','cash'])[1 + g % 4], 'office-' || g,
             case when g % 3 = 0 then 'a-' || (1 + g % ${AGENTS}) end,
             now() - make_interval(days => g % ${HISTORY_DAYS}, secs => g % 86400),
             now() - make_interval(days => g % ${HISTORY_DAYS}, secs => g % 86400)
      from generate_series(1, ${ORDERS}) g`);
    await tx.execute(sql`
      insert into ledger_accounts (code, kind, user_id)
      select 'wallet:c-' || g, 'customer_wallet', 'c-' || g from generate_series(1, ${CUSTOMERS}) g`);
    await tx.execute(sql`
      insert into ledger_accounts (code, kind) select 'cash:a-' || g, 'agent_cash' from generate_series(1, ${AGENTS}) g`);
    await tx.execute(
      sql`insert into ledger_accounts (code, kind) values ('clearing:office-bench', 'mobile_money_clearing')`,
    );
    // Transaction g: customer (1 + g mod 1,000,000) tops up their wallet by 1,000 from clearing.
    await tx.execute(sql`
      insert into journal_transactions (idempotency_key, kind, description, created_by, created_at)
      select 'office-tx-' || g, 'wallet_topup', 'Wallet top-up', 'c-' || (1 + g % ${CUSTOMERS}), now() - make_interval(secs => (g::bigint * ${HISTORY_DAYS} * 86400 / ${TRANSACTIONS})::int)
      from generate_series(1, ${TRANSACTIONS}) g`);
    await tx.execute(sql`
      insert into ledger_postings (transaction_id, account_id, amount, balance_after, created_at)
      select t.id, case when side = 1 then w.id else c.id end, case when side = 1 then 1000 else -1000 end, 0, t.created_at
      from journal_transactions t
      cross join generate_series(1, 2) side
      join ledger_accounts w on w.code = 'wallet:c-' || (1 + substr(t.idempotency_key, 11)::bigint % ${CUSTOMERS})
      cross join (select id from ledger_accounts where code = 'clearing:office-bench') c
      where t.idempotency_key like 'office-tx-%'`);
    await tx.execute(sql`
      update ledger_accounts a set balance = s.total
      from (select account_id, sum(amount) as total from ledger_postings group by account_id) s
      where s.account_id = a.id`);
    await tx.execute(sql`update ledger_accounts set balance = -50000 where kind = 'agent_cash'`);
  });
  await db.execute(sql`analyze`);
}

export async function benchBackOffice(databaseUrl: string) {
  const handle = await openDatabase({ databaseUrl, poolMax: 10 });
  await migrateDatabase(handle);
  const jobs = await startJobs(handle, pino({ level: 'silent' }));
  const db = handle.db;
  const empty = await timeFigures(db, jobs);
  const seedStarted = performance.now();
  await seedBook(db);
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  const [rows] = await queryRows<{ customers: number; loans: number; postings: number; payments: number }>(
    db,
    sql`select (select count(*)::int from users where user_type = 'customer') as customers,
               (select count(*)::int from loans) as loans,
               (select count(*)::int from ledger_postings) as postings,
               (select count(*)::int from loan_payments) as payments`,
  );
  const large = await timeFigures(db, jobs);
  await jobs.stop();
  await handle.close();
  return { book: rows, seedSeconds, runs: RUNS, empty, large };
}
