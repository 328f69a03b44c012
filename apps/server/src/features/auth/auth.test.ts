import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAttempts, securityEvents, users } from '#src/db/schema/auth.ts';
import {
  cookiesFrom,
  lastEmailTo,
  send,
  signUpAndVerify,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../../../test/auth-helpers.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

describe('sign-up by email', () => {
  it('creates an unconfirmed customer and mails a link to /email-verification on the app origin', async () => {
    const email = uniqueEmail('new');
    const response = await send(ctx, '/api/auth/sign-up/email', {
      email,
      password: STRONG_PASSWORD,
      name: 'Okello James',
      fullName: 'Okello James',
      username: `okello${Date.now()}`,
      preferredLanguage: 'luganda',
    });
    expect(response.status).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({
      emailVerified: false,
      userType: 'customer',
      fullName: 'Okello James',
      preferredLanguage: 'luganda',
      kycStatus: 'pending',
    });
    expect(row?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const mail = await lastEmailTo(ctx.db, email);
    expect(mail?.body).toMatch(new RegExp(`${TEST_ORIGIN}/email-verification\\?token=\\S+`));

    const early = await send(ctx, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD });
    expect(early.status).toBe(403);
    expect((await json(early)).code).toBe('EMAIL_NOT_VERIFIED');
  });

  it("takes the profile name from better-auth's name when no fullName is given", async () => {
    const email = uniqueEmail('named');
    const response = await send(ctx, '/api/auth/sign-up/email', {
      email,
      password: STRONG_PASSWORD,
      name: 'Achieng Ruth',
    });
    expect(response.status).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.fullName).toBe('Achieng Ruth');
  });

  it('confirms the address with the mailed token, signs the user in, and the token works once', async () => {
    const { cookie, email } = await signUpAndVerify(ctx);
    const me = await send(ctx, '/api/me', undefined, { cookie });
    expect(me.status).toBe(200);
    expect(await json(me)).toMatchObject({
      email,
      emailVerified: true,
      userType: 'customer',
      fullName: 'Sarah Nakato',
    });
  });

  it("refuses a sign-up without email or phone, or without a password, with the spec's message", async () => {
    for (const body of [{ password: STRONG_PASSWORD, name: 'X' }, { email: uniqueEmail(), name: 'X' }, {}]) {
      const response = await send(ctx, '/api/auth/sign-up/email', body);
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe('You must provide either an email or phone number and a password');
    }
  });

  it("refuses weak and personal passwords with the server's message, and logs signup_failed", async () => {
    const email = uniqueEmail('weak');
    const common = await send(ctx, '/api/auth/sign-up/email', { email, password: 'Password123!', name: 'A B' });
    expect(common.status).toBe(400);
    expect(await json(common)).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: expect.stringMatching(/too easy to guess/),
    });
    const personal = await send(ctx, '/api/auth/sign-up/email', {
      email,
      password: 'Nakato-2026-x',
      name: 'Sarah Nakato',
    });
    expect((await json(personal)).message).toMatch(/name, email address or phone/);
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const events = await ctx.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'signup_failed'));
    expect(events.some((e) => e.details.identifier === email)).toBe(true);
    expect(JSON.stringify(events)).not.toContain('Password123!');
  });

  it('never lets anyone sign up as an admin, whatever they send', async () => {
    const email = uniqueEmail('sneaky');
    const response = await send(ctx, '/api/auth/sign-up/email', {
      email,
      password: STRONG_PASSWORD,
      name: 'Sneaky',
      userType: 'admin',
      role: 'admin',
    });
    expect(response.status).toBe(400);
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('makes an agent sign-up an applicant whose agent features stay closed', async () => {
    const email = uniqueEmail('agent');
    const response = await send(ctx, '/api/auth/sign-up/email', {
      email,
      password: STRONG_PASSWORD,
      name: 'Agent A',
      userType: 'agent',
    });
    expect(response.status).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ userType: 'agent', agentStatus: 'applicant', agentCode: null, commissionRateBp: null });
  });
});

describe('sign-in', () => {
  it('gives one generic message for a wrong password and an unknown account, and logs attempts without secrets', async () => {
    const { email } = await signUpAndVerify(ctx);
    const wrong = await send(ctx, '/api/auth/sign-in/email', { email, password: 'not the right one at all' });
    const unknown = await send(ctx, '/api/auth/sign-in/email', {
      email: uniqueEmail('nobody'),
      password: STRONG_PASSWORD,
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await json(wrong)).message).toBe((await json(unknown)).message);
    const attempts = await ctx.db.select().from(authAttempts).where(eq(authAttempts.identifier, email));
    expect(attempts).toEqual([expect.objectContaining({ success: false, loginMethod: 'email' })]);
    expect(JSON.stringify(attempts)).not.toContain('not the right one');

    const right = await send(ctx, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD });
    expect(right.status).toBe(200);
    const events = await ctx.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'signin_success'));
    expect(events.some((e) => e.details.identifier === email)).toBe(true);
  });

  it('answers 429 after five failed attempts on one account, counted in the database', async () => {
    const { email } = await signUpAndVerify(ctx);
    for (let i = 0; i < 5; i++) {
      expect((await send(ctx, '/api/auth/sign-in/email', { email, password: `wrong password ${i}` })).status).toBe(401);
    }
    const blocked = await send(ctx, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD });
    expect(blocked.status).toBe(429);
    expect((await json(blocked)).message).toMatch(/Too many failed sign-in attempts/);
  });
});

describe('limits per address', () => {
  it('never limits reading one’s own session, whatever else the address sends', async () => {
    const { cookie } = await signUpAndVerify(ctx);
    // One office or carrier address: more session reads in a minute than any limit on sign-ins.
    const ip = '203.0.113.77';
    const statuses = [];
    for (let round = 0; round < 15; round++) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, () => send(ctx, '/api/auth/get-session', undefined, { cookie, ip })),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses).toHaveLength(150);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const last = await send(ctx, '/api/auth/get-session', undefined, { cookie, ip });
    expect(((await json(last)).user as { email: string }).email).toMatch(/@/);
  }, 60_000);

  it('still limits sign-in attempts from one address', async () => {
    const ip = '203.0.113.78';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await send(
        ctx,
        '/api/auth/sign-in/email',
        { email: `nobody-${i}@example.ug`, password: 'not the password 1' },
        { ip },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.at(-1)).toBe(429);
  }, 60_000);
});

describe('sign-out', () => {
  it('refuses the old cookie afterwards', async () => {
    const { cookie } = await signUpAndVerify(ctx);
    expect((await send(ctx, '/api/me', undefined, { cookie })).status).toBe(200);
    const out = await send(ctx, '/api/auth/sign-out', {}, { cookie });
    expect(out.status).toBe(200);
    const after = await send(ctx, '/api/me', undefined, { cookie });
    expect(after.status).toBe(401);
    expect(await json(after)).toEqual({ error: { code: 'not_authenticated', message: 'User not authenticated' } });
  });
});

describe('/api/me', () => {
  it("answers a visitor with 'User not authenticated'", async () => {
    const response = await send(ctx, '/api/me');
    expect(response.status).toBe(401);
    expect((await json(response)).error).toMatchObject({ message: 'User not authenticated' });
    const patch = await send(ctx, '/api/me', { fullName: 'X Y' }, { method: 'PATCH' });
    expect(patch.status).toBe(401);
  });

  it('changes name, place and language', async () => {
    const { cookie } = await signUpAndVerify(ctx);
    const response = await send(
      ctx,
      '/api/me',
      {
        fullName: 'Sarah N. Nakato',
        district: 'Wakiso',
        subCounty: 'Nansana',
        village: 'Kazo',
        preferredLanguage: 'swahili',
      },
      { cookie, method: 'PATCH' },
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      fullName: 'Sarah N. Nakato',
      district: 'Wakiso',
      preferredLanguage: 'swahili',
    });
  });

  it('never changes the role, KYC, verification or agent terms', async () => {
    const { cookie } = await signUpAndVerify(ctx);
    for (const body of [
      { userType: 'admin' },
      { kycStatus: 'verified' },
      { emailVerified: true },
      { agentCode: 'AG1' },
      { commissionRateBp: 9000 },
    ]) {
      const response = await send(ctx, '/api/me', body, { cookie, method: 'PATCH' });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await json(response)).error as { message: string }).message).toMatch(/cannot be changed here/);
    }
    const me = await json(await send(ctx, '/api/me', undefined, { cookie }));
    expect(me).toMatchObject({ userType: 'customer', kycStatus: 'pending', agentCode: null });
    const viaAuth = await send(ctx, '/api/auth/update-user', { userType: 'agent' }, { cookie });
    expect(viaAuth.status).toBe(403);
  });
});

it('keeps session cookies http-only', async () => {
  const email = uniqueEmail('cookie');
  await send(ctx, '/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'C D' });
  const mail = await lastEmailTo(ctx.db, email);
  const token = /token=(\S+)/.exec(mail?.body ?? '')?.[1];
  const verify = await send(ctx, `/api/auth/verify-email?token=${token}`);
  const setCookie = verify.headers.getSetCookie().find((c) => c.includes('session_token'));
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(cookiesFrom(verify)).toContain('session_token');
});
