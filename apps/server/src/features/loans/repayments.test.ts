import { addDays } from '@ecogrid/core/credit';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { accountNumbersOf } from '#src/features/auth/account-numbers.service.ts';
import { devices, loanRepayments, loans } from '#src/db/schema/loans.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { insertProduct } from '../../../test/factories.ts';
import { applyFor, creditCustomer, deliver, importDevices, systemOnCredit } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { runLoanDay } from './portfolio.service.ts';
import { loanTestApp } from './loan-test-setup.ts';

const { app, deps, smsTo } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
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
    const tagged = (await ctx.db.execute(
      `select purpose from outbox_messages where recipient = '${customer.e164}' and body like '%Loan Payment Reminder%'`,
    )) as unknown as { rows: { purpose: string }[] };
    expect(tagged.rows).toEqual([{ purpose: 'reminder' }]);
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
    expect(overdue[0]).toContain('UGX 225,000 was due 5 days ago');
    const inArrears = await admin.api.get('/api/admin/loans?minDaysPastDue=5&maxDaysPastDue=5&limit=100');
    expect(inArrears.body.items.map((l: { id: string }) => l.id)).toContain(id);

    await runLoanDay(deps(), addDays(due, 40));
    loan = (await customer.api.get(`/api/loans/${id}`)).body;
    expect(loan.daysPastDue).toBe(40);
  });
});

describe('reminders on a daily plan', () => {
  it('send one text a loan a day, for the earliest instalment on one of the policy days', async () => {
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
    const start = applied.body.loans[0].startDate as string;
    const reminders = async () => (await smsTo(customer.e164)).filter((m) => m.includes('Loan Payment Reminder'));
    // The default policy reminds 3 days before: the instalment due in 3 days, once however often it runs.
    await runLoanDay(deps(), start);
    await runLoanDay(deps(), start);
    expect(await reminders()).toEqual(['EcoGrid: Loan Payment Reminder. Payment of UGX 1,000 due in 3 days']);
    // The next day, the first instalment is due today and the fourth in 3 days: one text, the earliest.
    await runLoanDay(deps(), addDays(start, 1));
    expect(await reminders()).toEqual([
      'EcoGrid: Loan Payment Reminder. Payment of UGX 1,000 due in 3 days',
      expect.stringContaining('UGX 1,000 is due today'),
    ]);
  });
});

describe('reminders with a paybill number set', () => {
  it('tell the customer how to pay by paybill, with their own account number', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 300_000 });
    const id = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    const [first] = await ctx.db
      .select({ dueDate: loanRepayments.dueDate })
      .from(loanRepayments)
      .where(and(eq(loanRepayments.loanId, id), eq(loanRepayments.number, 1)));
    const account = (await accountNumbersOf(ctx.db, [customer.id])).get(customer.id);
    const base = deps();
    const withPaybill = { ...base, mobileMoney: { ...base.mobileMoney, paybillNumber: '2147483' } };
    await runLoanDay(withPaybill, addDays(first!.dueDate, -3));
    const reminders = (await smsTo(customer.e164)).filter((m) => m.includes('Loan Payment Reminder'));
    expect(reminders).toEqual([
      `EcoGrid: Loan Payment Reminder. Payment of UGX 225,000 due in 3 days. Pay by paybill 2147483 (MTN *165#, Airtel *185#), account ${account}.`,
    ]);
    expect(account).toMatch(/^\d{7}$/);
  });
});
