import { formatUgx, type MobileNetwork } from '@ecogrid/core';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { orders } from '#src/db/schema/orders.ts';
import { AppError } from '#src/platform/errors.ts';
import { paymentRow } from '#src/features/payments/payments.service.ts';
import { lockOrder } from './order-rows.ts';

/**
 * Gets a customer's order ready to take money already collected (cash an agent took, or a
 * paybill payment), in the caller's transaction, before the payment is settled (its settlement
 * marks the order paid: orders.rules). The order must be waiting for payment with none pending
 * on the phone, and the money must be its total. It may be recorded hours after it was taken,
 * so the order's payment window does not apply: the money is in hand.
 */
export async function takeCashForOrder(
  tx: Tx,
  input: {
    orderId: string;
    customerId: string | null;
    amount: number;
    paymentId: string;
    method?: 'cash' | MobileNetwork;
  },
): Promise<{ number: string; userId: string }> {
  const order = await lockOrder(tx, input.orderId, input.customerId);
  if (order.status !== 'pending_payment') {
    throw new AppError(
      'order_not_payable',
      order.status === 'cancelled'
        ? `Order ${order.number} is cancelled, so it takes no payment.`
        : `Order ${order.number} is paid already.`,
      409,
    );
  }
  const current = order.paymentId ? await paymentRow(tx, order.paymentId) : null;
  if (current?.status === 'pending') {
    throw new AppError(
      'payment_pending',
      `A payment for order ${order.number} is waiting for approval on the customer's phone. Wait for it to go through or expire.`,
      409,
    );
  }
  if (input.amount !== order.total) {
    throw new AppError(
      'amount_mismatch',
      `Order ${order.number} comes to ${formatUgx(order.total)}: collect exactly that.`,
      422,
    );
  }
  await tx
    .update(orders)
    .set({ paymentId: input.paymentId, paymentMethod: input.method ?? 'cash', updatedAt: new Date() })
    .where(eq(orders.id, order.id));
  return { number: order.number, userId: order.userId };
}

/** The order a paybill payment names (ORD-100001, as typed with or without the dash), if any. */
export async function orderIdByNumber(db: Database | Tx, account: string): Promise<string | null> {
  const match = /^ORD-?(\d{1,12})$/i.exec(account.replace(/\s+/g, ''));
  if (!match) return null;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.number, `ORD-${match[1]}`));
  return row?.id ?? null;
}

/** Orders' numbers by id, for lists of payments that name them. */
export async function orderNumbersOf(db: Database | Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, ids));
  return new Map(rows.map((r) => [r.id, r.number]));
}
