import { beforeAll, describe, expect, it } from 'vitest';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { applyFor, creditCustomer, systemOnCredit } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { loanTestApp } from './loan-test-setup.ts';

const { app, stockOf, smsTo, inboxOf } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});

describe('applying for credit', () => {
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
    expect(queue.body.items.map((l: { id: string }) => l.id)).toContain(id);
    expect((await customer.api.post(`/api/loans/${id}/deposit`, { payment: { method: 'wallet' } })).status).toBe(409);
    const approved = await admin.api.post(`/api/admin/loans/${id}/decision`, { decision: 'approve' });
    expect(approved.body.status).toBe('approved');
    expect((await admin.api.post(`/api/admin/loans/${id}/decision`, { decision: 'approve' })).status).toBe(409);
    const paid = await customer.api.post(`/api/loans/${id}/deposit`, { payment: { method: 'wallet' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.loan.status).toBe('active');
    expect(await walletBalance(ctx.db, customer.id)).toBe(1_100_000);
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
});
