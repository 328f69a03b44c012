import { kampalaDate } from '@ecogrid/core/credit';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loans } from '#src/db/schema/loans.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { insertProduct } from '../../../test/factories.ts';
import { applyFor, creditCustomer, DELIVERY, systemOnCredit } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { loanTestApp } from './loan-test-setup.ts';

const { app, stockOf } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});

describe('loan plans', () => {
  it('are set by admins on products sold on credit, within bounds, and customers see the active ones', async () => {
    const cashOnly = await insertProduct(ctx.db, { loanEligible: false });
    const refused = await admin.api.post(`/api/admin/products/${cashOnly.id}/loan-plans`, {
      name: '6 months',
      depositBp: 2_000,
      instalments: 6,
      frequency: 'monthly',
      markupBp: 1_500,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('not_loan_eligible');

    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const outOfRange = await admin.api.post(`/api/admin/products/${product.id}/loan-plans`, {
      name: 'Too long',
      depositBp: 9_500,
      instalments: 1_000,
      frequency: 'yearly',
      markupBp: 0,
    });
    expect(outOfRange.status).toBe(400);
    const withdrawn = await admin.api.post(`/api/admin/products/${product.id}/loan-plans`, {
      name: 'Old weekly',
      depositBp: 1_000,
      instalments: 52,
      frequency: 'weekly',
      markupBp: 3_000,
      active: false,
    });
    expect(withdrawn.status).toBe(201);
    const customer = await creditCustomer(ctx);
    const offered = await customer.api.get(`/api/products/${product.id}/loan-plans`);
    expect(offered.body.plans.map((p: { id: string }) => p.id)).toEqual([plan.id]);
    const all = await admin.api.get(`/api/admin/products/${product.id}/loan-plans`);
    expect(all.body.plans).toHaveLength(2);
    const changed = await admin.api.patch(`/api/admin/loan-plans/${plan.id}`, {
      name: '4 months',
      depositBp: 3_000,
      instalments: 4,
      frequency: 'monthly',
      markupBp: 2_000,
    });
    expect(changed.body.depositBp).toBe(3_000);
    expect((await customer.api.patch(`/api/admin/loan-plans/${plan.id}`, changed.body)).status).toBe(403);
  });
});

describe('applying for credit', () => {
  it('needs a verified identity check: refused with kyc_required, the cart and stock as they were', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 1_000_000, verified: false });
    const applied = await applyFor(customer, product.id, plan.id);
    expect(applied.status).toBe(403);
    expect(applied.body.error.code).toBe('kyc_required');
    expect((await customer.api.get('/api/cart')).body.count).toBe(1);
    expect(await stockOf(product.id)).toBe(5);
    expect((await customer.api.get('/api/loans')).body.loans).toEqual([]);
  });

  it('refuses a plan not offered for the product, changing nothing', async () => {
    const first = await systemOnCredit(ctx, admin.api);
    const other = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 1_000_000 });
    const applied = await applyFor(customer, first.product.id, other.plan.id);
    expect(applied.status).toBe(422);
    expect(applied.body.error.code).toBe('plan_not_allowed');
    expect(await stockOf(first.product.id)).toBe(5);
    expect(await walletBalance(ctx.db, customer.id)).toBe(1_000_000);
    expect((await customer.api.get('/api/cart')).body.count).toBe(1);
  });

  it('keeps nothing when the wallet cannot pay the deposit', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 100_000 });
    const applied = await applyFor(customer, product.id, plan.id);
    expect(applied.status).toBe(422);
    expect(await stockOf(product.id)).toBe(5);
    expect((await customer.api.get('/api/loans')).body.loans).toEqual([]);
    expect((await customer.api.get('/api/cart')).body.count).toBe(1);
  });

  it('approves, takes the deposit from the wallet, fixes the schedule and makes the paid order', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 400_000 });
    const applied = await applyFor(customer, product.id, plan.id);
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const [summary] = applied.body.loans;
    expect(summary).toMatchObject({
      status: 'active',
      cashPrice: 1_000_000,
      creditPrice: 1_200_000,
      deposit: 300_000,
      instalment: 225_000,
      lastInstalment: 225_000,
      costOfCredit: 200_000,
      paid: 300_000,
      outstanding: 900_000,
      daysPastDue: 0,
    });
    expect(summary.number).toMatch(/^LN-\d{6}$/);
    expect(await walletBalance(ctx.db, customer.id)).toBe(100_000);
    expect(await stockOf(product.id)).toBe(4);
    expect((await customer.api.get('/api/cart')).body.count).toBe(0);

    const loan = (await customer.api.get(`/api/loans/${summary.id}`)).body;
    const today = kampalaDate(new Date());
    expect(loan.startDate).toBe(today);
    expect(loan.schedule).toHaveLength(4);
    expect(loan.schedule.reduce((s: number, r: { amountDue: number }) => s + r.amountDue, 0)).toBe(900_000);
    expect(loan.schedule[0]).toMatchObject({ number: 1, amountPaid: 0, status: 'due', userId: customer.id });
    expect(loan.payments).toEqual([expect.objectContaining({ kind: 'deposit', amount: 300_000, method: 'wallet' })]);
    expect(loan.nextDue).toEqual({ dueDate: loan.schedule[0].dueDate, amount: 225_000 });

    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, summary.id));
    const order = await admin.api.get(`/api/admin/orders/${row!.orderId}`);
    expect(order.body).toMatchObject({ status: 'paid', total: 1_200_000 });
  });

  it('names the loan on the order it makes, which neither the customer nor an admin can cancel for a refund', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 400_000 });
    const summary = (await applyFor(customer, product.id, plan.id)).body.loans[0];
    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, summary.id));
    const orderId = row!.orderId;
    const order = await customer.api.get(`/api/orders/${orderId}`);
    expect(order.body).toMatchObject({
      status: 'paid',
      total: 1_200_000,
      loan: { id: summary.id, number: summary.number, deposit: 300_000 },
    });

    const byCustomer = await customer.api.post(`/api/orders/${orderId}/cancel`, { reason: 'Changed my mind' });
    expect(byCustomer.status).toBe(409);
    expect(byCustomer.body.error.code).toBe('order_on_credit');
    const byAdmin = await admin.api.post(`/api/admin/orders/${orderId}/status`, {
      status: 'cancelled',
      note: 'Customer asked',
    });
    expect(byAdmin.status).toBe(409);
    expect(await walletBalance(ctx.db, customer.id)).toBe(100_000);
    expect(await stockOf(product.id)).toBe(4);
    expect((await customer.api.get(`/api/orders/${orderId}`)).body.status).toBe('paid');
    expect((await customer.api.get(`/api/loans/${summary.id}`)).body.status).toBe('active');

    const receipt = await ctx.request(`/api/orders/${orderId}/receipt`, { headers: { cookie: customer.api.cookie! } });
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
  });

  it('makes one loan per unit of a credit line, the units past the open-loan limit waiting for approval', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 1_000_000 });
    await customer.api.post('/api/cart/items', { productId: product.id, quantity: 3, paymentMode: 'loan' });
    const line = (await customer.api.get('/api/cart')).body.lines[0];
    const applied = await customer.api.post('/api/loans/applications', {
      ...DELIVERY,
      payment: { method: 'wallet' },
      plans: [{ cartItemId: line.id, planId: plan.id }],
      acceptTerms: true,
    });
    expect(applied.body.loans.map((l: { status: string }) => l.status)).toEqual([
      'active',
      'active',
      'pending_approval',
    ]);
    expect(await stockOf(product.id)).toBe(2);
    expect(await walletBalance(ctx.db, customer.id)).toBe(400_000);
  });
});

describe('checkout with cash and credit lines', () => {
  it('takes only the credit lines into applications and leaves the cash lines for the order', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const lamp = await insertProduct(ctx.db, { price: 45_000 });
    const customer = await creditCustomer(ctx, { wallet: 400_000 });
    await customer.api.post('/api/cart/items', { productId: lamp.id, quantity: 1, paymentMode: 'cash' });
    const applied = await applyFor(customer, product.id, plan.id);
    expect(applied.status).toBe(201);
    const cart = (await customer.api.get('/api/cart')).body;
    expect(cart.lines.map((l: { productId: string; paymentMode: string }) => [l.productId, l.paymentMode])).toEqual([
      [lamp.id, 'cash'],
    ]);
    const order = await customer.api.post('/api/orders', { ...DELIVERY, payment: { method: 'wallet' } });
    expect(order.status).toBe(201);
    expect(await walletBalance(ctx.db, customer.id)).toBe(55_000);
  });
});
