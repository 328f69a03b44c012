import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAttempts, securityEvents, users } from '#src/db/schema/auth.ts';
import {
  cookiesFrom,
  lastEmailTo,
  lastSmsCode,
  lastSmsTo,
  send,
  signUpAndVerify,
  signUpByPhoneAndVerify,
  smsCountTo,
  STRONG_PASSWORD,
  uniquePhone,
} from '../../../test/auth-helpers.ts';
import { json, requestPhoneReset, type Json } from '../../../test/phone-auth.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { totpFromUri } from '../../../test/totp.ts';
import { EXISTING_ACCOUNT_SMS } from './phone-sign-up.ts';
import { PHONE_ONLY_EMAIL_DOMAIN } from './profile.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const userByPhone = async (e164: string) => (await ctx.db.select().from(users).where(eq(users.phoneNumber, e164)))[0];
const smsCount = (to: string) => smsCountTo(ctx.db, to);
const meStatus = async (cookie: string) => (await send(ctx, '/api/me', undefined, { cookie })).status;

const signUpByPhone = (extra: Json = {}) => signUpByPhoneAndVerify(ctx, extra);

describe('sign-up by phone', () => {
  it('stores the number in E.164, texts a code, and keeps the account closed until the code is entered', async () => {
    const phone = uniquePhone();
    const signUp = await send(ctx, '/api/auth/sign-up/phone', {
      phoneNumber: phone.local,
      password: STRONG_PASSWORD,
      fullName: 'Nambi Grace',
      userType: 'agent',
      preferredLanguage: 'luganda',
    });
    expect(signUp.status).toBe(200);
    expect(await json(signUp)).toMatchObject({ phoneNumber: phone.e164 });
    expect(await userByPhone(phone.e164)).toMatchObject({
      phoneNumberVerified: false,
      email: expect.stringMatching(new RegExp(`^${phone.e164.slice(1)}\\.[0-9a-f]{8}@${PHONE_ONLY_EMAIL_DOMAIN}$`)),
      fullName: 'Nambi Grace',
      userType: 'agent',
      agentStatus: 'applicant',
      preferredLanguage: 'luganda',
    });
    const sms = await lastSmsTo(ctx.db, phone.e164);
    expect(sms?.body).toMatch(/EcoGrid: your code is \d{6}\./);

    const early = await send(ctx, '/api/auth/sign-in/phone-number', {
      phoneNumber: phone.local,
      password: STRONG_PASSWORD,
    });
    expect(early.status).toBe(401);
    expect((await json(early)).code).toBe('PHONE_NUMBER_NOT_VERIFIED');

    const code = await lastSmsCode(ctx.db, phone.e164);
    const wrong = await send(ctx, '/api/auth/phone-number/verify', {
      phoneNumber: phone.e164,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).code).toBe('INVALID_OTP');

    const right = await send(ctx, '/api/auth/phone-number/verify', {
      phoneNumber: `+256 ${phone.local.slice(1)}`,
      code,
    });
    expect(right.status).toBe(200);
    const cookie = cookiesFrom(right);
    const me = await send(ctx, '/api/me', undefined, { cookie });
    expect(await json(me)).toMatchObject({ phoneNumber: phone.e164, phoneVerified: true, email: null });

    const reused = await send(ctx, '/api/auth/phone-number/verify', { phoneNumber: phone.e164, code });
    expect(reused.status).toBe(400);
    const [event] = await ctx.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.eventType, 'signup_success'))
      .orderBy(desc(securityEvents.createdAt))
      .limit(1);
    expect(event?.details).toMatchObject({ method: 'phone', identifier: phone.e164 });
    expect(JSON.stringify(event)).not.toContain(STRONG_PASSWORD);
  });

  it('refuses a number that is not a phone number, a weak or personal password, and an admin account', async () => {
    const phone = uniquePhone();
    const bad = await send(ctx, '/api/auth/sign-up/phone', { phoneNumber: '12ab', password: STRONG_PASSWORD });
    expect(bad.status).toBe(400);
    expect((await json(bad)).code).toBe('INVALID_PHONE_NUMBER');

    const personal = await send(ctx, '/api/auth/sign-up/phone', {
      phoneNumber: phone.local,
      password: `${phone.local}x`,
    });
    expect(personal.status).toBe(400);
    expect((await json(personal)).code).toBe('WEAK_PASSWORD');

    const admin = await send(ctx, '/api/auth/sign-up/phone', {
      phoneNumber: phone.local,
      password: STRONG_PASSWORD,
      userType: 'admin',
    });
    expect(admin.status).toBe(400);
    expect(await userByPhone(phone.e164)).toBeUndefined();
    expect(await smsCount(phone.e164)).toBe(0);

    const missing = await send(ctx, '/api/auth/sign-up/phone', { phoneNumber: phone.local });
    expect(await json(missing)).toMatchObject({
      message: 'You must provide either an email or phone number and a password',
    });
  });

  it('answers a confirmed number as a new one, creates nothing, and texts its owner instead of a code', async () => {
    const taken = await signUpByPhone();
    const owner = await userByPhone(taken.e164);
    const fresh = uniquePhone();
    const answers = await Promise.all(
      [taken.local, fresh.local].map((phoneNumber) =>
        send(ctx, '/api/auth/sign-up/phone', { phoneNumber, password: STRONG_PASSWORD, fullName: 'Someone Else' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [existing, created] = await Promise.all(answers.map(json));
    // Outside production with no SMS provider the new number's answer also carries its code
    // (testModeCode, never in production): the rest must be the same.
    const shape = ({ testModeCode: _code, ...body }: Json) => ({
      ...body,
      user: { id: typeof (body.user as Json).id },
    });
    expect(shape(existing!)).toEqual(shape({ ...created!, phoneNumber: taken.e164 }));
    expect(existing).toMatchObject({ status: true, phoneNumber: taken.e164 });
    expect((existing!.user as Json).id).not.toBe(owner?.id);
    expect(await userByPhone(taken.e164)).toEqual(owner);
    expect((await lastSmsTo(ctx.db, taken.e164))?.body).toBe(EXISTING_ACCOUNT_SMS);
    const [event] = await ctx.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.eventType, 'signup_failed'))
      .orderBy(desc(securityEvents.createdAt))
      .limit(5)
      .then((rows) => rows.filter((r) => r.details.identifier === taken.e164));
    expect(event?.details).toMatchObject({ method: 'phone', reason: 'account_exists' });

    // A second try within ten minutes is refused for both, as a waiting sign-up is.
    const again = await Promise.all(
      [taken.local, fresh.local].map((phoneNumber) =>
        send(ctx, '/api/auth/sign-up/phone', { phoneNumber, password: STRONG_PASSWORD }),
      ),
    );
    expect(await Promise.all(again.map(async (a) => [a.status, (await json(a)).code]))).toEqual([
      [422, 'SIGN_UP_WAITING'],
      [422, 'SIGN_UP_WAITING'],
    ]);
  });

  it('hands an unconfirmed number to whoever confirms it', async () => {
    const phone = uniquePhone();
    const first = await send(ctx, '/api/auth/sign-up/phone', { phoneNumber: phone.local, password: STRONG_PASSWORD });
    expect(first.status).toBe(200);
    const firstId = (await userByPhone(phone.e164))?.id;
    const claim = {
      phoneNumber: phone.local,
      password: 'another long passphrase by the lake',
      fullName: 'Real Owner',
    };
    // While the first code can still be entered, nobody else can take the number.
    const early = await send(ctx, '/api/auth/sign-up/phone', claim);
    expect(early.status).toBe(422);
    expect((await json(early)).code).toBe('SIGN_UP_WAITING');
    await ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(users.id, firstId!));
    const second = await send(ctx, '/api/auth/sign-up/phone', claim);
    expect(second.status).toBe(200);
    const row = await userByPhone(phone.e164);
    expect(row?.id).not.toBe(firstId);
    expect(row?.fullName).toBe('Real Owner');
  });

  it('refuses a field of the wrong type instead of skipping its checks', async () => {
    const phone = uniquePhone();
    const response = await send(ctx, '/api/auth/phone-number/send-otp', { phoneNumber: phone.e164, email: 0 });
    expect(response.status).toBe(400);
    expect(await smsCount(phone.e164)).toBe(0);
  });

  it('texts one number at most six codes an hour that anyone may ask for', async () => {
    const phone = uniquePhone();
    expect(
      (await send(ctx, '/api/auth/sign-up/phone', { phoneNumber: phone.local, password: STRONG_PASSWORD })).status,
    ).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await send(ctx, '/api/auth/phone-number/send-otp', { phoneNumber: phone.local })).status).toBe(200);
    }
    const seventh = await send(ctx, '/api/auth/phone-number/send-otp', { phoneNumber: phone.local });
    expect(seventh.status).toBe(429);
    expect((await json(seventh)).code).toBe('TOO_MANY_CODES');
    expect(await smsCount(phone.e164)).toBe(6);
  });

  it('texts no code to a number that has no account waiting for one', async () => {
    const phone = uniquePhone();
    const response = await send(ctx, '/api/auth/phone-number/send-otp', { phoneNumber: phone.local });
    expect(response.status).toBe(200);
    expect(await smsCount(phone.e164)).toBe(0);

    const confirmed = await signUpByPhone();
    const before = await smsCount(confirmed.e164);
    expect((await send(ctx, '/api/auth/phone-number/send-otp', { phoneNumber: confirmed.e164 })).status).toBe(200);
    expect(await smsCount(confirmed.e164)).toBe(before);
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
