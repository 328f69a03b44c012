import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTokens, loanRepayments, loans } from '#src/db/schema/loans.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { signedInAdmin, type Client } from './catalog-admin.ts';
import { applyFor, creditCustomer, deliver, importDevices, systemOnCredit } from './loan-helpers.ts';
import { createTestContext, type TestContext } from './test-app.ts';

// Real concurrency: repayments of one loan on a PostgreSQL server's pool, all at once.
let ctx: TestContext;
let admin: { id: string; api: Client };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInAdmin(ctx);
});
afterAll(async () => ctx.close());

describe('repayments of one loan made at once', () => {
  it('are applied one after another: never more than is owed, each shilling once, each token count once', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 1_300_000 });
    const applied = await applyFor(customer, product.id, plan.id);
    const id = applied.body.loans[0].id as string;
    await importDevices(ctx, admin.api, product.sku);
    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect((await deliver(admin.api, row!.orderId)).status).toBe(200);

    // 900,000 owed; twenty repayments of 50,000 at once: eighteen fit.
    const racers = 20;
    const answers = await Promise.all(
      Array.from({ length: racers }, () =>
        customer.api.post(`/api/loans/${id}/repayments`, { amount: 50_000, payment: { method: 'wallet' } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(18);
    expect(statuses.filter((s) => s !== 200)).toEqual([409, 409]);

    const [loan] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect(loan).toMatchObject({ status: 'completed', paid: 1_200_000 });
    const [sums] = (
      (await ctx.db.execute(
        sql`select sum(amount_paid)::int as paid, count(*) filter (where status = 'paid')::int as done
            from loan_repayments where loan_id = ${id}`,
      )) as unknown as { rows: { paid: number; done: number }[] }
    ).rows;
    expect(sums).toEqual({ paid: 900_000, done: 4 });
    expect(await walletBalance(ctx.db, customer.id)).toBe(1_300_000 - 1_200_000);
    const instalments = await ctx.db.select().from(loanRepayments).where(eq(loanRepayments.loanId, id));
    for (const instalment of instalments) expect(instalment.amountPaid).toBe(instalment.amountDue);

    const tokens = await ctx.db.select().from(deviceTokens).where(eq(deviceTokens.deviceId, loan!.deviceId!));
    const counts = tokens.map((t) => t.count).sort((a, b) => a - b);
    expect(new Set(counts).size).toBe(counts.length);
    expect(tokens.filter((t) => t.type === 'DISABLE_PAYG')).toHaveLength(1);
    // The delivery's token and one per repayment that bought days; the last unlocks instead.
    expect(tokens.filter((t) => t.type === 'ADD_TIME')).toHaveLength(1 + 17);
    expect(tokens.reduce((days, t) => days + (t.days ?? 0), 0)).toBe(loan!.daysIssued);
  });
});
