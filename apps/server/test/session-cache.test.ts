import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '#src/db/schema/auth.ts';
import { STRONG_PASSWORD, cookiesFrom, send, signUpAndVerify, userIdOf } from './auth-helpers.ts';
import { client, signedInAdmin } from './catalog-admin.ts';
import { createTestContext, type TestContext } from './test-app.ts';

// Each process keeps the sessions it checked lately (features/auth/session-cache.ts) for up to a
// minute; these show that whatever ends a session or changes its account is in force at once
// when made through this process, and within moments (the database's notice) otherwise.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** Waits at most two seconds for a request to be answered `status`. */
const answeredSoon = (request: () => Promise<number>, status: number) =>
  vi.waitFor(async () => expect(await request()).toBe(status), { timeout: 2_000, interval: 50 });

async function customer() {
  const account = await signUpAndVerify(ctx);
  const id = await userIdOf(ctx.db, account.email);
  const api = client(ctx, account.cookie);
  // Twice: the second answer comes from the cache.
  expect((await api.get('/api/me')).status).toBe(200);
  expect((await api.get('/api/me')).status).toBe(200);
  return { ...account, id, api };
}

describe('a signed-in request after a change to its session or account', () => {
  it('is refused at once after signing out', async () => {
    const { api, cookie } = await customer();
    expect((await send(ctx, '/api/auth/sign-out', {}, { cookie })).status).toBe(200);
    expect((await api.get('/api/me')).status).toBe(401);
  });

  it('is refused at once when an admin deactivates the account through the app', async () => {
    const mine = await customer();
    const { api: admin } = await signedInAdmin(ctx);
    expect((await admin.post(`/api/admin/users/${mine.id}/deactivate`, {})).status).toBe(200);
    expect((await mine.api.get('/api/me')).status).toBe(401);
  });

  it('answers at once in the language the customer just chose', async () => {
    const { api } = await customer();
    const missing = `/api/orders/${randomUUID()}`;
    const english = (await api.get(missing)).body.error.message as string;
    expect((await api.patch('/api/me', { preferredLanguage: 'swahili' })).status).toBe(200);
    expect((await api.get(missing)).body.error.message).not.toBe(english);
  });

  it('is refused when the account is deactivated, and the other sessions are left alone', async () => {
    const mine = await customer();
    const other = await customer();
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, mine.id));
    await answeredSoon(async () => (await mine.api.get('/api/me')).status, 401);
    expect((await other.api.get('/api/me')).status).toBe(200);
  });

  it('is refused on the phone whose session was ended from another device', async () => {
    const phone = await customer();
    const laptopSignIn = await send(ctx, '/api/auth/sign-in/email', { email: phone.email, password: STRONG_PASSWORD });
    const laptop = client(ctx, cookiesFrom(laptopSignIn));
    expect((await laptop.get('/api/me')).status).toBe(200);
    await ctx.db.delete(sessions).where(eq(sessions.userId, phone.id));
    await answeredSoon(async () => (await phone.api.get('/api/me')).status, 401);
    expect((await laptop.get('/api/me')).status).toBe(401);
  });

  it('answers in the new language after the customer changes it', async () => {
    const { api } = await customer();
    const missing = `/api/orders/${randomUUID()}`;
    const english = (await api.get(missing)).body.error.message as string;
    expect((await api.patch('/api/me', { preferredLanguage: 'luganda' })).status).toBe(200);
    const fresh = await signUpAndVerify(ctx, { preferredLanguage: 'luganda' });
    const luganda = (await client(ctx, fresh.cookie).get(missing)).body.error.message as string;
    expect(luganda).not.toBe(english);
    await vi.waitFor(async () => expect((await api.get(missing)).body.error.message).toBe(luganda), {
      timeout: 2_000,
      interval: 50,
    });
  });

  it('takes a user type changed in the database at once: an agent made a customer again is refused agent tools', async () => {
    const { api, id } = await customer();
    await ctx.db.update(users).set({ userType: 'agent', agentStatus: 'approved' }).where(eq(users.id, id));
    const asAgent = (await api.get('/api/agent/dashboard')).status;
    await ctx.db.update(users).set({ userType: 'customer', agentStatus: null }).where(eq(users.id, id));
    expect((await api.get('/api/agent/dashboard')).status).toBe(403);
    expect(asAgent).not.toBe(403);
  });
});
