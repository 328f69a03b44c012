import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serveCustomer } from '../../../test/agent-helpers.ts';
import { insertProduct } from '../../../test/factories.ts';
import { systemOnCredit } from '../../../test/loan-helpers.ts';
import { DELIVERY, saleTestApp } from './sales-test-setup.ts';

const { app, agentWithCustomer, termsCode, rows } = saleTestApp();

const ordersOf = async (customerId: string) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from orders where user_id = ${customerId}`))[0]!.n;

describe('an agent’s sale refused', () => {
  it('with a wrong code (counted), an expired one, or one sent for other terms', async () => {
    const { agent, customer, sales } = await agentWithCustomer();
    const lamp = await insertProduct(app.ctx.db, { price: 45_000, stock: 4 });
    const request = { lines: [{ productId: lamp.id, quantity: 1 }], ...DELIVERY };
    const { code } = await termsCode(agent, sales, customer.e164, request);
    const sale = (c: string, lines = request.lines) =>
      agent.api.post(sales, { ...request, lines, code: c, payment: { method: 'cash' } });

    const wrong = await sale(code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({ code: 'invalid_code', message: expect.stringMatching(/not right/) });
    const [tries] = await rows<{ attempts: number }>(
      sql`select attempts from agent_consent_codes where customer_id = ${customer.id} and code_hash like 'sale:%'`,
    );
    expect(tries!.attempts).toBe(1);

    // Two lamps are not the one the customer accepted: the terms must be texted again.
    const changed = await sale(code, [{ productId: lamp.id, quantity: 2 }]);
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('terms_changed');
    // A price changed since is other terms too.
    await app.ctx.db.execute(sql`update products set price = 46000 where id = ${lamp.id}`);
    expect((await sale(code)).body.error.code).toBe('terms_changed');
    await app.ctx.db.execute(sql`update products set price = 45000 where id = ${lamp.id}`);

    await app.ctx.db.execute(
      sql`update agent_consent_codes set expires_at = now() - interval '1 second' where customer_id = ${customer.id}`,
    );
    const expired = await sale(code);
    expect(expired.status).toBe(422);
    expect(expired.body.error.code).toBe('code_expired');
    expect(await ordersOf(customer.id)).toBe(0);
    expect((await rows<{ stock: number }>(sql`select stock from products where id = ${lamp.id}`))[0]!.stock).toBe(4);
  });

  it('does not take a consent code for a sale’s, nor a sale’s for consent', async () => {
    const { agent, customer, sales } = await agentWithCustomer();
    const lamp = await insertProduct(app.ctx.db, { price: 45_000, stock: 4 });
    const request = { lines: [{ productId: lamp.id, quantity: 1 }], ...DELIVERY };
    const asked = await agent.api.post('/api/agent/customers/consent', { phoneNumber: customer.local });
    expect(asked.status).toBe(202);
    const sale = await agent.api.post(sales, {
      ...request,
      code: asked.body.testModeCode,
      payment: { method: 'cash' },
    });
    expect(sale.body.error.code).toBe('code_expired');
    const { code } = await termsCode(agent, sales, customer.e164, request);
    const confirm = await agent.api.post('/api/agent/customers/consent/confirm', { phoneNumber: customer.local, code });
    expect(confirm.status).toBe(422);
    expect(confirm.body.error.code).toBe('invalid_code');
    // The consent code still works for consent.
    const agreed = await agent.api.post('/api/agent/customers/consent/confirm', {
      phoneNumber: customer.local,
      code: asked.body.testModeCode,
    });
    expect(agreed.status).toBe(200);
  });

  it('without the customer’s unexpired consent', async () => {
    const { agent, customer, sales } = await agentWithCustomer({ consent: false });
    const lamp = await insertProduct(app.ctx.db, { price: 45_000, stock: 4 });
    const request = { lines: [{ productId: lamp.id, quantity: 1 }], ...DELIVERY };
    for (const path of [`${sales}/quote`, `${sales}/terms`]) {
      const refused = await agent.api.post(path, request);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('consent_required');
    }
    const sale = await agent.api.post(sales, { ...request, code: '123456', payment: { method: 'cash' } });
    expect([sale.status, sale.body.error.code]).toEqual([403, 'consent_required']);
    await serveCustomer(app.ctx.db, {
      agentId: agent.id,
      customerId: customer.id,
      consentedAt: new Date(Date.now() - 25 * 3_600_000),
      consentExpiresAt: new Date(Date.now() - 3_600_000),
    });
    expect((await agent.api.post(`${sales}/quote`, request)).body.error.code).toBe('consent_required');
    // A customer is not an agent: their own session cannot sell for anyone.
    expect((await customer.api.post(`${sales}/quote`, request)).status).toBe(403);
    expect(await ordersOf(customer.id)).toBe(0);
  });

  it('on credit for a customer whose identity check is not verified, who may still buy for cash', async () => {
    const { agent, customer, sales } = await agentWithCustomer({ verified: false });
    const { product, plan } = await systemOnCredit(app.ctx, app.admin.api);
    const onCredit = { lines: [{ productId: product.id, quantity: 1, planId: plan.id }], ...DELIVERY };
    for (const path of [`${sales}/quote`, `${sales}/terms`]) {
      const refused = await agent.api.post(path, onCredit);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({
        code: 'kyc_required',
        message: expect.stringMatching(/verified identity check/),
      });
    }
    const sale = await agent.api.post(sales, { ...onCredit, code: '123456', payment: { method: 'cash' } });
    expect([sale.status, sale.body.error.code]).toEqual([403, 'kyc_required']);
    const forCash = await agent.api.post(`${sales}/quote`, {
      ...onCredit,
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect([forCash.status, forCash.body.payNow]).toEqual([200, 1_000_000]);
    expect((await rows(sql`select id from loans where user_id = ${customer.id}`)).length).toBe(0);
  });

  it('for what checkout refuses: no stock, a plan of another product, a product not sold on credit', async () => {
    const { agent, sales } = await agentWithCustomer();
    const { product, plan } = await systemOnCredit(app.ctx, app.admin.api, 1);
    const lamp = await insertProduct(app.ctx.db, { price: 45_000, stock: 4 });
    const quote = (lines: object[]) => agent.api.post(`${sales}/quote`, { lines, ...DELIVERY });
    expect((await quote([{ productId: product.id, quantity: 2, planId: plan.id }])).body.error.code).toBe(
      'out_of_stock',
    );
    expect((await quote([{ productId: lamp.id, quantity: 1, planId: plan.id }])).body.error.code).toBe(
      'not_sold_on_credit',
    );
    const solar = await insertProduct(app.ctx.db, { price: 90_000, stock: 2, loanEligible: true });
    const mixedUp = await quote([{ productId: solar.id, quantity: 1, planId: plan.id }]);
    expect([mixedUp.status, mixedUp.body.error.code]).toEqual([422, 'plan_not_allowed']);
    const closed = await agent.api.post(`${sales}/quote`, {
      lines: [{ productId: lamp.id, quantity: 1 }],
      fulfilment: 'pickup',
      pickupPointId: randomUUID(),
    });
    expect([closed.status, closed.body.error.code]).toEqual([422, 'unknown_pickup_point']);
  });

  it('as a bad request (400), changing nothing', async () => {
    const { agent, customer, sales } = await agentWithCustomer();
    const lamp = await insertProduct(app.ctx.db, { price: 45_000, stock: 4 });
    const line = { productId: lamp.id, quantity: 1 };
    const bad: [string, object][] = [
      [`${sales}/quote`, { lines: [], ...DELIVERY }],
      [`${sales}/quote`, { lines: [{ ...line, quantity: 0 }], ...DELIVERY }],
      [`${sales}/quote`, { lines: [{ ...line, productId: 'lamp' }], ...DELIVERY }],
      [`${sales}/quote`, { lines: [line], fulfilment: 'delivery' }],
      [`${sales}/terms`, { lines: [line], fulfilment: 'pickup' }],
      [`${sales}/quote`, { lines: [line], ...DELIVERY, extra: true }],
      [sales, { lines: [line], ...DELIVERY, code: '12345', payment: { method: 'cash' } }],
      [sales, { lines: [line], ...DELIVERY, code: '123456', payment: { method: 'wallet' } }],
      [sales, { lines: [line], ...DELIVERY, code: '123456', payment: { method: 'mtn', phoneNumber: '12' } }],
      ['/api/agent/customers/not-an-id/sales/quote', { lines: [line], ...DELIVERY }],
    ];
    for (const [path, body] of bad) {
      const answer = await agent.api.post(path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
    }
    const { code } = await termsCode(agent, sales, customer.e164, { lines: [line], ...DELIVERY });
    const noKey = await agent.api.post(sales, { lines: [line], ...DELIVERY, code, payment: { method: 'cash' } }, null);
    expect([noKey.status, noKey.body.error.code]).toEqual([400, 'idempotency_key_required']);
    expect(await ordersOf(customer.id)).toBe(0);
  });
});
