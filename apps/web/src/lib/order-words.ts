import type { Order } from '@ecogrid/core/orders';

/**
 * The words over an order's address and payment method follow where the order is: "Delivered
 * to" only once it is delivered, "Paid with" only for a payment that went through. Shared by the
 * customer's order page and the admin's.
 */
export function deliverToKey(status: Order['status']): string {
  if (status === 'delivered' || status === 'completed') return 'orders.deliverTo';
  return status === 'cancelled' ? 'orders.deliverToCancelled' : 'orders.deliverToPending';
}

export function paidWithKey(order: Pick<Order, 'status' | 'paymentStatus'>): string {
  const status = order.paymentStatus;
  if (status === 'successful') return 'orders.method';
  if (status === 'pending' || (status === null && order.status === 'pending_payment')) return 'orders.methodPending';
  if (status === 'failed' || status === 'expired' || status === 'cancelled') return 'orders.methodFailed';
  return 'orders.method';
}
