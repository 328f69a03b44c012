import { formatUgx } from '@ecogrid/core';
import type { Tx } from '#src/db/client.ts';
import { releaseStock } from '#src/features/catalog/stock.service.ts';
import type { PaymentDeps } from '#src/features/payments/payments.service.ts';
import { HOUSE_ACCOUNTS } from '#src/features/wallet/ledger.service.ts';
import { refundToWallet } from '#src/features/wallet/refund.service.ts';
import { cancelColumns, methodValue, noteValue, orderText, paymentMissedReason } from './order-notes.ts';
import { changeStatus, noteOnTimeline } from './order-status.ts';
import { lockOrder, orderLineQuantities } from './order-rows.ts';

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
      const note = orderText('timeline.paidBy', { method: methodValue(payment.method) });
      await changeStatus(tx, deps, order, 'paid', { note, set: { paidAt: new Date() } });
      return;
    }
    const when = order.status === 'cancelled' ? 'after it was cancelled' : 'after it was paid by another payment';
    await refundToWallet(tx, {
      idempotencyKey: `payment:${payment.id}:late-refund`,
      description: `Refund: payment for order ${order.number} arrived ${when}`,
      paymentId: payment.id,
      from: HOUSE_ACCOUNTS.salesRevenue,
      userId: order.userId,
      amount: payment.amount,
    });
    const late = order.status === 'cancelled' ? 'timeline.lateAfterCancelled' : 'timeline.lateAfterPaid';
    await noteOnTimeline(tx, order, orderText(late, { amount: formatUgx(payment.amount) }));
    return;
  }
  if (!waiting) return;
  const why = paymentMissedReason(payment.status, payment.failureReason);
  if (order.payBy && Date.now() < order.payBy.getTime()) {
    await noteOnTimeline(tx, order, orderText('timeline.waitsAgain', { reason: noteValue(why) }));
    // The order's page and list refresh at once. No status goes with it: the status is unchanged,
    // so no 'Order Status Update' toast; the payment's own notice says it failed.
    await deps.realtime.publish(tx, order.userId, { type: 'order', data: { id: order.id } });
    return;
  }
  await releaseStock(tx, order.id, await orderLineQuantities(tx, order.id));
  await changeStatus(tx, deps, order, 'cancelled', { note: why, set: cancelColumns(why) });
}
