import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pickupPoints } from '#src/db/schema/orders.ts';
import { reconcilePayments, settlePayment } from '#src/features/payments/payments.service.ts';
import { insertProduct } from '../../../test/factories.ts';
import { TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { byWallet, delivery, orderTestApp, type OrderAnswer } from './order-test-setup.ts';

const paymentDeps = () => ({
  db: ctx.db,
  mobileMoney: ctx.mobileMoney,
  logger: ctx.logger,
  realtime: ctx.realtime,
  messages: ctx.messages,
  publicUrl: TEST_ORIGIN,
});

const { app, call, customer, stockOf, admin, cartWith } = orderTestApp<OrderAnswer>();
let ctx: TestContext;
beforeAll(() => {
  ctx = app.ctx;
});

describe('checkout and orders', () => {
  it('checks out the cash lines from the wallet: paid at once, prices copied, stock taken, credit lines kept', async () => {
    const me = await customer(500_000);
    const lamp = await insertProduct(ctx.db, { name: 'Lamp A', price: 60_000, stock: 5, taxClass: 'exempt' });
    const stove = await insertProduct(ctx.db, { name: 'Stove B', price: 118_000, stock: 5, taxClass: 'standard' });
    const tv = await insertProduct(ctx.db, { price: 900_000, loanEligible: true });
    await cartWith(me.cookie, [
      { productId: lamp.id, quantity: 2 },
      { productId: stove.id },
      { productId: tv.id, paymentMode: 'loan' },
    ]);
    const placed = await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID());
    expect(placed.status).toBe(201);
    const order = placed.body.order;
    expect(order).toMatchObject({
      status: 'paid',
      subtotal: 238_000,
      deliveryFee: 0,
      total: 238_000,
      vat: 18_000,
      paymentMethod: 'wallet',
      address: { district: 'Kampala', subCounty: 'Kampala Central', village: 'Church Zone' },
    });
    expect(order.number).toMatch(/^ORD-\d{6,}$/);
    expect(order.lines.map((l) => [l.name, l.quantity, l.unitPrice, l.vat])).toEqual([
      ['Lamp A', 2, 60_000, 0],
      ['Stove B', 1, 118_000, 18_000],
    ]);
    expect(order.timeline.map((t) => t.status)).toEqual(['pending_payment', 'paid']);
    expect(await walletBalance(ctx.db, me.id)).toBe(262_000);
    expect([await stockOf(lamp.id), await stockOf(stove.id)]).toEqual([3, 4]);
    const cart = (await call('/api/cart', me.cookie)).body as unknown as { lines: { paymentMode: string }[] };
    expect(cart.lines.map((l) => l.paymentMode)).toEqual(['loan']);
    // A later price change does not touch the order.
    await ctx.db.execute(sql`update products set price = 1 where id = ${lamp.id}`);
    expect((await call(`/api/orders/${order.id}`, me.cookie)).body.lines[0]!.unitPrice).toBe(60_000);
    const mine = await call('/api/orders', me.cookie);
    expect(mine.body.items.map((o) => [o.number, o.status, o.itemCount])).toEqual([[order.number, 'paid', 3]]);
  });

  it('keeps nothing when the wallet cannot pay: cart and stock as they were', async () => {
    const me = await customer(10_000);
    const lamp = await insertProduct(ctx.db, { price: 60_000, stock: 5 });
    await cartWith(me.cookie, [{ productId: lamp.id }]);
    const refused = await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID());
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('insufficient_funds');
    expect(await stockOf(lamp.id)).toBe(5);
    expect((await call('/api/cart', me.cookie)).body.lines).toHaveLength(1);
    expect((await call('/api/orders', me.cookie)).body.items).toEqual([]);
  });

  it('answers a repeated checkout with the same order, and refuses the key for another request', async () => {
    const me = await customer(200_000);
    const lamp = await insertProduct(ctx.db, { price: 50_000 });
    await cartWith(me.cookie, [{ productId: lamp.id }]);
    const key = randomUUID();
    const first = await call('/api/orders', me.cookie, 'POST', byWallet, key);
    const again = await call('/api/orders', me.cookie, 'POST', byWallet, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.order.id).toBe(first.body.order.id);
    expect(await walletBalance(ctx.db, me.id)).toBe(150_000);
    const elsewhere = { ...byWallet, address: { ...delivery.address, directions: 'By the school' } };
    const other = await call('/api/orders', me.cookie, 'POST', elsewhere, key);
    expect([other.status, other.body.error.code]).toEqual([422, 'idempotency_key_reused']);
    expect((await call('/api/orders', me.cookie, 'POST', byWallet)).status).toBe(400);
  });

  it('refuses an empty cart, an unknown place and a closed pickup point, with clear messages', async () => {
    const me = await customer(200_000);
    const empty = await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID());
    expect([empty.status, empty.body.error.message]).toEqual([
      422,
      'Your cart has nothing to pay for now: add a product first.',
    ]);
    await cartWith(me.cookie, [{ productId: (await insertProduct(ctx.db)).id }]);
    const nowhere = { ...byWallet, address: { ...delivery.address, village: 'Atlantis' } };
    const unknown = await call('/api/orders', me.cookie, 'POST', nowhere, randomUUID());
    expect([unknown.status, unknown.body.error.message]).toEqual([
      422,
      'Kampala Central has no village called Atlantis.',
    ]);
    const [closed] = await ctx.db
      .insert(pickupPoints)
      .values({ name: 'Old shop', district: 'Gulu', address: 'Gone', active: false })
      .returning();
    const pickup = { fulfilment: 'pickup', pickupPointId: closed!.id, payment: { method: 'wallet' } };
    const shut = await call('/api/orders', me.cookie, 'POST', pickup, randomUUID());
    expect([shut.status, shut.body.error.code]).toEqual([422, 'unknown_pickup_point']);
    const noAddress = await call(
      '/api/orders',
      me.cookie,
      'POST',
      { fulfilment: 'delivery', payment: { method: 'wallet' } },
      randomUUID(),
    );
    expect([noAddress.status, noAddress.body.error.message]).toEqual([400, 'address: Enter the delivery address']);
    expect((await call('/api/cart', me.cookie)).body.lines).toHaveLength(1);
  });

  it('charges the delivery fee admins set, waived from its threshold and for pickup', async () => {
    const boss = await admin();
    const me = await customer(1_000_000);
    expect(
      (await call('/api/admin/store/delivery-fee', me.cookie, 'PUT', { flatFee: 5_000, freeFrom: 300_000 })).status,
    ).toBe(403);
    try {
      expect(
        (await call('/api/admin/store/delivery-fee', boss.cookie, 'PUT', { flatFee: 5_000, freeFrom: 300_000 })).status,
      ).toBe(200);
      const lamp = await insertProduct(ctx.db, { price: 100_000 });
      await cartWith(me.cookie, [{ productId: lamp.id }]);
      const small = (await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID())).body.order;
      expect([small.deliveryFee, small.total]).toEqual([5_000, 105_000]);
      await cartWith(me.cookie, [{ productId: lamp.id, quantity: 3 }]);
      const large = (await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID())).body.order;
      expect([large.deliveryFee, large.total]).toEqual([0, 300_000]);
      const [point] = await ctx.db
        .insert(pickupPoints)
        .values({ name: 'Gulu shop', district: 'Gulu', address: 'Awich Rd' })
        .returning();
      await cartWith(me.cookie, [{ productId: lamp.id }]);
      const pickup = { fulfilment: 'pickup', pickupPointId: point!.id, payment: { method: 'wallet' } };
      const collected = (await call('/api/orders', me.cookie, 'POST', pickup, randomUUID())).body.order;
      expect([collected.deliveryFee, collected.pickupPoint?.name]).toEqual([0, 'Gulu shop']);
    } finally {
      await call('/api/admin/store/delivery-fee', boss.cookie, 'PUT', { flatFee: 0, freeFrom: null });
    }
  });

  it('pays by mobile money through the sandbox: pending_payment until the payment settles, then paid', async () => {
    const me = await customer();
    const lamp = await insertProduct(ctx.db, { price: 45_000, stock: 4 });
    await cartWith(me.cookie, [{ productId: lamp.id, quantity: 2 }]);
    const checkout = { ...delivery, payment: { method: 'mobile_money', phone: me.local, network: 'mtn' } };
    const placed = await call('/api/orders', me.cookie, 'POST', checkout, randomUUID());
    expect(placed.status).toBe(201);
    expect(placed.body.order.status).toBe('pending_payment');
    expect(placed.body.payment, JSON.stringify(placed.body.payment)).toMatchObject({ status: 'pending' });
    expect(await stockOf(lamp.id)).toBe(2);
    const id = placed.body.order.id;
    let order = placed.body.order;
    for (let i = 0; i < 100 && order.status === 'pending_payment'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      order = (await call(`/api/orders/${id}`, me.cookie)).body;
    }
    expect(order).toMatchObject({ status: 'paid', paymentStatus: 'successful', paymentMethod: 'mtn' });
    expect(order.timeline.at(-1)?.note).toBe('Paid by MTN Mobile Money');
    expect(await walletBalance(ctx.db, me.id)).toBe(0);
  });

  it('cancels the order and gives its stock back when the mobile-money payment fails after its payment window', async () => {
    const me = await customer();
    const lamp = await insertProduct(ctx.db, { price: 45_000, stock: 4 });
    await cartWith(me.cookie, [{ productId: lamp.id, quantity: 3 }]);
    // 0772 000106: the sandbox leaves the payment waiting; the network's refusal comes after 30 minutes.
    const checkout = { ...delivery, payment: { method: 'mobile_money', phone: '0772000106', network: 'mtn' } };
    const placed = (await call('/api/orders', me.cookie, 'POST', checkout, randomUUID())).body;
    await ctx.db.execute(
      sql`update orders set created_at = created_at - interval '31 minutes', pay_by = pay_by - interval '31 minutes' where id = ${placed.order.id}`,
    );
    await settlePayment(
      paymentDeps(),
      placed.payment!.id,
      { state: 'failed', reason: 'NOT_ENOUGH_FUNDS' },
      { kind: 'callback' },
    );
    const order = (await call(`/api/orders/${placed.order.id}`, me.cookie)).body;
    expect(order.status).toBe('cancelled');
    expect(order.cancelReason).toBe('The payment failed: There was not enough money on the mobile-money account');
    expect(await stockOf(lamp.id)).toBe(4);
  });

  it('cancels the order and gives its stock back when its payment expires unapproved after its window', async () => {
    const me = await customer();
    const lamp = await insertProduct(ctx.db, { price: 45_000, stock: 4 });
    await cartWith(me.cookie, [{ productId: lamp.id, quantity: 2 }]);
    // 0772 000106: the sandbox leaves the payment waiting for the customer's approval.
    const checkout = { ...delivery, payment: { method: 'mobile_money', phone: '0772000106', network: 'mtn' } };
    const placed = (await call('/api/orders', me.cookie, 'POST', checkout, randomUUID())).body;
    expect([placed.order.status, await stockOf(lamp.id)]).toEqual(['pending_payment', 2]);
    await ctx.db.execute(
      sql`update orders set created_at = created_at - interval '31 minutes', pay_by = pay_by - interval '31 minutes' where id = ${placed.order.id}`,
    );
    await ctx.db.execute(
      sql`update payments set expires_at = now() - interval '1 second' where id = ${placed.payment!.id}`,
    );
    await reconcilePayments(paymentDeps(), { graceSeconds: 0 });
    const order = (await call(`/api/orders/${placed.order.id}`, me.cookie)).body;
    expect([order.status, order.paymentStatus, order.cancelReason]).toEqual([
      'cancelled',
      'expired',
      'The payment was not approved in time',
    ]);
    expect(await stockOf(lamp.id)).toBe(4);
  });
});
