import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../client.ts';
import { customerFollowOn } from '../../features/loans/follow-on.ts';
import { loanDeps } from '../../../test/loan-helpers.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoAgentBook } from './demo-agent.ts';
import { seedDemoCredit } from './demo-credit.ts';
import { seedDemoCreditBook } from './demo-credit-book.ts';
import { seedDemoData } from './seed.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

type Row = { name: string; user_id: string; status: string; days_past_due: number; recovered: number };
const bookOf = async () =>
  new Map(
    (
      await queryRows<Row>(
        ctx.db,
        sql`select u.name, l.user_id, l.status, l.days_past_due, l.recovered::int as recovered
            from loans l join users u on u.id = l.user_id`,
      )
    ).map((r) => [r.name, r]),
  );

/** Everything the book's later steps write, counted, to show a second start adds nothing. */
const counts = async () =>
  (
    await queryRows<Record<string, number>>(
      ctx.db,
      sql`select (select count(*)::int from journal_transactions) as journal,
               (select count(*)::int from payments) as payments,
               (select count(*)::int from notifications) as notifications,
               (select count(*)::int from devices) as devices,
               (select count(*)::int from repossessions) as repossessions,
               (select count(*)::int from loan_follow_ups) as follow_ups,
               (select count(*)::int from loan_schedule_changes) as schedule_changes,
               (select count(*)::int from portfolio_days) as portfolio_days,
               (select count(*)::int from loan_month_ends) as month_ends,
               (select count(distinct month)::int from loan_month_ends) as months`,
    )
  )[0]!;

describe('the demo credit book', () => {
  it('takes the book past the sale by the services’ rules, once, with the portfolio’s history', async () => {
    await seedDemoData(ctx.db);
    await seedDemoCredit(ctx.db, ctx.settings.AUTH_SECRET);
    await seedDemoAccounts(ctx.db);
    await seedDemoAgentBook(ctx.db);
    expect((await seedDemoCreditBook(loanDeps(ctx), ctx.settings.AUTH_SECRET)).steps).toBeGreaterThan(0);
    const first = await counts();
    expect(await seedDemoCreditBook(loanDeps(ctx), ctx.settings.AUTH_SECRET)).toEqual({ steps: 0 });
    expect(await counts()).toEqual(first);

    const book = await bookOf();
    // In arrears in each bucket; past the policy's 90 days, defaulted by the daily run.
    expect([3, 15, 45, 75].map((d) => [...book.values()].find((l) => l.days_past_due === d)?.status)).toEqual([
      'active',
      'active',
      'active',
      'active',
    ]);
    expect(book.get('Nabirye Agnes')).toMatchObject({ status: 'defaulted', days_past_due: 95 });
    expect(book.get('Nakimuli Rose')!.status).toBe('defaulted');
    expect(book.get('Opio Samuel')!.status).toBe('repossessed');
    expect(book.get('Namukasa Betty')).toMatchObject({ status: 'written_off', recovered: 50_000 });
    expect(await customerFollowOn(ctx.db, book.get('Mugisha Robert')!.user_id)).toMatchObject({ eligible: true });

    // Nakato Sarah's loan, extended by an admin through the extension service: two more
    // instalments, the old schedule kept in the history, the change audited.
    const extended = await queryRows<{
      kind: string;
      instalments: number;
      rows: number;
      before: number;
      after: number;
    }>(
      ctx.db,
      sql`select c.kind, l.instalments, jsonb_array_length(c.before)::int as before,
                 jsonb_array_length(c.after)::int as after,
                 (select count(*)::int from loan_repayments r where r.loan_id = l.id) as rows
          from loan_schedule_changes c join loans l on l.id = c.loan_id
          where l.user_id = ${book.get('Nakato Sarah')!.user_id}`,
    );
    expect(extended.map((e) => e.kind)).toEqual(['extension']);
    const [change] = extended;
    expect(change!.after).toBe(change!.before + 2);
    expect([change!.instalments, change!.rows]).toEqual([change!.after, change!.after]);
    const audited = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from audit_log where action = 'loan.extension'`,
    );
    expect(audited[0]!.n).toBe(1);

    const taken = await queryRows<{ status: string; unit: string }>(
      ctx.db,
      sql`select r.status, d.status as unit from repossessions r join devices d on d.id = r.device_id order by r.status`,
    );
    expect(taken).toEqual([
      { status: 'recovered', unit: 'returned' },
      { status: 'started', unit: 'assigned' },
    ]);
    const units = await queryRows<{ n: number; warranty: number }>(
      ctx.db,
      sql`select count(*)::int as n, count(d.warranty_until)::int as warranty
          from loans l join devices d on d.id = l.device_id where l.status in ('active', 'defaulted', 'completed')`,
    );
    expect(units[0]!.n).toBe(units[0]!.warranty);
    expect(units[0]!.n).toBeGreaterThanOrEqual(8);

    // 91 days of figures (90 derived, today's from the run) and six month ends, with arrears in them.
    expect(first.portfolio_days).toBe(91 * 6);
    expect(first.months).toBeGreaterThanOrEqual(6);
    const history = await queryRows<{ bucket: string; loans: number }>(
      ctx.db,
      sql`select bucket, max(loans)::int as loans from portfolio_days group by bucket order by bucket`,
    );
    // The policy defaults at 90 days, so no loan stays in par90: it is counted as defaulted.
    for (const { bucket, loans } of history.filter((h) => h.bucket !== 'par90'))
      expect(loans, bucket).toBeGreaterThan(0);
  });
});
