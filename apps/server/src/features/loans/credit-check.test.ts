import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { DEFAULT_CREDIT_POLICY, repaymentScore } from '@ecogrid/core/credit-policy';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loanRepayments, loans } from '#src/db/schema/loans.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { applyFor, creditCustomer, systemOnCredit } from '../../../test/loan-helpers.ts';
import '../../../test/ledger-check.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { loanTestApp } from './loan-test-setup.ts';

const { app, stockOf, inboxOf } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});

const storedLoan = async (id: string) => (await ctx.db.select().from(loans).where(eq(loans.id, id)))[0]!;

describe('judging an application by the credit policy', () => {
  it('scores a returning customer from their instalment history and queues a low score for an admin', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 2_000_000 });
    const first = await applyFor(customer, product.id, plan.id);
    expect(first.body.loans[0].status).toBe('active');
    const firstId = first.body.loans[0].id;
    expect((await storedLoan(firstId)).policyVersion).toBe(0);

    // A made-up history: on time, 5 days late, on time, and one still unpaid 10 days after its day.
    const today = kampalaDate(new Date());
    const made = [
      { dueDate: addDays(today, -100), paidOn: addDays(today, -100) },
      { dueDate: addDays(today, -70), paidOn: addDays(today, -65) },
      { dueDate: addDays(today, -40), paidOn: addDays(today, -41) },
      { dueDate: addDays(today, -10), paidOn: null },
    ];
    for (const [i, r] of made.entries()) {
      await ctx.db
        .update(loanRepayments)
        .set({
          dueDate: r.dueDate,
          ...(r.paidOn
            ? { status: 'paid' as const, amountPaid: 225_000, paidAt: new Date(`${r.paidOn}T09:00:00Z`) }
            : {}),
        })
        .where(and(eq(loanRepayments.loanId, firstId), eq(loanRepayments.number, i + 1)));
    }
    const expected = repaymentScore(
      made.map((r) => ({ ...r, amountDue: 225_000 })),
      today,
    );
    expect(expected).toMatchObject({ score: 47, due: 4, onTime: 2, worstDaysLate: 10 });

    const second = await applyFor(customer, product.id, plan.id, { method: 'wallet' }, { declaredIncome: 2_000_000 });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.loans[0]).toMatchObject({ status: 'pending_approval' });
    expect(second.body.loans[0].decisionNote).toBe(
      'Waiting for approval: your earlier instalments were not paid on time often enough.',
    );
    const stored = await storedLoan(second.body.loans[0].id);
    // The admins are told it waits for a person, naming the customer, the product and the loan.
    expect(await inboxOf(admin.id)).toContainEqual(
      expect.stringContaining(
        `applied for ${product.name} on credit (${second.body.loans[0].number}): the credit policy`,
      ),
    );
    const [staffNotice] = (
      (await ctx.db.execute(
        sql`select data from notifications where user_id = ${admin.id} and data->>'loanId' = ${stored.id}`,
      )) as unknown as { rows: { data: Record<string, unknown> }[] }
    ).rows;
    expect(staffNotice?.data).toMatchObject({ loanId: stored.id, forStaff: true });
    expect(stored.policyVersion).toBe(0);
    expect(stored.declaredIncome).toBe(2_000_000);
    expect(stored.creditSuggestion).toEqual({
      outcome: 'review',
      reasons: [{ check: 'low_score', outcome: 'review' }],
      score: expected.score,
      facts: {
        openLoans: 2,
        loansInArrears: 0,
        monthlyInstalments: 450_000,
        declaredMonthlyIncome: 2_000_000,
        score: expected.score,
      },
    });

    const history = await admin.api.get(`/api/admin/loans/${stored.id}/credit-history`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body).toMatchObject({
      policyVersion: 0,
      declaredIncome: 2_000_000,
      suggestion: { outcome: 'review', score: 47 },
      score: expected,
    });
    expect(history.body.otherLoans.map((l: { id: string }) => l.id)).toEqual([firstId]);
    expect(history.body.recentPayments).toEqual([
      expect.objectContaining({ loanNumber: first.body.loans[0].number, kind: 'deposit', amount: 300_000 }),
    ]);
    const customerAsks = await customer.api.get(`/api/admin/loans/${stored.id}/credit-history`);
    expect(customerAsks.status).toBe(403);
  });

  it('refuses an application the saved policy calls unaffordable, gives the unit back and tells the customer why', async () => {
    const saved = await admin.api.put('/api/admin/credit-policy', {
      rules: {
        ...DEFAULT_CREDIT_POLICY,
        maxInstalmentShareBp: 1_000,
        outcomes: { ...DEFAULT_CREDIT_POLICY.outcomes, unaffordable: 'refuse' },
      },
      note: 'Instalments above a tenth of income are refused',
    });
    expect(saved.status).toBe(200);
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 2_000_000 });
    const applied = await applyFor(customer, product.id, plan.id, { method: 'wallet' }, { declaredIncome: 1_000_000 });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const refused = applied.body.loans[0];
    expect(refused.status).toBe('cancelled');
    expect(refused.decisionNote).toBe(
      'Refused by the credit policy: the instalments take too much of the monthly income you declared.',
    );
    expect((await storedLoan(refused.id)).policyVersion).toBe(saved.body.version);
    expect(await stockOf(product.id)).toBe(5);
    expect(await walletBalance(ctx.db, customer.id)).toBe(2_000_000);
    expect((await inboxOf(customer.id)).at(-1)).toContain('the instalments take too much of the monthly income');

    // A customer who reads Luganda is told in Luganda, the reason too.
    const reader = await creditCustomer(ctx, { wallet: 2_000_000 });
    expect((await reader.api.patch('/api/me', { preferredLanguage: 'luganda' })).status).toBe(200);
    const theirs = await applyFor(reader, product.id, plan.id, { method: 'wallet' }, { declaredIncome: 1_000_000 });
    expect(theirs.body.loans[0].status).toBe('cancelled');
    expect((await inboxOf(reader.id)).at(-1)).toMatch(
      /^Ebbanja LN-\d+ erya .+ ligaaniddwa: okusasula kwa buli mulundi kutwala kinene nnyo ku nfuna yo ey'omwezi gye wawandiika\.$/,
    );

    // Enough income declared: approved at once under the same policy.
    const other = await creditCustomer(ctx, { wallet: 2_000_000 });
    const fine = await applyFor(other, product.id, plan.id, { method: 'wallet' }, { declaredIncome: 3_000_000 });
    expect(fine.body.loans[0].status).toBe('active');
  });

  it('refuses a declared income that is not a positive whole number of shillings', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 2_000_000 });
    const bad = await applyFor(customer, product.id, plan.id, { method: 'wallet' }, { declaredIncome: -5 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('The monthly income must be more than 0');
  });
});
