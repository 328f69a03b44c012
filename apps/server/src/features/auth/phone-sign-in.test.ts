import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authAttempts } from '#src/db/schema/auth.ts';
import {
  cookiesFrom,
  lastSmsCode,
  lastSmsTo,
  send,
  signUpAndVerify,
  STRONG_PASSWORD,
  uniquePhone,
} from '../../../test/auth-helpers.ts';
import { json, requestPhoneReset } from '../../../test/phone-auth.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { phoneTestApp } from './phone-test-setup.ts';

const { app, meStatus, signUpByPhone } = phoneTestApp();
let ctx: TestContext;
beforeAll(() => {
  ctx = app.ctx;
});

describe('sign-in by phone', () => {
  it('signs in with the number in local or international form; one generic message for a wrong password', async () => {
    const { local, e164 } = await signUpByPhone();
    const signIn = await send(ctx, '/api/auth/sign-in/phone-number', { phoneNumber: local, password: STRONG_PASSWORD });
    expect(signIn.status).toBe(200);
    expect(await meStatus(cookiesFrom(signIn))).toBe(200);
    const international = await send(ctx, '/api/auth/sign-in/phone-number', {
      phoneNumber: e164,
      password: STRONG_PASSWORD,
    });
    expect(international.status).toBe(200);

    const wrong = await send(ctx, '/api/auth/sign-in/phone-number', { phoneNumber: local, password: 'not it at all' });
    const unknown = await send(ctx, '/api/auth/sign-in/phone-number', {
      phoneNumber: uniquePhone().local,
      password: STRONG_PASSWORD,
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await json(wrong)).message).toBe((await json(unknown)).message);

    const attempts = await ctx.db.select().from(authAttempts).where(eq(authAttempts.identifier, e164));
    expect(attempts.map((a) => [a.loginMethod, a.success])).toEqual(
      expect.arrayContaining([
        ['phone', true],
        ['phone', false],
      ]),
    );
  });

  it('lets only five of a burst of parallel guesses through', async () => {
    const { e164 } = await signUpByPhone();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const response = await send(ctx, '/api/auth/sign-in/phone-number', {
          phoneNumber: e164,
          password: 'a wrong guess',
        });
        return response.status;
      }),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('answers 429 after five failed attempts on one number, whatever form it is typed in', async () => {
    const { local, e164 } = await signUpByPhone();
    for (let i = 0; i < 5; i++) {
      const phoneNumber = i % 2 ? local : e164;
      expect((await send(ctx, '/api/auth/sign-in/phone-number', { phoneNumber, password: 'wrong guess' })).status).toBe(
        401,
      );
    }
    const blocked = await send(ctx, '/api/auth/sign-in/phone-number', {
      phoneNumber: local,
      password: STRONG_PASSWORD,
    });
    expect(blocked.status).toBe(429);
  });
});

describe('password reset by SMS code', () => {
  it('texts a code; the reset checks strength, ends every session, works once, and the new password signs in', async () => {
    const { local, e164, cookie } = await signUpByPhone();
    expect((await requestPhoneReset(ctx, local)).status).toBe(200);
    const sms = await lastSmsTo(ctx.db, e164);
    expect(sms?.body).toMatch(/password reset code is \d{6}/);
    const otp = await lastSmsCode(ctx.db, e164);

    const weak = await send(ctx, '/api/auth/phone-number/reset-password', {
      phoneNumber: local,
      otp,
      newPassword: 'password123',
    });
    expect(weak.status).toBe(400);
    expect((await json(weak)).code).toBe('WEAK_PASSWORD');

    const newPassword = 'sunflowers grow near the river';
    const reset = await send(ctx, '/api/auth/phone-number/reset-password', { phoneNumber: local, otp, newPassword });
    expect(reset.status).toBe(200);
    expect(await meStatus(cookie)).toBe(401);
    const again = await send(ctx, '/api/auth/phone-number/reset-password', {
      phoneNumber: local,
      otp,
      newPassword: 'a third passphrase for the hills',
    });
    expect(again.status).toBe(400);

    const old = await send(ctx, '/api/auth/sign-in/phone-number', { phoneNumber: local, password: STRONG_PASSWORD });
    expect(old.status).toBe(401);
    const fresh = await send(ctx, '/api/auth/sign-in/phone-number', { phoneNumber: local, password: newPassword });
    expect(fresh.status).toBe(200);
  });
});

describe('changing the phone number', () => {
  it('takes a new number only once its code is entered, and never one another account has confirmed', async () => {
    const { cookie } = await signUpAndVerify(ctx);
    const phone = uniquePhone();
    expect((await send(ctx, '/api/auth/phone-number/send-otp', { phoneNumber: phone.local }, { cookie })).status).toBe(
      200,
    );
    const code = await lastSmsCode(ctx.db, phone.e164);
    const me = async () => json(await send(ctx, '/api/me', undefined, { cookie }));
    expect(await me()).toMatchObject({ phoneNumber: null });
    const noPassword = await send(
      ctx,
      '/api/auth/phone-number/verify',
      { phoneNumber: phone.local, code, updatePhoneNumber: true },
      { cookie },
    );
    expect(noPassword.status).toBe(400);
    expect((await json(noPassword)).code).toBe('INVALID_PASSWORD');
    const confirm = await send(
      ctx,
      '/api/auth/phone-number/verify',
      { phoneNumber: phone.local, code, updatePhoneNumber: true, password: STRONG_PASSWORD },
      { cookie },
    );
    expect(confirm.status).toBe(200);
    expect(await me()).toMatchObject({ phoneNumber: phone.e164, phoneVerified: true });

    const taken = await signUpByPhone();
    await send(ctx, '/api/auth/phone-number/send-otp', { phoneNumber: taken.e164 }, { cookie });
    const clash = await send(
      ctx,
      '/api/auth/phone-number/verify',
      {
        phoneNumber: taken.e164,
        code: await lastSmsCode(ctx.db, taken.e164),
        updatePhoneNumber: true,
        password: STRONG_PASSWORD,
      },
      { cookie },
    );
    expect(clash.status).toBe(400);
    expect(await me()).toMatchObject({ phoneNumber: phone.e164 });

    // Moving on again tells the old number.
    const next = uniquePhone();
    await send(ctx, '/api/auth/phone-number/send-otp', { phoneNumber: next.e164 }, { cookie });
    const moved = await send(
      ctx,
      '/api/auth/phone-number/verify',
      {
        phoneNumber: next.e164,
        code: await lastSmsCode(ctx.db, next.e164),
        updatePhoneNumber: true,
        password: STRONG_PASSWORD,
      },
      { cookie },
    );
    expect(moved.status).toBe(200);
    expect((await lastSmsTo(ctx.db, phone.e164))?.body).toMatch(/phone number on your account was changed/);
  });
});
