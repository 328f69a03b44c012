import { randomUUID } from 'node:crypto';
import { formatUgx } from '@ecogrid/core';
import { deliveryFee, ORDER_PAYMENT_WINDOW_MINUTES, type Checkout, type Order } from '@ecogrid/core/orders';
import { PAYMENT_LIMITS, type Payment } from '@ecogrid/core/payments';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { orderEvents, orderLines, orders, pickupPoints, type OrderRow } from '#src/db/schema/orders.ts';
import { AppError } from '#src/platform/errors.ts';
import type { Language } from '#src/platform/i18n.ts';
import { keyReused, type IdempotentRequest } from '#src/platform/idempotency.ts';
import { removeCartLines, takeCartLines } from '#src/features/cart/cart.service.ts';
import { tellIfShopLacksStock } from '#src/features/catalog/stock-places.service.ts';
import { reserveStock } from '#src/features/catalog/stock.service.ts';
import {
  payByChoice,
  sendPayment,
  type AmountAdvice,
  type PaymentRow,
  type PaymentWay,
} from '#src/features/payments/payments.service.ts';
import { checkAddress } from '#src/features/places/places.service.ts';
import { noteColumns, orderText } from './order-notes.ts';
import { announcePayOnDelivery, payOnDeliveryCollector } from './pay-on-delivery.ts';
import { changeStatus } from './order-status.ts';
import { orderView } from './order-view.ts';
import type { OrderDeps } from './order-rows.ts';
import { deliveryFeeRule } from './store-settings.ts';

class ReplayFirst extends Error {}

/**
 * Places an order for the cash lines of the caller's cart, in one transaction: the lines are
 * locked and taken out of the cart, their units out of stock (never sold twice), the prices
 * copied onto the order. Paid from the wallet, the payment commits with the order and the order
 * is paid at once (not enough money: nothing is kept, cart and stock as they were). By mobile
 * money, the order waits in pending_payment with its pending payment; the network is asked
 * after the commit, and the payment's settlement pays or cancels the order (settleOrderPayment).
 * Paid on delivery (or at pickup), it waits in pending_payment for the days the agent who brings
 * it has to take the money (see pay-on-delivery.ts).
 * The Idempotency-Key is kept on the order: the same request again returns the same order.
 */
export async function placeOrder(
  deps: OrderDeps,
  input: {
    userId: string;
    checkout: Checkout;
    idempotency: IdempotentRequest;
    reader: Language;
    /** The days an order paid in cash (or on delivery) waits for its money. */
    cashOrderDays: number;
  },
): Promise<{ order: Order; payment: Payment | null; replayed: boolean }> {
  const earlier = await orderByKey(deps.db, input.userId, input.idempotency);
  if (earlier) return { order: await orderView(deps.db, earlier, input.reader), payment: null, replayed: true };
  const { checkout, userId } = input;
  let placed: { order: OrderRow; collection: PaymentRow | null };
  try {
    placed = await deps.db.transaction(async (tx) => {
      const lines = await takeCartLines(tx, userId, 'cash');
      if (lines.length === 0) {
        throw new AppError('cart_empty', 'Your cart has nothing to pay for now: add a product first.', 422);
      }
      const payment: OrderPaymentWay =
        checkout.payment.method === 'on_delivery'
          ? { method: 'on_delivery', days: input.cashOrderDays, collectorId: await payOnDeliveryCollector(tx, userId) }
          : checkout.payment;
      const made = await createOrder(tx, deps, {
        userId,
        lines,
        where: checkout,
        payment,
        idempotency: input.idempotency,
      });
      // The same key committed first by a request racing this one: answer with its order.
      if (!made) throw new ReplayFirst();
      await removeCartLines(
        tx,
        lines.map((l) => l.id),
      );
      return made;
    });
  } catch (error) {
    if (!(error instanceof ReplayFirst)) throw error;
    const first = await orderByKey(deps.db, userId, input.idempotency);
    return { order: await orderView(deps.db, first!, input.reader), payment: null, replayed: true };
  }
  const payment = placed.collection ? await sendPayment(deps, placed.collection) : null;
  return { order: await orderView(deps.db, placed.order, input.reader), payment, replayed: false };
}

/**
 * How an order is paid: from the wallet or by mobile money, in cash to the agent who sold it, or
 * on delivery to the agent who brings it (the order then waits that many days for the money).
 */
export type OrderPaymentWay =
  PaymentWay | { method: 'cash'; days: number } | { method: 'on_delivery'; days: number; collectorId: string | null };

/**
 * An order for these lines, in the caller's transaction: their units out of stock (never sold
 * twice), the prices copied onto the order, and its payment started (see placeOrder). Paid in
 * cash, it waits in pending_payment until the agent records the cash, for the days the way says
 * (then expireUnpaidOrders cancels it, as it does a mobile-money order after its window). An
 * order sold by an agent keeps the agent and their commission rate then. Null when an order with
 * this key exists.
 */
export async function createOrder(
  tx: Tx,
  deps: OrderDeps,
  input: {
    userId: string;
    lines: { productId: string; quantity: number }[];
    where: Pick<Checkout, 'fulfilment' | 'address' | 'pickupPointId'>;
    payment: OrderPaymentWay;
    idempotency: IdempotentRequest;
    soldBy?: { agentId: string; commissionBp: number };
  },
): Promise<{ order: OrderRow; collection: PaymentRow | null } | null> {
  const { userId, lines, payment: way } = input;
  const where = await fulfilmentDetails(tx, input.where);
  const orderId = randomUUID();
  const products = await reserveStock(tx, orderId, lines);
  const subtotal = lines.reduce((sum, l) => sum + products.get(l.productId)!.price * l.quantity, 0);
  const fee = deliveryFee(await deliveryFeeRule(tx), subtotal, input.where.fulfilment);
  const total = subtotal + fee;
  const method = way.method === 'mobile_money' ? way.network : way.method === 'on_delivery' ? 'cash' : way.method;
  const waitDays = way.method === 'cash' || way.method === 'on_delivery' ? way.days : null;
  const [order] = await tx
    .insert(orders)
    .values({
      id: orderId,
      userId,
      fulfilment: input.where.fulfilment,
      ...where,
      subtotal,
      deliveryFee: fee,
      total,
      paymentMethod: method,
      idempotencyKey: input.idempotency.key,
      requestHash: input.idempotency.requestHash,
      soldBy: input.soldBy?.agentId ?? null,
      payOnDelivery: way.method === 'on_delivery',
      collectorId: way.method === 'on_delivery' ? way.collectorId : null,
      commissionBp: input.soldBy?.commissionBp ?? null,
      // From the transaction's now(), as created_at is.
      payBy: sql`now() + ${waitDays !== null ? sql`make_interval(days => ${waitDays})` : sql`make_interval(mins => ${ORDER_PAYMENT_WINDOW_MINUTES})`}`,
    })
    .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
    .returning();
  if (!order) return null;
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
  if ('pickupPointId' in where && where.pickupPointId) {
    // Ordering to a shop that lacks the units is allowed: staff are told to transfer them (decision 024).
    await tellIfShopLacksStock(
      tx,
      deps,
      { id: orderId, number: order.number, pickupPointId: where.pickupPointId },
      lines,
    );
  }
  await tx.insert(orderEvents).values({
    orderId,
    status: 'pending_payment',
    ...noteColumns(orderText(placedNote(input.soldBy !== undefined, way.method === 'on_delivery', input.where))),
    actorId: input.soldBy?.agentId ?? userId,
  });
  if (way.method === 'cash') return { order, collection: null };
  if (way.method === 'on_delivery') {
    await announcePayOnDelivery(tx, deps, order);
    return { order, collection: null };
  }
  const { payment, collection } = await payByChoice(tx, deps, {
    way,
    userId,
    amount: total,
    purpose: 'order',
    description: `Order ${order.number}`,
    idempotency: { key: `order:${orderId}` },
    orderId,
    advice: orderAmountAdvice,
  });
  if (!collection) {
    const paid = await changeStatus(tx, deps, order, 'paid', {
      note: orderText('timeline.paidFromWallet'),
      set: { paymentId: payment.id, paidAt: new Date() },
    });
    return { order: paid, collection: null };
  }
  const [waiting] = await tx.update(orders).set({ paymentId: collection.id }).where(eq(orders.id, orderId)).returning();
  return { order: waiting!, collection };
}

/** The order a user placed with this key, or null; the key with another request is refused. */
export async function orderByKey(
  db: Database,
  userId: string,
  idempotency: IdempotentRequest,
): Promise<OrderRow | null> {
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

/** Mobile money's limits, worded for an order: fewer items at a time make a smaller payment. */
export const orderAmountAdvice: AmountAdvice = (problem) =>
  problem === 'amount_too_large'
    ? `Mobile money takes at most ${formatUgx(PAYMENT_LIMITS.max)} in one payment. Pay from your wallet, or order fewer items at a time.`
    : `Mobile money takes at least ${formatUgx(PAYMENT_LIMITS.min)}. Pay from your wallet.`;

/** The timeline's first note: placed by the customer or an agent, or to be paid on delivery or at pickup. */
function placedNote(byAgent: boolean, onDelivery: boolean, where: Pick<Checkout, 'fulfilment'>) {
  if (onDelivery) return where.fulfilment === 'pickup' ? 'timeline.placedPayAtPickup' : 'timeline.placedPayOnDelivery';
  return byAgent ? 'timeline.placedByAgent' : 'timeline.placed';
}
