import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { saleTestApp } from '../src/features/agents/sales-test-setup.ts';
import { withChangeAtTheWorstMoment } from './held-change.ts';

// Real concurrency: an agent's sales on a PostgreSQL server's pool, all at once.
const { app, agentWithCustomer, termsCode, lampAndSystem, rows } = saleTestApp();

describe('one accepted set of terms', () => {
  it('makes one sale however many requests with other keys race with its code', async () => {
    const { agent, customer, sales } = await agentWithCustomer();
    const { lamp, product, request } = await lampAndSystem(30_000);
    const { code } = await termsCode(agent, sales, customer.e164, request);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => agent.api.post(sales, { ...request, code, payment: { method: 'cash' } })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([201, 422, 422, 422, 422, 422]);
    expect(answers.filter((a) => a.status === 422).every((a) => a.body.error.code === 'code_expired')).toBe(true);
    const [made] = await rows<{ orders: number; loans: number; lamps: number; systems: number }>(
      sql`select (select count(*)::int from orders where user_id = ${customer.id}) as orders,
                 (select count(*)::int from loans where user_id = ${customer.id}) as loans,
                 (select stock from products where id = ${lamp.id}) as lamps,
                 (select stock from products where id = ${product.id}) as systems`,
    );
    expect(made).toEqual({ orders: 1, loans: 1, lamps: 9, systems: 4 });
  });
});

describe('a price changed while the sale commits', () => {
  it('refuses the sale with terms_changed, nothing made, and sells at the new price once texted again', async () => {
    const { agent, customer, sales } = await agentWithCustomer();
    const { lamp, product, request } = await lampAndSystem(30_000);
    const { code } = await termsCode(agent, sales, customer.e164, request);
    // The lamp's new price commits after the sale checked the code against the old terms, and
    // before it made the order.
    const sold = await withChangeAtTheWorstMoment(
      app.ctx.db,
      (tx) => tx.execute(sql`update products set price = 35000 where id = ${lamp.id}`),
      () => agent.api.post(sales, { ...request, code, payment: { method: 'cash' } }),
    );
    expect(sold.status, JSON.stringify(sold.body)).toBe(409);
    expect(sold.body.error.code).toBe('terms_changed');
    const counts = async () =>
      (
        await rows<{ orders: number; loans: number; lamps: number; systems: number }>(
          sql`select (select count(*)::int from orders where user_id = ${customer.id}) as orders,
                     (select count(*)::int from loans where user_id = ${customer.id}) as loans,
                     (select stock from products where id = ${lamp.id}) as lamps,
                     (select stock from products where id = ${product.id}) as systems`,
        )
      )[0];
    expect(await counts()).toEqual({ orders: 0, loans: 0, lamps: 10, systems: 5 });

    const again = await termsCode(agent, sales, customer.e164, request);
    expect(again.sent.quote.cashSubtotal).toBe(35_000);
    const resold = await agent.api.post(sales, { ...request, code: again.code, payment: { method: 'cash' } });
    expect(resold.status, JSON.stringify(resold.body)).toBe(201);
    expect(resold.body.order.total).toBe(35_000);
    expect(await counts()).toEqual({ orders: 1, loans: 1, lamps: 9, systems: 4 });
  });
});
