import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentConsentCodes, agentCustomers } from '#src/db/schema/agents.ts';
import { lastSmsTo, signUpByPhoneAndVerify, userIdOfPhone } from '../../../test/auth-helpers.ts';
import { client, signedInAdmin, signedInCustomer, type Client } from '../../../test/catalog-admin.ts';
import { personal, testPictures } from '../../../test/kyc-fixtures.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { signedInAgent as signedInAgentOf } from './field-test-setup.ts';

let ctx: TestContext;
let admin: { id: string; api: Client };
let jpeg: Uint8Array;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInAdmin(ctx);
  ({ jpeg } = await testPictures());
});
afterAll(async () => ctx.close());

describe('an agent completing the check for a customer', () => {
  const signedInAgent = () => signedInAgentOf(ctx, admin);

  it('acts only after the customer reads back the SMS code, and uploads show who sent them', async () => {
    const agent = await signedInAgent();
    const phone = await signUpByPhoneAndVerify(ctx);
    const customerId = await userIdOfPhone(ctx.db, phone.e164);
    const customer = client(ctx, phone.cookie);
    const journey = `/api/agent/customers/${customerId}/kyc`;

    const before = await agent.api.put(`${journey}/personal`, personal);
    expect(before.status).toBe(403);
    expect(before.body.error.message).toMatch(/has not agreed/);

    const asked = await agent.api.post('/api/agent/customers/consent', { phoneNumber: phone.local });
    expect(asked.status).toBe(202);
    const sms = await lastSmsTo(ctx.db, phone.e164);
    expect(sms?.body).toMatch(/asks to complete your identity check for you/);
    const code = /code: (\d{6})/.exec(sms?.body ?? '')![1]!;
    // Test mode (no SMS provider here): the agent's screen gets the code too; it is not sent late.
    expect(asked.body.testModeCode).toBe(code);
    expect(sms?.expiresAt).not.toBeNull();

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await agent.api.post('/api/agent/customers/consent/confirm', {
      phoneNumber: phone.local,
      code: wrongCode,
    });
    expect(wrong.status).toBe(422);
    expect((await agent.api.get(journey)).status).toBe(403);

    const agreed = await agent.api.post('/api/agent/customers/consent/confirm', { phoneNumber: phone.local, code });
    expect(agreed.status).toBe(200);
    expect(agreed.body.customerId).toBe(customerId);
    // The code works once.
    expect(
      (await agent.api.post('/api/agent/customers/consent/confirm', { phoneNumber: phone.local, code })).status,
    ).toBe(422);

    expect((await agent.api.put(`${journey}/personal`, personal)).body.completion).toBe(20);
    const upload = await agent.api.upload(`${journey}/documents/selfie`, jpeg);
    expect(upload.status).toBe(201);
    expect(upload.body.documents[0].uploadedByAgent).toBe(true);
    // The reviewer sees which agent uploaded it, by name.
    const reviewed = (await admin.api.get(`/api/admin/kyc/${customerId}`)).body;
    expect(reviewed.documents[0].uploadedBy).toEqual({ id: agent.id, name: 'Sarah Nakato', role: 'agent' });
    const theirs = (await customer.get('/api/kyc')).body;
    expect(theirs).toMatchObject({ completion: 40, personal });
    // Identity documents are for the customer and admins only: not even the agent who uploaded one reads it back.
    const download = await ctx.request(`/api/kyc/documents/${upload.body.documents[0].id}`, {
      headers: { cookie: agent.api.cookie! },
    });
    expect(download.status).toBe(404);
    const own = await ctx.request(`/api/kyc/documents/${upload.body.documents[0].id}`, {
      headers: { cookie: phone.cookie },
    });
    expect(own.status).toBe(200);
    // The list shows the customer.
    const list = await agent.api.get('/api/agent/customers');
    expect(list.body.items).toEqual([
      expect.objectContaining({ customerId, kycStatus: 'pending', consentActive: true, phone: phone.e164 }),
    ]);
  });

  it('refuses a code read back after its 10 minutes, and stops the agent when the 24-hour consent runs out', async () => {
    const agent = await signedInAgent();
    const phone = await signUpByPhoneAndVerify(ctx);
    const customerId = await userIdOfPhone(ctx.db, phone.e164);
    const journey = `/api/agent/customers/${customerId}/kyc`;
    const codeSent = async () => {
      expect((await agent.api.post('/api/agent/customers/consent', { phoneNumber: phone.local })).status).toBe(202);
      return /code: (\d{6})/.exec((await lastSmsTo(ctx.db, phone.e164))!.body ?? '')![1]!;
    };

    const stale = await codeSent();
    await ctx.db
      .update(agentConsentCodes)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(agentConsentCodes.customerId, customerId));
    const late = await agent.api.post('/api/agent/customers/consent/confirm', {
      phoneNumber: phone.local,
      code: stale,
    });
    expect(late.status).toBe(422);
    expect((await agent.api.get(journey)).status).toBe(403);

    const fresh = await codeSent();
    const agreed = await agent.api.post('/api/agent/customers/consent/confirm', {
      phoneNumber: phone.local,
      code: fresh,
    });
    expect(agreed.status).toBe(200);
    expect((await agent.api.put(`${journey}/personal`, personal)).status).toBe(200);

    await ctx.db
      .update(agentCustomers)
      .set({ consentExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(agentCustomers.customerId, customerId));
    const after = await agent.api.put(`${journey}/personal`, personal);
    expect(after.status).toBe(403);
    expect(after.body.error.message).toMatch(/has not agreed/);
    const listed = await agent.api.get('/api/agent/customers');
    expect(listed.body.items).toEqual([expect.objectContaining({ customerId, consentActive: false })]);
  });

  it('is for approved agents only, and ends five wrong codes', async () => {
    const notAgent = await signedInCustomer(ctx);
    const phone = await signUpByPhoneAndVerify(ctx);
    expect((await notAgent.api.post('/api/agent/customers/consent', { phoneNumber: phone.local })).status).toBe(403);
    expect((await notAgent.api.get('/api/agent/customers')).status).toBe(403);

    const agent = await signedInAgent();
    expect((await agent.api.post('/api/agent/customers/consent', { phoneNumber: '0700 000 001' })).status).toBe(404);
    await agent.api.post('/api/agent/customers/consent', { phoneNumber: phone.local });
    const code = /code: (\d{6})/.exec((await lastSmsTo(ctx.db, phone.e164))!.body ?? '')![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await agent.api.post('/api/agent/customers/consent/confirm', { phoneNumber: phone.local, code: wrongCode });
    }
    const late = await agent.api.post('/api/agent/customers/consent/confirm', { phoneNumber: phone.local, code });
    expect(late.status).toBe(422);
    expect(late.body.error.message).toMatch(/expired/);
  });
});
