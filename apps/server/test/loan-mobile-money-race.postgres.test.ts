import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTokens, loanRepayments, loans } from '#src/db/schema/loans.ts';
import { settlePayment } from '#src/features/payments/payments.service.ts';
import { HOUSE_ACCOUNTS, walletBalance } from '#src/features/wallet/ledger.service.ts';
import { signedInAdmin, type Client } from './catalog-admin.ts';
import { applyFor, creditCustomer, deliver, importDevices, loanDeps, systemOnCredit } from './loan-helpers.ts';
import { createTestContext, type TestContext } from './test-app.ts';

// Real concurrency on a PostgreSQL server's pool: mobile-money repayments settling (the sandbox
// approves at once and calls back) while wallet repayments of the same loan run.
let ctx: TestContext;
let admin: { id: string; api: Client };
beforeAll(async () => {
  ctx = await createTestContext({ settings: { SANDBOX_SETTLE_SECONDS: 0 } });
  admin = await signedInAdmin(ctx);
});
afterAll(async () => ctx.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('mobile-money and wallet repayments of one loan at once', () => {
  it('pay the loan exactly once: what it could not take goes back to the wallet, and no token count is used twice', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 1_000_000 });
    const id = (await applyFor(customer, product.id, plan.id)).body.loans[0].id as string;
    await importDevices(ctx, admin.api, product.sku);
    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect((await deliver(admin.api, row!.orderId)).status).toBe(200);
    const walletBefore = await walletBalance(ctx.db, customer.id);
    expect(walletBefore).toBe(700_000);

    // 900,000 owed; 900,000 offered by mobile money and 500,000 from the wallet, all at once.
    const byPhone = Array.from({ length: 6 }, () =>
      customer.api.post(`/api/loans/${id}/repayments`, {
        amount: 150_000,
        payment: { method: 'mobile_money', phone: customer.local, network: 'mtn' },
      }),
    );
    const fromWallet = Array.from({ length: 10 }, () =>
      customer.api.post(`/api/loans/${id}/repayments`, { amount: 50_000, payment: { method: 'wallet' } }),
    );
    const answers = await Promise.all([...byPhone, ...fromWallet]);
    for (const answer of answers) expect([200, 202, 409, 422]).toContain(answer.status);

    // Every mobile-money payment the network took settles.
    await expect
      .poll(
        async () =>
          (
            await rows<{ n: number }>(
              sql`select count(*)::int as n from payments where loan_id = ${id} and status = 'pending'`,
            )
          )[0]!.n,
        { timeout: 20_000, interval: 200 },
      )
      .toBe(0);

    const [loan] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect(loan).toMatchObject({ status: 'completed', paid: 1_200_000 });
    const instalments = await ctx.db.select().from(loanRepayments).where(eq(loanRepayments.loanId, id));
    for (const instalment of instalments) expect(instalment.amountPaid).toBe(instalment.amountDue);

    // Money in (the wallet before, what the network collected) less money left in the wallet is
    // exactly the 900,000 the loan still owed: nothing lost, nothing taken twice.
    const [collected] = await rows<{ sum: number }>(
      sql`select coalesce(sum(amount), 0)::int as sum from payments
          where loan_id = ${id} and method <> 'wallet' and status = 'successful'`,
    );
    expect(walletBefore + collected!.sum - (await walletBalance(ctx.db, customer.id))).toBe(900_000);

    const tokens = await ctx.db.select().from(deviceTokens).where(eq(deviceTokens.deviceId, loan!.deviceId!));
    const counts = tokens.map((t) => t.count);
    expect(new Set(counts).size).toBe(counts.length);
    expect(tokens.filter((t) => t.type === 'DISABLE_PAYG')).toHaveLength(1);
    expect(tokens.reduce((days, t) => days + (t.days ?? 0), 0)).toBe(loan!.daysIssued);
  });

  it('settle in the order repayments lock in (the loan, then the ledger), so the two never deadlock', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 300_000 });
    const id = (await applyFor(customer, product.id, plan.id)).body.loans[0].id as string;
    // A mobile-money repayment the network leaves pending (a sandbox test number).
    const started = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 100_000,
      payment: { method: 'mobile_money', phone: '0772000106', network: 'mtn' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const paymentId = started.body.payment.id as string;

    const deps = loanDeps(ctx);
    let settling: Promise<unknown> | undefined;
    // As a wallet repayment does: the loan first, then the ledger's accounts. Meanwhile the
    // network's answer settles the pending payment.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select id from loans where id = ${id} for update`);
      settling = settlePayment(deps, paymentId, { state: 'successful', transactionId: 'race-1' }, { kind: 'callback' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tx.execute(sql`select id from ledger_accounts where code = ${HOUSE_ACCOUNTS.loansReceivable} for update`);
    });
    await settling;
    const [loan] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect(loan!.paid).toBe(400_000);
  });
});
