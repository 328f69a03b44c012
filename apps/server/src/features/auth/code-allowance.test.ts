import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '#src/db/schema/auth.ts';
import {
  cookiesFrom,
  lastSmsCode,
  lastSmsTo,
  send,
  signUpByPhoneAndVerify,
  smsCountTo,
  STRONG_PASSWORD,
  uniquePhone,
} from '../../../test/auth-helpers.ts';
import { json, requestPhoneReset, type Json } from '../../../test/phone-auth.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { REFUSED, SMS_CODES_PER_HOUR } from './code-allowance.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const askReset = (phoneNumber: string) => requestPhoneReset(ctx, phoneNumber);
const askWithdrawalCode = (cookie: string) => send(ctx, '/api/wallet/withdrawals/code', {}, { cookie });
/** Order and payment news texted to a number: notices, not codes. */
const textNotices = async (to: string, n: number) => {
  for (let i = 0; i < n; i++) {
    await ctx.messages.sms(ctx.db, { to, message: `EcoGrid: Your payment of UGX ${i + 1},000 was received.` });
  }
};
const refusals = (phoneNumber: string) =>
  ctx.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.eventType, REFUSED), sql`${securityEvents.details}->>'phoneNumber' = ${phoneNumber}`))
    .orderBy(desc(securityEvents.createdAt));

describe('codes by SMS have an allowance of their own', () => {
  it('still sends a reset code and a withdrawal code after ten order and payment texts', async () => {
    const { local, e164, cookie } = await signUpByPhoneAndVerify(ctx);
    await textNotices(e164, 10);
    expect((await askReset(local)).status).toBe(200);
    expect((await lastSmsTo(ctx.db, e164))?.body).toMatch(/password reset code is \d{6}/);
    const withdrawal = await askWithdrawalCode(cookie);
    expect(withdrawal.status).toBe(200);
    expect((await lastSmsTo(ctx.db, e164))?.body).toMatch(/confirm a withdrawal is \d{6}/);
  });

  it('lets no stranger use up the holder’s own codes: six reset requests leave the withdrawal code', async () => {
    const { local, e164, cookie } = await signUpByPhoneAndVerify(ctx);
    for (let i = 0; i < SMS_CODES_PER_HOUR - 1; i++) expect((await askReset(local)).status).toBe(200);
    const refused = await askReset(local);
    expect(refused.status).toBe(429);
    expect((await askWithdrawalCode(cookie)).status).toBe(200);
    expect((await lastSmsTo(ctx.db, e164))?.body).toMatch(/confirm a withdrawal is \d{6}/);
  });

  it('refuses the seventh reset request in an hour with the same answer whether or not the number has an account', async () => {
    const member = await signUpByPhoneAndVerify(ctx);
    const stranger = uniquePhone();
    const answers: Json[] = [];
    for (const phone of [member, stranger]) {
      // The sign-up's confirmation code came from the same allowance for anyone.
      const asked = phone === member ? SMS_CODES_PER_HOUR - 1 : SMS_CODES_PER_HOUR;
      for (let i = 0; i < asked; i++) expect((await askReset(phone.local)).status).toBe(200);
      const refused = await askReset(phone.local);
      expect(refused.status).toBe(429);
      answers.push(await json(refused));
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({
      code: 'TOO_MANY_CODES',
      message: expect.stringMatching(
        /^Too many codes were asked for this number\. Wait \d+ minutes?, then try again\.$/,
      ),
    });
    for (const phone of [member, stranger]) {
      expect(await refusals(phone.e164)).toEqual([
        expect.objectContaining({
          details: expect.objectContaining({ asker: 'anyone', purpose: 'password_reset', waitMinutes: 60 }),
        }),
      ]);
    }
    expect(await smsCountTo(ctx.db, stranger.e164)).toBe(0);
  });

  it('tells the holder how long to wait when their own codes run out, and logs the refusal', async () => {
    const { e164, cookie } = await signUpByPhoneAndVerify(ctx);
    for (let i = 0; i < SMS_CODES_PER_HOUR; i++) expect((await askWithdrawalCode(cookie)).status).toBe(200);
    const refused = await askWithdrawalCode(cookie);
    expect(refused.status).toBe(429);
    expect(await json(refused)).toEqual({
      error: {
        code: 'too_many_codes',
        message: 'Too many codes were asked for this number. Wait 60 minutes, then try again.',
      },
    });
    const [logged] = await refusals(e164);
    expect(logged?.details).toMatchObject({ asker: 'account', purpose: 'withdrawal', waitMinutes: 60 });
    expect(logged?.userId).not.toBeNull();
  });

  it('answers 429 to a second-factor code by SMS past the allowance instead of pretending it was sent', async () => {
    const { local, e164, cookie } = await signUpByPhoneAndVerify(ctx);
    expect((await send(ctx, '/api/auth/two-factor/send-otp', {}, { cookie })).status).toBe(200);
    const enable = await send(
      ctx,
      '/api/auth/two-factor/verify-otp',
      { code: await lastSmsCode(ctx.db, e164) },
      { cookie },
    );
    expect(enable.status).toBe(200);
    const signIn = await send(ctx, '/api/auth/sign-in/phone-number', { phoneNumber: local, password: STRONG_PASSWORD });
    const challenge = cookiesFrom(signIn);
    for (let i = 1; i < SMS_CODES_PER_HOUR; i++) {
      expect((await send(ctx, '/api/auth/two-factor/send-otp', {}, { cookie: challenge })).status).toBe(200);
    }
    const sent = await smsCountTo(ctx.db, e164);
    const refused = await send(ctx, '/api/auth/two-factor/send-otp', {}, { cookie: challenge });
    expect(refused.status).toBe(429);
    expect((await json(refused)).message).toMatch(/Wait \d+ minutes?/);
    expect(await smsCountTo(ctx.db, e164)).toBe(sent);
  });
});
