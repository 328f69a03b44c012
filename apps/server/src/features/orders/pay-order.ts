import { formatUgx } from '@ecogrid/core';
import { ORDER_PAYMENT_WINDOW_MINUTES, type Order, type OrderPayment } from '@ecogrid/core/orders';
import type { Payment } from '@ecogrid/core/payments';
import { and, eq, lt, sql } from 'drizzle-orm';
import { orders, type OrderRow } from '#src/db/schema/orders.ts';
import { AppError } from '#src/platform/errors.ts';
import type { CatalogueText, Language } from '#src/platform/i18n.ts';
import type { IdempotentRequest } from '#src/platform/idempotency.ts';
import { releaseStock } from '#src/features/catalog/stock.service.ts';
import { payByChoice, paymentRow, sendPayment, toPayment } from '#src/features/payments/payments.service.ts';
import { cancelColumns, methodValue, orderText } from './order-notes.ts';
import { changeStatus, noteOnTimeline } from './order-status.ts';
import { orderView } from './order-view.ts';
import { lockOrder, orderLineQuantities, type OrderDeps } from './order-rows.ts';
import { orderAmountAdvice } from './place-order.ts';

/**
 * Another try at paying an order that still waits for payment (its last mobile-money payment
 * failed or expired): from the wallet, paid at once, or by mobile money from any number on either
 * network. One payment at a time: while one is pending, another is refused, so the order cannot
 * be paid twice (and if two ever did succeed, the second goes to the wallet: settleOrderPayment).
 * The order row is locked first, as its settlement does. Same key again: the same payment.
 */
export async function payOrder(
  deps: OrderDeps,
  input: {
    userId: string;
    orderId: string;
    payment: OrderPayment;
    idempotency: IdempotentRequest;
    reader: Language;
  },
): Promise<{ order: Order; payment: Payment }> {
  const key = `order:${input.orderId}:pay:${input.idempotency.key}`;
  const done = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, input.userId);
    const current = order.paymentId ? await paymentRow(tx, order.paymentId) : null;
    // A repeat of the request that made the order's current payment (its answer was lost).
    if (current && current.idempotencyKey === key) return { payment: toPayment(current), collection: null };
    if (order.status !== 'pending_payment') {
      throw new AppError(
        'order_not_payable',
        order.status === 'cancelled'
          ? 'This order is cancelled, so it takes no payment. Add the items to your cart again to order them.'
          : 'This order is paid already.',
        409,
      );
    }
    if (current?.status === 'pending') {
      throw new AppError(
        'payment_pending',
        'A payment for this order is still waiting for approval on the phone. Approve it, or wait until it fails or expires before trying again.',
        409,
      );
    }
    if (order.payBy && Date.now() >= order.payBy.getTime()) {
      throw new AppError(
        'order_payment_window_closed',
        `${waitWords(order).rule}, and this one has waited too long. It is being cancelled; order the items again.`,
        422,
      );
    }
    const way = input.payment;
    const paid = await payByChoice(tx, deps, {
      way,
      userId: order.userId,
      amount: order.total,
      purpose: 'order',
      description: `Order ${order.number}`,
      idempotency: { key, requestHash: input.idempotency.requestHash },
      orderId: order.id,
      advice: orderAmountAdvice,
    });
    if (way.method === 'wallet') {
      await changeStatus(tx, deps, order, 'paid', {
        note: orderText('timeline.paidFromWallet'),
        set: { paymentId: paid.payment.id, paymentMethod: 'wallet', paidAt: new Date() },
      });
      return { payment: paid.payment, collection: null };
    }
    const collection = paid.collection!;
    await tx
      .update(orders)
      .set({ paymentId: collection.id, paymentMethod: way.method, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    await noteOnTimeline(
      tx,
      order,
      orderText('timeline.tryingAgain', {
        amount: formatUgx(order.total),
        method: methodValue(way.method),
        phone: collection.phone ?? '',
      }),
      input.userId,
    );
    return { payment: paid.payment, collection };
  });
  const payment = done.collection ? await sendPayment(deps, done.collection) : done.payment;
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, input.orderId));
  return { order: await orderView(deps.db, row!, input.reader), payment };
}

/** How long an order waits for its payment, in words: a sale paid in cash to an agent its days, any other its minutes. */
function waitWords(order: OrderRow): { rule: string; missed: CatalogueText } {
  // Waiting days (a sale paid in cash, an order paid on delivery), whatever way its money was
  // last tried (an agent's mobile-money prompt on the spot, say).
  const days = order.payBy ? Math.round((order.payBy.getTime() - new Date(order.createdAt).getTime()) / 86_400_000) : 0;
  if (days >= 1) {
    const span = `${days} day${days === 1 ? '' : 's'}`;
    return {
      rule: `An order paid in cash to an agent waits ${span} for the cash`,
      missed: orderText('cancel.noCash', { count: days }),
    };
  }
  return {
    rule: `An order waits ${ORDER_PAYMENT_WINDOW_MINUTES} minutes for its payment`,
    missed: orderText('cancel.noPayment', { count: ORDER_PAYMENT_WINDOW_MINUTES }),
  };
}

/**
 * Cancels the orders whose payment window is over (`pay_by`: 30 minutes, or the days a sale paid
 * in cash to an agent waits for the cash) with no payment pending (the last one failed or
 * expired, and no other was tried), their units back on sale; the customer and the agent are
 * told (changeStatus). An order whose payment is still pending is left to that payment's
 * settlement or expiry, which cancels it then. Run every minute.
 */
export async function expireUnpaidOrders(deps: OrderDeps, options: { limit?: number } = {}): Promise<number> {
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lt(orders.payBy, sql`now()`)))
    .orderBy(orders.payBy)
    .limit(options.limit ?? 200);
  let cancelled = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, id, null);
      if (order.status !== 'pending_payment') return false;
      const payment = order.paymentId ? await paymentRow(tx, order.paymentId) : null;
      if (payment?.status === 'pending') return false;
      await releaseStock(tx, order.id, await orderLineQuantities(tx, order.id));
      const why = waitWords(order).missed;
      await changeStatus(tx, deps, order, 'cancelled', { note: why, set: cancelColumns(why) });
      return true;
    });
    if (done) cancelled++;
  }
  return cancelled;
}
