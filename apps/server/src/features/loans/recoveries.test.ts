import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceTokens, loanPayments, loans } from '#src/db/schema/loans.ts';
import { accountBalances, HOUSE_ACCOUNTS, postJournal } from '#src/features/wallet/ledger.service.ts';
import { settlePayment } from '#src/features/payments/payments.service.ts';
import {
  agentSoldLoan,
  approvedAgent,
  cashAccount,
  cashRequest,
  setCashLimit,
} from '../../../test/agent-money-helpers.ts';
import { defaultedLoan } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { loanTestApp } from './loan-test-setup.ts';

const { app, deps } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});
beforeAll(async () => {
  // These write-offs (up to UGX 900,000) are below the four-eyes amount here: one admin writes off.
  expect((await admin.api.put('/api/admin/approvals/threshold', { amount: 10_000_000 })).status).toBe(200);
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

/** The loan's recoveries and repayments, and what the ledger holds in recoveries income. */
async function moneyOn(id: string) {
  const rows = await ctx.db.select().from(loanPayments).where(eq(loanPayments.loanId, id));
  const [loan] = await ctx.db.select().from(loans).where(eq(loans.id, id));
  const income = (await accountBalances(ctx.db, [HOUSE_ACCOUNTS.recoveries])).get(HOUSE_ACCOUNTS.recoveries)!;
  return { loan: loan!, kinds: rows.filter((p) => p.kind !== 'deposit').map((p) => [p.kind, p.amount]), income };
}

describe('money received on a written-off loan by other channels', () => {
  it('by mobile money is a recovery when the network settles it, not a repayment', async () => {
    const { id, customer } = await defaultedLoan(ctx, admin.api, 100);
    expect((await admin.api.post(`/api/admin/loans/${id}/write-off`, { reason: 'Gone to Juba' })).status).toBe(200);
    const before = await moneyOn(id);

    // 0772 000106: the sandbox leaves the payment waiting until the network's callback.
    const asked = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 150_000,
      payment: { method: 'mobile_money', phone: '0772000106', network: 'mtn' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.payment.status).toBe('pending');
    expect((await moneyOn(id)).kinds).toEqual([]);
    await settlePayment(deps(), asked.body.payment.id, { state: 'successful' }, { kind: 'callback' });

    const after = await moneyOn(id);
    expect(after.kinds).toEqual([['recovery', 150_000]]);
    expect(after.loan).toMatchObject({ status: 'written_off', recovered: 150_000, paid: before.loan.paid });
    expect(after.income - before.income).toBe(150_000);
  });

  it('in cash to an agent is a recovery, held in the agent’s cash on hand', async () => {
    const agent = await approvedAgent(ctx, admin.api);
    await setCashLimit(ctx, agent.id, 2_000_000);
    const { customer, loan } = await agentSoldLoan(ctx, admin.api, agent);
    await ctx.db
      .update(loans)
      .set({ status: 'defaulted', defaultedAt: new Date(Date.now() - 100 * 86_400_000) })
      .where(eq(loans.id, loan.id));
    expect((await admin.api.post(`/api/admin/loans/${loan.id}/write-off`, { reason: 'Moved away' })).status).toBe(200);
    const before = await moneyOn(loan.id);
    const cashBefore = await cashAccount(ctx, agent.id);

    const request = cashRequest(agent, { customerId: customer.id, loanId: loan.id, amount: 80_000 });
    const answer = await agent.api.post('/api/agent/collections', request);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.token).toBeNull();

    const after = await moneyOn(loan.id);
    expect(after.kinds).toEqual([['recovery', 80_000]]);
    expect(after.loan).toMatchObject({ status: 'written_off', recovered: 80_000, paid: before.loan.paid });
    expect(after.income - before.income).toBe(80_000);
    expect(await cashAccount(ctx, agent.id)).toBe(cashBefore + 80_000);

    const over = await agent.api.post(
      '/api/agent/collections',
      cashRequest(agent, { customerId: customer.id, loanId: loan.id, amount: 900_000 }),
    );
    expect(over.status).toBe(422);
    expect(over.body.error.message).toBe(
      `The customer owes UGX 820,000 on loan ${answer.body.collection.loanNumber}: collect at most that.`,
    );
  });
});
