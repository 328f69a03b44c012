import { beforeAll, describe, expect, it } from 'vitest';
import { serveCustomer } from '../../../test/agent-helpers.ts';
import {
  agentMoneyTestApp,
  agentSoldLoan,
  approvedAgent,
  cashAccount,
  cashRequest,
  loanRow,
  paymentRows,
  pendingOrder,
  setCashLimit,
  type Agent,
} from '../../../test/agent-money-helpers.ts';
import type { Client } from '../../../test/catalog-admin.ts';
import { creditCustomer, deliver, importDevices } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import '../../../test/ledger-check.ts';

const app = agentMoneyTestApp();
let ctx: TestContext;
let admin: { id: string; api: Client };
let agent: Agent;
beforeAll(async () => {
  ({ ctx, admin } = app);
  agent = await approvedAgent(ctx, admin.api);
});

async function smsTo(e164: string): Promise<string[]> {
  const result = (await ctx.db.execute(
    `select body from outbox_messages where channel = 'sms' and recipient = '${e164}' order by created_at`,
  )) as unknown as { rows: { body: string }[] };
  return result.rows.map((r) => r.body);
}

describe('an agent collecting a loan repayment in cash', () => {
  it('applies it at once into their cash on hand, texts the receipt with the token, and lists it', async () => {
    await setCashLimit(ctx, agent.id, 2_000_000);
    const { customer, loan, product } = await agentSoldLoan(ctx, admin.api, agent);
    await importDevices(ctx, admin.api, product.sku);
    expect((await deliver(admin.api, loan.orderId))!.status).toBe(200);
    const before = await cashAccount(ctx, agent.id);

    const request = cashRequest(agent, { customerId: customer.id, loanId: loan.id, amount: 100_000 });
    const answer = await agent.api.post('/api/agent/collections', request);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.collection).toMatchObject({
      receiptNumber: request.receiptNumber,
      customerId: customer.id,
      purpose: 'loan_repayment',
      loanId: loan.id,
      amount: 100_000,
      recordedAt: request.recordedAt,
    });
    expect(answer.body.collection.loanNumber).toMatch(/\d/);
    expect(answer.body.token).toMatch(/^\d{9,}$/);
    expect(answer.body).toMatchObject({ cashOnHand: before + 100_000, cashLimit: 2_000_000 });
    expect(await cashAccount(ctx, agent.id)).toBe(before + 100_000);

    const row = await loanRow(ctx, loan.id);
    expect(row.paid).toBe(400_000);
    const [payment] = await paymentRows(ctx, { reference: request.receiptNumber });
    expect(payment).toMatchObject({ method: 'cash', status: 'successful', collectedBy: agent.id, amount: 100_000 });

    const texts = await smsTo(customer.e164);
    const receipt = texts.find((t) => t.includes(request.receiptNumber));
    expect(receipt).toContain('UGX 100,000 cash received');
    const tagged = (await ctx.db.execute(
      `select purpose, reference from outbox_messages where recipient = '${customer.e164}' and body like '%${request.receiptNumber}%'`,
    )) as unknown as { rows: { purpose: string; reference: string }[] };
    expect(tagged.rows).toEqual([{ purpose: 'receipt', reference: payment!.id }]);
    expect(receipt).toContain(`Token: ${answer.body.token.replace(/(\d{3})(?=\d)/g, '$1 ')}`);
    // One text for the payment: the receipt carries the token, which is not texted again on its own.
    expect(texts.filter((t) => t.includes(answer.body.token.slice(0, 3)) && t.includes('Token'))).toHaveLength(1);
    expect(texts.filter((t) => t.startsWith('Token for loan'))).toEqual([]);

    const list = await agent.api.get('/api/agent/collections?limit=1');
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([answer.body.collection]);
  });

  it('applies a collection sent twice from the offline queue once, and answers the first receipt', async () => {
    await setCashLimit(ctx, agent.id, 2_000_000);
    const { customer, loan } = await agentSoldLoan(ctx, admin.api, agent);
    const request = cashRequest(agent, { customerId: customer.id, loanId: loan.id, amount: 50_000 });
    const first = await agent.api.post('/api/agent/collections', request);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // Sent again after the phone lost the answer (a crash, the network dropping): the first answer.
    const again = await agent.api.post('/api/agent/collections', request);
    expect(again.status).toBe(200);
    expect(again.body.collection).toEqual(first.body.collection);
    const row = await loanRow(ctx, loan.id);
    expect(row.paid).toBe(350_000);
    expect(await paymentRows(ctx, { loanId: loan.id })).toHaveLength(2);

    // The same key with another amount is refused; a receipt number already used, with a new key, too.
    const changed = await agent.api.post('/api/agent/collections', { ...request, amount: 60_000 });
    expect(changed.status).toBe(422);
    expect(changed.body.error.code).toBe('idempotency_key_reused');
    const reused = await agent.api.post('/api/agent/collections', {
      ...cashRequest(agent, { customerId: customer.id, loanId: loan.id, amount: 10_000 }),
      receiptNumber: request.receiptNumber,
    });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toMatchObject({ code: 'receipt_number_taken' });
    expect(reused.body.error.message).toContain(request.receiptNumber);
  });

  it('refuses more than the loan owes, and customers the agent does not serve', async () => {
    await setCashLimit(ctx, agent.id, 5_000_000);
    const { customer, loan } = await agentSoldLoan(ctx, admin.api, agent);
    const over = await agent.api.post(
      '/api/agent/collections',
      cashRequest(agent, { customerId: customer.id, loanId: loan.id, amount: 900_001 }),
    );
    expect(over.status).toBe(422);
    expect(over.body.error).toMatchObject({ code: 'overpayment' });
    expect(over.body.error.message).toContain('UGX 900,000');

    const stranger = await creditCustomer(ctx);
    const notServed = await agent.api.post(
      '/api/agent/collections',
      cashRequest(agent, { customerId: stranger.id, loanId: loan.id, amount: 1_000 }),
    );
    expect(notServed.status).toBe(403);
    expect(notServed.body.error.code).toBe('not_served');

    // Consent long expired still lets the agent record cash taken (it may sync hours later).
    await serveCustomer(ctx.db, { agentId: agent.id, customerId: stranger.id, consentExpiresAt: new Date(0) });
    const notTheirs = await agent.api.post(
      '/api/agent/collections',
      cashRequest(agent, { customerId: stranger.id, loanId: loan.id, amount: 1_000 }),
    );
    expect(notTheirs.status).toBe(404);

    const customerCall = await customer.api.post(
      '/api/agent/collections',
      cashRequest(agent, { customerId: customer.id, loanId: loan.id, amount: 1_000 }),
    );
    expect(customerCall.status).toBe(403);
  });

  it('pays an approved loan’s deposit in cash, which activates it', async () => {
    await setCashLimit(ctx, agent.id, 5_000_000);
    const { customer, loan } = await agentSoldLoan(ctx, admin.api, agent, { deposit: 'later' });
    expect(loan.status).toBe('approved');
    const wrong = await agent.api.post(
      '/api/agent/collections',
      cashRequest(agent, { customerId: customer.id, loanId: loan.id, amount: 200_000 }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe('amount_mismatch');
    const paid = await agent.api.post(
      '/api/agent/collections',
      cashRequest(agent, { customerId: customer.id, loanId: loan.id, amount: 300_000 }),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.token).toBeNull();
    const row = await loanRow(ctx, loan.id);
    expect(row).toMatchObject({ status: 'active', paid: 300_000, depositPaymentId: paid.body.collection.paymentId });
  });
});

describe('an agent collecting an order’s payment in cash', () => {
  it('takes exactly the amount due, pays the order, and refuses it once paid', async () => {
    await setCashLimit(ctx, agent.id, 5_000_000);
    const { customer } = await agentSoldLoan(ctx, admin.api, agent);
    const order = await pendingOrder(ctx, customer.id, agent, 120_000);
    const body = { purpose: 'order', customerId: customer.id, orderId: order.id };
    const short = await agent.api.post('/api/agent/collections', cashRequest(agent, { ...body, amount: 100_000 }));
    expect(short.status).toBe(422);
    expect(short.body.error).toMatchObject({ code: 'amount_mismatch' });
    expect(short.body.error.message).toContain('UGX 120,000');
    const paid = await agent.api.post('/api/agent/collections', cashRequest(agent, { ...body, amount: 120_000 }));
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.token).toBeNull();
    const view = await customer.api.get(`/api/orders/${order.id}`);
    expect(view.body.status).toBe('paid');
    const twice = await agent.api.post('/api/agent/collections', cashRequest(agent, { ...body, amount: 120_000 }));
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('order_not_payable');
  });
});

describe('the cash limit', () => {
  it('refuses a collection past it, saying how much more the agent may take', async () => {
    const holder = await approvedAgent(ctx, admin.api);
    await setCashLimit(ctx, holder.id, 150_000);
    const { customer, loan } = await agentSoldLoan(ctx, admin.api, holder);
    const first = await holder.api.post(
      '/api/agent/collections',
      cashRequest(holder, { customerId: customer.id, loanId: loan.id, amount: 100_000 }),
    );
    expect(first.status).toBe(201);
    const past = await holder.api.post(
      '/api/agent/collections',
      cashRequest(holder, { customerId: customer.id, loanId: loan.id, amount: 60_000 }),
    );
    expect(past.status).toBe(422);
    expect(past.body.error.code).toBe('cash_limit_reached');
    expect(past.body.error.message).toContain('at most UGX 50,000 more');
    expect(past.body.error.message).toContain('Hand over');
    const within = await holder.api.post(
      '/api/agent/collections',
      cashRequest(holder, { customerId: customer.id, loanId: loan.id, amount: 50_000 }),
    );
    expect(within.status).toBe(201);
    expect(within.body).toMatchObject({ cashOnHand: 150_000, cashLimit: 150_000 });
  });

  it('tells the admins once when a collection takes the agent to 90 % of the limit', async () => {
    const holder = await approvedAgent(ctx, admin.api);
    await setCashLimit(ctx, holder.id, 200_000);
    const { customer, loan } = await agentSoldLoan(ctx, admin.api, holder);
    const told = async () =>
      (
        (await ctx.db.execute(
          `select message, data from notifications where user_id = '${admin.id}' and data->>'agentId' = '${holder.id}'`,
        )) as unknown as { rows: { message: string; data: Record<string, unknown> }[] }
      ).rows;
    const collect = async (amount: number) => {
      const answer = await holder.api.post(
        '/api/agent/collections',
        cashRequest(holder, { customerId: customer.id, loanId: loan.id, amount }),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    };
    await collect(150_000);
    expect(await told()).toEqual([]);
    await collect(30_000);
    expect(await told()).toEqual([
      {
        message: expect.stringMatching(/ holds UGX 180,000 of their UGX 200,000 cash limit\. Arrange a handover/),
        data: { agentId: holder.id, forStaff: true },
      },
    ]);
    await collect(10_000);
    expect(await told()).toHaveLength(1);
  });
});
