import { addMonths, daysBetween, kampalaDate } from '@ecogrid/core/credit';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setAgentRate } from '../../../test/agent-helpers.ts';
import { insertProduct } from '../../../test/factories.ts';
import { systemOnCredit } from '../../../test/loan-helpers.ts';
import { DELIVERY, saleTestApp } from './sales-test-setup.ts';

const { app, agentWithCustomer, termsCode, lampAndSystem, rows } = saleTestApp();

const stockOf = async (id: string) =>
  Number((await rows<{ stock: number }>(sql`select stock from products where id = ${id}`))[0]!.stock);

describe('an agent selling for a customer', () => {
  it('sells a solar home system on credit with the deposit in cash, at the rate of the sale', async () => {
    const { agent, customer, sales } = await agentWithCustomer();
    const { product, plan } = await systemOnCredit(app.ctx, app.admin.api);
    const lamp = await insertProduct(app.ctx.db, { price: 30_000, stock: 3 });
    // The customer's own cart is theirs: the agent's sale leaves it as it was.
    expect((await customer.api.post('/api/cart/items', { productId: lamp.id, quantity: 1 })).status).toBe(201);
    const request = { lines: [{ productId: product.id, quantity: 1, planId: plan.id }], ...DELIVERY };

    const quote = await agent.api.post(`${sales}/quote`, request);
    expect(quote.status).toBe(200);
    // 1,000,000 cash, 20 % markup, 25 % deposit, 4 monthly instalments: the terms checkout shows.
    expect(quote.body).toMatchObject({
      cashSubtotal: 0,
      deliveryFee: 0,
      deposits: 300_000,
      costOfCredit: 200_000,
      waitingForApproval: 0,
      payNow: 300_000,
      total: 1_200_000,
    });
    expect(quote.body.lines[0]).toMatchObject({
      mode: 'credit',
      lineTotal: 1_200_000,
      credit: { planName: '4 months', creditPrice: 1_200_000, deposit: 300_000, instalment: 225_000, instalments: 4 },
    });
    // The deposit buys the days up to the first monthly instalment, from today.
    const today = kampalaDate(new Date());
    expect(quote.body.lines[0].credit.depositDays).toBe(daysBetween(today, addMonths(today, 1)));

    const { code, sms, sent } = await termsCode(agent, sales, customer.e164, request);
    expect(sent).toMatchObject({ expiresInMinutes: 10, testModeCode: code, quote: quote.body });
    expect(sms).toContain('Total UGX 1,200,000; to pay now UGX 300,000.');
    expect(sms).toContain('deposit UGX 300,000, then 4 monthly instalments of UGX 225,000.');
    expect(sms).toContain('Total cost of credit UGX 200,000.');

    const sold = await agent.api.post(sales, { ...request, code, payment: { method: 'cash' } });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(sold.body.order).toBeNull();
    expect(sold.body.payments).toEqual([]);
    expect(sold.body.loans).toHaveLength(1);
    const loan = sold.body.loans[0];
    expect(loan).toMatchObject({ status: 'approved', deposit: 300_000, creditPrice: 1_200_000 });
    // What the agent collects next, as POST /api/agent/collections takes it.
    expect(sold.body.amountsDue).toEqual([{ purpose: 'loan_repayment', loanId: loan.id, amount: 300_000 }]);
    expect(await stockOf(product.id)).toBe(4);

    // The loan is the customer's, sold by the agent at 2.5 %; a later rate does not change it.
    await setAgentRate(app.admin.api, agent.id, 900);
    const [row] = await rows<{ user_id: string; agent_id: string; commission_bp: number }>(
      sql`select user_id, agent_id, commission_bp from loans where id = ${loan.id}`,
    );
    expect(row).toEqual({ user_id: customer.id, agent_id: agent.id, commission_bp: 250 });
    expect((await customer.api.get(`/api/loans/${loan.id}`)).body.status).toBe('approved');
    const cart = (await customer.api.get('/api/cart')).body;
    expect(cart.lines.map((l: { productId: string }) => l.productId)).toEqual([lamp.id]);
    const audit = await rows<{ actor_id: string }>(
      sql`select actor_id from audit_log where action = 'agent.sale' and entity_id = ${customer.id}`,
    );
    expect(audit).toEqual([{ actor_id: agent.id }]);
  });

  it('marks the order that delivers a loan with no deposit as sold by the agent too', async () => {
    const { agent, customer, sales } = await agentWithCustomer();
    const product = await insertProduct(app.ctx.db, { price: 200_000, stock: 2, loanEligible: true });
    const plan = await app.admin.api.post(`/api/admin/products/${product.id}/loan-plans`, {
      name: 'No deposit',
      depositBp: 0,
      instalments: 10,
      frequency: 'weekly',
      markupBp: 1_000,
    });
    const request = { lines: [{ productId: product.id, quantity: 1, planId: plan.body.id }], ...DELIVERY };
    const { code } = await termsCode(agent, sales, customer.e164, request);
    const sold = await agent.api.post(sales, { ...request, code, payment: { method: 'cash' } });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(sold.body.loans[0].status).toBe('active');
    expect(sold.body.amountsDue).toEqual([]);
    const [order] = await rows<{ user_id: string; sold_by: string; commission_bp: number }>(
      sql`select o.user_id, o.sold_by, o.commission_bp from orders o join loans l on l.order_id = o.id where l.id = ${sold.body.loans[0].id}`,
    );
    expect(order).toEqual({ user_id: customer.id, sold_by: agent.id, commission_bp: 250 });
  });

  it('sells for cash by a mobile-money prompt on the customer’s own phone, through the sandbox', async () => {
    const { agent, customer, sales } = await agentWithCustomer({ verified: false });
    const lamp = await insertProduct(app.ctx.db, { price: 45_000, stock: 4 });
    const request = { lines: [{ productId: lamp.id, quantity: 2 }], ...DELIVERY };
    const { code } = await termsCode(agent, sales, customer.e164, request);

    const sold = await agent.api.post(sales, { ...request, code, payment: { method: 'mtn' } });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(sold.body.order).toMatchObject({ status: 'pending_payment', total: 90_000, paymentMethod: 'mtn' });
    expect(sold.body.payments).toHaveLength(1);
    expect(sold.body.payments[0]).toMatchObject({ status: 'pending', amount: 90_000 });
    expect(sold.body.amountsDue).toEqual([]);
    expect(await stockOf(lamp.id)).toBe(2);
    const [payment] = await rows<{ phone: string; user_id: string }>(
      sql`select phone, user_id from payments where id = ${sold.body.payments[0].id}`,
    );
    expect(payment).toEqual({ phone: customer.e164, user_id: customer.id });

    let order = sold.body.order;
    for (let i = 0; i < 100 && order.status === 'pending_payment'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      order = (await customer.api.get(`/api/orders/${order.id}`)).body;
    }
    expect(order).toMatchObject({ status: 'paid', paymentStatus: 'successful' });
    const [row] = await rows<{ sold_by: string; commission_bp: number }>(
      sql`select sold_by, commission_bp from orders where id = ${order.id}`,
    );
    expect(row).toEqual({ sold_by: agent.id, commission_bp: 250 });
  });

  it('leaves a cash order waiting for the agent’s collection, with the amount to collect', async () => {
    const { agent, customer, sales } = await agentWithCustomer();
    const lamp = await insertProduct(app.ctx.db, { price: 45_000, stock: 4 });
    const request = {
      lines: [{ productId: lamp.id, quantity: 1 }],
      fulfilment: 'delivery',
      address: DELIVERY.address,
    };
    const { code } = await termsCode(agent, sales, customer.e164, request);
    const sold = await agent.api.post(sales, { ...request, code, payment: { method: 'cash' } });
    expect(sold.status).toBe(201);
    const order = sold.body.order;
    expect(order).toMatchObject({ status: 'pending_payment', paymentMethod: 'cash', total: 45_000 });
    expect(sold.body.amountsDue).toEqual([{ purpose: 'order', orderId: order.id, amount: 45_000 }]);
    expect((await customer.api.get(`/api/orders/${order.id}`)).body.timeline[0].note).toBe('Order placed by an agent');
  });

  it('answers a retried sale with the same Idempotency-Key once, and refuses the key for another sale', async () => {
    const { agent, customer, sales } = await agentWithCustomer();
    const { lamp, request } = await lampAndSystem(20_000);
    const { code } = await termsCode(agent, sales, customer.e164, request);
    const key = randomUUID();
    const body = { ...request, code, payment: { method: 'cash' } };
    const first = await agent.api.post(sales, body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.amountsDue).toEqual([
      { purpose: 'order', orderId: first.body.order.id, amount: 20_000 },
      { purpose: 'loan_repayment', loanId: first.body.loans[0].id, amount: 300_000 },
    ]);
    const again = await agent.api.post(sales, body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await agent.api.post(sales, { ...body, lines: [{ productId: lamp.id, quantity: 2 }] }, key);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    const made = await rows<{ orders: number; loans: number }>(
      sql`select (select count(*)::int from orders where user_id = ${customer.id} and not on_credit) as orders,
                 (select count(*)::int from loans where user_id = ${customer.id}) as loans`,
    );
    expect(made).toEqual([{ orders: 1, loans: 1 }]);
    expect(await stockOf(lamp.id)).toBe(9);
    // The code was spent by the sale: another key with it is refused.
    const reused = await agent.api.post(sales, body);
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('code_expired');
  });
});
