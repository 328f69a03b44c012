import { leadSchema } from '@ecogrid/core/agent-field';
import { describe, expect, it } from 'vitest';
import {
  cookiesFrom,
  lastSmsCode,
  lastSmsTo,
  send,
  signUpByPhoneAndVerify,
  smsCountTo,
  uniquePhone,
} from '../../../test/auth-helpers.ts';
import { appWithAdmin, signedInCustomer } from '../../../test/catalog-admin.ts';
import { leadRequest, signedInAgent } from './field-test-setup.ts';

const app = appWithAdmin();

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe('an agent registering a customer in the field', () => {
  it('keeps the lead, texts a code, and the code read back makes a password-less phone account the agent serves', async () => {
    const agent = await signedInAgent(app.ctx, app.admin);
    const phone = uniquePhone();
    const request = leadRequest({ phoneNumber: phone.local, fullName: 'Okello Peter', district: 'kampala' });

    const made = await agent.api.post('/api/agent/leads', request);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      status: 'waiting_code',
      phone: phone.e164,
      district: 'Kampala',
      customerId: null,
    });
    const sms = await lastSmsTo(app.ctx.db, phone.e164);
    expect(sms?.body).toMatch(/Sarah Nakato \(agent EG-T-\w+\) is registering you with EcoGrid/);
    const code = await lastSmsCode(app.ctx.db, phone.e164);
    expect(made.body.testModeCode).toBe(code);

    // The offline queue sends it again: the same lead, no second text.
    const again = await agent.api.post('/api/agent/leads', request);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(made.body.id);
    expect(again.body.testModeCode).toBeUndefined();
    expect(await smsCountTo(app.ctx.db, phone.e164)).toBe(1);

    const confirm = `/api/agent/leads/${made.body.id}/confirm`;
    const wrong = await agent.api.post(confirm, { code: otherThan(code) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({ code: 'invalid_code' });
    expect(wrong.body.error.message).toMatch(/4 tries left/);

    const done = await agent.api.post(confirm, { code });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'registered', codeExpiresAt: null });
    const customerId = done.body.customerId as string;
    expect(customerId).toBeTruthy();
    // Confirming twice (a retry) answers the same registration.
    expect((await agent.api.post(confirm, { code })).body.customerId).toBe(customerId);

    const served = (await agent.api.get('/api/agent/customers')).body.items;
    expect(served).toEqual([expect.objectContaining({ customerId, name: 'Okello Peter', phone: phone.e164 })]);
    expect(served[0].consentActive).toBe(true);
    const leads = (await agent.api.get('/api/agent/leads')).body.items;
    expect(leads.map((l: { id: string }) => l.id)).toEqual([made.body.id]);

    // No password yet: no password signs in.
    const signIn = await send(app.ctx, '/api/auth/sign-in/phone-number', {
      phoneNumber: phone.local,
      password: 'mango tree beside the borehole',
    });
    expect(signIn.status).toBe(401);
  });

  it('lets the registered customer set a password later by SMS code from /forgot-password', async () => {
    const agent = await signedInAgent(app.ctx, app.admin);
    const phone = uniquePhone();
    const made = await agent.api.post('/api/agent/leads', leadRequest({ phoneNumber: phone.local }));
    const code = await lastSmsCode(app.ctx.db, phone.e164);
    expect((await agent.api.post(`/api/agent/leads/${made.body.id}/confirm`, { code })).status).toBe(200);

    const asked = await send(app.ctx, '/api/auth/phone-number/request-password-reset', { phoneNumber: phone.local });
    expect(asked.status).toBe(200);
    expect((await lastSmsTo(app.ctx.db, phone.e164))?.body).toMatch(/password reset code is \d{6}/);
    const otp = await lastSmsCode(app.ctx.db, phone.e164);
    const newPassword = 'sunflowers grow near the river';
    const reset = await send(app.ctx, '/api/auth/phone-number/reset-password', {
      phoneNumber: phone.local,
      otp,
      newPassword,
    });
    expect(reset.status).toBe(200);
    const signIn = await send(app.ctx, '/api/auth/sign-in/phone-number', {
      phoneNumber: phone.local,
      password: newPassword,
    });
    expect(signIn.status).toBe(200);
    const me = await send(app.ctx, '/api/me', undefined, { cookie: cookiesFrom(signIn) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      fullName: 'Okello Peter',
      phoneNumber: phone.e164,
      phoneVerified: true,
      district: 'Kampala',
      subCounty: 'Kampala Central',
      village: 'Church Zone',
      userType: 'customer',
    });
  });

  it('texts the code in the language the customer chose', async () => {
    const agent = await signedInAgent(app.ctx, app.admin);
    const luganda = uniquePhone();
    await agent.api.post('/api/agent/leads', leadRequest({ phoneNumber: luganda.local, preferredLanguage: 'luganda' }));
    expect((await lastSmsTo(app.ctx.db, luganda.e164))?.body).toMatch(/akuwandiisa mu EcoGrid/);
    const swahili = uniquePhone();
    await agent.api.post('/api/agent/leads', leadRequest({ phoneNumber: swahili.local, preferredLanguage: 'swahili' }));
    expect((await lastSmsTo(app.ctx.db, swahili.e164))?.body).toMatch(/anakusajili na EcoGrid/);
  });

  it('gives a number that has an account the consent code instead, telling no more than consent does', async () => {
    const agent = await signedInAgent(app.ctx, app.admin);
    const existing = await signUpByPhoneAndVerify(app.ctx);
    const made = await agent.api.post('/api/agent/leads', leadRequest({ phoneNumber: existing.local }));
    expect(made.status).toBe(201);
    const consent = await agent.api.post('/api/agent/customers/consent', { phoneNumber: existing.local });
    expect(made.body).toMatchObject({ status: 'existing_customer', customerId: consent.body.customerId });
    // Only the lead's own fields: nothing of the account beyond the id the consent answer gives.
    expect(() => leadSchema.strict().parse(made.body)).not.toThrow();
    expect((await lastSmsTo(app.ctx.db, existing.e164))?.body).toMatch(/asks to complete your identity check/);

    const code = await lastSmsCode(app.ctx.db, existing.e164);
    const done = await agent.api.post(`/api/agent/leads/${made.body.id}/confirm`, { code });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('existing_customer');
    const served = (await agent.api.get('/api/agent/customers')).body.items;
    expect(served).toEqual([expect.objectContaining({ customerId: consent.body.customerId, consentActive: true })]);
  });
});

describe('what a registration refuses', () => {
  it('is for approved agents only, with a real address', async () => {
    const customer = await signedInCustomer(app.ctx);
    expect((await customer.api.post('/api/agent/leads', leadRequest())).status).toBe(403);
    const agent = await signedInAgent(app.ctx, app.admin);
    const far = await agent.api.post(
      '/api/agent/leads',
      leadRequest({ subCounty: 'Nakawa Division', village: 'Nowhere' }),
    );
    expect(far.status).toBe(422);
    expect(far.body.error.code).toBe('unknown_place');
    const bad = await agent.api.post('/api/agent/leads', leadRequest({ phoneNumber: '12' }));
    expect(bad.status).toBe(400);
    expect((await agent.api.get('/api/agent/leads')).body.items).toEqual([]);
  });

  it('ends a code after five wrong tries; a resend gives a new one and the old stops working', async () => {
    const agent = await signedInAgent(app.ctx, app.admin);
    const phone = uniquePhone();
    const made = await agent.api.post('/api/agent/leads', leadRequest({ phoneNumber: phone.local }));
    const first = await lastSmsCode(app.ctx.db, phone.e164);
    const confirm = `/api/agent/leads/${made.body.id}/confirm`;
    for (let i = 0; i < 4; i++) expect((await agent.api.post(confirm, { code: otherThan(first) })).status).toBe(422);
    const fifth = await agent.api.post(confirm, { code: otherThan(first) });
    expect(fifth.body.error.code).toBe('code_expired');
    expect((await agent.api.post(confirm, { code: first })).body.error.code).toBe('code_expired');

    const resent = await agent.api.post(`/api/agent/leads/${made.body.id}/resend`);
    expect(resent.status).toBe(200);
    const second = await lastSmsCode(app.ctx.db, phone.e164);
    expect(resent.body.testModeCode).toBe(second);
    if (second !== first) expect((await agent.api.post(confirm, { code: first })).status).toBe(422);
    expect((await agent.api.post(confirm, { code: second })).body.status).toBe('registered');
    expect((await agent.api.post(`/api/agent/leads/${made.body.id}/resend`)).status).toBe(409);
  });

  it('sends one number at most three codes an hour, and keeps another agent out of the lead', async () => {
    const agent = await signedInAgent(app.ctx, app.admin);
    const phone = uniquePhone();
    const made = await agent.api.post('/api/agent/leads', leadRequest({ phoneNumber: phone.local }));
    const resend = `/api/agent/leads/${made.body.id}/resend`;
    expect((await agent.api.post(resend)).status).toBe(200);
    expect((await agent.api.post(resend)).status).toBe(200);
    const fourth = await agent.api.post(resend);
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe('too_many_codes');
    expect(await smsCountTo(app.ctx.db, phone.e164)).toBe(3);

    const other = await signedInAgent(app.ctx, app.admin);
    expect((await other.api.post(resend)).status).toBe(404);
    expect((await other.api.post(`/api/agent/leads/${made.body.id}/confirm`, { code: '123456' })).status).toBe(404);
  });
});
