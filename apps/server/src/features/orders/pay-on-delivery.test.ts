import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pickupPoints } from '#src/db/schema/orders.ts';
import { approvedAgent, serveCustomer } from '../../../test/agent-helpers.ts';
import { cashRequest } from '../../../test/agent-money-helpers.ts';
import { appWithAdmin, signedInCustomer, type Client } from '../../../test/catalog-admin.ts';
import { insertProduct } from '../../../test/factories.ts';
import type { TestContext } from '../../../test/test-app.ts';
import '../../../test/ledger-check.ts';

const app = appWithAdmin();
let ctx: TestContext;
let admin: Client;
beforeAll(() => {
  ctx = app.ctx;
  admin = app.admin.api;
});

const address = {
  district: 'Kampala',
  subCounty: 'Kampala Central',
  village: 'Church Zone',
  directions: 'By the well',
};
const onDelivery = { fulfilment: 'delivery', address, payment: { method: 'on_delivery' } };

async function stockOf(id: string) {
  const result = (await ctx.db.execute(sql`select stock from products where id = ${id}`)) as unknown as {
    rows: { stock: number }[];
  };
  return result.rows[0]!.stock;
}

async function noticesOf(userId: string) {
  const result = (await ctx.db.execute(
    sql`select title, message from notifications where user_id = ${userId}`,
  )) as unknown as { rows: { title: string; message: string }[] };
  return result.rows;
}

/** A customer (served by a new agent unless `served` is false) with a lamp of this price in the cart. */
async function customerWithCart(price = 120_000, served = true) {
  const customer = await signedInCustomer(ctx);
  const agent = await approvedAgent(ctx, admin);
  if (served) {
    await serveCustomer(ctx.db, {
      agentId: agent.id,
      customerId: customer.id,
      consentExpiresAt: new Date(Date.now() + 86_400_000),
    });
  }
  const lamp = await insertProduct(ctx.db, { name: `Lamp ${randomUUID().slice(0, 4)}`, price, stock: 4 });
  expect((await customer.api.post('/api/cart/items', { productId: lamp.id, quantity: 1 })).status).toBe(201);
  return { customer, agent, lamp };
}

describe('paying on delivery', () => {
  it('holds the order for the customer’s agent, who takes the cash and hands it over in one step', async () => {
    const { customer, agent, lamp } = await customerWithCart();
    const offer = await customer.api.get('/api/checkout/options');
    expect(offer.status).toBe(200);
    expect(offer.body.payOnDelivery).toMatchObject({ maxTotal: 3_000_000, waitingOrder: null });
    expect(offer.body.payOnDelivery.agent.name).toBeTruthy();

    const placed = await customer.api.post('/api/orders', onDelivery);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order;
    expect(placed.body.payment).toBeNull();
    expect(order).toMatchObject({ status: 'pending_payment', paymentMethod: 'cash', total: 120_000 });
    expect(order.payOnDelivery.collector.name).toBe(offer.body.payOnDelivery.agent.name);
    expect(order.timeline[0].note).toBe('Order placed, to be paid on delivery');
    expect(await stockOf(lamp.id)).toBe(3);
    expect((await noticesOf(agent.id)).map((n) => n.message)).toContainEqual(
      expect.stringContaining(`Bring order ${order.number} to`),
    );

    // One such order at a time.
    const second = await insertProduct(ctx.db, { price: 50_000, stock: 2 });
    await customer.api.post('/api/cart/items', { productId: second.id });
    const again = await customer.api.post('/api/orders', onDelivery);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('pay_on_delivery_waiting');
    expect(await stockOf(second.id)).toBe(2);
    expect((await customer.api.get('/api/checkout/options')).body.payOnDelivery.waitingOrder).toBe(order.number);

    const open = await agent.api.get('/api/agent/deliveries');
    expect(open.status).toBe(200);
    expect(open.body.items).toHaveLength(1);
    expect(open.body.items[0]).toMatchObject({
      id: order.id,
      paid: false,
      fulfilment: 'delivery',
      place: 'Church Zone, Kampala Central, Kampala (By the well)',
      customer: { id: customer.id },
    });
    expect(open.body.items[0].payBy).not.toBeNull();

    const early = await agent.api.post(`/api/agent/deliveries/${order.id}/handover`);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('delivery_not_paid');

    const cash = await agent.api.post(
      '/api/agent/collections',
      cashRequest({ id: agent.id, code: 'EG-T' } as never, {
        purpose: 'order',
        customerId: customer.id,
        orderId: order.id,
        amount: 120_000,
      }),
    );
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    expect((await customer.api.get(`/api/orders/${order.id}`)).body.status).toBe('paid');

    const handed = await agent.api.post(`/api/agent/deliveries/${order.id}/handover`);
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    expect(handed.body.status).toBe('delivered');
    expect(handed.body.timeline.map((t: { status: string }) => t.status)).toEqual([
      'pending_payment',
      'paid',
      'processing',
      'shipped',
      'delivered',
    ]);
    expect(handed.body.timeline.at(-1).note).toMatch(/^Handed over by /);
    // The customer hears once, of the delivery, not of the steps on the way.
    const told = (await noticesOf(customer.id)).map((n) => n.title);
    expect(told).toContain('Order delivered');
    expect(told.filter((t) => /being prepared|on its way|shipped/i.test(t))).toEqual([]);

    const audit = await admin.get(`/api/admin/orders/${order.id}`);
    expect(audit.body.audit.map((a: { action: string }) => a.action)).toContain('order.handover');
    expect((await agent.api.post(`/api/agent/deliveries/${order.id}/handover`)).status).toBe(409);
    expect((await agent.api.get('/api/agent/deliveries')).body.items).toEqual([]);
    expect(
      (await agent.api.get('/api/agent/deliveries?show=done')).body.items.map((o: { id: string }) => o.id),
    ).toEqual([order.id]);
  });

  it('waits for an admin to name an agent when the customer has none; nobody else sees or takes it', async () => {
    const { customer, agent: stranger } = await customerWithCart(80_000, false);
    const [point] = await ctx.db
      .insert(pickupPoints)
      .values({ name: 'Mukono shop', district: 'Mukono', address: 'Main street' })
      .returning();
    expect((await customer.api.get('/api/checkout/options')).body.payOnDelivery.agent).toBeNull();
    const placed = await customer.api.post('/api/orders', {
      fulfilment: 'pickup',
      pickupPointId: point!.id,
      payment: { method: 'on_delivery' },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order;
    expect(order.payOnDelivery).toEqual({ collector: null });
    expect(order.timeline[0].note).toBe('Order placed, to be paid at pickup');
    expect((await noticesOf(app.admin.id)).map((n) => n.message)).toContainEqual(
      expect.stringContaining(`Order ${order.number} is paid on delivery and nobody brings it yet`),
    );

    // An agent who does not bring it neither sees it nor takes its money.
    expect((await stranger.api.get('/api/agent/deliveries')).body.items).toEqual([]);
    expect((await stranger.api.post(`/api/agent/deliveries/${order.id}/handover`)).status).toBe(404);
    const refused = await stranger.api.post(
      '/api/agent/collections',
      cashRequest({ id: stranger.id, code: 'EG-T' } as never, {
        purpose: 'order',
        customerId: customer.id,
        orderId: order.id,
        amount: 80_000,
      }),
    );
    expect(refused.status).toBe(403);
    expect((await customer.api.put(`/api/admin/orders/${order.id}/collector`, { agentId: stranger.id })).status).toBe(
      403,
    );

    const notAgent = await admin.put(`/api/admin/orders/${order.id}/collector`, { agentId: customer.id });
    expect(notAgent.status).toBe(422);
    const named = await admin.put(`/api/admin/orders/${order.id}/collector`, { agentId: stranger.id });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.payOnDelivery.collector.name).toBeTruthy();
    expect(named.body.courier).toBeNull();
    expect((await noticesOf(customer.id)).map((n) => n.title)).toContain('Who brings your order');
    expect((await stranger.api.get('/api/agent/deliveries')).body.items[0]).toMatchObject({
      id: order.id,
      fulfilment: 'pickup',
      place: 'Mukono shop, Main street',
    });

    // Now the named agent prompts the customer's phone on the spot.
    const prompt = await stranger.api.post(`/api/agent/deliveries/${order.id}/payment-prompt`, {
      phone: '0772123456',
    });
    expect(prompt.status, JSON.stringify(prompt.body)).toBe(200);
    expect(prompt.body.payment).toMatchObject({ amount: 80_000 });
    expect(prompt.body.payment.phone ?? prompt.body.order.paymentPhone).toBe('+256772123456');
  });

  it('refuses an order too large to pay on delivery, keeping the cart and the stock', async () => {
    const { customer, lamp } = await customerWithCart(3_200_000);
    const placed = await customer.api.post('/api/orders', onDelivery);
    expect(placed.status).toBe(422);
    expect(placed.body.error.code).toBe('pay_on_delivery_too_large');
    expect(placed.body.error.message).toContain('UGX 3,000,000');
    expect(await stockOf(lamp.id)).toBe(4);
    expect((await customer.api.get('/api/cart')).body.lines).toHaveLength(1);
  });

  it('never pays a loan deposit on delivery, nor names a collector for an order paid otherwise', async () => {
    const { customer } = await customerWithCart();
    const loan = await customer.api.post('/api/loans/applications', {
      ...onDelivery,
      plans: [{ cartItemId: randomUUID(), planId: randomUUID() }],
      acceptTerms: true,
      declaredIncome: 500_000,
    });
    expect(loan.status).toBe(400);
    const paid = await customer.api.post('/api/orders', {
      ...onDelivery,
      payment: { method: 'mobile_money', network: 'mtn', phone: '0772123456' },
    });
    expect(paid.status).toBe(201);
    const agent = await approvedAgent(ctx, admin);
    const refused = await admin.put(`/api/admin/orders/${paid.body.order.id}/collector`, { agentId: agent.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('order_not_pay_on_delivery');
  });
});
