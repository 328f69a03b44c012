import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loans } from '#src/db/schema/loans.ts';
import { signedInAdmin, signedInCustomer, type Client } from '../../../test/catalog-admin.ts';
import { applyFor, creditCustomer, overdue as markOverdue, systemOnCredit } from '../../../test/loan-helpers.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';

// A database of its own, so the book holds exactly the loans made here.
let ctx: TestContext;
let admin: { id: string; api: Client };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInAdmin(ctx);
});
afterAll(async () => ctx.close());

async function activeLoan(product: { id: string }, plan: { id: string }, wallet = 300_000) {
  const customer = await creditCustomer(ctx, { wallet });
  const applied = await applyFor(customer, product.id, plan.id);
  expect(applied.status).toBe(201);
  return { customer, id: applied.body.loans[0].id as string };
}

const overdue = (id: string, days: number) => markOverdue(ctx, id, days);

describe('the portfolio', () => {
  it('gives PAR1, PAR30, PAR60, PAR90, the collection rate and the counts', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api, 10);
    // Five active loans of 900,000 outstanding each, one of them also repaid 225,000.
    const current = await activeLoan(product, plan, 525_000);
    const late2 = await activeLoan(product, plan);
    const late31 = await activeLoan(product, plan);
    const late61 = await activeLoan(product, plan);
    const late91 = await activeLoan(product, plan);
    // Paid ahead, before anything has fallen due: money collected, but no rate yet.
    const repaid = await current.customer.api.post(`/api/loans/${current.id}/repayments`, {
      amount: 225_000,
      payment: { method: 'wallet' },
    });
    expect(repaid.status).toBe(200);
    expect((await admin.api.get('/api/admin/loans/figures')).body).toMatchObject({
      dueToDate: 0,
      collectedToDate: 0,
      paidAhead: 225_000,
      collectionRate: null,
    });

    await overdue(late2.id, 2);
    await overdue(late31.id, 31);
    await overdue(late61.id, 61);
    await overdue(late91.id, 91);
    await overdue(current.id, 0);

    const figures = (await admin.api.get('/api/admin/loans/figures')).body;
    const outstanding = 675_000 + 4 * 900_000;
    expect(figures).toEqual({
      outstanding,
      par1: Math.round((4 * 900_000 * 10_000) / outstanding),
      par30: Math.round((3 * 900_000 * 10_000) / outstanding),
      par60: Math.round((2 * 900_000 * 10_000) / outstanding),
      par90: Math.round((900_000 * 10_000) / outstanding),
      // Due to date: five first instalments of 225,000; paid: one of them, ahead of its date.
      dueToDate: 5 * 225_000,
      collectedToDate: 225_000,
      paidAhead: 0,
      collectionRate: 2_000,
      active: 5,
      completed: 0,
      pendingApproval: 0,
      inArrears: 4,
    });
  });

  it('filters the book by status, district, agent and days past due', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api, 10);
    const agent = await signedInCustomer(ctx);
    expect((await admin.api.patch(`/api/admin/users/${agent.id}/role`, { userType: 'agent' })).status).toBe(200);
    const code = `EG-P-${agent.id.slice(0, 6)}`.toUpperCase();
    expect(
      (await admin.api.post(`/api/admin/users/${agent.id}/approve-agent`, { agentCode: code, commissionRateBp: 250 }))
        .status,
    ).toBe(200);
    const sold = await activeLoan(product, plan);
    const other = await activeLoan(product, plan);
    await ctx.db.update(loans).set({ agentId: agent.id, district: 'Gulu' }).where(eq(loans.id, sold.id));
    await overdue(sold.id, 12);

    const byAgent = await admin.api.get(`/api/admin/loans?agent=${code.toLowerCase()}`);
    expect(byAgent.body.items.map((l: { id: string }) => l.id)).toEqual([sold.id]);
    expect(byAgent.body.items[0]).toMatchObject({ agentCode: code, district: 'Gulu', daysPastDue: 12 });
    const byDistrict = await admin.api.get('/api/admin/loans?district=gulu');
    expect(byDistrict.body.items.map((l: { id: string }) => l.id)).toEqual([sold.id]);
    const late = await admin.api.get('/api/admin/loans?minDaysPastDue=10&maxDaysPastDue=20');
    expect(late.body.items.map((l: { id: string }) => l.id)).toEqual([sold.id]);
    const active = await admin.api.get('/api/admin/loans?status=active&limit=100');
    expect(active.body.items.map((l: { id: string }) => l.id)).toEqual(expect.arrayContaining([sold.id, other.id]));
    expect((await admin.api.get('/api/admin/loans?agent=NOBODY')).body.items).toEqual([]);

    const page1 = await admin.api.get('/api/admin/loans?limit=2');
    const page2 = await admin.api.get(`/api/admin/loans?limit=2&cursor=${page1.body.nextCursor}`);
    const ids = [...page1.body.items, ...page2.body.items].map((l: { id: string }) => l.id);
    expect(new Set(ids).size).toBe(ids.length);

    const detail = await admin.api.get(`/api/admin/loans/${sold.id}`);
    expect(detail.body).toMatchObject({ id: sold.id, agentCode: code, customerName: 'Nambi Grace' });
    expect(detail.body.schedule).toHaveLength(4);
  });
});
