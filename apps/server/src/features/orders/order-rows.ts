import { eq } from 'drizzle-orm';
import type { Tx } from '#src/db/client.ts';
import { orderLines, orders, type OrderRow } from '#src/db/schema/orders.ts';
import { notFound } from '#src/platform/errors.ts';
import type { PaymentDeps } from '#src/features/payments/payments.service.ts';

export type OrderDeps = PaymentDeps;

const orderNotFound = () => notFound('Order not found.');

/** An order's row, locked for a change, if the caller may change it (its customer, or an admin). */
export async function lockOrder(tx: Tx, orderId: string, customerId: string | null): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row || (customerId !== null && row.userId !== customerId)) throw orderNotFound();
  return row;
}

export async function orderLineQuantities(tx: Tx, orderId: string) {
  return tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
}
