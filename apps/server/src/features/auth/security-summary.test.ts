import { kampalaDate } from '@ecogrid/core/credit';
import { ROLE_RIGHTS, STAFF_ROLES } from '@ecogrid/core/staff-roles';
import type { SecuritySummary } from '@ecogrid/core/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoteToAdmin, send, signUpAndVerify, userIdOf } from '../../../test/auth-helpers.ts';
import { signedInAdmin, type Client } from '../../../test/catalog-admin.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let admin: { id: string; api: Client };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInAdmin(ctx);
});
afterAll(async () => ctx.close());

type Summary = SecuritySummary;
const summary = async () => (await admin.api.get('/api/admin/security-summary')).body as Summary;

describe('the security dashboard', () => {
  it('counts failed sign-ins and lockouts today, and lists the address they came from', async () => {
    const before = await summary();
    const today = kampalaDate(new Date());
    expect(before.days).toHaveLength(14);
    expect(before.days.at(-1)?.day).toBe(today);
    const { email } = await signUpAndVerify(ctx);
    const ip = '203.0.113.90';
    for (let i = 0; i < 5; i++) {
      const wrong = await send(ctx, '/api/auth/sign-in/email', { email, password: `wrong ${i}` }, { ip });
      expect(wrong.status).toBe(401);
    }
    expect((await send(ctx, '/api/auth/sign-in/email', { email, password: 'wrong again' }, { ip })).status).toBe(429);
    // Trying on while locked is the same lockout, counted once.
    expect((await send(ctx, '/api/auth/sign-in/email', { email, password: 'and again' }, { ip })).status).toBe(429);

    const after = await summary();
    const [was, now] = [before.days.at(-1)!, after.days.at(-1)!];
    expect(now.failures - was.failures).toBe(5);
    expect(now.lockouts - was.lockouts).toBe(1);
    expect(after.noisyAddresses).toContainEqual({
      ipAddress: ip,
      failures: 5,
      accounts: 1,
      lastAt: expect.any(String),
    });
    const events = await admin.api.get('/api/admin/security-events?type=signin_locked');
    expect(events.body.items[0]).toMatchObject({ eventType: 'signin_locked', ipAddress: ip });
  });

  it('shows how many admins use two-step sign-in, the open sessions and the roles', async () => {
    const before = await summary();
    const second = await signUpAndVerify(ctx);
    await promoteToAdmin(ctx.db, await userIdOf(ctx.db, second.email));
    const after = await summary();
    expect(after.twoStep.admins).toBe(before.twoStep.admins + 1);
    expect(after.twoStep.adminsWithTwoStep).toBe(before.twoStep.adminsWithTwoStep);
    expect(after.twoStep.adminsWithTwoStep).toBeGreaterThanOrEqual(1);
    expect(after.roles.map((r) => r.role)).toEqual(['customer', 'agent', 'admin']);
    expect(after.roles.find((r) => r.role === 'admin')?.accounts).toBe(
      before.roles.find((r) => r.role === 'admin')!.accounts + 1,
    );
    expect(after.sessions.find((s) => s.role === 'admin')!.active).toBeGreaterThanOrEqual(2);
  });

  it('lists the staff roles with their rights and who holds each', async () => {
    const auditor = await signUpAndVerify(ctx, { fullName: 'Atim Rose' });
    const auditorId = await userIdOf(ctx.db, auditor.email);
    await promoteToAdmin(ctx.db, auditorId, 'auditor');
    const after = await summary();
    expect(after.staffRoles.map((r) => r.role)).toEqual([...STAFF_ROLES]);
    const auditors = after.staffRoles.find((r) => r.role === 'auditor')!;
    expect(auditors.rights).toEqual([...ROLE_RIGHTS.auditor]);
    expect(auditors.holders).toContainEqual({ id: auditorId, name: 'Atim Rose' });
    const admins = after.staffRoles.find((r) => r.role === 'admin')!;
    expect(admins.holders.map((h) => h.id)).not.toContain(auditorId);
    expect(admins.holders.length).toBeGreaterThanOrEqual(1);
  });

  it('is for admins only', async () => {
    const customer = await signUpAndVerify(ctx);
    expect((await send(ctx, '/api/admin/security-summary', undefined, { cookie: customer.cookie })).status).toBe(403);
    expect((await send(ctx, '/api/admin/security-summary')).status).toBe(401);
  });
});
