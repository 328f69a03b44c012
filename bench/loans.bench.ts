/**
 * (g) The daily reminders-and-arrears job and the portfolio figures over 100,000 active loans on
 * PostgreSQL. The loans are written straight into the database (one SQL statement per table):
 * a third each on 12 monthly, 26 weekly and 60 daily instalments, started on days spread over
 * each plan's length so every loan is still running; eight customers in ten pay every instalment
 * due so far, two in ten stopped after the first third of theirs. The job runs in this process
 * against the app's own code (runLoanDay, portfolioFigures) with a pool like the app's: first on
 * "today" (catching up: every overdue loan enters arrears, every loan with an amount due within
 * 3 days is reminded), again the same day (must send nothing), then the next day (a steady day).
 */
import pino from 'pino';
import { startBackgroundWork } from '../apps/server/src/background.ts';
import { loadSettings } from '../apps/server/src/config.ts';
import { paymentDeps } from '../apps/server/src/features/payments/payments.service.ts';
import { createRealtime } from '../apps/server/src/platform/realtime.ts';
import { addDays, kampalaDate } from '../packages/core/src/credit.ts';
import {
  migrateDatabase,
  openDatabase,
  queryRows,
  type Database,
  type DatabaseHandle,
} from '../apps/server/src/db/client.ts';
import { loanPlans, products } from '../apps/server/src/db/schema/index.ts';
import { runLoanDay, portfolioFigures } from '../apps/server/src/features/loans/portfolio.service.ts';
import { buildProduct } from '../apps/server/test/factories.ts';
import { median } from './lib.ts';
import { sql } from 'drizzle-orm';

const LOANS = 100_000;

/** Peak resident memory and heap while `work` runs, sampled every 20 ms, above what was in use before. */
export async function measured<T>(work: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = process.memoryUsage();
  peakRss = Math.max(peakRss, after.rss);
  peakHeap = Math.max(peakHeap, after.heapUsed);
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return {
    result,
    seconds: Math.round(seconds * 100) / 100,
    peakRssMb: mb(peakRss),
    rssAboveStartMb: mb(peakRss - before.rss),
    peakHeapAboveStartMb: mb(peakHeap - before.heapUsed),
  };
}

/**
 * What runLoanDay needs, from the app's background work (queue, SMS and email delivery) started
 * on an empty book: its start-up run of the daily job finds nothing, so the runs a benchmark
 * measures are the only ones.
 */
export async function loanDayDeps(handle: DatabaseHandle, databaseUrl: string) {
  const logger = pino({ level: 'silent' });
  const settings = loadSettings({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, PUBLIC_URL: 'http://localhost:3000' });
  const realtime = await createRealtime(handle, logger);
  const background = await startBackgroundWork(handle, logger, settings, realtime);
  await new Promise((r) => setTimeout(r, 3_000));
  const deps = paymentDeps({
    db: handle.db,
    mobileMoney: background.mobileMoney,
    log: logger,
    realtime,
    messages: background.messages,
    publicUrl: settings.PUBLIC_URL,
    authSecret: settings.AUTH_SECRET,
  });
  const stop = async () => {
    await background.jobs.stop();
    await realtime.close();
  };
  return { deps, stop };
}

/** A 900,000 solar home system with `stock` units, on 12 monthly, 26 weekly and 60 daily instalments. */
export async function benchProductOnCredit(db: Database, stock: number) {
  const [product] = await db
    .insert(products)
    .values(buildProduct({ price: 900_000, stock, loanEligible: true, category: 'solar-home-systems' }))
    .returning();
  const plans = await db
    .insert(loanPlans)
    .values([
      {
        productId: product!.id,
        name: '12 months',
        depositBp: 2_000,
        instalments: 12,
        frequency: 'monthly',
        markupBp: 2_500,
      },
      {
        productId: product!.id,
        name: '26 weeks',
        depositBp: 1_500,
        instalments: 26,
        frequency: 'weekly',
        markupBp: 3_000,
      },
      {
        productId: product!.id,
        name: '60 days',
        depositBp: 1_000,
        instalments: 60,
        frequency: 'daily',
        markupBp: 2_000,
      },
    ])
    .returning();
  return { product, plans };
}

export async function benchLoans(databaseUrl: string) {
  const handle = await openDatabase({ databaseUrl, poolMax: 10 });
  await migrateDatabase(handle);
  const db = handle.db;
  const app = await loanDayDeps(handle, databaseUrl);
  const today = kampalaDate(new Date());
  const seedStarted = performance.now();
  const { product, plans } = await benchProductOnCredit(db, LOANS);
  const [monthly, weekly, daily] = plans;
  await db.execute(sql`
    insert into users (id, name, email, full_name, phone_number, phone_number_verified, notify_by_email)
    select 'bench-' || g, 'Customer ' || g, 'bench-' || g || '@loans.bench', 'Customer ' || g,
           '+2567' || lpad(g::text, 8, '0'), true, false
    from generate_series(1, ${LOANS}) g`);
  // Plan by g mod 3; credit price 1,125,000 / 1,170,000 / 1,080,000 (cash 900,000 plus markup).
  await db.execute(sql`
    insert into loans (user_id, product_id, plan_id, plan_name, product_name, order_id, status, cash_price,
                       credit_price, deposit, instalment, last_instalment, instalments, frequency, markup_bp,
                       deposit_bp, daily_rate, paid, district, fulfilment, start_date, idempotency_key, activated_at)
    select 'bench-' || g, ${product!.id}, p.id, p.name, ${product!.name}, gen_random_uuid(), 'active', 900000,
           c.credit, c.deposit, (c.credit - c.deposit) / p.instalments,
           (c.credit - c.deposit) - ((c.credit - c.deposit) / p.instalments) * (p.instalments - 1),
           p.instalments, p.frequency, p.markup_bp, p.deposit_bp, 1, c.deposit,
           (array['Kampala','Gulu','Mbarara','Mbale','Lira'])[1 + g % 5], '{"fulfilment":"pickup"}'::jsonb,
           ${today}::date - (g % s.span), 'bench-' || g, now()
    from generate_series(1, ${LOANS}) g
    join lateral (select case g % 3 when 0 then ${monthly!.id}::uuid when 1 then ${weekly!.id}::uuid
                                    else ${daily!.id}::uuid end as plan_id) pick on true
    join loan_plans p on p.id = pick.plan_id
    join lateral (select round(900000::bigint * (10000 + p.markup_bp) / 10000.0)::bigint as credit) c0 on true
    join lateral (select c0.credit, round(c0.credit * p.deposit_bp / 10000.0)::bigint as deposit) c on true
    join lateral (select case p.frequency when 'monthly' then 330 when 'weekly' then 175 else 55 end as span) s on true`);
  await db.execute(sql`
    insert into loan_repayments (loan_id, user_id, number, due_date, amount_due, amount_paid, status, paid_at)
    select l.id, l.user_id, n, d.due, a.amount, case when p.paid then a.amount else 0 end,
           case when p.paid then 'paid' else 'due' end, case when p.paid then now() end
    from loans l
    cross join lateral generate_series(1, l.instalments) n
    cross join lateral (select case l.frequency when 'monthly' then (l.start_date + make_interval(months => n))::date
                                                 when 'weekly' then l.start_date + 7 * n
                                                 else l.start_date + n end as due) d
    cross join lateral (select case when n = l.instalments then l.last_instalment else l.instalment end as amount) a
    cross join lateral (select d.due < ${today}::date and (l.seq % 10 >= 2 or n <= l.instalments / 3) as paid) p`);
  await db.execute(sql`
    update loans set paid = loans.deposit + r.paid
    from (select loan_id, sum(amount_paid) as paid from loan_repayments group by loan_id) r
    where r.loan_id = loans.id`);
  await db.execute(sql`analyze`);
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  const [rows] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from loan_repayments`);

  const { deps } = app;
  const first = await measured(() => runLoanDay(deps, today));
  const again = await measured(() => runLoanDay(deps, today));
  const nextDay = await measured(() => runLoanDay(deps, addDays(today, 1)));
  const figures: number[] = [];
  let book;
  let figuresMemory;
  for (let i = 0; i < 5; i++) {
    const run = await measured(() => portfolioFigures(db, addDays(today, 1)));
    figures.push(run.seconds);
    book = run.result;
    figuresMemory = run;
  }
  const [sent] = await queryRows<{ sms: number; notifications: number }>(
    db,
    sql`select (select count(*)::int from outbox_messages where channel = 'sms') as sms,
               (select count(*)::int from notifications) as notifications`,
  );
  await app.stop();
  await handle.close();
  return {
    loans: LOANS,
    instalments: rows!.n,
    seedSeconds,
    firstRun: { ...first, perLoanMs: Math.round((first.seconds * 1000 * 1000) / LOANS) / 1000 },
    sameDayAgain: again,
    nextDay,
    figures: {
      medianSeconds: median(figures),
      runs: figures,
      peakHeapAboveStartMb: figuresMemory!.peakHeapAboveStartMb,
      rssAboveStartMb: figuresMemory!.rssAboveStartMb,
      result: book,
    },
    outbox: sent,
  };
}
