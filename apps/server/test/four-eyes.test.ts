import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#src/db/schema/audit.ts';
import { payments } from '#src/db/schema/payments.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { signedInAdmin, type Client } from './catalog-admin.ts';
import { paymentTestApp } from '../src/features/payments/payment-test-setup.ts';

const { app, customer, settled, topUp } = paymentTestApp();

let admin: { id: string; api: Client };
let finance: { id: string; api: Client };
beforeAll(async () => {
  admin = await signedInAdmin(app.ctx);
  finance = await signedInAdmin(app.ctx, 'finance');
  // A low threshold, so small test top-ups cross it.
  expect((await admin.api.put('/api/admin/approvals/threshold', { amount: 5_000 })).status).toBe(200);
});

/** A settled mobile-money top-up of this amount, ready to refund. */
async function paidTopUp(amount: number) {
  const me = await customer();
  const payment = await topUp(me.cookie, amount, me.local);
  await settled(payment.id);
  return { me, payment };
}

const refund = (api: Client, paymentId: string) =>
  api.post(`/api/admin/payments/${paymentId}/resolve`, { action: 'refund', reason: 'Paid twice by mistake' });

const payoutsOf = async (paymentId: string) =>
  app.ctx.db.select().from(payments).where(eq(payments.refundOf, paymentId));

describe('four eyes on refunds', () => {
  it('refunds at once at or below the threshold', async () => {
    const { payment } = await paidTopUp(5_000);
    const answer = await refund(finance.api, payment.id);
    expect(answer.status).toBe(200);
    expect(answer.body.refund).toMatchObject({ amount: 5_000, purpose: 'payout' });
  });

  it('makes a refund above the threshold wait, moving no money, until another staff member approves', async () => {
    const { me, payment } = await paidTopUp(9_000);
    const asked = await refund(finance.api, payment.id);
    expect(asked.status).toBe(202);
    expect(asked.body.approval).toMatchObject({
      kind: 'refund',
      amount: 9_000,
      status: 'pending',
      requestedBy: { id: finance.id },
    });
    expect(await payoutsOf(payment.id)).toEqual([]);
    expect(await walletBalance(app.ctx.db, me.id)).toBe(9_000);

    const waiting = await admin.api.get('/api/admin/approvals');
    expect(waiting.body.items.map((a: { id: string }) => a.id)).toContain(asked.body.approval.id);

    const own = await finance.api.post(`/api/admin/approvals/${asked.body.approval.id}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('approval_own_request');
    expect(await payoutsOf(payment.id)).toEqual([]);

    const approved = await admin.api.post(`/api/admin/approvals/${asked.body.approval.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', decidedBy: { id: admin.id } });
    expect(await payoutsOf(payment.id)).toHaveLength(1);
    expect(await walletBalance(app.ctx.db, me.id)).toBe(0);

    // Approving again answers the same and moves nothing more.
    const again = await admin.api.post(`/api/admin/approvals/${asked.body.approval.id}/approve`, {}, randomUUID());
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('approved');
    expect(await payoutsOf(payment.id)).toHaveLength(1);

    const entries = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'approval'), eq(auditLog.entityId, asked.body.approval.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['refund.approved', 'refund.requested']);
    const approval = entries.find((e) => e.action === 'refund.approved')!;
    expect(approval.actorId).toBe(admin.id);
    expect(approval.details).toMatchObject({ requestedBy: { id: finance.id }, decidedBy: { id: admin.id } });
    expect((approval.details as { requestedBy: { name: string } }).requestedBy.name).not.toBe('');
  });

  it('finds the waiting request when the refund is asked for twice', async () => {
    const { payment } = await paidTopUp(8_000);
    const first = await refund(finance.api, payment.id);
    const second = await refund(admin.api, payment.id);
    expect(second.status).toBe(202);
    expect(second.body.approval.id).toBe(first.body.approval.id);
  });

  it('moves nothing when the second staff member declines, and the decision stands', async () => {
    const { me, payment } = await paidTopUp(7_000);
    const asked = await refund(admin.api, payment.id);
    const id = asked.body.approval.id;
    const declined = await finance.api.post(`/api/admin/approvals/${id}/decline`, { note: 'Not a duplicate' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', decisionNote: 'Not a duplicate' });
    expect(await payoutsOf(payment.id)).toEqual([]);
    expect(await walletBalance(app.ctx.db, me.id)).toBe(7_000);
    expect((await finance.api.post(`/api/admin/approvals/${id}/approve`)).status).toBe(409);
    const decided = await admin.api.get('/api/admin/approvals?status=declined');
    expect(decided.body.items.map((a: { id: string }) => a.id)).toContain(id);
  });

  it('lets only roles that may refund decide, and only full admins set the threshold', async () => {
    const { payment } = await paidTopUp(6_000);
    const asked = await refund(admin.api, payment.id);
    const auditor = await signedInAdmin(app.ctx, 'auditor');
    expect((await auditor.api.get('/api/admin/approvals')).status).toBe(200);
    const refused = await auditor.api.post(`/api/admin/approvals/${asked.body.approval.id}/approve`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('staff_right_missing');
    expect((await finance.api.put('/api/admin/approvals/threshold', { amount: 1 })).status).toBe(403);
    expect((await finance.api.get('/api/admin/approvals/threshold')).body).toEqual({ amount: 5_000 });
  });
});
