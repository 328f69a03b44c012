import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { users } from '#src/db/schema/auth.ts';
import { deviceTokens } from '#src/db/schema/loans.ts';
import { accountBalances, HOUSE_ACCOUNTS, walletBalance } from '#src/features/wallet/ledger.service.ts';
import { africasTalkingCallbackPath, africasTalkingToken } from '#src/platform/africastalking-callbacks.ts';
import { paybillNotification } from '#src/platform/mobile-money/sandbox-paybill.ts';
import { insertProduct } from './factories.ts';
import { creditCustomer } from './loan-helpers.ts';
import type { TestContext } from './test-app.ts';
import { paybillTestApp } from './paybill-helpers.ts';

const { app, smsTo, paybill, activeLoan, loanRow, receiptRow, paymentsOf } = paybillTestApp();
let ctx: TestContext;
beforeAll(() => {
  ctx = app.ctx;
});

const txId = () => `ATPid_${randomUUID().replaceAll('-', '')}`;
const accountNumberOf = async (id: string) =>
  (await ctx.db.select({ n: users.accountNumber }).from(users).where(eq(users.id, id)))[0]!.n;

describe('a paybill payment naming a loan', () => {
  it('repays the loan, makes a token and texts it, and a second delivery changes nothing', async () => {
    const loan = await activeLoan();
    const transactionId = txId();
    const sent = { phone: loan.customer.e164, amount: 225_000, account: loan.number.toLowerCase(), transactionId };
    const first = await paybill(sent);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ duplicate: false, receipt: { outcome: 'applied', amount: 225_000 } });
    expect((await loanRow(loan.id)).paid).toBe(300_000 + 225_000);
    const [payment] = await paymentsOf(transactionId);
    expect(payment).toMatchObject({ status: 'successful', purpose: 'loan_repayment', method: 'mtn', loanId: loan.id });
    const tokens = await ctx.db
      .select()
      .from(deviceTokens)
      .where(eq(deviceTokens.reference, `loan:${loan.id}:payment:${payment!.id}`));
    expect(tokens).toHaveLength(1);
    expect((await smsTo(loan.customer.e164)).some((m) => m.includes(`Token for loan ${loan.number}`))).toBe(true);

    const again = await paybill(sent);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true, receipt: first.body.receipt });
    expect((await loanRow(loan.id)).paid).toBe(525_000);
    expect(await paymentsOf(transactionId)).toHaveLength(1);
  });

  it('pays the next instalment when it comes after the customer paid the same one in the app', async () => {
    const loan = await activeLoan();
    // The deposit emptied the wallet: the customer tops it up and pays the first instalment in the app.
    await paybill({ phone: loan.customer.e164, amount: 225_000, account: await accountNumberOf(loan.customer.id) });
    const inApp = await loan.customer.api.post(`/api/loans/${loan.id}/repayments`, {
      amount: 225_000,
      payment: { method: 'wallet' },
    });
    expect(inApp.status, JSON.stringify(inApp.body)).toBe(200);
    const late = await paybill({ phone: loan.customer.e164, amount: 225_000, account: loan.number });
    expect(late.body.receipt.outcome).toBe('applied');
    const view = (await loan.customer.api.get(`/api/loans/${loan.id}`)).body;
    expect(view.schedule.map((r: { status: string }) => r.status)).toEqual(['paid', 'paid', 'due', 'due']);
    expect(await walletBalance(ctx.db, loan.customer.id)).toBe(0);
  });

  it('holds money for a loan paid off, and puts more than is owed beyond the loan in the wallet', async () => {
    const loan = await activeLoan();
    const over = await paybill({ phone: loan.customer.e164, amount: 950_000, account: loan.number });
    expect(over.body.receipt.outcome).toBe('applied');
    expect((await loanRow(loan.id)).status).toBe('completed');
    expect(await walletBalance(ctx.db, loan.customer.id)).toBe(50_000);
    const after = await paybill({ phone: loan.customer.e164, amount: 10_000, account: loan.number });
    expect(after.body.receipt).toMatchObject({ outcome: 'held', reason: 'loan_closed' });
  });
});

describe('a paybill payment naming a customer or an order', () => {
  it('tops up the wallet of the customer whose account number it is', async () => {
    const customer = await creditCustomer(ctx);
    const account = await accountNumberOf(customer.id);
    expect(account).toMatch(/^\d{7}$/);
    const paid = await paybill({ phone: '+256752000111', amount: 40_000, account });
    expect(paid.body.receipt).toMatchObject({ outcome: 'applied', network: 'airtel' });
    expect(await walletBalance(ctx.db, customer.id)).toBe(40_000);
  });

  it('gives eight-digit account numbers after the 900,000th, and a payment naming one finds its customer', async () => {
    const [row] = await queryRows<{ last: number }>(
      ctx.db,
      sql`select last_value::int as last from account_number_seq`,
    );
    const last = row!.last;
    await ctx.db.execute(sql`select setval('account_number_seq', 999999)`);
    try {
      const customer = await creditCustomer(ctx);
      const account = await accountNumberOf(customer.id);
      expect(account).toMatch(/^1000000\d$/);
      const paid = await paybill({ phone: '+256752000112', amount: 25_000, account });
      expect(paid.body.receipt).toMatchObject({ outcome: 'applied' });
      expect(await walletBalance(ctx.db, customer.id)).toBe(25_000);
    } finally {
      await ctx.db.execute(sql`select setval('account_number_seq', ${Math.max(last, 100_000) + 1_000})`);
    }
  });

  it('pays an order waiting for exactly this amount, and holds one for another amount', async () => {
    const customer = await creditCustomer(ctx, { wallet: 45_000 });
    const lamp = await insertProduct(ctx.db, { price: 45_000, stock: 5 });
    expect((await customer.api.post('/api/cart/items', { productId: lamp.id, quantity: 1 })).status).toBe(201);
    const placed = await customer.api.post('/api/orders', {
      fulfilment: 'delivery',
      address: { district: 'Kampala', subCounty: 'Kampala Central', village: 'Church Zone', directions: '' },
      // 0772 000101: the sandbox refuses the prompt, so the order waits for payment.
      payment: { method: 'mobile_money', phone: '0772000101', network: 'mtn' },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order;
    await waitForFailedPrompt(customer, order.id);
    const short = await paybill({ phone: customer.e164, amount: 40_000, account: order.number });
    expect(short.body.receipt).toMatchObject({ outcome: 'held', reason: 'order_amount_mismatch' });
    const exact = await paybill({ phone: customer.e164, amount: order.total, account: order.number });
    expect(exact.body.receipt.outcome).toBe('applied');
    expect((await customer.api.get(`/api/orders/${order.id}`)).body.status).toBe('paid');
  });
});

describe('unmatched paybill payments', () => {
  it('are held in suspense, then assigned by an admin to a loan with its token', async () => {
    const loan = await activeLoan();
    const before = (await accountBalances(ctx.db, [HOUSE_ACCOUNTS.paybillSuspense])).get(
      HOUSE_ACCOUNTS.paybillSuspense,
    )!;
    const transactionId = txId();
    const held = await paybill({ phone: '+256772555000', amount: 225_000, account: 'LN-9999999', transactionId });
    expect(held.body.receipt).toMatchObject({ outcome: 'held', reason: 'unknown_account' });
    const suspense = async () =>
      (await accountBalances(ctx.db, [HOUSE_ACCOUNTS.paybillSuspense])).get(HOUSE_ACCOUNTS.paybillSuspense)!;
    expect(await suspense()).toBe(before + 225_000);

    const queue = await app.admin.api.get('/api/admin/paybill/receipts?limit=100');
    expect(queue.status).toBe(200);
    expect(queue.body.items).toContainEqual(
      expect.objectContaining({ id: held.body.receipt.id, account: 'LN9999999' }),
    );
    const found = await app.admin.api.get(`/api/admin/paybill/customers?q=${await accountNumberOf(loan.customer.id)}`);
    expect(found.body.items).toEqual([
      expect.objectContaining({ id: loan.customer.id, loans: [{ id: loan.id, number: loan.number }] }),
    ]);

    const assigned = await app.admin.api.post(`/api/admin/paybill/receipts/${held.body.receipt.id}/assign`, {
      customerId: loan.customer.id,
      loanId: loan.id,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.outcome).toBe('assigned');
    expect(await suspense()).toBe(before);
    expect((await loanRow(loan.id)).paid).toBe(525_000);
    const [payment] = await paymentsOf(transactionId);
    expect(payment).toMatchObject({ status: 'successful', loanId: loan.id, userId: loan.customer.id });
    const token = await ctx.db
      .select()
      .from(deviceTokens)
      .where(eq(deviceTokens.reference, `loan:${loan.id}:payment:${payment!.id}`));
    expect(token).toHaveLength(1);
    const twice = await app.admin.api.post(`/api/admin/paybill/receipts/${held.body.receipt.id}/return`, {
      reason: 'Paid twice',
    });
    expect(twice.status).toBe(409);
  });

  it('are returned to the payer by an admin: the money leaves suspense for refunds payable', async () => {
    const held = await paybill({ phone: '+256772555001', amount: 7_000, account: 'hello' });
    const codes = [HOUSE_ACCOUNTS.paybillSuspense, HOUSE_ACCOUNTS.refundsPayable];
    const before = await accountBalances(ctx.db, codes);
    const returned = await app.admin.api.post(`/api/admin/paybill/receipts/${held.body.receipt.id}/return`, {
      reason: 'No such customer; sent back to the payer',
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    const after = await accountBalances(ctx.db, codes);
    expect(after.get(codes[0]!)).toBe(before.get(codes[0]!)! - 7_000);
    expect(after.get(codes[1]!)).toBe(before.get(codes[1]!)! + 7_000);
    const queue = await app.admin.api.get('/api/admin/paybill/receipts?limit=100');
    expect(queue.body.items.map((r: { id: string }) => r.id)).not.toContain(held.body.receipt.id);
  });

  it('refuses an assignment to someone who is not a customer, or a loan not theirs, and changes nothing', async () => {
    const held = await paybill({ phone: '+256772555002', amount: 3_000, account: '0000000' });
    const path = `/api/admin/paybill/receipts/${held.body.receipt.id}/assign`;
    expect((await app.admin.api.post(path, { customerId: app.admin.id })).status).toBe(422);
    const customer = await creditCustomer(ctx);
    expect((await app.admin.api.post(path, { customerId: customer.id, loanId: randomUUID() })).status).toBe(422);
    const queue = await app.admin.api.get('/api/admin/paybill/receipts?limit=100');
    expect(queue.body.items.map((r: { id: string }) => r.id)).toContain(held.body.receipt.id);
  });
});

describe('the notification address', () => {
  const post = (token: string, body: unknown) =>
    ctx.request(africasTalkingCallbackPath(token, 'payments'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const good = () => paybillNotification({ phone: '+256772555003', amount: 1_000, account: 'x' }, '123456');

  it('refuses a wrong token with 401 and records nothing', async () => {
    const notification = good();
    expect((await post('not-the-token-at-all-000000', notification)).status).toBe(401);
    expect(await receiptRow(notification.transactionId)).toBeUndefined();
  });

  it('answers hostile bodies with 4xx, never 500', async () => {
    const token = africasTalkingToken(ctx.settings);
    const bodies: unknown[] = [
      '{',
      [],
      { ...good(), value: 'UGX lots' },
      { ...good(), value: 'UGX 100.50' },
      { ...good(), transactionId: '' },
      { ...good(), source: 'not a phone' },
      { ...good(), value: `UGX ${'9'.repeat(20)}` },
      { ...good(), requestMetadata: 'x' },
    ];
    for (const body of bodies) {
      const status = (await post(token, body)).status;
      expect(status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(status, JSON.stringify(body)).toBeLessThan(500);
    }
  });

  it('records a failed payment or another currency and moves no money', async () => {
    const token = africasTalkingToken(ctx.settings);
    const failed = { ...good(), status: 'Failed' };
    const answer = await post(token, failed);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { receipt: { outcome: string } }).receipt.outcome).toBe('ignored');
    const kes = { ...good(), value: 'KES 100.00' };
    expect(((await (await post(token, kes)).json()) as { receipt: { outcome: string } }).receipt.outcome).toBe(
      'ignored',
    );
  });
});

async function waitForFailedPrompt(
  customer: { api: { get: (p: string) => Promise<{ body: { paymentStatus: string } }> } },
  orderId: string,
) {
  for (let i = 0; i < 100; i++) {
    if ((await customer.api.get(`/api/orders/${orderId}`)).body.paymentStatus === 'failed') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the sandbox never refused the prompt');
}
