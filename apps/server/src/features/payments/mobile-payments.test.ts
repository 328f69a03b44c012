import { randomUUID } from 'node:crypto';
import type { Wallet } from '@ecogrid/core/wallet.responses';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '#src/db/schema/payments.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { airtelCallbackHash } from '#src/platform/mobile-money/airtel.ts';
import { send } from '../../../test/auth-helpers.ts';
import { waitFor } from '../../../test/server-process.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { paymentTestApp } from './payment-test-setup.ts';
import { reconcilePayments } from './payments.service.ts';

const { app, json, customer, deps, paymentRow, settled, events, topUp } = paymentTestApp();
let ctx: TestContext;
beforeAll(() => {
  ctx = app.ctx;
});

describe('wallet top-ups through the sandbox', () => {
  it('credits the wallet once MTN calls back, with a statement line, a notification and the toast words', async () => {
    const me = await customer();
    const payment = await topUp(me.cookie, 25_000, me.local);
    expect(payment).toMatchObject({
      status: 'pending',
      purpose: 'wallet_topup',
      method: 'mtn',
      amount: 25_000,
      phone: me.e164,
    });
    expect(payment.reference).toMatch(/^EG-[2-9A-Z]{8}$/);
    const row = await settled(payment.id);
    expect(row.status).toBe('successful');
    expect(row.providerTransactionId).toMatch(/^\d{10}$/);

    const wallet = (await (await send(ctx, '/api/wallet', undefined, { cookie: me.cookie })).json()) as Wallet;
    expect(wallet).toMatchObject({ balance: 25_000, phone: me.e164, network: 'mtn', pending: [], sandbox: true });
    expect(wallet.withdrawalCheck).toEqual({ sms: true, authenticator: false });

    const statement = await json(send(ctx, '/api/wallet/statement', undefined, { cookie: me.cookie }));
    expect(statement.items).toEqual([
      expect.objectContaining({
        kind: 'wallet_topup',
        amount: 25_000,
        balanceAfter: 25_000,
        reference: payment.reference,
      }),
    ]);
    const inbox = await json(send(ctx, '/api/notifications', undefined, { cookie: me.cookie }));
    expect(inbox.items[0]).toMatchObject({
      type: 'payment_update',
      title: 'Payment received',
      message: 'UGX 25,000 was added to your EcoGrid wallet.',
    });
    expect((await events(payment.id)).map((e) => e.kind)).toEqual(['created', 'requested', 'settled']);
  });

  it('credits an Airtel top-up from its hashed callback', async () => {
    const me = await customer();
    const payment = await topUp(me.cookie, 7_000, '0701 234567', 'airtel');
    expect((await settled(payment.id)).status).toBe('successful');
    expect(await walletBalance(ctx.db, me.id)).toBe(7_000);
    const settledEvent = (await events(payment.id)).find((e) => e.kind === 'settled');
    expect(settledEvent?.detail).toMatchObject({ source: 'callback', status_code: 'TS' });
  });

  it.each([
    ['0772000101', 'NOT_ENOUGH_FUNDS', 'There was not enough money on the mobile-money account.'],
    ['0772000102', 'PAYER_NOT_FOUND', 'That number has no mobile-money account.'],
    ['0772000103', 'APPROVAL_REJECTED', 'The payment was declined on the phone.'],
    ['0772000104', 'EXPIRED', 'The payment was not approved in time.'],
    ['0700000101', 'NOT_ENOUGH_FUNDS', 'There was not enough money on the mobile-money account.'],
  ])('a top-up from %s fails with %s and moves no money', async (phone, reason, message) => {
    const me = await customer();
    const network = phone.startsWith('070') ? 'airtel' : 'mtn';
    const payment = await topUp(me.cookie, 5_000, phone, network);
    const row = await settled(payment.id);
    expect(row).toMatchObject({ status: 'failed', failureReason: reason });
    const own = await json(send(ctx, `/api/payments/${payment.id}`, undefined, { cookie: me.cookie }));
    expect(own).toMatchObject({ status: 'failed', failureReason: reason, failureMessage: message });
    expect(await walletBalance(ctx.db, me.id)).toBe(0);
  });

  it('credits once when the callback comes twice', async () => {
    const me = await customer();
    const payment = await topUp(me.cookie, 10_000, '0772000107');
    await settled(payment.id);
    let kinds: string[] = [];
    await waitFor(
      () => kinds.includes('ignored'),
      'the second callback',
      10_000,
      async () => {
        kinds = (await events(payment.id)).map((e) => e.kind);
      },
    );
    expect(kinds.filter((k) => k === 'settled')).toHaveLength(1);
    expect(await walletBalance(ctx.db, me.id)).toBe(10_000);
  });

  it('settles by reconciliation when the callback is late, and the late callback changes nothing', async () => {
    const me = await customer();
    const payment = await topUp(me.cookie, 12_000, '0772000108');
    let row = await paymentRow(payment.id);
    // The network has approved it (settle delay 0), but its callback is 2 s away.
    await waitFor(
      () => row.status === 'successful',
      'reconciliation to settle it',
      5_000,
      async () => {
        await reconcilePayments(deps(), { graceSeconds: 0 });
        row = await paymentRow(payment.id);
      },
    );
    expect((await events(payment.id)).find((e) => e.kind === 'settled')?.detail).toMatchObject({
      source: 'status_check',
    });
    let kinds: string[] = [];
    await waitFor(
      () => kinds.includes('ignored'),
      'the late callback',
      10_000,
      async () => {
        kinds = (await events(payment.id)).map((e) => e.kind);
      },
    );
    expect(await walletBalance(ctx.db, me.id)).toBe(12_000);
  });

  it('settles a payment whose callback never comes, and one whose request timed out, by reconciliation', async () => {
    const me = await customer();
    const silent = await topUp(me.cookie, 3_000, '0772000109');
    const timedOut = await topUp(me.cookie, 4_000, '0772000105');
    expect(timedOut.status).toBe('pending');
    expect((await events(timedOut.id)).map((e) => e.kind)).toEqual(['created', 'request_unanswered']);
    let rows = [await paymentRow(silent.id), await paymentRow(timedOut.id)];
    await waitFor(
      () => rows.every((r) => r.status === 'successful'),
      'reconciliation',
      10_000,
      async () => {
        await reconcilePayments(deps(), { graceSeconds: 0 });
        rows = [await paymentRow(silent.id), await paymentRow(timedOut.id)];
      },
    );
    expect(await walletBalance(ctx.db, me.id)).toBe(7_000);
  });

  it('expires a payment nobody approves, once its time is up', async () => {
    const me = await customer();
    const payment = await topUp(me.cookie, 6_000, '0772000106');
    await reconcilePayments(deps(), { graceSeconds: 0 });
    expect((await paymentRow(payment.id)).status).toBe('pending');
    await ctx.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, payment.id));
    await reconcilePayments(deps(), { graceSeconds: 0 });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'expired', failureReason: 'EXPIRED' });
    expect(await walletBalance(ctx.db, me.id)).toBe(0);
  });
});

describe('callbacks', () => {
  it('refuses a wrong token, an unknown payment, a bad body or a wrong amount, and ignores one for a settled payment', async () => {
    const me = await customer();
    const payment = await topUp(me.cookie, 9_000, '0772000106');
    const row = await paymentRow(payment.id);
    const reference = row.providerReference!;
    const token = ctx.mobileMoney.mtnCallbackToken(reference);
    const callback = (ref: string, tok: string, body: unknown) =>
      ctx.request(`/api/payments/callbacks/mtn/${ref}?token=${tok}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const success = { status: 'SUCCESSFUL', amount: '9000', currency: 'UGX', financialTransactionId: '1234567890' };

    expect((await callback(reference, 'forged', success)).status).toBe(401);
    const stranger = randomUUID();
    expect((await callback(stranger, ctx.mobileMoney.mtnCallbackToken(stranger), success)).status).toBe(404);
    expect((await callback(reference, token, { status: 'DONE' })).status).toBe(400);
    expect((await callback(reference, token, { ...success, amount: '90000' })).status).toBe(422);
    expect((await paymentRow(payment.id)).status).toBe('pending');

    const first = await callback(reference, token, success);
    expect(await json(first)).toEqual({ received: true, outcome: 'settled' });
    const again = await callback(reference, token, { status: 'FAILED', reason: 'APPROVAL_REJECTED' });
    expect(await json(again)).toEqual({ received: true, outcome: 'unchanged' });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'successful', failureReason: null });
    expect(await walletBalance(ctx.db, me.id)).toBe(9_000);
  });

  it('refuses an Airtel callback whose hash does not match', async () => {
    const me = await customer();
    const payment = await topUp(me.cookie, 2_000, '0700000106', 'airtel');
    const row = await paymentRow(payment.id);
    const transaction = { id: row.providerReference!, status_code: 'TS', airtel_money_id: 'MP1234', message: 'ok' };
    const post = (hash: string) =>
      ctx.request('/api/payments/callbacks/airtel', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ transaction, hash }),
      });
    expect((await post(airtelCallbackHash('some other key of enough length', transaction))).status).toBe(401);
    expect((await paymentRow(payment.id)).status).toBe('pending');
    expect((await post(airtelCallbackHash(ctx.mobileMoney.airtelCallbackKey, transaction))).status).toBe(200);
    expect(await walletBalance(ctx.db, me.id)).toBe(2_000);
  });
});
