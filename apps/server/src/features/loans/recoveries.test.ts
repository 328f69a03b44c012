import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceTokens, loanPayments, loans } from '#src/db/schema/loans.ts';
import { accountBalances, HOUSE_ACCOUNTS, postJournal } from '#src/features/wallet/ledger.service.ts';
import { defaultedLoan } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { loanTestApp } from './loan-test-setup.ts';

const { app } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});

describe('money received on a written-off loan', () => {
  it('is a recovery: recoveries income, counted on the loan, no token, at most what was written off', async () => {
    const { id, customer } = await defaultedLoan(ctx, admin.api, 100);
    const written = await admin.api.post(`/api/admin/loans/${id}/write-off`, { reason: 'Customer moved away' });
    expect(written.body).toEqual({ amount: 900_000 });
    await ctx.db.transaction((tx) =>
      postJournal(tx, {
        idempotencyKey: `fund:${customer.id}:later`,
        kind: 'wallet_topup',
        description: 'Test funding',
        postings: [
          { account: HOUSE_ACCOUNTS.clearing.mtn, amount: -1_000_000 },
          { wallet: customer.id, amount: 1_000_000 },
        ],
      }),
    );
    const codes = [HOUSE_ACCOUNTS.loansReceivable, HOUSE_ACCOUNTS.recoveries];
    const before = await accountBalances(ctx.db, codes);

    const paid = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 100_000,
      payment: { method: 'wallet' },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect(row).toMatchObject({ status: 'written_off', recovered: 100_000, paid: 300_000, forgiven: 900_000 });
    const payments = await ctx.db.select().from(loanPayments).where(eq(loanPayments.loanId, id));
    expect(payments.filter((p) => p.kind === 'recovery').map((p) => p.amount)).toEqual([100_000]);
    const after = await accountBalances(ctx.db, codes);
    expect(after.get(HOUSE_ACCOUNTS.recoveries)! - before.get(HOUSE_ACCOUNTS.recoveries)!).toBe(100_000);
    expect(after.get(HOUSE_ACCOUNTS.loansReceivable)).toBe(before.get(HOUSE_ACCOUNTS.loansReceivable));
    expect(
      await ctx.db
        .select()
        .from(deviceTokens)
        .where(eq(deviceTokens.reference, `loan:${id}:payment:${paid.body.payment.id}`)),
    ).toEqual([]);

    const over = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 800_001,
      payment: { method: 'wallet' },
    });
    expect(over.status).toBe(422);
    expect(over.body.error.message).toBe('You owe UGX 800,000 on this loan: pay at most that.');
  });
});
