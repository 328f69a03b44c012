import { randomUUID } from 'node:crypto';
import type { Payment } from '@ecogrid/core/payments';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '#src/db/schema/payments.ts';
import { auditTrail } from '#src/features/audit/audit.service.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { enrolTotp, promoteToAdmin, send, signUpAndVerify, userIdOf } from '../../../test/auth-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { paymentTestApp } from './payment-test-setup.ts';
import { reconcilePayments } from './payments.service.ts';

const { app, pay, json, customer, deps, paymentRow, settled, topUp } = paymentTestApp();
let ctx: TestContext;
beforeAll(() => {
  ctx = app.ctx;
});

describe('admin payments', () => {
  let adminCookie: string;
  let adminId: string;
  beforeAll(async () => {
    const admin = await signUpAndVerify(ctx);
    adminId = await userIdOf(ctx.db, admin.email);
    await promoteToAdmin(ctx.db, adminId);
    adminCookie = (await enrolTotp(ctx, admin.cookie)).cookie;
  });
  const asAdmin = (path: string, body?: unknown) =>
    body === undefined ? send(ctx, path, undefined, { cookie: adminCookie }) : pay(path, body, adminCookie);

  it('is for admins only', async () => {
    const me = await customer();
    expect((await send(ctx, '/api/admin/payments')).status).toBe(401);
    expect((await send(ctx, '/api/admin/payments', undefined, { cookie: me.cookie })).status).toBe(403);
    const payment = await topUp(me.cookie, 1_000, '0772000106');
    expect(
      (
        await pay(
          `/api/admin/payments/${payment.id}/resolve`,
          { action: 'mark_failed', reason: 'Stuck for a day' },
          me.cookie,
        )
      ).status,
    ).toBe(403);
    expect((await paymentRow(payment.id)).status).toBe('pending');
    await ctx.db
      .update(payments)
      .set({ expiresAt: new Date(0) })
      .where(eq(payments.id, payment.id));
    await reconcilePayments(deps(), { graceSeconds: 0 });
  });

  it('lists payments with filters and search, and shows one with its history and postings', async () => {
    const me = await customer();
    const ok = await topUp(me.cookie, 11_000, me.local);
    const bad = await topUp(me.cookie, 12_000, '0772000103');
    await settled(ok.id);
    await settled(bad.id);
    const byReference = await json(asAdmin(`/api/admin/payments?q=${ok.reference}`));
    expect(byReference.items.map((p) => p.id)).toEqual([ok.id]);
    const failedOfMine = await json(asAdmin(`/api/admin/payments?q=${me.e164.slice(-6)}&status=failed`));
    expect(failedOfMine.items.map((p) => p.id)).toEqual([bad.id]);
    const page = await json(asAdmin('/api/admin/payments?purpose=wallet_topup&method=mtn&limit=1'));
    expect(page.items).toHaveLength(1);
    expect(page.nextCursor).toEqual(expect.any(String));
    expect((await asAdmin('/api/admin/payments?status=lost')).status).toBe(400);

    const detail = await json(asAdmin(`/api/admin/payments/${ok.id}`));
    expect(detail.payment).toMatchObject({ id: ok.id, status: 'successful', user: { id: me.id, phone: me.e164 } });
    expect((detail.events as unknown as { kind: string }[]).map((e) => e.kind)).toEqual([
      'created',
      'requested',
      'settled',
    ]);
    expect(detail.journal).toEqual([
      expect.objectContaining({
        kind: 'wallet_topup',
        postings: [
          { account: `wallet:${me.id}`, amount: 11_000, balanceAfter: 11_000 },
          { account: 'clearing:mtn', amount: -11_000, balanceAfter: expect.any(Number) },
        ],
      }),
    ]);
    expect(detail.actions).toEqual({ markFailed: false, refund: true });
    expect((await asAdmin(`/api/admin/payments/${randomUUID()}`)).status).toBe(404);
  });

  it('marks a stuck payment failed, with the reason in the audit log', async () => {
    const me = await customer();
    const payment = await topUp(me.cookie, 4_000, '0772000106');
    const short = await asAdmin(`/api/admin/payments/${payment.id}/resolve`, { action: 'mark_failed', reason: 'no' });
    expect(short.status).toBe(400);
    const response = await asAdmin(`/api/admin/payments/${payment.id}/resolve`, {
      action: 'mark_failed',
      reason: 'MTN confirmed by phone it never reached the customer',
    });
    expect(response.status).toBe(200);
    expect((await json(response)).payment).toMatchObject({ status: 'failed', failureReason: 'MARKED_FAILED' });
    const audit = await auditTrail(ctx.db, 'payment', payment.id);
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: adminId,
        action: 'payment.mark_failed',
        reason: 'MTN confirmed by phone it never reached the customer',
      }),
    ]);
    const again = await asAdmin(`/api/admin/payments/${payment.id}/resolve`, {
      action: 'mark_failed',
      reason: 'Trying twice',
    });
    expect(again.status).toBe(422);
    expect(await walletBalance(ctx.db, me.id)).toBe(0);
  });

  it('refunds a top-up to the number it came from, once, audited', async () => {
    const me = await customer();
    const payment = await topUp(me.cookie, 9_500, me.local);
    await settled(payment.id);
    const refundKey = randomUUID();
    const body = { action: 'refund', reason: 'Customer topped up twice by mistake' };
    const response = await pay(`/api/admin/payments/${payment.id}/resolve`, body, adminCookie, refundKey);
    expect(response.status).toBe(200);
    const { refund } = await json(response);
    const payout = refund as unknown as Payment;
    expect(payout).toMatchObject({ purpose: 'payout', amount: 9_500, phone: me.e164, status: 'pending' });
    expect(await walletBalance(ctx.db, me.id)).toBe(0);
    expect((await settled(payout.id)).status).toBe('successful');
    // The same request again replays; a new request is refused: a payment is refunded once.
    const replay = await pay(`/api/admin/payments/${payment.id}/resolve`, body, adminCookie, refundKey);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const second = await asAdmin(`/api/admin/payments/${payment.id}/resolve`, body);
    expect(second.status).toBe(422);
    const audit = await auditTrail(ctx.db, 'payment', payment.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'payment.refund',
        details: expect.objectContaining({ refundPaymentId: payout.id }),
      }),
    ]);
    expect(await walletBalance(ctx.db, me.id)).toBe(0);
  });
});
