import { describe, expect, it } from 'vitest';
import { signUpByPhoneAndVerify, userIdOfPhone } from '../../../test/auth-helpers.ts';
import { appWithAdmin, signedInCustomer, type Client } from '../../../test/catalog-admin.ts';
import { applyFor, creditCustomer, overdue, systemOnCredit } from '../../../test/loan-helpers.ts';
import { noteRequest, serve, signedInAgent } from './field-test-setup.ts';

const app = appWithAdmin();

describe('customers to visit', () => {
  it('lists the loans in arrears of the customers the agent serves, most days past due first', async () => {
    const agent = await signedInAgent(app.ctx, app.admin);
    const { product, plan } = await systemOnCredit(app.ctx, app.admin.api, 10);
    const loanOf = async (customer: { api: Client }) =>
      (await applyFor(customer, product.id, plan.id)).body.loans[0].id as string;
    const late = await creditCustomer(app.ctx, { wallet: 300_000 });
    const later = await creditCustomer(app.ctx, { wallet: 300_000 });
    const current = await creditCustomer(app.ctx, { wallet: 300_000 });
    const notServed = await creditCustomer(app.ctx, { wallet: 300_000 });
    const [lateLoan, laterLoan, , strangerLoan] = [
      await loanOf(late),
      await loanOf(later),
      await loanOf(current),
      await loanOf(notServed),
    ];
    for (const c of [late, later, current]) await serve(app.ctx, agent, c);
    await overdue(app.ctx, lateLoan!, 5);
    await overdue(app.ctx, laterLoan!, 40);
    await overdue(app.ctx, strangerLoan!, 60);
    const promise = await agent.api.post(
      '/api/agent/visit-notes',
      noteRequest(late.id, {
        loanId: lateLoan,
        note: 'Will pay Friday',
        promiseDate: '2026-12-04',
        promiseAmount: 75_000,
      }),
    );
    expect(promise.status).toBe(201);

    const visits = await agent.api.get('/api/agent/visits');
    expect(visits.status).toBe(200);
    expect(visits.body.items.map((v: { loanId: string }) => v.loanId)).toEqual([laterLoan, lateLoan]);
    const [first, second] = visits.body.items;
    // The plan's instalment is 225,000; the first one is the one past due.
    expect(first).toMatchObject({ customerId: later.id, daysPastDue: 40, amountOverdue: 225_000, lastNote: null });
    expect(first.phone).toBe(later.e164);
    expect(first.loanNumber).toMatch(/^LN-\d{6}$/);
    expect(second).toMatchObject({ customerId: late.id, daysPastDue: 5, amountOverdue: 225_000 });
    expect(second.lastNote).toMatchObject({ id: promise.body.id, promiseAmount: 75_000, promiseDate: '2026-12-04' });

    const customer = await signedInCustomer(app.ctx);
    expect((await customer.api.get('/api/agent/visits')).status).toBe(403);
  });
});

describe('a customer the agent serves, whole', () => {
  it('shows who and where they are, their check, loans, orders and notes by name', async () => {
    const agent = await signedInAgent(app.ctx, app.admin);
    const { product, plan } = await systemOnCredit(app.ctx, app.admin.api);
    const customer = await creditCustomer(app.ctx, { wallet: 300_000 });
    const applied = await applyFor(customer, product.id, plan.id);
    const loanId = applied.body.loans[0].id as string;
    await serve(app.ctx, agent, customer);
    await agent.api.post('/api/agent/visit-notes', noteRequest(customer.id, { loanId }));

    const detail = await agent.api.get(`/api/agent/customers/${customer.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.customer).toMatchObject({
      id: customer.id,
      name: 'Nambi Grace',
      phone: customer.e164,
      kycStatus: 'verified',
      preferredLanguage: 'english',
      accountNumber: expect.stringMatching(/^\d{7}$/),
      consentActive: true,
    });
    expect(detail.body.loans).toEqual([expect.objectContaining({ id: loanId, customerName: 'Nambi Grace' })]);
    expect(detail.body.orders.length).toBeGreaterThan(0);
    expect(detail.body.notes).toEqual([expect.objectContaining({ loanId, agentName: 'Sarah Nakato' })]);
  });

  it('is not found for a customer the agent does not serve, or who does not exist', async () => {
    const agent = await signedInAgent(app.ctx, app.admin);
    const stranger = await signUpByPhoneAndVerify(app.ctx);
    const strangerId = await userIdOfPhone(app.ctx.db, stranger.e164);
    const hidden = await agent.api.get(`/api/agent/customers/${strangerId}`);
    const missing = await agent.api.get('/api/agent/customers/6f1c1d7e-8a43-4f7e-9a55-3c2b9d0e4a11');
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect((await agent.api.get('/api/agent/customers/not-an-id')).status).toBe(400);
  });
});
