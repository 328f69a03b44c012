import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expireUnpaidOrders } from '#src/features/orders/orders.service.ts';
import { insertProduct } from '../../../test/factories.ts';
import { loanDeps } from '../../../test/loan-helpers.ts';
import { DELIVERY, saleTestApp } from './sales-test-setup.ts';

const { app, agentWithCustomer, termsCode, rows } = saleTestApp();

/** The order placed that much earlier, its pay-by time with it. */
const backdate = (orderId: string, interval: string) =>
  app.ctx.db.execute(
    sql`update orders set created_at = created_at - ${interval}::interval, pay_by = pay_by - ${interval}::interval
        where id = ${orderId}`,
  );

async function cashSale() {
  const { agent, customer, sales } = await agentWithCustomer();
  const lamp = await insertProduct(app.ctx.db, { price: 45_000, stock: 4 });
  const request = { lines: [{ productId: lamp.id, quantity: 1 }], fulfilment: 'delivery', address: DELIVERY.address };
  const { code } = await termsCode(agent, sales, customer.e164, request);
  const sold = await agent.api.post(sales, { ...request, code, payment: { method: 'cash' } });
  expect(sold.status, JSON.stringify(sold.body)).toBe(201);
  return { agent, customer, lamp, order: sold.body.order };
}

const orderRow = async (id: string) =>
  (
    await rows<{ status: string; cancel_reason: string | null; stock: number }>(
      sql`select o.status, o.cancel_reason, p.stock from orders o
          join order_lines l on l.order_id = o.id join products p on p.id = l.product_id where o.id = ${id}`,
    )
  )[0]!;

const noticesTo = (userId: string, orderId: string) =>
  rows<{ title: string; message: string }>(
    sql`select title, message from notifications
        where user_id = ${userId} and type = 'order_update' and data->>'id' = ${orderId} order by created_at`,
  );

describe('a sale paid in cash to the agent', () => {
  it('waits the set days for the cash, naming the agent, long past the mobile-money window', async () => {
    const { agent, customer, order } = await cashSale();
    // CASH_ORDER_DAYS is 7 unless set.
    expect(new Date(order.payBy).getTime() - new Date(order.createdAt).getTime()).toBe(7 * 86_400_000);
    const [seller] = await rows<{ full_name: string; phone_number: string }>(
      sql`select full_name, phone_number from users where id = ${agent.id}`,
    );
    expect(order.soldBy).toEqual({ name: seller!.full_name, phone: seller!.phone_number });

    await backdate(order.id, '2 days');
    await expireUnpaidOrders(loanDeps(app.ctx));
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending_payment', stock: 3 });
    const seen = (await customer.api.get(`/api/orders/${order.id}`)).body;
    expect(seen).toMatchObject({ status: 'pending_payment', paymentMethod: 'cash' });
    expect(new Date(seen.payBy).getTime() - Date.now()).toBeGreaterThan(4 * 86_400_000);
  });

  it('is cancelled once its days are over, its unit back on sale, the customer and the agent told', async () => {
    const { agent, customer, order } = await cashSale();
    await backdate(order.id, '7 days 1 minute');
    await expireUnpaidOrders(loanDeps(app.ctx));
    expect(await orderRow(order.id)).toEqual({
      status: 'cancelled',
      cancel_reason: 'The cash was not paid within 7 days',
      stock: 4,
    });
    expect(await noticesTo(customer.id, order.id)).toContainEqual({
      title: 'Order cancelled',
      message: `Your order ${order.number} was cancelled.`,
    });
    const [told] = await noticesTo(agent.id, order.id);
    expect(told).toMatchObject({ title: 'Order cancelled' });
    expect(told!.message).toContain(order.number);

    // Cash the agent records afterwards is refused: the order takes no payment now.
    const late = await agent.api.post('/api/agent/collections', {
      clientKey: randomUUID(),
      receiptNumber: `EG-T-${randomUUID().slice(0, 6).toUpperCase()}`,
      recordedAt: new Date().toISOString(),
      purpose: 'order',
      customerId: customer.id,
      orderId: order.id,
      amount: 45_000,
    });
    expect([late.status, late.body.error?.code]).toEqual([409, 'order_not_payable']);
  });
});
