import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, users } from '#src/db/schema/auth.ts';
import { cookiesFrom, lastSmsCode, lastSmsTo, send, STRONG_PASSWORD, uniquePhone } from '../../../test/auth-helpers.ts';
import { json, type Json } from '../../../test/phone-auth.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { textsFor } from '#src/platform/i18n.ts';
import { PHONE_ONLY_EMAIL_DOMAIN } from './profile.service.ts';
import { phoneTestApp } from './phone-test-setup.ts';

const { app, userByPhone, smsCount, signUpByPhone } = phoneTestApp();
let ctx: TestContext;
beforeAll(() => {
  ctx = app.ctx;
});

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
    // Texted in the language chosen at sign-up.
    expect(sms?.body).toMatch(/EcoGrid: ennamba yo ey'ekyama ye \d{6}\./);

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
    expect((await lastSmsTo(ctx.db, taken.e164))?.body).toBe(textsFor('english').t('sms:existingAccount'));
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
