import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authAttempts, users } from '#src/db/schema/auth.ts';
import {
  cookiesFrom,
  lastEmailTo,
  lastSmsCode,
  lastSmsTo,
  send,
  signUpAndVerify,
  STRONG_PASSWORD,
  uniquePhone,
} from '../../../test/auth-helpers.ts';
import { json } from '../../../test/phone-auth.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { totpFromUri } from '../../../test/totp.ts';
import { phoneTestApp } from './phone-test-setup.ts';

const { app, userByPhone, meStatus, signUpByPhone } = phoneTestApp();
let ctx: TestContext;
beforeAll(() => {
  ctx = app.ctx;
});

describe('second factor', () => {
  const challengeCookie = (response: Response) => {
    const cookie = cookiesFrom(response);
    expect(cookie).not.toMatch(/session_token=/);
    return cookie;
  };

  it('turns on SMS codes for a confirmed number, then asks for one at phone sign-in', async () => {
    const { local, e164, cookie } = await signUpByPhone();
    const blind = await send(
      ctx,
      '/api/auth/two-factor/enable',
      { password: STRONG_PASSWORD, method: 'otp' },
      { cookie },
    );
    expect(blind.status).toBe(400);
    expect((await userByPhone(e164))?.twoFactorEnabled).toBe(false);
    expect((await send(ctx, '/api/auth/two-factor/send-otp', {}, { cookie })).status).toBe(200);
    const enable = await send(
      ctx,
      '/api/auth/two-factor/verify-otp',
      { code: await lastSmsCode(ctx.db, e164) },
      { cookie },
    );
    expect(enable.status).toBe(200);
    expect((await userByPhone(e164))?.twoFactorEnabled).toBe(true);

    const signIn = await send(ctx, '/api/auth/sign-in/phone-number', { phoneNumber: local, password: STRONG_PASSWORD });
    expect(await json(signIn)).toMatchObject({ twoFactorRedirect: true });
    const challenge = challengeCookie(signIn);
    expect((await send(ctx, '/api/auth/two-factor/send-otp', {}, { cookie: challenge })).status).toBe(200);
    const sms = await lastSmsTo(ctx.db, e164);
    expect(sms?.body).toMatch(/sign-in code is \d{6}/);
    const wrong = await send(ctx, '/api/auth/two-factor/verify-otp', { code: '000000' }, { cookie: challenge });
    expect(wrong.status).toBe(401);
    const right = await send(
      ctx,
      '/api/auth/two-factor/verify-otp',
      { code: await lastSmsCode(ctx.db, e164) },
      { cookie: challenge },
    );
    expect(right.status).toBe(200);
    expect(await meStatus(cookiesFrom(right))).toBe(200);
    const [attempt] = await ctx.db
      .select()
      .from(authAttempts)
      .where(and(eq(authAttempts.loginMethod, 'sms_code'), eq(authAttempts.success, true)));
    expect(attempt).toBeDefined();
  });

  it('signs in once with a backup code, and TOTP can be switched off with the password', async () => {
    const { email, cookie } = await signUpAndVerify(ctx);
    const enable = await send(ctx, '/api/auth/two-factor/enable', { password: STRONG_PASSWORD }, { cookie });
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const verify = await send(ctx, '/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) }, { cookie });
    expect(verify.status).toBe(200);

    const signIn = async () =>
      challengeCookie(await send(ctx, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD }));
    const code = backupCodes[0]!;
    const first = await send(ctx, '/api/auth/two-factor/verify-backup-code', { code }, { cookie: await signIn() });
    expect(first.status).toBe(200);
    const session = cookiesFrom(first);
    expect(await meStatus(session)).toBe(200);
    const reused = await send(ctx, '/api/auth/two-factor/verify-backup-code', { code }, { cookie: await signIn() });
    expect(reused.status).toBe(401);

    const wrongPassword = await send(
      ctx,
      '/api/auth/two-factor/disable',
      { password: 'not my password' },
      { cookie: session },
    );
    expect(wrongPassword.status).toBe(400);
    const disable = await send(ctx, '/api/auth/two-factor/disable', { password: STRONG_PASSWORD }, { cookie: session });
    expect(disable.status).toBe(200);
    const plain = await send(ctx, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD });
    expect(await json(plain)).not.toHaveProperty('twoFactorRedirect');
  });

  it('lets no confirmation code sign in around a second factor', async () => {
    // An email link: the address is confirmed, but nobody is signed in.
    const email = `second.${Date.now()}@example.ug`;
    await send(ctx, '/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'Akello Ruth' });
    await ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, email));
    const mail = await lastEmailTo(ctx.db, email);
    const token = /token=(\S+)/.exec(mail?.body ?? '')?.[1];
    const link = await send(ctx, `/api/auth/verify-email?token=${token}`);
    expect(link.status).toBe(200);
    expect(cookiesFrom(link)).not.toMatch(/session_token=[^;]/);
    expect((await ctx.db.select().from(users).where(eq(users.email, email)))[0]?.emailVerified).toBe(true);

    // An SMS code: the number is confirmed, but nobody is signed in.
    const phone = uniquePhone();
    await send(ctx, '/api/auth/sign-up/phone', { phoneNumber: phone.local, password: STRONG_PASSWORD });
    await ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.phoneNumber, phone.e164));
    const verify = await send(ctx, '/api/auth/phone-number/verify', {
      phoneNumber: phone.e164,
      code: await lastSmsCode(ctx.db, phone.e164),
    });
    expect(verify.status).toBe(200);
    expect(cookiesFrom(verify)).not.toMatch(/session_token=[^;]/);
    expect((await userByPhone(phone.e164))?.phoneNumberVerified).toBe(true);
  });
});
