import { randomUUID } from 'node:crypto';
import type { Order } from '@ecogrid/core/orders';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordCollection, reconcilePayments, settlePayment } from '#src/features/payments/payments.service.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { insertProduct } from '../../../test/factories.ts';
import { loanDeps } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { orderTestApp } from './order-test-setup.ts';
import { expireUnpaidOrders } from './pay-order.ts';

type Payment = { id: string; status: string; method: string; phone: string | null };
type Answer = Order & { order: Order; payment: Payment; lines: unknown[]; error: { code: string; message: string } };

const { app, call, customer, stockOf } = orderTestApp<Answer>();
let ctx: TestContext;
beforeAll(() => {
  ctx = app.ctx;
});

const delivery = {
  fulfilment: 'delivery',
  address: { district: 'Kampala', subCounty: 'Kampala Central', village: 'Church Zone', directions: '' },
};

/**
 * An order of `quantity` lamps placed by mobile money from `phone`; 0772 000106 leaves its
 * payment pending (the sandbox never settles it), so a test settles it as it needs.
 */
async function placeByPhone(cookie: string, phone = '0772000106', quantity = 2) {
  const lamp = await insertProduct(ctx.db, { price: 45_000, stock: 5 });
  expect((await call('/api/cart/items', cookie, 'POST', { productId: lamp.id, quantity })).status).toBe(201);
  const checkout = { ...delivery, payment: { method: 'mobile_money', phone, network: 'mtn' } };
  const placed = await call('/api/orders', cookie, 'POST', checkout, randomUUID());
  expect(placed.status).toBe(201);
  return { lamp, order: placed.body.order, payment: placed.body.payment };
}

const fail = (paymentId: string, reason = 'NOT_ENOUGH_FUNDS') =>
  settlePayment(loanDeps(ctx), paymentId, { state: 'failed', reason }, { kind: 'callback' });

/** The order placed `minutes` ago, its pay-by time as far from then as it was. */
const backdate = (orderId: string, minutes: number) =>
  ctx.db.execute(
    sql`update orders set created_at = now() - make_interval(mins => ${minutes}),
          pay_by = now() - make_interval(mins => ${minutes}) + (pay_by - created_at) where id = ${orderId}`,
  );

const pay = (cookie: string, orderId: string, body: unknown, key: string | undefined = randomUUID()) =>
  call(`/api/orders/${orderId}/payments`, cookie, 'POST', body, key);

describe('an order whose payment failed', () => {
  it('keeps waiting, its units reserved, and says why, when the network refuses the payment', async () => {
    const me = await customer();
    // 0772 000101: the sandbox refuses for NOT_ENOUGH_FUNDS.
    const { lamp, order: placed } = await placeByPhone(me.cookie, '0772000101');
    let order = placed;
    for (let i = 0; i < 100 && order.paymentStatus === 'pending'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      order = (await call(`/api/orders/${placed.id}`, me.cookie)).body;
    }
    expect(order).toMatchObject({
      status: 'pending_payment',
      paymentStatus: 'failed',
      paymentFailureReason: 'NOT_ENOUGH_FUNDS',
      paymentPhone: '+256772000101',
      cancelReason: null,
    });
    expect(new Date(order.payBy!).getTime() - new Date(order.createdAt).getTime()).toBe(30 * 60_000);
    expect(order.timeline.at(-1)?.note).toBe(
      'The payment failed: There was not enough money on the mobile-money account. The order waits for another payment.',
    );
    expect(await stockOf(lamp.id)).toBe(3);
    // The lines stay on the order; the cart does not get them back.
    expect(((await call('/api/cart', me.cookie)).body as unknown as { lines: unknown[] }).lines).toEqual([]);
  });

  it('is paid from the wallet on another try, once: the same key answers the same, a new one is refused', async () => {
    const me = await customer(200_000);
    const { lamp, order, payment } = await placeByPhone(me.cookie);
    await fail(payment.id);
    const key = randomUUID();
    const paid = await pay(me.cookie, order.id, { method: 'wallet' }, key);
    expect(paid.status).toBe(200);
    expect(paid.body.order).toMatchObject({
      status: 'paid',
      paymentMethod: 'wallet',
      paymentStatus: 'successful',
      paymentFailureReason: null,
      payBy: null,
    });
    expect(paid.body.payment).toMatchObject({ method: 'wallet', status: 'successful' });
    expect(paid.body.order.timeline.at(-1)).toMatchObject({ status: 'paid', note: 'Paid from the wallet' });
    expect(await walletBalance(ctx.db, me.id)).toBe(110_000);
    expect(await stockOf(lamp.id)).toBe(3);

    const again = await pay(me.cookie, order.id, { method: 'wallet' }, key);
    expect([again.status, again.headers.get('idempotent-replayed'), again.body.payment.id]).toEqual([
      200,
      'true',
      paid.body.payment.id,
    ]);
    const twice = await pay(me.cookie, order.id, { method: 'wallet' });
    expect([twice.status, twice.body.error.code]).toEqual([409, 'order_not_payable']);
    expect(await walletBalance(ctx.db, me.id)).toBe(110_000);
  });

  it('tries another number and network, and refuses a further try while that one is pending (409)', async () => {
    const me = await customer(200_000);
    const { order, payment } = await placeByPhone(me.cookie);
    const early = await pay(me.cookie, order.id, { method: 'wallet' });
    expect([early.status, early.body.error.code]).toEqual([409, 'payment_pending']);
    await fail(payment.id, 'APPROVAL_REJECTED');
    const airtel = await pay(me.cookie, order.id, { method: 'airtel', phone: '0752 000106' });
    expect(airtel.status).toBe(200);
    expect(airtel.body.payment).toMatchObject({ method: 'airtel', status: 'pending', phone: '+256752000106' });
    expect(airtel.body.order).toMatchObject({
      status: 'pending_payment',
      paymentMethod: 'airtel',
      paymentStatus: 'pending',
      paymentId: airtel.body.payment.id,
      paymentFailureReason: null,
    });
    const meanwhile = await pay(me.cookie, order.id, { method: 'wallet' });
    expect([meanwhile.status, meanwhile.body.error.code]).toEqual([409, 'payment_pending']);
    expect(await walletBalance(ctx.db, me.id)).toBe(200_000);
  });

  it("refuses somebody else's order (404), a bad choice (400) and a try without an Idempotency-Key (400)", async () => {
    const [me, other] = [await customer(), await customer(500_000)];
    const { order, payment } = await placeByPhone(me.cookie);
    await fail(payment.id);
    const theirs = await pay(other.cookie, order.id, { method: 'wallet' });
    expect(theirs.status).toBe(404);
    expect(await walletBalance(ctx.db, other.id)).toBe(500_000);
    expect((await pay(me.cookie, order.id, { method: 'mtn' })).status).toBe(400);
    expect((await pay(me.cookie, order.id, { method: 'cash' })).status).toBe(400);
    expect((await pay(me.cookie, order.id, { method: 'mtn', phone: '12345' })).status).toBe(400);
    expect((await pay(me.cookie, 'not-an-id', { method: 'wallet' })).status).toBe(400);
    const keyless = await pay(me.cookie, order.id, { method: 'wallet' }, '');
    expect([keyless.status, keyless.body.error.code]).toEqual([400, 'idempotency_key_required']);
    const unknown = await pay(me.cookie, randomUUID(), { method: 'wallet' });
    expect(unknown.status).toBe(404);
    const still = (await call(`/api/orders/${order.id}`, me.cookie)).body;
    expect([still.status, still.paymentStatus]).toEqual(['pending_payment', 'failed']);
  });

  it('refuses the wallet when it holds too little, changing nothing (422)', async () => {
    const me = await customer(10_000);
    const { order, payment } = await placeByPhone(me.cookie);
    await fail(payment.id);
    const short = await pay(me.cookie, order.id, { method: 'wallet' });
    expect([short.status, short.body.error.code]).toEqual([422, 'insufficient_funds']);
    const still = (await call(`/api/orders/${order.id}`, me.cookie)).body;
    expect([still.status, still.paymentId, await walletBalance(ctx.db, me.id)]).toEqual([
      'pending_payment',
      payment.id,
      10_000,
    ]);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await ctx.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const route = doc.paths['/api/orders/{id}/payments']?.post;
    expect(Object.keys(route?.responses ?? {}).sort()).toEqual(['200', '400', '401', '404', '409', '413', '422']);
  });
});

describe('the payment window', () => {
  it('cancels a waiting order once its window is over, its units back on sale; another try is refused', async () => {
    const me = await customer(500_000);
    const { lamp, order, payment } = await placeByPhone(me.cookie);
    await fail(payment.id);
    await expireUnpaidOrders(loanDeps(ctx));
    expect((await call(`/api/orders/${order.id}`, me.cookie)).body.status).toBe('pending_payment');
    expect(await stockOf(lamp.id)).toBe(3);
    await backdate(order.id, 31);
    const late = await pay(me.cookie, order.id, { method: 'wallet' });
    expect([late.status, late.body.error.code]).toEqual([422, 'order_payment_window_closed']);
    expect(await expireUnpaidOrders(loanDeps(ctx))).toBeGreaterThanOrEqual(1);
    const cancelled = (await call(`/api/orders/${order.id}`, me.cookie)).body;
    expect([cancelled.status, cancelled.cancelReason, cancelled.payBy]).toEqual([
      'cancelled',
      'No payment came within 30 minutes',
      null,
    ]);
    expect(await stockOf(lamp.id)).toBe(5);
    const after = await pay(me.cookie, order.id, { method: 'wallet' });
    expect([after.status, after.body.error.code]).toEqual([409, 'order_not_payable']);
    expect(await walletBalance(ctx.db, me.id)).toBe(500_000);
  });

  it('leaves an order whose payment is still pending to that payment, whose expiry cancels it', async () => {
    const me = await customer();
    const { lamp, order, payment } = await placeByPhone(me.cookie);
    await backdate(order.id, 31);
    await expireUnpaidOrders(loanDeps(ctx));
    expect((await call(`/api/orders/${order.id}`, me.cookie)).body.status).toBe('pending_payment');
    await ctx.db.execute(sql`update payments set expires_at = now() - interval '1 second' where id = ${payment.id}`);
    await reconcilePayments(loanDeps(ctx), { graceSeconds: 0 });
    const expired = (await call(`/api/orders/${order.id}`, me.cookie)).body;
    expect([expired.status, expired.paymentStatus, expired.cancelReason]).toEqual([
      'cancelled',
      'expired',
      'The payment was not approved in time',
    ]);
    expect(await stockOf(lamp.id)).toBe(5);
  });

  it('keeps the order waiting when its payment expires inside the window', async () => {
    const me = await customer();
    const { lamp, order, payment } = await placeByPhone(me.cookie);
    await ctx.db.execute(sql`update payments set expires_at = now() - interval '1 second' where id = ${payment.id}`);
    await reconcilePayments(loanDeps(ctx), { graceSeconds: 0 });
    const waiting = (await call(`/api/orders/${order.id}`, me.cookie)).body;
    expect([waiting.status, waiting.paymentStatus, waiting.paymentFailureReason]).toEqual([
      'pending_payment',
      'expired',
      'EXPIRED',
    ]);
    expect(await stockOf(lamp.id)).toBe(3);
  });
});

describe('two payments for one order', () => {
  it('returns a second successful payment to the wallet: the order is paid once', async () => {
    const me = await customer(200_000);
    const { order, payment } = await placeByPhone(me.cookie);
    await fail(payment.id);
    expect((await pay(me.cookie, order.id, { method: 'wallet' })).body.order.status).toBe('paid');
    expect(await walletBalance(ctx.db, me.id)).toBe(110_000);
    // A stray collection for the same order (a payment the network approved after all).
    const deps = loanDeps(ctx);
    const { row } = await ctx.db.transaction((tx) =>
      recordCollection(tx, deps, {
        userId: me.id,
        purpose: 'order',
        amount: order.total,
        phone: '+256772000106',
        network: 'mtn',
        idempotencyKey: `stray:${randomUUID()}`,
        orderId: order.id,
      }),
    );
    await settlePayment(deps, row.id, { state: 'successful' }, { kind: 'callback' });
    expect(await walletBalance(ctx.db, me.id)).toBe(200_000);
    const after = (await call(`/api/orders/${order.id}`, me.cookie)).body;
    expect(after.status).toBe('paid');
    expect(after.timeline.at(-1)?.note).toBe(
      'A payment of UGX 90,000 arrived after it was paid by another payment and was returned to the wallet.',
    );
  });
});
