import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_ACCOUNTS, openAccounts, postJournal } from '#src/features/wallet/ledger.service.ts';
import type { Jobs } from '#src/platform/jobs.ts';
import { appWithAdmin, signedInCustomer } from '../../../test/catalog-admin.ts';
import { insertProduct } from '../../../test/factories.ts';
import { applyFor, creditCustomer, systemOnCredit } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import '../../../test/ledger-check.ts';
import { businessSummary } from './business-summary.ts';

const app = appWithAdmin();
let ctx: TestContext;
beforeAll(() => {
  ctx = app.ctx;
});

const run = (statement: ReturnType<typeof sql>) => ctx.db.execute(statement);
/** A moment in Kampala (UTC+3) on a day of March 2026. */
const at = (day: number, hour = 12) =>
  `2026-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+03:00`;
const failedJobs = {
  queues: async () => [{ name: 'dead-letters', ready: 2, deferred: 0, active: 0, failed: 0, total: 2 }],
};

/** A cash order of `price` paid from the wallet, then moved to `paidAt` (and cancelled if asked). */
async function cashOrder(price: number, paidAt: string, cancelled = false) {
  const customer = await creditCustomer(ctx, { wallet: price });
  const lamp = await insertProduct(ctx.db, { price, stock: 3 });
  await customer.api.post('/api/cart/items', { productId: lamp.id });
  const placed = await customer.api.post('/api/orders', {
    fulfilment: 'delivery',
    address: { district: 'Kampala', subCounty: 'Kampala Central', village: 'Church Zone' },
    payment: { method: 'wallet' },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.order.id as string;
  await run(
    sql`update orders set paid_at = ${paidAt}${cancelled ? sql`, status = 'cancelled'` : sql``} where id = ${id}`,
  );
}

/** A loan applied for and its deposit paid, moved to be made on `createdOn` and activated on `activatedOn`. */
async function loan(
  createdOn: string,
  activatedOn: string | null,
  status = 'active',
  paidOn = activatedOn ?? createdOn,
) {
  const { product, plan } = await systemOnCredit(ctx, app.admin.api);
  const customer = await creditCustomer(ctx, { wallet: 2_000_000 });
  const applied = await applyFor(customer, product.id, plan.id);
  expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  const id = applied.body.loans[0].id as string;
  await run(
    sql`update loans set created_at = ${createdOn}, activated_at = ${activatedOn}, status = ${status} where id = ${id}`,
  );
  await run(sql`update loan_payments set created_at = ${paidOn} where loan_id = ${id}`);
}

describe('the admin home’s figures', () => {
  it('counts today, this week and this month in Kampala time, from hand-made records', async () => {
    await cashOrder(100_000, at(12, 9)); // today
    await cashOrder(50_000, at(10)); // this week (from Monday 9 March)
    await cashOrder(30_000, at(2)); // this month only
    await cashOrder(70_000, at(12, 10), true); // cancelled: not a sale
    await cashOrder(20_000, '2026-03-12T21:30:00Z'); // 00:30 on 13 March in Kampala: tomorrow
    await loan(at(12, 8), at(12, 11)); // today: 1,200,000 on credit, its 300,000 deposit collected
    await loan(at(3), at(3)); // this month
    // Waits for a person (its test deposit moved to February, out of this month).
    await loan(at(2, 9), null, 'pending_approval', '2026-02-20T12:00:00+03:00');
    const checking = await signedInCustomer(ctx);
    await run(sql`insert into kyc_records (user_id, status, district) values (${checking.id}, 'submitted', 'Kampala')`);
    const agent = `agent-${randomUUID()}`;
    await ctx.db.transaction(async (tx) => {
      await openAccounts(tx, [{ code: `cash:${agent}`, kind: 'agent_cash' }]);
      await postJournal(tx, {
        idempotencyKey: `held:${agent}`,
        kind: 'cash_collection',
        description: 'Cash held by an agent',
        postings: [
          { account: `cash:${agent}`, amount: -70_000 },
          { account: HOUSE_ACCOUNTS.salesRevenue, amount: 70_000 },
        ],
      });
    });
    await run(sql`insert into portfolio_days (day, bucket, loans, outstanding) values
      ('2026-03-01', 'current', 1, 500000),
      ('2026-03-11', 'current', 8, 1000000), ('2026-03-11', 'par1', 2, 200000), ('2026-03-11', 'par30', 1, 100000)`);

    const summary = await businessSummary(ctx.db, failedJobs as unknown as Jobs, new Date('2026-03-12T09:00:00Z'));
    expect(summary.today).toEqual({
      from: '2026-03-12',
      cashSales: { amount: 100_000, count: 1 },
      creditSales: { amount: 1_200_000, count: 1 },
      collections: { amount: 300_000, count: 1 },
      applications: 1,
    });
    expect(summary.week).toMatchObject({
      from: '2026-03-09',
      cashSales: { amount: 150_000, count: 2 },
      creditSales: { amount: 1_200_000, count: 1 },
    });
    expect(summary.month).toMatchObject({
      from: '2026-03-01',
      cashSales: { amount: 180_000, count: 3 },
      creditSales: { amount: 2_400_000, count: 2 },
      collections: { amount: 600_000, count: 2 },
      applications: 3,
    });
    expect(summary.waiting).toEqual({ loanApprovals: 1, identityChecks: 1, failedJobs: 2 });
    // PAR from the newest day recorded: 300,000 of 1,300,000 a day or more late, 100,000 30 days.
    expect(summary.par).toEqual({ day: '2026-03-11', par1: 2308, par30: 769 });
    expect(summary.agentCash).toBe(70_000);
    expect(summary.days).toHaveLength(30);
    expect(summary.days[0]!.day).toBe('2026-02-11');
    expect(summary.days.at(-1)).toEqual({ day: '2026-03-12', sales: 1_300_000, collections: 300_000 });
    expect(summary.days.find((d) => d.day === '2026-03-03')).toEqual({
      day: '2026-03-03',
      sales: 1_200_000,
      collections: 300_000,
    });
  });

  it('answers admins only', async () => {
    expect((await app.admin.api.get('/api/admin/business-summary')).status).toBe(200);
    const customer = await signedInCustomer(ctx);
    expect((await customer.api.get('/api/admin/business-summary')).status).toBe(403);
  });
});
