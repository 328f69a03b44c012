import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyFor, creditCustomer, systemOnCredit } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { runLoanDay } from './portfolio.service.ts';
import { loanTestApp } from './loan-test-setup.ts';

const { app, deps, stockOf, smsTo, inboxOf } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});

describe('applying for credit', () => {
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
