import { randomUUID } from 'node:crypto';
import { formatUgx } from '@ecogrid/core';
import {
  canMoveOrder,
  deliveryFee,
  FREE_DELIVERY,
  orderPayBy,
  type Checkout,
  type DeliveryFeeRule,
  type Order,
  type OrderStatus,
  type TaxClass,
} from '@ecogrid/core/orders';
import { failureMessage, NETWORK_NAMES, PAYMENT_LIMITS, ugandanMobile, type Payment } from '@ecogrid/core/payments';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { orderEvents, orderLines, orders, pickupPoints, storeSettings, type OrderRow } from '#src/db/schema/orders.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { keyReused, type IdempotentRequest } from '#src/platform/idempotency.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { removeCartLines, takeCartLines } from '#src/features/cart/cart.service.ts';
import { releaseStock, reserveStock } from '#src/features/catalog/stock.service.ts';
import {
  onPaymentSettled,
  payFromWallet,
  recordCollection,
  sendPayment,
  type PaymentDeps,
} from '#src/features/payments/payments.service.ts';
import { checkAddress } from '#src/features/places/places.service.ts';
import { HOUSE_ACCOUNTS, postJournal } from '#src/features/wallet/ledger.service.ts';
import { changeStatus, noteOnTimeline, statusWords } from './order-status.ts';
import { orderView } from './order-view.ts';

export { onCreditOrderView } from './order-view.ts';

export type OrderDeps = PaymentDeps;

const DELIVERY_FEE_KEY = 'delivery_fee';
const orderNotFound = () => notFound('Order not found.');

/** The delivery fee rule admins set; free delivery until they set one. */
export async function deliveryFeeRule(db: Database | Tx): Promise<DeliveryFeeRule> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.key, DELIVERY_FEE_KEY));
  return (row?.value as DeliveryFeeRule | undefined) ?? FREE_DELIVERY;
}

export async function setDeliveryFeeRule(db: Database, actorId: string, rule: DeliveryFeeRule): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await deliveryFeeRule(tx);
    await tx
      .insert(storeSettings)
      .values({ key: DELIVERY_FEE_KEY, value: rule, updatedBy: actorId })
      .onConflictDoUpdate({
        target: storeSettings.key,
        set: { value: rule, updatedBy: actorId, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorId,
      action: 'store.delivery_fee',
      entityType: 'store_setting',
      entityId: DELIVERY_FEE_KEY,
      details: { before, after: rule },
    });
  });
}

export async function listPickupPoints(db: Database) {
  return db
    .select({
      id: pickupPoints.id,
      name: pickupPoints.name,
      district: pickupPoints.district,
      address: pickupPoints.address,
      phone: pickupPoints.phone,
    })
    .from(pickupPoints)
    .where(eq(pickupPoints.active, true))
    .orderBy(pickupPoints.district, pickupPoints.name);
}

class ReplayFirst extends Error {}

/**
 * Places an order for the cash lines of the caller's cart, in one transaction: the lines are
 * locked and taken out of the cart, their units out of stock (never sold twice), the prices
 * copied onto the order. Paid from the wallet, the payment commits with the order and the order
 * is paid at once (not enough money: nothing is kept, cart and stock as they were). By mobile
 * money, the order waits in pending_payment with its pending payment; the network is asked
 * after the commit, and the payment's settlement pays or cancels the order (settleOrderPayment).
 * The Idempotency-Key is kept on the order: the same request again returns the same order.
 */
export async function placeOrder(
  deps: OrderDeps,
  input: { userId: string; checkout: Checkout; idempotency: IdempotentRequest },
): Promise<{ order: Order; payment: Payment | null; replayed: boolean }> {
  const earlier = await orderByKey(deps.db, input.userId, input.idempotency);
  if (earlier) return { order: await orderView(deps.db, earlier), payment: null, replayed: true };
  const { checkout, userId } = input;
  let placed: { order: OrderRow; collection: Awaited<ReturnType<typeof recordCollection>>['row'] | null };
  try {
    placed = await deps.db.transaction(async (tx) => {
      const lines = await takeCartLines(tx, userId, 'cash');
      if (lines.length === 0) {
        throw new AppError('cart_empty', 'Your cart has nothing to pay for now: add a product first.', 422);
      }
      const where = await fulfilmentDetails(tx, checkout);
      const orderId = randomUUID();
      const products = await reserveStock(tx, orderId, lines);
      const subtotal = lines.reduce((sum, l) => sum + products.get(l.productId)!.price * l.quantity, 0);
      const fee = deliveryFee(await deliveryFeeRule(tx), subtotal, checkout.fulfilment);
      const total = subtotal + fee;
      const method = checkout.payment.method === 'wallet' ? 'wallet' : checkout.payment.network;
      if (method !== 'wallet') checkMobileAmount(total);
      const [order] = await tx
        .insert(orders)
        .values({
          id: orderId,
          userId,
          fulfilment: checkout.fulfilment,
          ...where,
          subtotal,
          deliveryFee: fee,
          total,
          paymentMethod: method,
          idempotencyKey: input.idempotency.key,
          requestHash: input.idempotency.requestHash,
        })
        .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
        .returning();
      // The same key committed first by a request racing this one: answer with its order.
      if (!order) throw new ReplayFirst();
      await tx.insert(orderLines).values(
        lines.map((line) => {
          const product = products.get(line.productId)!;
          return {
            orderId,
            productId: line.productId,
            name: product.name,
            sku: product.sku,
            imageUrl: product.imageUrl,
            unitPrice: product.price,
            quantity: line.quantity,
            lineTotal: product.price * line.quantity,
            taxClass: product.taxClass,
          };
        }),
      );
      await tx
        .insert(orderEvents)
        .values({ orderId, status: 'pending_payment', note: 'Order placed', actorId: userId });
      await removeCartLines(
        tx,
        lines.map((l) => l.id),
      );
      if (checkout.payment.method === 'wallet') {
        const { payment } = await payFromWallet(tx, {
          userId,
          amount: total,
          purpose: 'order',
          description: `Order ${order.number}`,
          idempotency: { key: `order:${orderId}` },
          orderId,
        });
        const paid = await changeStatus(tx, deps, order, 'paid', {
          note: 'Paid from the wallet',
          set: { paymentId: payment.id, paidAt: new Date() },
        });
        return { order: paid, collection: null };
      }
      const { row } = await recordCollection(tx, deps, {
        userId,
        purpose: 'order',
        amount: total,
        phone: ugandanMobile(checkout.payment.phone)!,
        network: checkout.payment.network,
        idempotencyKey: `order:${orderId}`,
        orderId,
      });
      const [waiting] = await tx.update(orders).set({ paymentId: row.id }).where(eq(orders.id, orderId)).returning();
      return { order: waiting!, collection: row };
    });
  } catch (error) {
    if (!(error instanceof ReplayFirst)) throw error;
    const first = await orderByKey(deps.db, userId, input.idempotency);
    return { order: await orderView(deps.db, first!), payment: null, replayed: true };
  }
  const payment = placed.collection ? await sendPayment(deps, placed.collection) : null;
  return { order: await orderView(deps.db, placed.order), payment, replayed: false };
}

/** The order a user placed with this key, or null; the key with another request is refused. */
async function orderByKey(db: Database, userId: string, idempotency: IdempotentRequest): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotency.key)));
  if (!row) return null;
  if (row.requestHash !== idempotency.requestHash) throw keyReused();
  return row;
}

/** Where a checkout's goods go, checked (an open pickup point, a real address), as the order keeps it. */
export async function fulfilmentDetails(tx: Tx, checkout: Pick<Checkout, 'fulfilment' | 'address' | 'pickupPointId'>) {
  if (checkout.fulfilment === 'pickup') {
    const [point] = await tx
      .select({ id: pickupPoints.id })
      .from(pickupPoints)
      .where(and(eq(pickupPoints.id, checkout.pickupPointId!), eq(pickupPoints.active, true)));
    if (!point) throw new AppError('unknown_pickup_point', 'This pickup point is not open. Choose another.', 422);
    return { pickupPointId: point.id };
  }
  const place = checkAddress(checkout.address!);
  return { ...place, directions: checkout.address!.directions?.trim() || null };
}

export function checkMobileAmount(total: number) {
  if (total > PAYMENT_LIMITS.max) {
    throw new AppError(
      'amount_too_large',
      `Mobile money takes at most ${formatUgx(PAYMENT_LIMITS.max)} in one payment. Pay from your wallet, or order fewer items at a time.`,
      422,
    );
  }
  if (total < PAYMENT_LIMITS.min) {
    throw new AppError(
      'amount_too_small',
      `Mobile money takes at least ${formatUgx(PAYMENT_LIMITS.min)}. Pay from your wallet.`,
      422,
    );
  }
}

/**
 * The order that delivers a product bought on credit, made when the loan's deposit is paid (or
 * at approval when there is none): its unit was reserved at application under the same id. It
 * is paid at once — the price is owed on the loan — and moves on like any order; its delivery
 * assigns the loan's device (onOrderDelivered).
 */
export async function placeCreditOrder(
  tx: Tx,
  deps: OrderDeps,
  input: {
    orderId: string;
    userId: string;
    product: { id: string; name: string; sku: string; imageUrl: string | null; taxClass: TaxClass };
    price: number;
    where: Record<string, unknown> & { fulfilment: 'delivery' | 'pickup' };
    paymentMethod: 'wallet' | 'mtn' | 'airtel';
    paymentId: string | null;
    loanNumber: string;
  },
): Promise<OrderRow> {
  const { fulfilment, ...where } = input.where;
  const [order] = await tx
    .insert(orders)
    .values({
      id: input.orderId,
      userId: input.userId,
      fulfilment,
      ...where,
      subtotal: input.price,
      deliveryFee: 0,
      total: input.price,
      paymentMethod: input.paymentMethod,
      paymentId: input.paymentId,
      idempotencyKey: `loan:${input.orderId}`,
      requestHash: 'loan',
      onCredit: true,
    })
    .returning();
  await tx.insert(orderLines).values({
    orderId: input.orderId,
    productId: input.product.id,
    name: input.product.name,
    sku: input.product.sku,
    imageUrl: input.product.imageUrl,
    unitPrice: input.price,
    quantity: 1,
    lineTotal: input.price,
    taxClass: input.product.taxClass,
  });
  await tx
    .insert(orderEvents)
    .values({ orderId: input.orderId, status: 'pending_payment', note: `On credit: loan ${input.loanNumber}` });
  return changeStatus(tx, deps, order!, 'paid', {
    note: `Deposit paid; the rest is paid on loan ${input.loanNumber}`,
    set: { paidAt: new Date() },
  });
}

/**
 * What an order's delivery does elsewhere, in its transaction (a credit order's device is
 * assigned: the one whose serial number the admin gave, if any). It answers whether it took the
 * serial number, so one given for an order that needs no device is refused.
 */
type DeliveryRule = (tx: Tx, deps: OrderDeps, order: OrderRow, options: { deviceSerial?: string }) => Promise<boolean>;
const deliveryRules: DeliveryRule[] = [];
export function onOrderDelivered(rule: DeliveryRule): void {
  deliveryRules.push(rule);
}

/** An order's row, locked for a change, if the caller may change it (its customer, or an admin). */
export async function lockOrder(tx: Tx, orderId: string, customerId: string | null): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row || (customerId !== null && row.userId !== customerId)) throw orderNotFound();
  return row;
}

/** Gives a paid order's money back to the customer's wallet (the sale is reversed). */
async function refundToWallet(tx: Tx, order: OrderRow, key: string, description: string) {
  await postJournal(tx, {
    idempotencyKey: key,
    kind: 'refund',
    description,
    paymentId: order.paymentId,
    postings: [
      { account: HOUSE_ACCOUNTS.salesRevenue, amount: -order.total },
      { wallet: order.userId, amount: order.total },
    ],
  });
}

export async function orderLineQuantities(tx: Tx, orderId: string) {
  return tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
}

/**
 * Cancels an order that is waiting for payment or paid: its units go back to stock and, if it
 * was paid, its price back to the customer's wallet, in one transaction. By its customer (only
 * their own) or by an admin (audited, with the reason).
 */
export async function cancelOrder(
  deps: OrderDeps,
  input: { orderId: string; customerId: string | null; actorId: string; reason: string | null; admin?: boolean },
): Promise<Order> {
  const row = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, input.customerId);
    if (order.onCredit && order.status !== 'cancelled') {
      // Its price is owed on the loan, not paid: refunding it would hand out money never paid,
      // and putting the unit back on sale would leave the loan running on a unit sold again.
      throw new AppError(
        'order_on_credit',
        'This order delivers a product bought on credit and cannot be cancelled here. Please contact support about the loan.',
        409,
      );
    }
    if (!canMoveOrder(order.status, 'cancelled')) {
      throw new AppError(
        'order_not_cancellable',
        order.status === 'cancelled'
          ? 'This order is already cancelled.'
          : 'This order is already being prepared and can no longer be cancelled. Please contact support.',
        409,
      );
    }
    if (order.status === 'paid') {
      await refundToWallet(tx, order, `order:${order.id}:refund`, `Refund of order ${order.number}`);
    }
    await releaseStock(tx, order.id, await orderLineQuantities(tx, order.id));
    const reason = input.reason?.trim() || (input.admin ? 'Cancelled by EcoGrid' : 'Cancelled by the customer');
    const note = order.status === 'paid' ? `${reason}. ${formatUgx(order.total)} returned to the wallet.` : reason;
    const cancelled = await changeStatus(tx, deps, order, 'cancelled', {
      note,
      actorId: input.actorId,
      set: { cancelReason: reason },
    });
    if (input.admin) {
      await recordAudit(tx, {
        actorId: input.actorId,
        action: 'order.cancel',
        entityType: 'order',
        entityId: order.id,
        reason,
        details: { from: order.status, refunded: order.status === 'paid' ? order.total : 0 },
      });
    }
    return cancelled;
  });
  return orderView(deps.db, row);
}

/** An admin moves an order along: processing, shipped, delivered, completed (audited). */
export async function moveOrder(
  deps: OrderDeps,
  input: {
    orderId: string;
    to: Exclude<OrderStatus, 'pending_payment' | 'paid' | 'cancelled'>;
    actorId: string;
    note: string | null;
    deviceSerial?: string | undefined;
  },
): Promise<Order> {
  const row = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, null);
    if (!canMoveOrder(order.status, input.to)) {
      throw new AppError(
        'order_status_not_allowed',
        `An order that is ${statusWords(order.status)} cannot become ${statusWords(input.to)}.`,
        409,
      );
    }
    const moved = await changeStatus(tx, deps, order, input.to, {
      note: input.note?.trim() || null,
      actorId: input.actorId,
    });
    if (input.to === 'delivered') {
      let took = false;
      for (const rule of deliveryRules)
        took = (await rule(tx, deps, moved, { deviceSerial: input.deviceSerial })) || took;
      if (input.deviceSerial && !took) {
        throw new AppError(
          'device_not_expected',
          'This order was not bought on credit, or its device is already assigned: it takes no device serial number.',
          422,
        );
      }
    }
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'order.status',
      entityType: 'order',
      entityId: order.id,
      reason: input.note?.trim() || null,
      details: {
        from: order.status,
        to: input.to,
        ...(input.deviceSerial ? { deviceSerial: input.deviceSerial } : {}),
      },
    });
    return moved;
  });
  return orderView(deps.db, row);
}

/**
 * What an order payment's settlement does to its order, in the settling transaction. Paid: the
 * waiting order becomes paid. Failed, expired or cancelled: while the order's payment window is
 * open it keeps waiting, its units reserved, for another try (payOrder); after it, the order is
 * cancelled and its units go back to stock. Money that arrives for an order no longer waiting
 * for it (cancelled meanwhile, or paid by another payment) goes to the customer's wallet, so an
 * order is never paid twice.
 */
export async function settleOrderPayment(
  tx: Tx,
  deps: PaymentDeps,
  payment: {
    id: string;
    orderId: string | null;
    status: string;
    amount: number;
    failureReason: string | null;
    method: string;
  },
) {
  if (!payment.orderId) throw new Error(`Order payment ${payment.id} has no order`);
  const order = await lockOrder(tx, payment.orderId, null);
  const waiting = order.status === 'pending_payment' && order.paymentId === payment.id;
  if (payment.status === 'successful') {
    if (waiting) {
      const via = NETWORK_NAMES[payment.method as 'mtn' | 'airtel'] ?? payment.method;
      await changeStatus(tx, deps, order, 'paid', { note: `Paid by ${via}`, set: { paidAt: new Date() } });
      return;
    }
    const when = order.status === 'cancelled' ? 'after it was cancelled' : 'after it was paid by another payment';
    await postJournal(tx, {
      idempotencyKey: `payment:${payment.id}:late-refund`,
      kind: 'refund',
      description: `Refund: payment for order ${order.number} arrived ${when}`,
      paymentId: payment.id,
      postings: [
        { account: HOUSE_ACCOUNTS.salesRevenue, amount: -payment.amount },
        { wallet: order.userId, amount: payment.amount },
      ],
    });
    await noteOnTimeline(
      tx,
      order,
      `A payment of ${formatUgx(payment.amount)} arrived ${when} and was returned to the wallet.`,
    );
    return;
  }
  if (!waiting) return;
  const why =
    payment.status === 'expired'
      ? 'The payment was not approved in time'
      : payment.status === 'failed'
        ? `The payment failed: ${failureMessage(payment.failureReason) ?? 'the network refused it'}`
        : 'The payment was cancelled';
  if (Date.now() < orderPayBy(order.createdAt).getTime()) {
    await noteOnTimeline(tx, order, `${why.replace(/\.$/, '')}. The order waits for another payment.`);
    // The order's page and list refresh at once. No status goes with it: the status is unchanged,
    // so no 'Order Status Update' toast; the payment's own notice says it failed.
    await deps.realtime.publish(tx, order.userId, { type: 'order', data: { id: order.id } });
    return;
  }
  await releaseStock(tx, order.id, await orderLineQuantities(tx, order.id));
  await changeStatus(tx, deps, order, 'cancelled', { note: why, set: { cancelReason: why } });
}

onPaymentSettled('order', {
  lock: async (tx, _deps, payment) => {
    if (payment.orderId) await lockOrder(tx, payment.orderId, null);
  },
  settle: (tx, deps, payment) => settleOrderPayment(tx, deps, payment),
});
