import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loanRepayments, loans } from '#src/db/schema/loans.ts';
import { accountBalances, HOUSE_ACCOUNTS } from '#src/features/wallet/ledger.service.ts';
import {
  applyFor,
  creditCustomer,
  deliver,
  importDevices,
  overdue,
  policyPerTest,
  systemOnCredit,
} from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { loanTestApp } from './loan-test-setup.ts';
import { runLoanDay } from './portfolio.service.ts';

const { app, deps, smsTo, inboxOf } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});
const savePolicy = policyPerTest(() => ctx);

const today = kampalaDate(new Date());

/** An active loan of 1,200,000 (deposit 300,000 paid, 4 monthly instalments of 225,000), its unit delivered. */
async function activeLoan(wallet: number) {
  const { product, plan } = await systemOnCredit(ctx, admin.api, 3);
  const customer = await creditCustomer(ctx, { wallet });
  const applied = await applyFor(customer, product.id, plan.id);
  expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  const id = applied.body.loans[0].id as string;
  await importDevices(ctx, admin.api, product.sku);
  const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
  expect((await deliver(admin.api, row!.orderId)).status).toBe(200);
  return { customer, id };
}

const loanRow = async (id: string) => (await ctx.db.select().from(loans).where(eq(loans.id, id)))[0]!;
const lines = (id: string) =>
  ctx.db.select().from(loanRepayments).where(eq(loanRepayments.loanId, id)).orderBy(asc(loanRepayments.number));
const sumDue = (rows: { amountDue: number }[]) => rows.reduce((s, r) => s + r.amountDue, 0);
const balance = async (account: string) => (await accountBalances(ctx.db, [account])).get(account) ?? 0;

describe('an extension', () => {
  it('is quoted, then applied as quoted: the total conserved plus the fee, the old schedule kept, the customer told', async () => {
    await savePolicy({ extensionFeePerInstalment: 2_000, maxExtensionInstalments: 6 });
    const { customer, id } = await activeLoan(400_000);
    expect(
      (await customer.api.post(`/api/loans/${id}/repayments`, { amount: 100_000, payment: { method: 'wallet' } }))
        .status,
    ).toBe(200);
    const fees = await balance(HOUSE_ACCOUNTS.loanFees);

    const quoted = await customer.api.get(`/api/loans/${id}/extension-quote?instalments=2`);
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    expect(quoted.body).toMatchObject({
      owedBefore: 800_000,
      fee: 4_000,
      owedAfter: 804_000,
      totalBefore: 1_200_000,
      totalAfter: 1_204_000,
      policyVersion: 1,
    });
    expect(quoted.body.schedule).toHaveLength(6);
    // The quote changed nothing.
    expect(sumDue(await lines(id))).toBe(900_000);

    const key = `extend-${id}`;
    const body = { instalments: 2, quote: quoted.body.quote };
    const applied = await customer.api.post(`/api/loans/${id}/extension`, body, key);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.schedule).toHaveLength(6);
    const after = await lines(id);
    expect(sumDue(after)).toBe(900_000 + 4_000);
    expect(after.reduce((s, r) => s + r.amountDue - r.amountPaid, 0)).toBe(804_000);
    expect(after[0]!.amountPaid).toBe(100_000);
    expect(after.map((r) => r.dueDate)).toEqual(quoted.body.schedule.map((l: { dueDate: string }) => l.dueDate));
    expect(await loanRow(id)).toMatchObject({ fees: 4_000, creditPrice: 1_200_000, instalments: 6 });
    expect(await balance(HOUSE_ACCOUNTS.loanFees)).toBe(fees + 4_000);
    expect((await smsTo(customer.e164)).at(-1)).toContain('is extended by 2 instalments with a fee of UGX 4,000');

    // The same request again is answered as before and changes nothing more.
    const again = await customer.api.post(`/api/loans/${id}/extension`, body, key);
    expect(again.status).toBe(200);
    expect((await loanRow(id)).fees).toBe(4_000);
    expect(await balance(HOUSE_ACCOUNTS.loanFees)).toBe(fees + 4_000);

    // The old quote under a new key no longer holds.
    const stale = await customer.api.post(`/api/loans/${id}/extension`, body);
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('quote_changed');

    const history = await customer.api.get(`/api/loans/${id}/schedule-changes`);
    expect(history.status).toBe(200);
    expect(history.body.changes).toHaveLength(1);
    expect(history.body.changes[0]).toMatchObject({
      kind: 'extension',
      fee: 4_000,
      totalBefore: 900_000,
      totalAfter: 904_000,
      actorName: expect.any(String),
    });
    expect(history.body.changes[0].before).toHaveLength(4);
    const adminView = await admin.api.get(`/api/admin/loans/${id}/schedule-changes`);
    expect(adminView.body.changes).toHaveLength(1);
  });

  it('refuses no instalments or more than the policy allows (422), and a loan not running (409)', async () => {
    await savePolicy({ maxExtensionInstalments: 3 });
    const { customer, id } = await activeLoan(300_000);
    for (const n of [0, 4]) {
      const refused = await customer.api.get(`/api/loans/${id}/extension-quote?instalments=${n}`);
      expect(refused.status).toBe(422);
      expect(refused.body.error.message).toBe('An extension adds from 1 to 3 instalments.');
    }
    expect((await customer.api.get(`/api/loans/${id}/extension-quote?instalments=two`)).status).toBe(400);
    await ctx.db.update(loans).set({ status: 'written_off' }).where(eq(loans.id, id));
    expect((await customer.api.get(`/api/loans/${id}/extension-quote?instalments=1`)).status).toBe(409);
    const other = await creditCustomer(ctx);
    expect((await other.api.get(`/api/loans/${id}/extension-quote?instalments=1`)).status).toBe(404);
  });
});

describe('paying off early', () => {
  it('takes the discount off, completes the loan and sends the unlock token, from the wallet', async () => {
    const { customer, id } = await activeLoan(1_100_000);
    const discounts = await balance(HOUSE_ACCOUNTS.discounts);
    const quoted = await customer.api.get(`/api/loans/${id}/payoff-quote`);
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    // 200,000 of credit charge all ahead, half of it off.
    expect(quoted.body).toMatchObject({ owed: 900_000, discount: 100_000, payoff: 800_000 });

    const paid = await customer.api.post(`/api/loans/${id}/payoff`, {
      quote: quoted.body.quote,
      payment: { method: 'wallet' },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.loan).toMatchObject({ status: 'completed', paid: 1_100_000 });
    expect(paid.body.loan.tokens[0]).toMatchObject({ type: 'DISABLE_PAYG' });
    expect(paid.body.loan.schedule.every((r: { status: string }) => r.status === 'paid')).toBe(true);
    expect(await loanRow(id)).toMatchObject({ forgiven: 100_000, status: 'completed' });
    expect(await balance(HOUSE_ACCOUNTS.discounts)).toBe(discounts - 100_000);
    const history = (await customer.api.get(`/api/loans/${id}/schedule-changes`)).body.changes;
    expect(history[0]).toMatchObject({
      kind: 'early_payoff',
      discount: 100_000,
      totalBefore: 900_000,
      totalAfter: 800_000,
    });
  });

  it('refuses a quote that no longer holds', async () => {
    const { customer, id } = await activeLoan(400_000);
    const quoted = await customer.api.get(`/api/loans/${id}/payoff-quote`);
    await customer.api.post(`/api/loans/${id}/repayments`, { amount: 1_000, payment: { method: 'wallet' } });
    const stale = await customer.api.post(`/api/loans/${id}/payoff`, {
      quote: quoted.body.quote,
      payment: { method: 'wallet' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('quote_changed');
  });

  it('by mobile money, forgives the discount when the payment settles', async () => {
    const { customer, id } = await activeLoan(300_000);
    const quoted = await customer.api.get(`/api/loans/${id}/payoff-quote`);
    const paid = await customer.api.post(`/api/loans/${id}/payoff`, {
      quote: quoted.body.quote,
      payment: { method: 'mobile_money', phone: customer.local, network: 'mtn' },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await expect.poll(async () => (await loanRow(id)).status, { timeout: 15_000, interval: 200 }).toBe('completed');
    expect(await loanRow(id)).toMatchObject({ forgiven: 100_000, paid: 1_100_000 });
  });
});

describe('a pause for a device fault', () => {
  it('moves the unpaid due dates, stops arrears, late fees and default, and resumes early', async () => {
    await savePolicy({ lateFee: { amount: 5_000, afterDays: 3 }, defaultAfterDays: 10 });
    const { customer, id } = await activeLoan(300_000);
    await overdue(ctx, id, 12);
    const before = await lines(id);
    const paused = await admin.api.post(`/api/admin/loans/${id}/pause`, { days: 30, reason: 'Panel fault reported' });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    const moved = await lines(id);
    expect(moved.map((r) => r.dueDate)).toEqual(before.map((r) => addDays(r.dueDate, 30)));
    expect(await loanRow(id)).toMatchObject({ pausedUntil: addDays(today, 30), daysPastDue: 0 });
    expect((await smsTo(customer.e164)).at(-1)).toContain('are paused until');

    // The first instalment is again overdue, by its moved date: the daily run leaves it alone.
    await overdue(ctx, id, 12);
    const day = await runLoanDay(deps(), today);
    expect(day).toMatchObject({ lateFees: 0, defaulted: 0 });
    expect(await loanRow(id)).toMatchObject({ status: 'active', fees: 0, daysPastDue: 12 });
    expect((await admin.api.post(`/api/admin/loans/${id}/pause`, { days: 5, reason: 'Again' })).status).toBe(409);

    const resumed = await admin.api.post(`/api/admin/loans/${id}/resume`, {});
    expect(resumed.status).toBe(200);
    expect((await loanRow(id)).pausedUntil).toBeNull();
    expect((await admin.api.post(`/api/admin/loans/${id}/resume`, {})).status).toBe(409);
    expect((await runLoanDay(deps(), today)).defaulted).toBe(1);

    const history = (await admin.api.get(`/api/admin/loans/${id}/schedule-changes`)).body.changes;
    expect(history.map((c: { kind: string }) => c.kind)).toEqual(['late_fee', 'pause']);
    expect(history[0]).toMatchObject({ fee: 5_000 });
    expect(history[0].totalAfter - history[0].totalBefore).toBe(5_000);
  });

  it('tells a customer who reads Luganda in Luganda, in the inbox and by SMS', async () => {
    const { customer, id } = await activeLoan(300_000);
    expect((await customer.api.patch('/api/me', { preferredLanguage: 'luganda' })).status).toBe(200);
    expect((await admin.api.post(`/api/admin/loans/${id}/pause`, { days: 1, reason: 'Panel fault' })).status).toBe(200);
    const sms = (await smsTo(customer.e164)).at(-1)!;
    expect(sms).toMatch(/^EcoGrid: Okusasula kuyimiriziddwa\. Okusasula ku bbanja LN-0*\d+ kuyimiriziddwa okutuusa /);
    expect(sms).toContain('kwa luvannyuma olunaku 1,');
    expect(sms).not.toMatch(/paused|payment/i);
    expect((await inboxOf(customer.id)).at(-1)).toBe(sms.replace('EcoGrid: Okusasula kuyimiriziddwa. ', ''));
  });
});
