import type { OrderStatus } from '@ecogrid/core/orders';
import { eq } from 'drizzle-orm';
import type { Tx } from '#src/db/client.ts';
import { orderEvents, orders, pickupPoints, type OrderRow } from '#src/db/schema/orders.ts';
import { customerAgentId } from '#src/features/agents/agents.service.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import {
  sendNotifications,
  type NewNotification,
  type NotifierDeps,
} from '#src/features/notifications/notifications.service.ts';
import { noteColumns, type OrderNote } from './order-notes.ts';
import { orderNews } from './order-news.ts';
import { orderStatusChanged } from './order-status-rules.ts';

/** A status in words, for messages about a move that is not allowed: 'pending_payment' → 'pending payment'. */
export const statusWords = (status: OrderStatus) => status.replace(/_/g, ' ');

/**
 * Moves an order to a status in the caller's transaction: the row, its timeline, the realtime
 * 'order' event ('Order Status Update' toast) and the `order_update` notification (to the
 * customer and the agent who serves them) commit with the change that caused them. The
 * customer gets an SMS only for what they act on (ready for pickup, out for delivery,
 * delivered); the agent's copy stays in their inbox.
 */
export async function changeStatus(
  tx: Tx,
  deps: NotifierDeps,
  order: OrderRow,
  status: OrderStatus,
  options: { note?: OrderNote | null; actorId?: string | null; set?: Partial<OrderRow>; quiet?: boolean } = {},
): Promise<OrderRow> {
  const now = new Date();
  const [row] = await tx
    .update(orders)
    .set({ ...options.set, status, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  await tx.insert(orderEvents).values({
    orderId: order.id,
    status,
    ...noteColumns(options.note),
    actorId: options.actorId ?? null,
  });
  // A step passed on the way to another in the same act (a handover: processing and shipped on
  // the way to delivered) goes on the timeline, and nobody is told of it.
  if (options.quiet) {
    await orderStatusChanged(tx, deps, order, row!);
    return row!;
  }
  const pickupPoint =
    order.fulfilment === 'pickup' && order.pickupPointId
      ? (
          await tx
            .select({ name: pickupPoints.name })
            .from(pickupPoints)
            .where(eq(pickupPoints.id, order.pickupPointId))
        )[0]?.name
      : null;
  const news = orderNews(
    { number: order.number, fulfilment: order.fulfilment, was: order.status, pickupPoint },
    status,
  );
  const data = { orderId: order.number, id: order.id, status };
  await deps.realtime.publish(tx, order.userId, { type: 'order', data });
  const notices: NewNotification[] = [
    {
      userId: order.userId,
      type: 'order_update',
      text: news.text('customer'),
      // withEvent: the 'order' event above carries this change's toast; the notice only fills the inbox.
      data: { ...data, withEvent: 'order' },
      sms: news.sms,
    },
  ];
  // The agent who serves the customer hears of it too (DESIGN: Orders), and the agent who sold
  // the order if another (a sale paid in cash waits for them), and the agent who brings an order
  // paid on delivery, in the inbox only.
  const agentIds = new Set(
    [await customerAgentId(tx, order.userId), order.soldBy, order.collectorId].filter((id) => id !== null),
  );
  if (agentIds.size > 0) {
    const customer = (await userSummaries(tx, [order.userId])).get(order.userId);
    for (const agentId of agentIds) {
      notices.push({
        userId: agentId,
        type: 'order_update',
        text: news.text({ customer: customer?.name }),
        data: { ...data, customerId: order.userId },
      });
    }
  }
  await sendNotifications(tx, deps, notices);
  await orderStatusChanged(tx, deps, order, row!);
  return row!;
}

/** A note on the timeline without a change of status (a late payment refunded, for one). */
export async function noteOnTimeline(tx: Tx, order: OrderRow, note: OrderNote, actorId: string | null = null) {
  await tx.insert(orderEvents).values({ orderId: order.id, status: order.status, ...noteColumns(note), actorId });
}
