import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { dashboardSchema } from '@ecogrid/core/dashboard';
import { describe, expect, it } from 'vitest';
import { appWithAdmin, client } from '../../../test/catalog-admin.ts';
import {
  applyFor,
  backdateTokens,
  creditCustomer,
  deliver,
  importDevices,
  overdue,
  systemOnCredit,
} from '../../../test/loan-helpers.ts';
import { customerDashboard } from './customer-dashboard.ts';
const app = appWithAdmin();

/** A customer whose 1,200,000 loan is running, deposit 300,000 paid from the wallet, unit delivered. */
async function customerWithUnit() {
  const { ctx, admin } = app;
  const { product, plan } = await systemOnCredit(ctx, admin.api);
  const customer = await creditCustomer(ctx, { wallet: 350_000 });
  const loanId: string = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
  const before = (await customer.api.get('/api/me/dashboard')).body;
  // The deposit paid, the credit order is on its way; delivering it hands over a unit.
  const orderId: string = before.ordersOnTheirWay[0].id;
  const [serial] = await importDevices(ctx, admin.api, product.sku);
  expect((await deliver(admin.api, orderId, serial)).status).toBe(200);
  return { customer, loanId, serial: serial!, product, orderId, before };
}

describe('the customer dashboard', () => {
  it('shows the unit’s days of power and newest token, the next payment, progress, wallet and identity check', async () => {
    const { customer, loanId, serial, product } = await customerWithUnit();
    const loan = (await customer.api.get(`/api/loans/${loanId}`)).body;
    const answer = await customer.api.get('/api/me/dashboard');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The answer is what the OpenAPI document declares.
    expect(dashboardSchema.parse(answer.body)).toEqual(answer.body);
    const today = kampalaDate(new Date());
    const firstDue = loan.schedule[0];
    expect(answer.body).toMatchObject({
      today,
      devices: [
        {
          loanId,
          loanNumber: loan.number,
          name: product.name,
          serial,
          unlocked: false,
          // The activation token carries the days to the first due date.
          powerEndsOn: firstDue.dueDate,
          daysLeft: loan.depositDays,
          latestToken: { type: 'ADD_TIME', days: loan.depositDays },
        },
      ],
      nextPayment: { loanId, loanNumber: loan.number, amount: 225_000, dueDate: firstDue.dueDate },
      daysLate: 0,
      loans: [{ id: loanId, paid: 300_000, owed: 900_000, totalCost: 1_200_000, daysPastDue: 0 }],
      ordersOnTheirWay: [],
      walletBalance: 50_000,
      kyc: { status: 'verified' },
    });
    // Spaced in threes, as the SMS and the loan page show it.
    expect(answer.body.devices[0].latestToken.token).toBe(loan.tokens[0].token.replace(/(\d{3})(?=\d)/g, '$1 '));
  });

  it('lists an order on its way until it is delivered', async () => {
    const { before, orderId } = await customerWithUnit();
    expect(before.ordersOnTheirWay).toEqual([expect.objectContaining({ id: orderId, status: 'paid' })]);
    expect(before.devices).toEqual([]);
  });

  it('counts the days left from when each token was issued, and how late a payment is', async () => {
    const { customer, loanId } = await customerWithUnit();
    const { ctx } = app;
    const [token] = (await customer.api.get(`/api/loans/${loanId}`)).body.tokens;
    // The activation token came 40 days ago: its days ran out, and the first instalment is 9 days late.
    await backdateTokens(ctx, loanId, 40);
    await overdue(ctx, loanId, 9);
    const answer = (await customer.api.get('/api/me/dashboard')).body;
    const issuedOn = kampalaDate(new Date(Date.parse(token.createdAt) - 40 * 86_400_000));
    expect(answer.devices[0]).toMatchObject({ daysLeft: 0, powerEndsOn: addDays(issuedOn, token.days) });
    expect(answer.daysLate).toBe(9);
    expect(answer.nextPayment.dueDate).toBe(addDays(kampalaDate(new Date()), -9));
  });

  it('shows each customer only their own, and nothing to someone signed out', async () => {
    const { ctx } = app;
    await customerWithUnit();
    const other = await creditCustomer(ctx, { verified: false });
    const theirs = await other.api.get('/api/me/dashboard');
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({
      devices: [],
      loans: [],
      nextPayment: null,
      ordersOnTheirWay: [],
      walletBalance: 0,
      kyc: { status: 'pending', completion: 0 },
    });
    const signedOut = await client(ctx).get('/api/me/dashboard');
    expect(signedOut.status).toBe(401);
  });

  it('counts the support tickets the customer has open, and not those resolved or anyone else’s', async () => {
    const { ctx, admin } = app;
    const me = await creditCustomer(ctx, { verified: false });
    const other = await creditCustomer(ctx, { verified: false });
    const ticket = { category: 'payment', subject: 'Paid twice', description: 'I paid 50,000 twice on Monday.' };
    expect((await me.api.post('/api/support/tickets', ticket)).status).toBe(201);
    const answered = await me.api.post('/api/support/tickets', { ...ticket, subject: 'Token refused' });
    const resolved = await admin.api.post(`/api/admin/support/tickets/${answered.body.id}/resolution`, {
      outcome: 'answer',
      body: 'Type the token again slowly, then press the hash key.',
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect((await me.api.get('/api/me/dashboard')).body.openTickets).toBe(1);
    expect((await other.api.get('/api/me/dashboard')).body.openTickets).toBe(0);
  });

  it('reads the same number of queries for two units as for one', async () => {
    const { ctx, admin } = app;
    const one = await customerWithUnit();
    // A second customer with two units on two loans.
    const two = await creditCustomer(ctx, { wallet: 600_000 });
    for (let i = 0; i < 2; i++) {
      const { product, plan } = await systemOnCredit(ctx, admin.api);
      await applyFor(two, product.id, plan.id);
      const orderId: string = (await two.api.get('/api/me/dashboard')).body.ordersOnTheirWay[0].id;
      const [serial] = await importDevices(ctx, admin.api, product.sku);
      expect((await deliver(admin.api, orderId, serial)).status).toBe(200);
    }
    // Each select the services build is one query; the job queue's own queries on the same
    // connection are left out this way.
    const count = async (userId: string, units: number) => {
      let queries = 0;
      const counting = new Proxy(ctx.db, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            if (/^(select|selectDistinct|selectDistinctOn|execute)$/.test(String(key))) queries++;
            return value.apply(target, args);
          };
        },
      });
      expect((await customerDashboard(counting, userId)).devices).toHaveLength(units);
      return queries;
    };
    const forOne = await count(one.customer.id, 1);
    expect(forOne).toBeGreaterThan(5);
    expect(await count(two.id, 2)).toBe(forOne);
  });
});
