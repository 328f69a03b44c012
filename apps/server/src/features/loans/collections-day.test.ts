import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { loanRepayments, loans } from '#src/db/schema/loans.ts';
import { accountBalances, HOUSE_ACCOUNTS } from '#src/features/wallet/ledger.service.ts';
import { applyFor, creditCustomer, overdue, policyPerTest, systemOnCredit } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { loanTestApp } from './loan-test-setup.ts';
import { runLoanDay } from './portfolio.service.ts';

const { app, deps, inboxOf } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});
const savePolicy = policyPerTest(() => ctx);

const today = kampalaDate(new Date());

async function activeLoan() {
  const { product, plan } = await systemOnCredit(ctx, admin.api, 3);
  const customer = await creditCustomer(ctx, { wallet: 600_000 });
  const applied = await applyFor(customer, product.id, plan.id);
  expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  return { customer, id: applied.body.loans[0].id as string };
}

const loanRow = async (id: string) => (await ctx.db.select().from(loans).where(eq(loans.id, id)))[0]!;
const followUps = (id: string) =>
  queryRows<{ reason: string; outcome: string | null; promise_broken: boolean }>(
    ctx.db,
    sql`select reason, outcome, promise_broken from loan_follow_ups where loan_id = ${id} order by created_at`,
  );

describe('default and back to active', () => {
  it('defaults a loan at exactly the policy days, tells the customer, and a payment clearing the arrears reactivates it', async () => {
    await savePolicy({ defaultAfterDays: 30 });
    const { customer, id } = await activeLoan();
    await overdue(ctx, id, 29);
    await runLoanDay(deps(), today);
    expect((await loanRow(id)).status).toBe('active');

    await overdue(ctx, id, 30);
    expect((await runLoanDay(deps(), today)).defaulted).toBe(1);
    expect((await runLoanDay(deps(), today)).defaulted).toBe(0);
    const defaulted = await loanRow(id);
    expect(defaulted).toMatchObject({ status: 'defaulted', daysPastDue: 30 });
    expect(defaulted.defaultedAt).not.toBeNull();
    expect((await inboxOf(customer.id)).filter((m) => m.includes('in default'))).toEqual([
      expect.stringContaining('to bring the loan back to good standing'),
    ]);

    // Repayments are still taken; clearing the overdue instalment makes the loan active again.
    const [first] = await ctx.db
      .select()
      .from(loanRepayments)
      .where(and(eq(loanRepayments.loanId, id), eq(loanRepayments.number, 1)));
    const paid = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: first!.amountDue - first!.amountPaid,
      payment: { method: 'wallet' },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await loanRow(id)).toMatchObject({ status: 'active', daysPastDue: 0, defaultedAt: null });
    expect(await inboxOf(customer.id)).toContainEqual(expect.stringContaining('no longer in default'));
  });
});

describe('reminders by the policy', () => {
  it('reminds on each policy day once, and not while the loan is paused', async () => {
    await savePolicy({ reminderDays: [-2, 0, 5] });
    const { customer, id } = await activeLoan();
    const [first] = await ctx.db
      .select()
      .from(loanRepayments)
      .where(and(eq(loanRepayments.loanId, id), eq(loanRepayments.number, 1)));
    const due = first!.dueDate;
    const count = async () => (await inboxOf(customer.id)).filter((m) => /due|overdue/.test(m)).length;
    const before = await count();
    for (const offset of [-3, -2, -2, -1, 0, 0]) await runLoanDay(deps(), addDays(due, offset));
    expect((await count()) - before).toBe(2);
    const sent = await queryRows<{ day_offset: number }>(
      ctx.db,
      sql`select day_offset from loan_reminders where repayment_id = ${first!.id} order by day_offset`,
    );
    expect(sent.map((r) => Number(r.day_offset))).toEqual([-2, 0]);

    await ctx.db
      .update(loans)
      .set({ pausedUntil: addDays(due, 10) })
      .where(eq(loans.id, id));
    await runLoanDay(deps(), addDays(due, 5));
    const after = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from loan_reminders where repayment_id = ${first!.id}`,
    );
    expect(after[0]!.n).toBe(2);
  });
});

describe('reminders run twice in a day', () => {
  it('remind a loan once that day, though two of its instalments fall on reminder days', async () => {
    await savePolicy({ reminderDays: [0, 30] });
    const { customer, id } = await activeLoan();
    await overdue(ctx, id, 30);
    await ctx.db
      .update(loanRepayments)
      .set({ dueDate: today })
      .where(and(eq(loanRepayments.loanId, id), eq(loanRepayments.number, 2)));
    const before = (await inboxOf(customer.id)).length;
    await runLoanDay(deps(), today);
    await runLoanDay(deps(), today);
    const sent = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from loan_reminders m join loan_repayments r on r.id = m.repayment_id
          where r.loan_id = ${id}`,
    );
    expect(sent[0]!.n).toBe(1);
    expect((await inboxOf(customer.id)).length - before).toBe(1);
    // Back on time, so the tests after this one see no late loan of this test.
    await ctx.db.execute(
      sql`update loan_repayments set due_date = ${addDays(today, 60)}::date + number where loan_id = ${id}`,
    );
    await ctx.db.update(loans).set({ daysPastDue: 0 }).where(eq(loans.id, id));
  });
});

describe('follow-ups and promises', () => {
  it('opens one follow-up for a loan past due, and raises a new one when a promise is broken', async () => {
    const { id } = await activeLoan();
    await overdue(ctx, id, 3);
    await runLoanDay(deps(), today);
    await runLoanDay(deps(), today);
    expect(await followUps(id)).toEqual([{ reason: 'arrears', outcome: null, promise_broken: false }]);

    await ctx.db.execute(sql`
      update loan_follow_ups set outcome = 'promise_to_pay', promise_date = ${addDays(today, -1)}::date,
        promise_amount = 50000, recorded_at = now()
      where loan_id = ${id}`);
    await runLoanDay(deps(), today);
    await runLoanDay(deps(), today);
    expect(await followUps(id)).toEqual([
      { reason: 'arrears', outcome: 'promise_to_pay', promise_broken: true },
      { reason: 'broken_promise', outcome: null, promise_broken: false },
    ]);
  });
});

describe('the late fee', () => {
  it('is charged once per late instalment, onto the instalment and the loan, with its journal entry', async () => {
    await savePolicy({ lateFee: { amount: 5_000, afterDays: 7 } });
    const { id } = await activeLoan();
    const fees = async () => (await accountBalances(ctx.db, [HOUSE_ACCOUNTS.loanFees])).get(HOUSE_ACCOUNTS.loanFees)!;
    const start = await fees();
    await overdue(ctx, id, 6);
    await runLoanDay(deps(), today);
    expect(await fees()).toBe(start);

    await overdue(ctx, id, 7);
    await runLoanDay(deps(), today);
    await runLoanDay(deps(), today);
    expect(await fees()).toBe(start + 5_000);
    expect((await loanRow(id)).fees).toBe(5_000);
    const [first] = await ctx.db
      .select()
      .from(loanRepayments)
      .where(and(eq(loanRepayments.loanId, id), eq(loanRepayments.number, 1)));
    expect(first).toMatchObject({ lateFee: 5_000, amountDue: 225_000 + 5_000 });
  });
});

describe('a payment of a late instalment', () => {
  it('pays the late fee first, shows that share, and buys days with the rest only', async () => {
    await savePolicy({ lateFee: { amount: 20_000, afterDays: 7 } });
    const { customer, id } = await activeLoan();
    await overdue(ctx, id, 7);
    await runLoanDay(deps(), today);
    const before = await loanRow(id);
    expect(before.fees).toBe(20_000);

    const paid = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 20_000 + 30_000,
      payment: { method: 'wallet' },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const loan = paid.body.loan;
    expect(loan.schedule[0]).toMatchObject({ lateFee: 20_000, amountPaid: 50_000, status: 'partly_paid' });
    expect(loan.payments[0]).toMatchObject({ kind: 'repayment', amount: 50_000, feesPaid: 20_000 });
    // The deposit's days, then 30,000 at the daily rate: the fee's 20,000 buys nothing.
    const after = await loanRow(id);
    expect(after.daysBought).toBe(before.daysBought + Math.floor(30_000 / after.dailyRate!));
    expect(after.paid).toBe(before.paid + 50_000);

    // The next payment finds the fee paid and buys days with all of it.
    const more = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 40_000,
      payment: { method: 'wallet' },
    });
    expect(more.body.loan.payments[0]).toMatchObject({ amount: 40_000, feesPaid: 0 });
    expect((await loanRow(id)).daysBought).toBe(before.daysBought + Math.floor(70_000 / after.dailyRate!));
  });
});
