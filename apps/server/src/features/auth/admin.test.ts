import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, users } from '#src/db/schema/auth.ts';
import {
  cookiesFrom,
  send,
  signUpAndVerify,
  smsCountTo,
  STRONG_PASSWORD,
  enrolTotp as enrolTotpWith,
} from '../../../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { totpFromUri } from '../../../test/totp.ts';
import { ADMIN_NEEDS_TOTP } from './roles.service.ts';
import { hasRole } from './roles.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function makeAdmin() {
  const account = await signUpAndVerify(ctx);
  await ctx.db.update(users).set({ userType: 'admin' }).where(eq(users.email, account.email));
  return account;
}

const enrolTotp = (cookie: string) => enrolTotpWith(ctx, cookie);

const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

describe('admin APIs', () => {
  it('refuse a visitor (401) and a customer (403)', async () => {
    expect((await send(ctx, '/api/admin/users')).status).toBe(401);
    const { cookie } = await signUpAndVerify(ctx);
    const response = await send(ctx, '/api/admin/users', undefined, { cookie });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toBe('This is for admins only.');
  });

  it('refuse an admin without TOTP, telling them to enrol, and open once TOTP is on', async () => {
    const { cookie, email } = await makeAdmin();
    const before = await send(ctx, '/api/admin/users', undefined, { cookie });
    expect(before.status).toBe(403);
    expect(await errorOf(before)).toBe(ADMIN_NEEDS_TOTP);

    const enrolled = await enrolTotp(cookie);
    const after = await send(ctx, `/api/admin/users?q=${encodeURIComponent(email)}`, undefined, {
      cookie: enrolled.cookie,
    });
    expect(after.status).toBe(200);
    const body = (await after.json()) as { items: { email: string; userType: string }[] };
    expect(body.items).toEqual([expect.objectContaining({ email, userType: 'admin' })]);
  });

  it('ask for the authenticator code at sign-in once TOTP is on', async () => {
    const { cookie, email } = await makeAdmin();
    const uri = (await enrolTotp(cookie)).totpURI;
    const signIn = await send(ctx, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true });
    const challenge = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(challenge).not.toMatch(/session_token=[^;]+/);
    const wrong = await send(ctx, '/api/auth/two-factor/verify-totp', { code: '000000' }, { cookie: challenge });
    expect(wrong.status).toBe(401);
    const right = await send(
      ctx,
      '/api/auth/two-factor/verify-totp',
      { code: totpFromUri(uri) },
      { cookie: challenge },
    );
    expect(right.status).toBe(200);
  });

  it('never offers an admin codes by SMS, even with a confirmed phone', async () => {
    const { cookie, email } = await makeAdmin();
    const phone = `+256772${String(100_000 + Math.floor(Math.random() * 900_000))}`;
    await ctx.db.update(users).set({ phoneNumber: phone, phoneNumberVerified: true }).where(eq(users.email, email));
    await enrolTotp(cookie);
    const signIn = await send(ctx, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD });
    expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    await send(ctx, '/api/auth/two-factor/send-otp', {}, { cookie: cookiesFrom(signIn) });
    expect(await smsCountTo(ctx.db, phone)).toBe(0);

    const [event] = await ctx.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.eventType, 'signin_success'))
      .orderBy(desc(securityEvents.createdAt))
      .limit(1);
    expect(event?.details).toMatchObject({ identifier: email, secondFactor: 'required' });
  });

  it('pages through users with a cursor', async () => {
    const { cookie } = await enrolTotp((await makeAdmin()).cookie);
    const first = (await (await send(ctx, '/api/admin/users?limit=2', undefined, { cookie })).json()) as {
      items: { id: string }[];
      nextCursor: string;
    };
    expect(first.items).toHaveLength(2);
    const second = (await (
      await send(ctx, `/api/admin/users?limit=2&cursor=${first.nextCursor}`, undefined, { cookie })
    ).json()) as {
      items: { id: string }[];
    };
    expect(second.items.map((u) => u.id)).not.toContain(first.items[0]!.id);
    expect((await send(ctx, '/api/admin/users?cursor=garbage', undefined, { cookie })).status).toBe(400);
  });
});

describe('admin user management', () => {
  const userId = async (email: string) =>
    (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const act = (cookie: string, path: string, body: unknown = {}, method = 'POST') =>
    send(ctx, `/api/admin/users/${path}`, body, { cookie, method });

  it('makes an agent applicant an approved agent with a code and commission rate, and refuses bad terms', async () => {
    const { cookie } = await enrolTotp((await makeAdmin()).cookie);
    const applicant = await signUpAndVerify(ctx, { userType: 'agent' });
    const id = await userId(applicant.email);

    const badRate = await act(cookie, `${id}/approve-agent`, { agentCode: 'KLA-001', commissionRateBp: 12_000 });
    expect(badRate.status).toBe(400);
    const badCode = await act(cookie, `${id}/approve-agent`, { agentCode: 'a', commissionRateBp: 250 });
    expect(badCode.status).toBe(400);
    expect(await hasRole(ctx.db, id, 'agent')).toBe(false);

    const code = `KLA-${Date.now() % 100000}`;
    const approved = await act(cookie, `${id}/approve-agent`, { agentCode: code.toLowerCase(), commissionRateBp: 250 });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ agentStatus: 'approved', agentCode: code, commissionRateBp: 250 });
    expect(await hasRole(ctx.db, id, 'agent')).toBe(true);

    const other = await signUpAndVerify(ctx, { userType: 'agent' });
    const clash = await act(cookie, `${await userId(other.email)}/approve-agent`, {
      agentCode: code,
      commissionRateBp: 100,
    });
    expect(clash.status).toBe(409);

    const customer = await signUpAndVerify(ctx);
    const notAgent = await act(cookie, `${await userId(customer.email)}/approve-agent`, {
      agentCode: 'KLA-999',
      commissionRateBp: 100,
    });
    expect(notAgent.status).toBe(422);
  });

  it('changes roles, never an admin’s own, and checks the id the way the spec says', async () => {
    const admin = await makeAdmin();
    const { cookie } = await enrolTotp(admin.cookie);
    const target = await signUpAndVerify(ctx);
    const id = await userId(target.email);

    const toAgent = await act(cookie, `${id}/role`, { userType: 'agent' }, 'PATCH');
    expect(await toAgent.json()).toMatchObject({ userType: 'agent', agentStatus: 'applicant' });
    const toAdmin = await act(cookie, `${id}/role`, { userType: 'admin' }, 'PATCH');
    expect(await toAdmin.json()).toMatchObject({ userType: 'admin', agentStatus: null });
    expect(await hasRole(ctx.db, id, 'admin')).toBe(true);

    const own = await act(cookie, `${await userId(admin.email)}/role`, { userType: 'customer' }, 'PATCH');
    expect(own.status).toBe(409);
    const bad = await act(cookie, 'undefined/role', { userType: 'agent' }, 'PATCH');
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe('Invalid user ID. Please ensure you are properly authenticated.');
    const unknown = await act(cookie, '00000000-0000-4000-8000-000000000000/role', { userType: 'agent' }, 'PATCH');
    expect(unknown.status).toBe(404);
    const extra = await act(cookie, `${id}/role`, { userType: 'agent', isActive: false }, 'PATCH');
    expect(extra.status).toBe(400);

    const [event] = await ctx.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.eventType, 'admin_role_changed'))
      .orderBy(desc(securityEvents.createdAt))
      .limit(1);
    expect(event).toMatchObject({ userId: await userId(admin.email), details: { targetUserId: id, to: 'admin' } });
  });

  it('deactivates an account, ending its sessions and refusing sign-in, until reactivated', async () => {
    const { cookie } = await enrolTotp((await makeAdmin()).cookie);
    const target = await signUpAndVerify(ctx);
    const id = await userId(target.email);
    expect((await act(cookie, `${id}/deactivate`)).status).toBe(200);
    expect((await send(ctx, '/api/me', undefined, { cookie: target.cookie })).status).toBe(401);
    const signIn = await send(ctx, '/api/auth/sign-in/email', { email: target.email, password: STRONG_PASSWORD });
    expect(signIn.status).toBe(403);
    expect(((await signIn.json()) as { code: string }).code).toBe('ACCOUNT_DEACTIVATED');

    expect((await act(cookie, `${id}/reactivate`)).status).toBe(200);
    const again = await send(ctx, '/api/auth/sign-in/email', { email: target.email, password: STRONG_PASSWORD });
    expect(again.status).toBe(200);
  });

  it('resets a lost second factor: no more code asked, sessions ended', async () => {
    const { cookie } = await enrolTotp((await makeAdmin()).cookie);
    const target = await signUpAndVerify(ctx);
    const enrolled = await enrolTotp(target.cookie);
    const challenge = await send(ctx, '/api/auth/sign-in/email', { email: target.email, password: STRONG_PASSWORD });
    expect(await challenge.json()).toMatchObject({ twoFactorRedirect: true });

    expect((await act(cookie, `${await userId(target.email)}/reset-mfa`)).status).toBe(200);
    expect((await send(ctx, '/api/me', undefined, { cookie: enrolled.cookie })).status).toBe(401);
    const signIn = await send(ctx, '/api/auth/sign-in/email', { email: target.email, password: STRONG_PASSWORD });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).not.toHaveProperty('twoFactorRedirect');
  });

  it('is closed to a customer', async () => {
    const { cookie } = await signUpAndVerify(ctx);
    const other = await signUpAndVerify(ctx);
    const response = await act(cookie, `${await userId(other.email)}/role`, { userType: 'admin' }, 'PATCH');
    expect(response.status).toBe(403);
  });
});

describe('security log and outbox for admins', () => {
  it('lists security events, auth attempts and kept messages, newest first, never with a password', async () => {
    const boss = await makeAdmin();
    const { cookie } = await enrolTotp(boss.cookie);
    const target = await signUpAndVerify(ctx);
    await send(ctx, '/api/auth/sign-in/email', { email: target.email, password: 'a wrong password here' });

    const events = await send(ctx, '/api/admin/security-events?type=signin_failed&limit=5', undefined, { cookie });
    expect(events.status).toBe(200);
    const eventPage = (await events.json()) as { items: { eventType: string; details: { identifier?: string } }[] };
    expect(eventPage.items[0]).toMatchObject({ eventType: 'signin_failed', details: { identifier: target.email } });
    // Each line names the accounts it is about, with the ways to reach them, not only their ids.
    const userId = async (email: string) =>
      (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    const person = { id: await userId(target.email), name: 'Sarah Nakato', email: target.email, role: 'customer' };
    const changed = await send(
      ctx,
      `/api/admin/users/${person.id}/role`,
      { userType: 'agent' },
      { cookie, method: 'PATCH' },
    );
    expect(changed.status).toBe(200);
    const roleEvents = await send(ctx, '/api/admin/security-events?type=admin_role_changed&limit=5', undefined, {
      cookie,
    });
    expect(((await roleEvents.json()) as { items: unknown[] }).items[0]).toMatchObject({
      userId: await userId(boss.email),
      user: { name: 'Sarah Nakato', email: boss.email, role: 'admin' },
      target: { ...person, role: 'agent' },
    });

    const attempts = await send(ctx, '/api/admin/auth-attempts?failed=true&limit=5', undefined, { cookie });
    const attemptPage = (await attempts.json()) as { items: { identifier: string; success: boolean }[] };
    expect(attemptPage.items[0]).toMatchObject({
      identifier: target.email,
      success: false,
      user: { id: person.id, name: 'Sarah Nakato', email: target.email },
    });

    // The mail is delivered by a job: with no SMTP server it is kept ('stored') once the job has run.
    const outboxFirst = async () => {
      const outbox = await send(
        ctx,
        `/api/admin/outbox?channel=email&recipient=${encodeURIComponent(target.email)}`,
        undefined,
        { cookie },
      );
      return ((await outbox.json()) as { items: { subject: string; status: string }[] }).items[0];
    };
    await expect
      .poll(outboxFirst, { timeout: 10_000 })
      .toMatchObject({ subject: 'Confirm your email address for EcoGrid', status: 'stored' });

    const all = JSON.stringify([eventPage, attemptPage]);
    expect(all).not.toContain('a wrong password here');
    expect(all).not.toContain(STRONG_PASSWORD);
    expect((await send(ctx, '/api/admin/outbox?cursor=garbage', undefined, { cookie })).status).toBe(400);
    expect((await send(ctx, '/api/admin/security-events?userId=null', undefined, { cookie })).status).toBe(400);
  });
});

describe('hasRole', () => {
  it('holds an agent to approval and a deactivated account to nothing', async () => {
    const agent = await signUpAndVerify(ctx, { userType: 'agent' });
    const [row] = await ctx.db.select().from(users).where(eq(users.email, agent.email));
    expect(await hasRole(ctx.db, row!.id, 'agent')).toBe(false);
    await ctx.db.update(users).set({ agentStatus: 'approved' }).where(eq(users.id, row!.id));
    expect(await hasRole(ctx.db, row!.id, 'agent')).toBe(true);
    expect(await hasRole(ctx.db, row!.id, 'admin')).toBe(false);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, row!.id));
    expect(await hasRole(ctx.db, row!.id, 'agent')).toBe(false);
  });
});

describe('/.well-known/jwks.json', () => {
  it('publishes the public keys that sign the app tokens', async () => {
    const { cookie } = await signUpAndVerify(ctx);
    const token = await send(ctx, '/api/auth/token', undefined, { cookie });
    expect(token.status).toBe(200);
    const jwks = (await (await ctx.request('/.well-known/jwks.json')).json()) as {
      keys: { kid: string; kty: string; d?: string }[];
    };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys[0]).toMatchObject({ kid: expect.any(String), kty: expect.any(String) });
    expect(jwks.keys[0]?.d).toBeUndefined();
  });
});
