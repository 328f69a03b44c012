import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#src/db/schema/auth.ts';
import { cookiesFrom, send, signUpAndVerify, STRONG_PASSWORD } from '../../../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { totpFromUri } from '../../../test/totp.ts';
import { ADMIN_NEEDS_TOTP } from './admin.guard.ts';
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

async function enrolTotp(cookie: string) {
  const enable = await send(ctx, '/api/auth/two-factor/enable', { password: STRONG_PASSWORD }, { cookie });
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  expect(backupCodes.length).toBeGreaterThan(0);
  const verify = await send(ctx, '/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) }, { cookie });
  expect(verify.status).toBe(200);
  // Turning TOTP on renews the session: the new cookie replaces the old one.
  return { totpURI, cookie: cookiesFrom(verify).includes('session_token') ? cookiesFrom(verify) : cookie };
}

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
