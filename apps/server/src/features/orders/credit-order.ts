import type { TaxClass } from '@ecogrid/core/orders';
import type { Tx } from '#src/db/client.ts';
import { tellIfShopLacksStock } from '#src/features/catalog/stock-places.service.ts';
import { orderEvents, orderLines, orders, type OrderRow } from '#src/db/schema/orders.ts';
import { noteColumns, orderText } from './order-notes.ts';
import { changeStatus } from './order-status.ts';
import type { OrderDeps } from './order-rows.ts';

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
    paymentMethod: 'wallet' | 'mtn' | 'airtel' | 'cash';
    paymentId: string | null;
    loanNumber: string;
    soldBy?: { agentId: string; commissionBp: number | null } | null;
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
      soldBy: input.soldBy?.agentId ?? null,
      commissionBp: input.soldBy?.commissionBp ?? null,
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
  if (order!.fulfilment === 'pickup' && order!.pickupPointId) {
    // As for an order paid in cash: staff move the unit to a shop that lacks it (decision 024).
    const line = [{ productId: input.product.id, quantity: 1 }];
    await tellIfShopLacksStock(
      tx,
      deps,
      { id: order!.id, number: order!.number, pickupPointId: order!.pickupPointId },
      line,
    );
  }
  await tx.insert(orderEvents).values({
    orderId: input.orderId,
    status: 'pending_payment',
    ...noteColumns(orderText('timeline.onCredit', { loan: input.loanNumber })),
  });
  return changeStatus(tx, deps, order!, 'paid', {
    note: orderText('timeline.depositPaid', { loan: input.loanNumber }),
    set: { paidAt: new Date() },
  });
}
