import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSmsCode, send, signUpByPhoneAndVerify, STRONG_PASSWORD, uniquePhone } from '../../../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';

type Json = Record<string, unknown>;
const json = async (response: Response) => (await response.json()) as Json;

/** The requests that text a code, each answered with what the screen asking for the code gets. */
async function askForCodes(ctx: TestContext) {
  const phone = uniquePhone();
  const signUp = await json(
    await send(ctx, '/api/auth/sign-up/phone', { phoneNumber: phone.local, password: STRONG_PASSWORD }),
  );
  const signUpCode = await lastSmsCode(ctx.db, phone.e164);
  const resend = await json(await send(ctx, '/api/auth/phone-number/send-otp', { phoneNumber: phone.local }));
  const resendCode = await lastSmsCode(ctx.db, phone.e164);
  // Signing in with the number before it is confirmed texts a code, then refuses (401).
  const signIn = await send(ctx, '/api/auth/sign-in/phone-number', {
    phoneNumber: phone.local,
    password: STRONG_PASSWORD,
  });
  expect(signIn.status).toBe(401);
  const unconfirmed = await json(signIn);
  const unconfirmedCode = await lastSmsCode(ctx.db, phone.e164);
  const member = await signUpByPhoneAndVerify(ctx);
  const reset = await json(
    await send(ctx, '/api/auth/phone-number/request-password-reset', { phoneNumber: member.local }),
  );
  const resetCode = await lastSmsCode(ctx.db, member.e164);
  const withdrawal = await json(await send(ctx, '/api/wallet/withdrawals/code', {}, { cookie: member.cookie }));
  const withdrawalCode = await lastSmsCode(ctx.db, member.e164);
  const twoStep = await json(await send(ctx, '/api/auth/two-factor/send-otp', {}, { cookie: member.cookie }));
  const twoStepCode = await lastSmsCode(ctx.db, member.e164);
  return {
    answers: { signUp, resend, unconfirmed, reset, withdrawal, twoStep },
    codes: {
      signUp: signUpCode,
      resend: resendCode,
      unconfirmed: unconfirmedCode,
      reset: resetCode,
      withdrawal: withdrawalCode,
      twoStep: twoStepCode,
    },
  };
}

describe('test mode: no SMS provider, outside production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('answers each request for a code with the code it texted, for the screen to show', async () => {
    expect(ctx.messages.codesOnScreen).toBe(true);
    const { answers, codes } = await askForCodes(ctx);
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.testModeCode, name).toBe(codes[name as keyof typeof codes]);
    }
  });

  it('shows nothing for a number the request texts nothing to', async () => {
    const stranger = uniquePhone();
    const answer = await json(
      await send(ctx, '/api/auth/phone-number/request-password-reset', { phoneNumber: stranger.local }),
    );
    expect(answer).toEqual({ status: true });
  });

  it('documents the code in the OpenAPI answers of the withdrawal and consent codes', async () => {
    const doc = JSON.stringify(await (await ctx.request('/api/openapi.json')).json());
    expect(doc.match(/"testModeCode"/g)?.length).toBeGreaterThanOrEqual(2);
  });
});

describe('production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ settings: { NODE_ENV: 'production' } });
  });
  afterAll(async () => ctx.close());

  it('never answers a code, even without an SMS provider', async () => {
    expect(ctx.messages.codesOnScreen).toBe(false);
    const { answers } = await askForCodes(ctx);
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer, name).not.toHaveProperty('testModeCode');
      expect(JSON.stringify(answer), name).not.toMatch(/"\d{6}"/);
    }
  });
});
