import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loanRepayments, loans } from '#src/db/schema/loans.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { applyFor, creditCustomer, systemOnCredit } from '../../../test/loan-helpers.ts';
import '../../../test/ledger-check.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { loanTestApp } from './loan-test-setup.ts';

const { app } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});

/** A customer whose one loan is paid off: each instalment paid `late` days after its due date. */
async function paidOffCustomer(late: number) {
  const { product, plan } = await systemOnCredit(ctx, admin.api);
  const customer = await creditCustomer(ctx, { wallet: 2_000_000 });
  const first = await applyFor(customer, product.id, plan.id);
  const id = first.body.loans[0].id;
  const today = kampalaDate(new Date());
  const rows = await ctx.db.select().from(loanRepayments).where(eq(loanRepayments.loanId, id));
  for (const row of rows) {
    const due = addDays(today, -30 * (5 - row.number));
    await ctx.db
      .update(loanRepayments)
      .set({
        dueDate: due,
        status: 'paid',
        amountPaid: row.amountDue,
        paidAt: new Date(`${addDays(due, late)}T09:00:00Z`),
      })
      .where(eq(loanRepayments.id, row.id));
  }
  await ctx.db.update(loans).set({ status: 'completed', paid: 1_200_000 }).where(eq(loans.id, id));
  return { customer, product, plan };
}

describe('follow-on loans', () => {
  it('offers a customer who paid off on time the policy deposit, and charges it on the next loan', async () => {
    const { customer, product, plan } = await paidOffCustomer(0);
    const offer = await customer.api.get('/api/loans/follow-on-offer');
    expect(offer.status).toBe(200);
    expect(offer.body).toEqual({ eligible: true, depositBp: 1_000 });
    const before = await walletBalance(ctx.db, customer.id);
    const next = await applyFor(customer, product.id, plan.id);
    expect(next.body.loans[0]).toMatchObject({ status: 'active', deposit: 120_000 });
    expect(await walletBalance(ctx.db, customer.id)).toBe(before - 120_000);
    // With a loan open again, the offer is gone until it is paid off.
    expect((await customer.api.get('/api/loans/follow-on-offer')).body).toEqual({ eligible: false, depositBp: null });
  });

  it('offers nothing to a customer who paid late, nor to a new customer', async () => {
    const { customer, product, plan } = await paidOffCustomer(4);
    expect((await customer.api.get('/api/loans/follow-on-offer')).body).toEqual({ eligible: false, depositBp: null });
    const next = await applyFor(customer, product.id, plan.id);
    expect(next.body.loans[0].deposit).toBe(300_000);
    const fresh = await creditCustomer(ctx, { wallet: 0 });
    expect((await fresh.api.get('/api/loans/follow-on-offer')).body).toEqual({ eligible: false, depositBp: null });
  });
});
