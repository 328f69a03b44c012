import { describe, expect, it } from 'vitest';
import { signUpByPhoneAndVerify, userIdOfPhone } from '../../../test/auth-helpers.ts';
import { appWithAdmin, signedInCustomer } from '../../../test/catalog-admin.ts';
import { applyFor, creditCustomer, systemOnCredit } from '../../../test/loan-helpers.ts';
import { noteRequest, serve, signedInAgent } from './field-test-setup.ts';

const app = appWithAdmin();

describe('notes of visits and promises to pay', () => {
  it('keeps a note with its promise once, however often the phone sends it', async () => {
    const agent = await signedInAgent(app.ctx, app.admin);
    const { product, plan } = await systemOnCredit(app.ctx, app.admin.api);
    const customer = await creditCustomer(app.ctx, { wallet: 300_000 });
    const loanId = (await applyFor(customer, product.id, plan.id)).body.loans[0].id as string;
    await serve(app.ctx, agent, customer);

    const request = noteRequest(customer.id, {
      loanId,
      note: 'Harvest next week; will pay then.',
      promiseDate: '2026-12-05',
      promiseAmount: 50_000,
    });
    const made = await agent.api.post('/api/agent/visit-notes', request);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      customerId: customer.id,
      loanId,
      promiseDate: '2026-12-05',
      promiseAmount: 50_000,
      agentName: 'Sarah Nakato',
    });
    const again = await agent.api.post('/api/agent/visit-notes', { ...request, note: 'Sent again' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(made.body);

    const plain = await agent.api.post('/api/agent/visit-notes', noteRequest(customer.id));
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ loanId: null, promiseDate: null, promiseAmount: null });

    const notes = await agent.api.get(`/api/agent/customers/${customer.id}/notes`);
    expect(notes.status).toBe(200);
    expect(notes.body.items.map((n: { id: string }) => n.id)).toEqual([plain.body.id, made.body.id]);
  });

  it('refuses a customer the agent does not serve, a loan not theirs and half a promise', async () => {
    const agent = await signedInAgent(app.ctx, app.admin);
    const stranger = await signUpByPhoneAndVerify(app.ctx);
    const strangerId = await userIdOfPhone(app.ctx.db, stranger.e164);
    const refused = await agent.api.post('/api/agent/visit-notes', noteRequest(strangerId));
    expect(refused.status).toBe(404);
    expect((await agent.api.get(`/api/agent/customers/${strangerId}/notes`)).status).toBe(404);

    const { product, plan } = await systemOnCredit(app.ctx, app.admin.api);
    const other = await creditCustomer(app.ctx, { wallet: 300_000 });
    const othersLoan = (await applyFor(other, product.id, plan.id)).body.loans[0].id as string;
    const served = await signUpByPhoneAndVerify(app.ctx);
    const servedId = await userIdOfPhone(app.ctx.db, served.e164);
    await serve(app.ctx, agent, served);
    expect((await agent.api.post('/api/agent/visit-notes', noteRequest(servedId, { loanId: othersLoan }))).status).toBe(
      404,
    );
    const half = await agent.api.post('/api/agent/visit-notes', noteRequest(servedId, { promiseAmount: 10_000 }));
    expect(half.status).toBe(400);
    expect((await agent.api.get(`/api/agent/customers/${servedId}/notes`)).body.items).toEqual([]);

    const customer = await signedInCustomer(app.ctx);
    expect((await customer.api.post('/api/agent/visit-notes', noteRequest(servedId))).status).toBe(403);
  });
});
