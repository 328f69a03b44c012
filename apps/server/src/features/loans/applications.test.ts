import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { devices, loanRepayments, loans } from '#src/db/schema/loans.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { signedInAdmin, type Client } from '../../../test/catalog-admin.ts';
import { insertProduct } from '../../../test/factories.ts';
import {
  applyFor,
  creditCustomer,
  DELIVERY,
  deliver,
  importDevices,
  loanDeps,
  systemOnCredit,
} from '../../../test/loan-helpers.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { runLoanDay } from './portfolio.service.ts';

let ctx: TestContext;
let admin: { id: string; api: Client };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInAdmin(ctx);
});
afterAll(async () => ctx.close());

const deps = () => loanDeps(ctx);

const stockOf = async (id: string) =>
  Number(
    (
      (await ctx.db.execute(sql`select stock from products where id = ${id}`)) as unknown as {
        rows: { stock: number }[];
      }
    ).rows[0]!.stock,
  );

async function smsTo(e164: string): Promise<string[]> {
  const result = (await ctx.db.execute(
    sql`select body from outbox_messages where channel = 'sms' and recipient = ${e164} order by created_at`,
  )) as unknown as { rows: { body: string }[] };
  return result.rows.map((r) => r.body);
}

/** The messages of a user's notifications, oldest first: what reaches the inbox. */
async function inboxOf(userId: string): Promise<string[]> {
  const result = (await ctx.db.execute(
    sql`select message from notifications where user_id = ${userId} order by created_at`,
  )) as unknown as { rows: { message: string }[] };
  return result.rows.map((r) => r.message);
}

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

  it('sends the loan to the approval queue past the open-loan limit; an admin approves, the deposit is paid from the tracker', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 2_000_000 });
    await applyFor(customer, product.id, plan.id);
    await applyFor(customer, product.id, plan.id);
    const third = await applyFor(customer, product.id, plan.id);
    expect(third.body.loans[0]).toMatchObject({ status: 'pending_approval' });
    expect(third.body.loans[0].decisionNote).toMatch(/Waiting for approval/);
    const id = third.body.loans[0].id;
    expect(await walletBalance(ctx.db, customer.id)).toBe(1_400_000);

    const queue = await admin.api.get('/api/admin/loans?status=pending_approval&limit=100');
    expect(queue.body.loans.map((l: { id: string }) => l.id)).toContain(id);
    expect((await customer.api.post(`/api/loans/${id}/deposit`, { payment: { method: 'wallet' } })).status).toBe(409);
    const approved = await admin.api.post(`/api/admin/loans/${id}/decision`, { decision: 'approve' });
    expect(approved.body.status).toBe('approved');
    expect((await admin.api.post(`/api/admin/loans/${id}/decision`, { decision: 'approve' })).status).toBe(409);
    const paid = await customer.api.post(`/api/loans/${id}/deposit`, { payment: { method: 'wallet' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.loan.status).toBe('active');
    expect(await walletBalance(ctx.db, customer.id)).toBe(1_100_000);
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

  it('gives the unit back to stock when an admin refuses, with the reason told to the customer', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 2_000_000 });
    await applyFor(customer, product.id, plan.id);
    await applyFor(customer, product.id, plan.id);
    const third = await applyFor(customer, product.id, plan.id);
    const id = third.body.loans[0].id;
    expect(await stockOf(product.id)).toBe(2);
    expect((await admin.api.post(`/api/admin/loans/${id}/decision`, { decision: 'reject' })).status).toBe(400);
    const refused = await admin.api.post(`/api/admin/loans/${id}/decision`, {
      decision: 'reject',
      note: 'Two systems are enough for one home',
    });
    expect(refused.body).toMatchObject({ status: 'cancelled', decisionNote: 'Two systems are enough for one home' });
    expect(await stockOf(product.id)).toBe(3);
    // Nothing to act on: the inbox says so, no SMS does.
    expect((await inboxOf(customer.id)).at(-1)).toContain('was refused: Two systems are enough for one home.');
    expect((await smsTo(customer.e164)).join('\n')).not.toContain('was refused');
  });

  it('lets the customer withdraw an application that has not started, giving the unit back; not a running loan, nor one whose deposit waits on the phone', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 2_000_000 });
    const running = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    await applyFor(customer, product.id, plan.id);
    const waiting = (await applyFor(customer, product.id, plan.id)).body.loans[0];
    expect(waiting.status).toBe('pending_approval');
    expect(await stockOf(product.id)).toBe(2);

    const other = await creditCustomer(ctx);
    expect((await other.api.post(`/api/loans/${waiting.id}/withdraw`, {})).status).toBe(404);
    const withdrawn = await customer.api.post(`/api/loans/${waiting.id}/withdraw`, {});
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body).toMatchObject({ id: waiting.id, status: 'cancelled', decisionNote: null });
    expect(await stockOf(product.id)).toBe(3);
    // Asked again (a retry after a lost answer): the same loan, the unit given back once.
    const again = await customer.api.post(`/api/loans/${waiting.id}/withdraw`, {});
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(3);
    // An admin can no longer decide it.
    expect((await admin.api.post(`/api/admin/loans/${waiting.id}/decision`, { decision: 'approve' })).status).toBe(409);

    const started = await customer.api.post(`/api/loans/${running}/withdraw`, {});
    expect(started.status).toBe(409);
    expect(started.body.error.code).toBe('loan_not_withdrawable');
    expect((await customer.api.get(`/api/loans/${running}`)).body.status).toBe('active');

    // An approved loan whose deposit waits on the phone (this sandbox number never answers).
    const later = await creditCustomer(ctx);
    const approved = await applyFor(later, product.id, plan.id, {
      method: 'mobile_money',
      phone: '0772000106',
      network: 'mtn',
    });
    expect(approved.body.loans[0].status).toBe('approved');
    const pendingDeposit = await later.api.post(`/api/loans/${approved.body.loans[0].id}/withdraw`, {});
    expect(pendingDeposit.status).toBe(409);
    expect(pendingDeposit.body.error.code).toBe('deposit_pending');
    expect(await stockOf(product.id)).toBe(2);
  });

  it('activates the loan when the mobile-money deposit settles', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx);
    const applied = await applyFor(customer, product.id, plan.id, {
      method: 'mobile_money',
      phone: customer.local,
      network: 'mtn',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(applied.body.loans[0].status).toBe('approved');
    expect(applied.body.payments[0]).toMatchObject({ status: 'pending', amount: 300_000, purpose: 'loan_repayment' });
    let loan = applied.body.loans[0];
    for (let i = 0; i < 100 && loan.status !== 'active'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      loan = (await customer.api.get(`/api/loans/${loan.id}`)).body;
    }
    expect(loan.status).toBe('active');
    expect(loan.payments[0]).toMatchObject({ kind: 'deposit', method: 'mtn', status: 'successful' });
  });
});

describe('repaying a loan', () => {
  it('shares repayments out oldest first, sends a token for the days each buys, and unlocks the device when paid off', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 1_200_000 });
    const id = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));

    // No device yet: a repayment is applied, its days wait for the device.
    const early = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 100_000,
      payment: { method: 'wallet' },
    });
    expect(early.status, JSON.stringify(early.body)).toBe(200);
    expect(early.body.loan.schedule[0]).toMatchObject({ amountPaid: 100_000, status: 'partly_paid' });
    expect(early.body.loan.tokens).toEqual([]);

    const [serial] = await importDevices(ctx, admin.api, product.sku);
    const delivered = await deliver(admin.api, row!.orderId);
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    let loan = (await customer.api.get(`/api/loans/${id}`)).body;
    expect(loan.deviceSerial).toBe(serial);
    const rate = loan.dailyRate;
    const firstDays = loan.tokens[0].days;
    const depositDays = Math.round((Date.parse(loan.schedule[0].dueDate) - Date.parse(loan.startDate)) / 86_400_000);
    expect(firstDays).toBe(depositDays + Math.floor(100_000 / rate));
    expect(loan.tokens[0]).toMatchObject({ type: 'ADD_TIME', count: 2 });

    const [device] = await ctx.db.select().from(devices).where(eq(devices.serialNumber, serial!));
    expect(device!.status).toBe('assigned');
    // The registry shows which loan the device went to.
    const registry = await admin.api.get(`/api/admin/devices?serial=${serial}`);
    expect(registry.body.items).toEqual([expect.objectContaining({ serialNumber: serial, loanId: id })]);

    // An exact payment of the rest of the first instalment and the whole second.
    const paid = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 350_000,
      payment: { method: 'wallet' },
    });
    loan = paid.body.loan;
    expect(loan.schedule.map((r: { status: string }) => r.status)).toEqual(['paid', 'paid', 'due', 'due']);
    expect(loan.tokens).toHaveLength(2);
    expect(loan.tokens[0]).toMatchObject({ type: 'ADD_TIME', count: 4 });
    expect(loan.tokens[0].days).toBe(depositDays + Math.floor(450_000 / rate) - firstDays);
    expect((await smsTo(customer.e164)).at(-1)).toMatch(
      /^EcoGrid: Device token\. Token for loan LN-\d+: [\d ]+ adds \d+ days of use\./,
    );

    // More than is owed: refused, nothing moves.
    const over = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 450_001,
      payment: { method: 'wallet' },
    });
    expect(over.status).toBe(422);
    expect(over.body.error.message).toBe('You owe UGX 450,000 on this loan: pay at most that.');
    expect(await walletBalance(ctx.db, customer.id)).toBe(450_000);

    const last = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 450_000,
      payment: { method: 'wallet' },
    });
    loan = last.body.loan;
    expect(loan).toMatchObject({ status: 'completed', outstanding: 0, paid: 1_200_000, nextDue: null });
    expect(loan.tokens[0]).toMatchObject({ type: 'DISABLE_PAYG', count: 5 });
    expect((await ctx.db.select().from(devices).where(eq(devices.serialNumber, serial!)))[0]!.status).toBe('unlocked');
    expect((await smsTo(customer.e164)).some((m) => m.includes('to unlock it for good'))).toBe(true);
    const done = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 1_000,
      payment: { method: 'wallet' },
    });
    expect(done.status).toBe(409);
    expect(await walletBalance(ctx.db, customer.id)).toBe(0);
  });

  it("keeps a token within what one can carry at the device's time divider, and takes repayments for a device unlocked by hand", async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 1_200_000 });
    const id = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    await importDevices(ctx, admin.api, product.sku);
    expect((await deliver(admin.api, row!.orderId)).status).toBe(200);
    const [assigned] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    // Counted in hours: one standard token carries at most 995 hours, 41 whole days.
    await ctx.db.update(devices).set({ timeDivider: 24 }).where(eq(devices.id, assigned!.deviceId!));

    const repaid = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 450_000,
      payment: { method: 'wallet' },
    });
    expect(repaid.status, JSON.stringify(repaid.body)).toBe(200);
    const [after] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect(after!.daysBought - after!.daysIssued).toBeGreaterThan(0);
    expect(repaid.body.loan.tokens[0]).toMatchObject({ type: 'ADD_TIME', days: 41 });

    const unlock = await ctx.request(`/api/admin/devices/${assigned!.deviceId}/tokens`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: TEST_ORIGIN,
        cookie: admin.api.cookie!,
        'idempotency-key': `unlock-${id}`,
      },
      body: JSON.stringify({ type: 'DISABLE_PAYG', reason: 'Unlocked at the shop' }),
    });
    expect(unlock.status).toBe(201);
    const tokens = repaid.body.loan.tokens.length;
    const more = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 100_000,
      payment: { method: 'wallet' },
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body.loan.paid).toBe(850_000);
    expect(more.body.loan.tokens).toHaveLength(tokens);
  });

  it("gives a loan only a device of the product bought, never another product's unit or serial", async () => {
    // Two products sold on credit: a lantern loan must not get the solar home system's unit.
    const lantern = await systemOnCredit(ctx, admin.api);
    const system = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 1_000_000 });
    const id = (await applyFor(customer, lantern.product.id, lantern.plan.id)).body.loans[0].id;
    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    const [systemSerial] = await importDevices(ctx, admin.api, system.product.sku);

    // Only the other product's unit is in stock: the delivery is refused and changes nothing.
    const none = await deliver(admin.api, row!.orderId);
    expect([none.status, none.body.error.code]).toEqual([409, 'no_device_in_stock']);
    expect(none.body.error.message).toContain(lantern.product.name);
    expect((await admin.api.get(`/api/admin/orders/${row!.orderId}`)).body.status).toBe('shipped');
    // Its serial typed by hand is refused too, with the reason.
    const typed = await admin.api.post(`/api/admin/orders/${row!.orderId}/status`, {
      status: 'delivered',
      deviceSerial: systemSerial,
    });
    expect([typed.status, typed.body.error.code]).toEqual([422, 'device_wrong_product']);
    expect(typed.body.error.message).toContain(`is not a ${lantern.product.name}`);
    expect((await ctx.db.select().from(loans).where(eq(loans.id, id)))[0]!.deviceId).toBeNull();

    const [lanternSerial] = await importDevices(ctx, admin.api, lantern.product.sku);
    const delivered = await admin.api.post(`/api/admin/orders/${row!.orderId}/status`, { status: 'delivered' });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    expect((await customer.api.get(`/api/loans/${id}`)).body.deviceSerial).toBe(lanternSerial);
    const [other] = await ctx.db.select().from(devices).where(eq(devices.serialNumber, systemSerial!));
    expect(other).toMatchObject({ status: 'in_stock', tokenCount: 1 });
  });

  it('gives the loan the device whose serial number the admin hands over, if it is in stock', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 1_000_000 });
    const first = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    const second = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    const orderOf = async (id: string) => (await ctx.db.select().from(loans).where(eq(loans.id, id)))[0]!.orderId;
    const [older, chosen] = await importDevices(ctx, admin.api, product.sku, 2);

    const unknown = await deliver(admin.api, await orderOf(first), 'NO-SUCH-SERIAL');
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('no_such_device');
    expect((await admin.api.get(`/api/admin/orders/${await orderOf(first)}`)).body.status).toBe('shipped');

    const handed = await admin.api.post(`/api/admin/orders/${await orderOf(first)}/status`, {
      status: 'delivered',
      // Typed as the admin reads it off the label, in small letters.
      deviceSerial: chosen!.toLowerCase(),
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    expect((await customer.api.get(`/api/loans/${first}`)).body.deviceSerial).toBe(chosen);

    // The same unit cannot go to a second loan; the older one in stock can.
    const twice = await deliver(admin.api, await orderOf(second), chosen);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('device_not_in_stock');
    expect((await admin.api.get(`/api/admin/orders/${await orderOf(second)}`)).body.status).toBe('shipped');
    expect(
      (
        await admin.api.post(`/api/admin/orders/${await orderOf(second)}/status`, {
          status: 'delivered',
          deviceSerial: older,
        })
      ).status,
    ).toBe(200);
    expect((await customer.api.get(`/api/loans/${second}`)).body.deviceSerial).toBe(older);

    // A serial number goes with delivering only (a cash order's delivery: see the orders tests).
    const withOtherMove = await admin.api.post(`/api/admin/orders/${await orderOf(second)}/status`, {
      status: 'completed',
      deviceSerial: older,
    });
    expect([withOtherMove.status, withOtherMove.body.error.code]).toEqual([422, 'device_not_expected']);
  });

  it('answers a retried repayment with the first result, applied once', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 600_000 });
    const id = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    const body = { amount: 50_000, payment: { method: 'wallet' } };
    const first = await customer.api.post(`/api/loans/${id}/repayments`, body, 'repay-retry-0001');
    const again = await customer.api.post(`/api/loans/${id}/repayments`, body, 'repay-retry-0001');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.payment.id).toBe(first.body.payment.id);
    expect((await customer.api.get(`/api/loans/${id}`)).body.paid).toBe(350_000);
    expect(await walletBalance(ctx.db, customer.id)).toBe(250_000);
  });

  it("keeps each customer's loans to themselves", async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const owner = await creditCustomer(ctx, { wallet: 600_000 });
    const stranger = await creditCustomer(ctx, { wallet: 600_000 });
    const id = (await applyFor(owner, product.id, plan.id)).body.loans[0].id;
    expect((await stranger.api.get(`/api/loans/${id}`)).status).toBe(404);
    const repay = await stranger.api.post(`/api/loans/${id}/repayments`, {
      amount: 1_000,
      payment: { method: 'wallet' },
    });
    expect(repay.status).toBe(404);
    expect(await walletBalance(ctx.db, stranger.id)).toBe(600_000);
    expect((await stranger.api.get('/api/admin/loans')).status).toBe(403);
  });
});

describe('the daily reminders and arrears', () => {
  it('reminds once within 3 days of a due date, puts an overdue loan in arrears, and is safe to run twice', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 300_000 });
    const id = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    const [first] = await ctx.db
      .select()
      .from(loanRepayments)
      .where(and(eq(loanRepayments.loanId, id), eq(loanRepayments.number, 1)));
    const due = first!.dueDate;
    const live: { type: string; data: Record<string, unknown> }[] = [];
    const unsubscribe = ctx.realtime.subscribe(customer.id, (event) => live.push(event));

    await runLoanDay(deps(), addDays(due, -4));
    expect((await customer.api.get('/api/notifications')).body.notifications ?? []).not.toContainEqual(
      expect.objectContaining({ type: 'loan_reminder' }),
    );
    await runLoanDay(deps(), addDays(due, -3));
    await runLoanDay(deps(), addDays(due, -3));
    await runLoanDay(deps(), addDays(due, -2));
    const reminders = (await smsTo(customer.e164)).filter((m) => m.includes('Loan Payment Reminder'));
    expect(reminders).toEqual(['EcoGrid: Loan Payment Reminder. Payment of UGX 225,000 due in 3 days']);
    // The open page hears it live too: the notification, and the spec's loan_repayments update.
    await vi.waitFor(() =>
      expect(live.filter((e) => e.type === 'loan_repayment')).toEqual([
        { type: 'loan_repayment', data: { loanId: id, amount: 225_000, dueInDays: 3 } },
      ]),
    );
    expect(live).toContainEqual(
      expect.objectContaining({
        type: 'notification',
        data: expect.objectContaining({ type: 'loan_reminder', message: 'Payment of UGX 225,000 due in 3 days' }),
      }),
    );
    unsubscribe();

    // Down for a week, then back: the arrears are worked out from the schedule.
    await runLoanDay(deps(), addDays(due, 5));
    await runLoanDay(deps(), addDays(due, 5));
    let loan = (await customer.api.get(`/api/loans/${id}`)).body;
    expect(loan.daysPastDue).toBe(5);
    const overdue = (await smsTo(customer.e164)).filter((m) => m.includes('overdue'));
    expect(overdue).toHaveLength(1);
    expect(overdue[0]).toContain('UGX 225,000 is 5 days overdue');
    const inArrears = await admin.api.get('/api/admin/loans?minDaysPastDue=5&maxDaysPastDue=5&limit=100');
    expect(inArrears.body.loans.map((l: { id: string }) => l.id)).toContain(id);

    await runLoanDay(deps(), addDays(due, 40));
    loan = (await customer.api.get(`/api/loans/${id}`)).body;
    expect(loan.daysPastDue).toBe(40);
  });
});

describe('reminders on a daily plan', () => {
  it('send one text a day for the next instalment, not one for each instalment within 3 days', async () => {
    const product = await insertProduct(ctx.db, { price: 90_000, stock: 5, loanEligible: true });
    const plan = await admin.api.post(`/api/admin/products/${product.id}/loan-plans`, {
      name: '90 days',
      depositBp: 0,
      instalments: 90,
      frequency: 'daily',
      markupBp: 0,
    });
    const customer = await creditCustomer(ctx, { wallet: 5_000 });
    const applied = await applyFor(customer, product.id, plan.body.id);
    expect(applied.body.loans[0].status).toBe('active');
    const id = applied.body.loans[0].id as string;
    const start = applied.body.loans[0].startDate as string;
    const reminders = async () => (await smsTo(customer.e164)).filter((m) => m.includes('Loan Payment Reminder'));
    await runLoanDay(deps(), start);
    await runLoanDay(deps(), start);
    expect(await reminders()).toEqual(['EcoGrid: Loan Payment Reminder. Payment of UGX 1,000 due in 1 days']);
    // The next day the first amount is still unpaid: no second reminder while it is.
    await runLoanDay(deps(), addDays(start, 1));
    expect(await reminders()).toHaveLength(1);
    await customer.api.post(`/api/loans/${id}/repayments`, { amount: 1_000, payment: { method: 'wallet' } });
    await runLoanDay(deps(), addDays(start, 1));
    expect(await reminders()).toEqual([
      'EcoGrid: Loan Payment Reminder. Payment of UGX 1,000 due in 1 days',
      'EcoGrid: Loan Payment Reminder. Payment of UGX 1,000 due in 1 days',
    ]);
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

describe('an approved loan whose deposit is never paid', () => {
  it('is closed by the daily job after 14 days, its unit back on sale and the customer told; not while a deposit waits on the phone', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 2_000_000 });
    await applyFor(customer, product.id, plan.id);
    await applyFor(customer, product.id, plan.id);
    const held = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    const approved = (await admin.api.post(`/api/admin/loans/${held}/decision`, { decision: 'approve' })).body;
    expect(approved).toMatchObject({ status: 'approved', depositDueBy: addDays(kampalaDate(new Date()), 14) });
    expect((await smsTo(customer.e164)).at(-1)).toContain('in the loan tracker within 14 days to start it.');
    const waiting = await creditCustomer(ctx);
    const onPhone = (
      await applyFor(waiting, product.id, plan.id, { method: 'mobile_money', phone: '0772000106', network: 'mtn' })
    ).body.loans[0].id;
    expect(await stockOf(product.id)).toBe(1);
    const approvedDaysAgo = (id: string, days: number) =>
      ctx.db.execute(sql`update loans set decided_at = now() - make_interval(days => ${days}) where id = ${id}`);

    // 13 days on: still open.
    await approvedDaysAgo(held, 13);
    await approvedDaysAgo(onPhone, 20);
    const today = kampalaDate(new Date());
    expect((await runLoanDay(deps(), today)).expired).toBe(0);
    expect((await customer.api.get(`/api/loans/${held}`)).body.status).toBe('approved');

    // 15 days on: closed once, the unit back; the one with a deposit on the phone stays.
    await approvedDaysAgo(held, 15);
    expect((await runLoanDay(deps(), today)).expired).toBe(1);
    const closed = (await customer.api.get(`/api/loans/${held}`)).body;
    expect(closed).toMatchObject({
      status: 'cancelled',
      decisionNote: 'The deposit was not paid within 14 days',
      depositDueBy: null,
    });
    expect((await waiting.api.get(`/api/loans/${onPhone}`)).body.status).toBe('approved');
    expect(await stockOf(product.id)).toBe(2);
    expect((await inboxOf(customer.id)).at(-1)).toMatch(
      /^Loan LN-\d+ for .+ was closed: the deposit of UGX 300,000 was not paid within 14 days\. You can apply again\./,
    );
    expect((await smsTo(customer.e164)).join('\n')).not.toContain('Loan application closed');
    expect((await runLoanDay(deps(), today)).expired).toBe(0);
    expect(await stockOf(product.id)).toBe(2);
    // The deposit can no longer be paid.
    expect((await customer.api.post(`/api/loans/${held}/deposit`, { payment: { method: 'wallet' } })).status).toBe(409);
  });
});
