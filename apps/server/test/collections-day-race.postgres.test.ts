import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { DEFAULT_CREDIT_POLICY } from '@ecogrid/core/credit-policy';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { loanFollowUps, loanRepayments, loans } from '#src/db/schema/loans.ts';
import { activeAdminIds } from '#src/features/auth/agent-accounts.service.ts';
import { runLoanDay } from '#src/features/loans/portfolio.service.ts';
import { signedInAdmin, type Client } from './catalog-admin.ts';
import { applyFor, creditCustomer, loanDeps, systemOnCredit } from './loan-helpers.ts';
import { createTestContext, type TestContext } from './test-app.ts';

// Real concurrency on a PostgreSQL server's pool: the daily run started twice for one day (two
// app processes' schedulers, or a retry while the first still runs) must act once.
let ctx: TestContext;
let admin: { id: string; api: Client };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInAdmin(ctx);
});
afterAll(async () => ctx.close());

const today = kampalaDate(new Date());
const LATE_FEE = 5_000;

/** An active loan whose first instalment falls due `days` from today (negative: past), not yet marked late. */
async function loanDue(days: number) {
  const { product, plan } = await systemOnCredit(ctx, admin.api, 3);
  const customer = await creditCustomer(ctx, { wallet: 300_000 });
  const id = (await applyFor(customer, product.id, plan.id)).body.loans[0].id as string;
  await ctx.db
    .update(loanRepayments)
    .set({ dueDate: addDays(today, days) })
    .where(and(eq(loanRepayments.loanId, id), eq(loanRepayments.number, 1)));
  return { id, userId: customer.id };
}

const countOf = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(ctx.db, query))[0]!.n;
const notices = (userId: string, title: string) =>
  countOf(sql`select count(*)::int as n from notifications where user_id = ${userId} and title = ${title}`);

describe('two daily runs at once for the same day', () => {
  it('make each reminder, late fee, default and follow-up once', async () => {
    await ctx.db.execute(
      sql`insert into credit_policies (version, rules) values (1, ${JSON.stringify({
        ...DEFAULT_CREDIT_POLICY,
        reminderDays: [-3, 5],
        defaultAfterDays: 30,
        lateFee: { amount: LATE_FEE, afterDays: 3 },
      })}::jsonb)`,
    );
    const comingDue = await loanDue(3);
    const late = await loanDue(-5);
    const inDefault = await loanDue(-30);
    const promised = await loanDue(-10);
    await ctx.db.update(loans).set({ daysPastDue: 10 }).where(eq(loans.id, promised.id));
    await ctx.db.insert(loanFollowUps).values({
      loanId: promised.id,
      reason: 'arrears',
      openedOn: addDays(today, -8),
      outcome: 'promise_to_pay',
      promiseDate: addDays(today, -2),
      promiseAmount: 50_000,
      // Recorded after the deposit, which must not count as money paid towards the promise.
      recordedAt: new Date(),
    });

    const runs = await Promise.all([runLoanDay(loanDeps(ctx), today), runLoanDay(loanDeps(ctx), today)]);
    const total = (key: 'reminders' | 'lateFees' | 'defaulted' | 'followUps' | 'enteredArrears') =>
      runs.reduce((n, r) => n + r[key], 0);
    expect(total('enteredArrears')).toBe(2);
    expect(total('reminders')).toBe(2);
    expect(total('lateFees')).toBe(3);
    expect(total('defaulted')).toBe(1);
    // The late and defaulted loans' first follow-ups, and the broken promise's.
    expect(total('followUps')).toBe(3);

    // Reminders: the day before due and the fifth day late, each sent and recorded once.
    expect(await notices(comingDue.userId, 'Loan Payment Reminder')).toBe(1);
    expect(await notices(late.userId, 'Loan payment overdue')).toBe(2);
    expect(await countOf(sql`select count(*)::int as n from loan_reminders`)).toBe(2);
    // Late fees: one per late instalment, on the instalment, the loan and the ledger once.
    for (const loan of [late, inDefault, promised]) {
      const [row] = await ctx.db.select().from(loans).where(eq(loans.id, loan.id));
      expect(row!.fees).toBe(LATE_FEE);
      const keyed = await countOf(sql`
        select count(*)::int as n from journal_transactions j join loan_repayments r
          on j.idempotency_key = 'loan-repayment:' || r.id || ':late-fee'
        where r.loan_id = ${loan.id}`);
      expect(keyed).toBe(1);
    }
    // The default: once, and its customer told once.
    const [defaulted] = await ctx.db.select().from(loans).where(eq(loans.id, inDefault.id));
    expect(defaulted!.status).toBe('defaulted');
    expect(await notices(inDefault.userId, 'Loan in default')).toBe(1);
    // Follow-ups: one open per loan past due, and the admins told of each once.
    const open = await queryRows<{ loan_id: string; reason: string; n: number }>(
      ctx.db,
      sql`select loan_id, reason, count(*)::int as n from loan_follow_ups where outcome is null group by 1, 2`,
    );
    expect(open.map((f) => [f.loan_id, f.reason, f.n]).sort()).toEqual(
      [
        [late.id, 'arrears', 1],
        [inDefault.id, 'arrears', 1],
        [promised.id, 'broken_promise', 1],
      ].sort(),
    );
    const admins = (await activeAdminIds(ctx.db)).length;
    expect(await countOf(sql`select count(*)::int as n from notifications where title = 'Loan to follow up'`)).toBe(
      3 * admins,
    );

    // A third run for the day finds nothing left to do.
    expect(await runLoanDay(loanDeps(ctx), today)).toMatchObject({
      enteredArrears: 0,
      reminders: 0,
      lateFees: 0,
      defaulted: 0,
      followUps: 0,
    });
  });
});
