import { randomUUID } from 'node:crypto';
import type { Payment } from '@ecogrid/core/payments';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '#src/db/schema/payments.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { pruneIdempotencyKeys } from '#src/platform/idempotency.ts';
import { lastSmsCode, send, signUpAndVerify, userIdOf } from '../../../test/auth-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { paymentTestApp } from './payment-test-setup.ts';
import { payFromWallet } from './payments.service.ts';

const { app, pay, json, customer, settled, topUp } = paymentTestApp();
let ctx: TestContext;
beforeAll(() => {
  ctx = app.ctx;
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
