import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loanRepayments, loans } from '#src/db/schema/loans.ts';
import { loanTestApp } from '#src/features/loans/loan-test-setup.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { applyFor, creditCustomer, systemOnCredit } from './loan-helpers.ts';
import type { TestContext } from './test-app.ts';

// Real concurrency on a PostgreSQL server's pool: the same quote accepted twice at once, under
// two keys (two phones, or a double tap after a reload).
const { app } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});

async function runningLoan(wallet: number) {
  const { product, plan } = await systemOnCredit(ctx, admin.api);
  const customer = await creditCustomer(ctx, { wallet });
  const id = (await applyFor(customer, product.id, plan.id)).body.loans[0].id as string;
  return { customer, id };
}

describe('two changes of one loan at once', () => {
  it('applies one extension of a quote and refuses the other as a changed quote', async () => {
    const { customer, id } = await runningLoan(300_000);
    const quote = (await customer.api.get(`/api/loans/${id}/extension-quote?instalments=2`)).body.quote as string;
    const answers = await Promise.all(
      [1, 2].map(() => customer.api.post(`/api/loans/${id}/extension`, { instalments: 2, quote })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.code).toBe('quote_changed');
    const lines = await ctx.db.select().from(loanRepayments).where(eq(loanRepayments.loanId, id));
    expect(lines).toHaveLength(6);
    expect(lines.reduce((s, l) => s + l.amountDue, 0)).toBe(900_000);
  });

  it('pays a loan off once: the second payoff is refused and takes nothing from the wallet', async () => {
    const { customer, id } = await runningLoan(1_100_000);
    const quote = (await customer.api.get(`/api/loans/${id}/payoff-quote`)).body.quote as string;
    const answers = await Promise.all(
      [1, 2].map(() => customer.api.post(`/api/loans/${id}/payoff`, { quote, payment: { method: 'wallet' } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [loan] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect(loan).toMatchObject({ status: 'completed', paid: 1_100_000, forgiven: 100_000 });
    expect(await walletBalance(ctx.db, customer.id)).toBe(0);
  });
});
