import { randomUUID } from 'node:crypto';
import type { Payment, Wallet } from '@ecogrid/core/payments';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, payments } from '#src/db/schema/payments.ts';
import { pruneIdempotencyKeys } from '#src/platform/idempotency.ts';
import { airtelCallbackHash } from '#src/platform/mobile-money/airtel.ts';
import {
  enrolTotp,
  lastSmsCode,
  promoteToAdmin,
  send,
  signUpAndVerify,
  signUpByPhoneAndVerify,
  userIdOf,
  userIdOfPhone,
} from '../../../test/auth-helpers.ts';
import { waitFor } from '../../../test/server-process.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { auditTrail } from '#src/features/audit/audit.service.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { payFromWallet, reconcilePayments } from './payments.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    settings: { SANDBOX_SETTLE_SECONDS: 0, SANDBOX_LATE_CALLBACK_SECONDS: 2, MOBILE_MONEY_TIMEOUT_SECONDS: 0.5 },
  });
});
afterAll(async () => ctx.close());

/** A money-moving request, with its Idempotency-Key. */
function pay(path: string, body: unknown, cookie: string, key: string | null = randomUUID()) {
  return ctx.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: TEST_ORIGIN,
      cookie,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** A JSON answer, loosely typed: the tests check its shape. */
type Json = {
  id: string;
  items: { kind: string; amount: number; balanceAfter: number; [key: string]: unknown }[];
  error: { code: string; message: string };
  [key: string]: unknown;
};
const json = async (response: Response | Promise<Response>) => (await (await response).json()) as Json;

async function customer() {
  const account = await signUpByPhoneAndVerify(ctx);
  return { ...account, id: await userIdOfPhone(ctx.db, account.e164) };
}

const deps = () => ({
  db: ctx.db,
  mobileMoney: ctx.mobileMoney,
  logger: ctx.logger,
  realtime: ctx.realtime,
  messages: ctx.messages,
  publicUrl: TEST_ORIGIN,
});

async function paymentRow(id: string) {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function settled(id: string, ms = 10_000) {
  let row = await paymentRow(id);
  await waitFor(
    () => row.status !== 'pending',
    `payment ${id} to settle`,
    ms,
    async () => {
      row = await paymentRow(id);
    },
  );
  return row;
}

async function events(id: string) {
  return ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id)).orderBy(paymentEvents.id);
}

async function topUp(cookie: string, amount: number, phone: string, network: 'mtn' | 'airtel' = 'mtn') {
  const response = await pay('/api/wallet/top-ups', { amount, phone, network }, cookie);
  expect(response.status).toBe(202);
  return (await response.json()) as Payment;
}

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

describe('requests that move money', () => {
  it('answers a retried request with the first answer, and refuses the key with another body', async () => {
    const me = await customer();
    const key = randomUUID();
    const body = { amount: 1_500, phone: me.local, network: 'mtn' };
    const first = await pay('/api/wallet/top-ups', body, me.cookie, key);
    const firstBody = await json(first);
    // The same request, its keys in another order.
    const retry = await pay('/api/wallet/top-ups', { network: 'mtn', phone: me.local, amount: 1_500 }, me.cookie, key);
    expect(retry.status).toBe(202);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await json(retry)).toEqual(firstBody);
    const other = await pay('/api/wallet/top-ups', { ...body, amount: 2_000 }, me.cookie, key);
    expect(other.status).toBe(422);
    expect((await json(other)).error.code).toBe('idempotency_key_reused');
    const missing = await pay('/api/wallet/top-ups', body, me.cookie, null);
    expect(missing.status).toBe(400);
    expect((await json(missing)).error.code).toBe('idempotency_key_required');
    await settled(firstBody.id);
    const count = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.userId, me.id));
    expect(count[0]!.n).toBe(1);
    expect(await walletBalance(ctx.db, me.id)).toBe(1_500);
  });

  it('forgets a kept answer after a day, and the retry still finds the first payment', async () => {
    const me = await customer();
    const key = randomUUID();
    const body = { amount: 2_500, phone: me.local, network: 'mtn' };
    const first = await json(pay('/api/wallet/top-ups', body, me.cookie, key));
    expect(await pruneIdempotencyKeys(ctx.db, new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThan(0);
    const later = await pay('/api/wallet/top-ups', body, me.cookie, key);
    expect(later.status).toBe(202);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect((await json(later)).id).toBe(first.id);
    await settled(first.id);
    expect(await walletBalance(ctx.db, me.id)).toBe(2_500);
  });

  it.each([
    [{ amount: 0 }, 'amount: The smallest amount is UGX 500'],
    [{ amount: -5_000 }, 'amount: The smallest amount is UGX 500'],
    [{ amount: 1_000.5 }, 'amount: Amounts are whole shillings: UGX has no cents'],
    [{ amount: 499 }, 'amount: The smallest amount is UGX 500'],
    [{ amount: 5_000_001 }, 'amount: The largest amount is UGX 5,000,000'],
    [{ amount: '1000' }, 'amount: Enter the amount in shillings, as a number'],
    [{ phone: '+254712345678' }, 'phone: Enter a Ugandan mobile number, like 0772 123456'],
    [{ phone: '0414 123456' }, 'phone: Enter a Ugandan mobile number, like 0772 123456'],
    [{ phone: '12' }, 'phone: Enter a Ugandan mobile number, like 0772 123456'],
    [{ network: 'mpesa' }, 'network: Choose MTN Mobile Money or Airtel Money'],
  ])('refuses %j with a clear message and changes nothing', async (change, message) => {
    const me = await customer();
    const response = await pay(
      '/api/wallet/top-ups',
      { amount: 5_000, phone: '0772 123456', network: 'mtn', ...change },
      me.cookie,
    );
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toBe(message);
    expect(await ctx.db.select().from(payments).where(eq(payments.userId, me.id))).toEqual([]);
  });

  it('asks for a signed-in user, and shows nobody another one’s payment', async () => {
    const me = await customer();
    const other = await customer();
    const payment = await topUp(me.cookie, 1_000, me.local);
    expect((await pay('/api/wallet/top-ups', { amount: 1_000, phone: me.local, network: 'mtn' }, '')).status).toBe(401);
    expect((await send(ctx, '/api/wallet')).status).toBe(401);
    expect((await send(ctx, `/api/payments/${payment.id}`, undefined, { cookie: other.cookie })).status).toBe(404);
    expect((await send(ctx, `/api/payments/not-a-uuid`, undefined, { cookie: me.cookie })).status).toBe(400);
    await settled(payment.id);
  });
});

describe('withdrawals', () => {
  async function funded(amount: number) {
    const me = await customer();
    const payment = await topUp(me.cookie, amount, me.local);
    await settled(payment.id);
    return me;
  }

  it('pays out to mobile money after an SMS code, and refuses a wrong code or more than the balance', async () => {
    const me = await funded(20_000);
    const sent = await send(ctx, '/api/wallet/withdrawals/code', {}, { cookie: me.cookie });
    expect(sent.status).toBe(200);
    expect(await json(sent)).toMatchObject({ expiresInSeconds: 300 });
    const code = await lastSmsCode(ctx.db, me.e164);
    const wrong = await pay(
      '/api/wallet/withdrawals',
      { amount: 5_000, phone: me.local, network: 'mtn', code: code === '000000' ? '111111' : '000000' },
      me.cookie,
    );
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).error.code).toBe('invalid_code');
    const tooMuch = await pay(
      '/api/wallet/withdrawals',
      { amount: 50_000, phone: me.local, network: 'mtn', code },
      me.cookie,
    );
    expect(tooMuch.status).toBe(422);
    expect((await json(tooMuch)).error.code).toBe('insufficient_funds');

    const ok = await pay(
      '/api/wallet/withdrawals',
      { amount: 5_000, phone: me.local, network: 'mtn', code },
      me.cookie,
    );
    expect(ok.status).toBe(202);
    const payout = (await ok.json()) as Payment;
    expect(payout).toMatchObject({ purpose: 'payout', status: 'pending' });
    // The money leaves the wallet at once, so it cannot be spent while the network pays it.
    expect(await walletBalance(ctx.db, me.id)).toBe(15_000);
    expect((await settled(payout.id)).status).toBe('successful');
    expect(await walletBalance(ctx.db, me.id)).toBe(15_000);
    // A code works once.
    const reuse = await pay(
      '/api/wallet/withdrawals',
      { amount: 1_000, phone: me.local, network: 'mtn', code },
      me.cookie,
    );
    expect(reuse.status).toBe(422);
  });

  it('returns the money when the payout fails', async () => {
    const me = await funded(8_000);
    await send(ctx, '/api/wallet/withdrawals/code', {}, { cookie: me.cookie });
    const code = await lastSmsCode(ctx.db, me.e164);
    const response = await pay(
      '/api/wallet/withdrawals',
      { amount: 8_000, phone: '0772000102', network: 'mtn', code },
      me.cookie,
    );
    const payout = (await response.json()) as Payment;
    expect(await walletBalance(ctx.db, me.id)).toBe(0);
    expect(await settled(payout.id)).toMatchObject({ status: 'failed', failureReason: 'PAYEE_NOT_FOUND' });
    expect(await walletBalance(ctx.db, me.id)).toBe(8_000);
    const statement = await json(send(ctx, '/api/wallet/statement', undefined, { cookie: me.cookie }));
    expect(
      statement.items.map((l: { kind: string; amount: number; balanceAfter: number }) => [
        l.kind,
        l.amount,
        l.balanceAfter,
      ]),
    ).toEqual([
      ['payout_reversal', 8_000, 8_000],
      ['payout', -8_000, 0],
      ['wallet_topup', 8_000, 8_000],
    ]);
  });

  it('needs a confirmed phone for an SMS code', async () => {
    const account = await signUpAndVerify(ctx);
    const response = await send(ctx, '/api/wallet/withdrawals/code', {}, { cookie: account.cookie });
    expect(response.status).toBe(422);
    expect((await json(response)).error.code).toBe('no_confirmed_phone');
    await userIdOf(ctx.db, account.email);
  });
});

describe('wallet payments and the ledger', () => {
  it('pays from the wallet once per key, and refuses more than the balance', async () => {
    const me = await funded3();
    const spend = (key: string, amount = 1_000, requestHash: string | null = `hash of ${amount}`) =>
      payFromWallet(ctx.db, {
        userId: me.id,
        amount,
        purpose: 'order',
        description: 'Test order',
        idempotency: { key, requestHash },
      });
    const first = await spend('order-1');
    expect(first.replayed).toBe(false);
    expect(first.payment).toMatchObject({ status: 'successful', method: 'wallet', amount: 1_000 });
    const again = await spend('order-1');
    expect(again).toEqual({ payment: first.payment, replayed: true });
    expect(await walletBalance(ctx.db, me.id)).toBe(2_000);
    // The same key for another request changes nothing.
    await expect(spend('order-1', 500)).rejects.toMatchObject({ code: 'idempotency_key_reused', status: 422 });
    await expect(spend('order-1', 1_000, null)).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    await expect(spend('order-2', 2_001)).rejects.toMatchObject({ code: 'insufficient_funds', status: 422 });
    expect(await walletBalance(ctx.db, me.id)).toBe(2_000);
    // A refusal leaves no trace of its key: once the money is there, the retry goes through.
    await settled((await topUp(me.cookie, 1_000, me.local)).id);
    expect((await spend('order-2', 2_001)).replayed).toBe(false);
    expect(await walletBalance(ctx.db, me.id)).toBe(999);
  });

  it('keeps postings and journal entries as written, and refuses an unbalanced entry', async () => {
    const refusal = (work: Promise<unknown>) =>
      work.then(
        () => 'accepted',
        (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
      );
    expect(await refusal(ctx.db.execute(sql`update ledger_postings set amount = amount + 1`))).toMatch(/append-only/);
    expect(await refusal(ctx.db.execute(sql`delete from journal_transactions`))).toMatch(/append-only/);
    expect(
      await refusal(
        ctx.db.transaction(async (tx) => {
          const accounts = await tx.execute(sql`select id from ledger_accounts where code = 'revenue:sales'`);
          const [account] = (accounts as unknown as { rows: { id: string }[] }).rows;
          const entries = await tx.execute(
            sql`insert into journal_transactions (idempotency_key, kind, description) values ('bad', 'adjustment', 'x') returning id`,
          );
          const [entry] = (entries as unknown as { rows: { id: string }[] }).rows;
          await tx.execute(
            sql`insert into ledger_postings (transaction_id, account_id, amount, balance_after) values (${entry!.id}, ${account!.id}, 5, 5)`,
          );
        }),
      ),
    ).toMatch(/does not balance/);
  });

  async function funded3() {
    const me = await customer();
    const payment = await topUp(me.cookie, 3_000, me.local);
    await settled(payment.id);
    return me;
  }
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
