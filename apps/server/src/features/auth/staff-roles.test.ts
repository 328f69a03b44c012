import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_RIGHTS } from '@ecogrid/core/staff-roles';
import { securityEvents } from '#src/db/schema/auth.ts';
import { signedInAdmin, signedInCustomer } from '../../../test/catalog-admin.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('staff roles', () => {
  it('tells a staff member their role and its rights in /api/me, and a customer none', async () => {
    const officer = await signedInAdmin(ctx, 'credit_officer');
    const me = await officer.api.get('/api/me');
    expect(me.body).toMatchObject({ staffRole: 'credit_officer', staffRights: [...ROLE_RIGHTS.credit_officer] });
    const customer = await signedInCustomer(ctx);
    expect((await customer.api.get('/api/me')).body).toMatchObject({ staffRole: null, staffRights: [] });
  });

  it('lets a full admin change a staff member’s role, keeping the old and the new in the security log', async () => {
    const admin = await signedInAdmin(ctx);
    const staff = await signedInAdmin(ctx, 'support');
    const changed = await admin.api.patch(`/api/admin/users/${staff.id}/staff-role`, { staffRole: 'finance' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: staff.id, staffRole: 'finance' });
    expect((await staff.api.get('/api/admin/payments')).status).toBe(200);
    const [event] = await ctx.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.eventType, 'admin_staff_role_changed'))
      .orderBy(desc(securityEvents.createdAt));
    expect(event).toMatchObject({
      userId: admin.id,
      details: { targetUserId: staff.id, from: 'support', to: 'finance' },
    });
  });

  it('refuses a role to someone who is not staff, and role changes by anyone but a full admin', async () => {
    const admin = await signedInAdmin(ctx);
    const customer = await signedInCustomer(ctx);
    const notStaff = await admin.api.patch(`/api/admin/users/${customer.id}/staff-role`, { staffRole: 'finance' });
    expect(notStaff.status).toBe(422);
    expect(notStaff.body.error.code).toBe('not_staff');

    const auditor = await signedInAdmin(ctx, 'auditor');
    const refused = await auditor.api.patch(`/api/admin/users/${admin.id}/staff-role`, { staffRole: 'auditor' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('staff_right_missing');
    expect((await admin.api.get('/api/me')).body.staffRole).toBe('admin');
  });

  it('drops the staff role of someone who stops being staff', async () => {
    const admin = await signedInAdmin(ctx);
    const staff = await signedInAdmin(ctx, 'operations');
    expect((await admin.api.patch(`/api/admin/users/${staff.id}/role`, { userType: 'customer' })).status).toBe(200);
    const list = await admin.api.get(`/api/admin/users?limit=100`);
    expect(list.body.items.find((u: { id: string }) => u.id === staff.id)).toMatchObject({ staffRole: null });
  });
});
