import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookiesFrom, send } from '../../../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { DEMO_PASSWORD, disableDemoAccounts, seedDemoAccounts } from './demo-accounts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('demo sign-ins', () => {
  it('are created once, sign in with the published password, and the admin must still set up an authenticator', async () => {
    expect(await seedDemoAccounts(ctx.db)).toEqual({ accounts: 5 });
    expect(await seedDemoAccounts(ctx.db)).toEqual({ accounts: 0 });

    const agent = await send(ctx, '/api/auth/sign-in/phone-number', {
      phoneNumber: '0772000002',
      password: DEMO_PASSWORD,
    });
    expect(agent.status).toBe(200);
    const me = await send(ctx, '/api/me', undefined, { cookie: cookiesFrom(agent) });
    expect(await me.json()).toMatchObject({ userType: 'agent', agentStatus: 'approved', agentCode: 'EG-DEMO-01' });

    const admin = await send(ctx, '/api/auth/sign-in/email', { email: 'admin@ecogrid.demo', password: DEMO_PASSWORD });
    expect(admin.status).toBe(200);
    const tools = await send(ctx, '/api/admin/users', undefined, { cookie: cookiesFrom(admin) });
    expect(tools.status).toBe(403);

    // The finance officer is staff with a role of their own (decision 020), also behind an authenticator.
    const finance = await send(ctx, '/api/auth/sign-in/email', {
      email: 'finance@ecogrid.demo',
      password: DEMO_PASSWORD,
    });
    expect(finance.status).toBe(200);
    const staff = await send(ctx, '/api/me', undefined, { cookie: cookiesFrom(finance) });
    expect(await staff.json()).toMatchObject({ userType: 'admin', staffRole: 'finance' });
    expect((await send(ctx, '/api/admin/approvals', undefined, { cookie: cookiesFrom(finance) })).status).toBe(403);

    // Switched off later, straight in the database: signed out once the database's notice reaches
    // the app's kept sessions (a moment on PostgreSQL), and the public password opens nothing.
    expect(await disableDemoAccounts(ctx.db)).toEqual({ accounts: 5 });
    await vi.waitFor(
      async () => expect((await send(ctx, '/api/me', undefined, { cookie: cookiesFrom(agent) })).status).toBe(401),
      { timeout: 2_000, interval: 50 },
    );
    const again = await send(ctx, '/api/auth/sign-in/email', { email: 'admin@ecogrid.demo', password: DEMO_PASSWORD });
    expect(again.status).toBe(403);
  });
});
