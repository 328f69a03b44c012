import { formatUgx } from '@ecogrid/core';
import { PAY_ON_DELIVERY_MAX_TOTAL } from '@ecogrid/core/orders';
import type { CheckoutOptions } from '@ecogrid/core/orders.responses';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { orders, type OrderRow } from '#src/db/schema/orders.ts';
import { AppError } from '#src/platform/errors.ts';
import type { Language } from '#src/platform/i18n.ts';
import { hasRole } from '#src/features/auth/roles.service.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { customerAgentIds } from '#src/features/agents/agents.service.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { sendNotifications, type NotifierDeps } from '#src/features/notifications/notifications.service.ts';
import { tellAdmins } from '#src/features/notifications/staff-notices.service.ts';
import { lockOrder, type OrderDeps } from './order-rows.ts';
import { orderView } from './order-view.ts';

/** The customer's order already waiting to be paid on delivery, if any (one at a time). */
async function waitingOrder(db: Database | Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ number: orders.number })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.payOnDelivery, true), eq(orders.status, 'pending_payment')))
    .limit(1);
  return row?.number ?? null;
}

/** What checkout tells a customer of paying on delivery or at pickup. */
export async function payOnDeliveryOffer(
  db: Database,
  userId: string,
  days: number,
): Promise<CheckoutOptions['payOnDelivery']> {
  const [agentId, waiting] = await Promise.all([agentOf(db, userId), waitingOrder(db, userId)]);
  const agent = agentId ? (await userSummaries(db, [agentId])).get(agentId) : undefined;
  return {
    maxTotal: PAY_ON_DELIVERY_MAX_TOTAL,
    days,
    agent: agent ? { name: agent.name, phone: agent.phone } : null,
    waitingOrder: waiting,
  };
}

/**
 * Before an order paid on delivery is made, in its transaction: one such order waits at a time
 * (units held for no money are held for one order only). Answers who brings it: the customer's
 * own agent, or nobody yet (an admin names one).
 */
export async function payOnDeliveryCollector(tx: Tx, userId: string): Promise<string | null> {
  const waiting = await waitingOrder(tx, userId);
  if (waiting) {
    throw new AppError(
      'pay_on_delivery_waiting',
      `Order ${waiting} is still waiting to be paid on delivery. Pay for it, or cancel it, before ordering another this way.`,
      409,
    );
  }
  return agentOf(tx, userId);
}

/** The customer's own agent, while still an approved agent. */
async function agentOf(db: Database | Tx, userId: string): Promise<string | null> {
  return (await customerAgentIds(db, [userId])).get(userId) ?? null;
}

/**
 * After an order paid on delivery is made, in its transaction: refused above the most such an
 * order may come to; then the agent who brings it is told what to bring and take, or, with
 * nobody to bring it, the admins are asked to name an agent.
 */
export async function announcePayOnDelivery(tx: Tx, deps: NotifierDeps, order: OrderRow): Promise<void> {
  if (order.total > PAY_ON_DELIVERY_MAX_TOTAL) {
    throw new AppError(
      'pay_on_delivery_too_large',
      `Paying on delivery is for orders up to ${formatUgx(PAY_ON_DELIVERY_MAX_TOTAL)}; this one comes to ${formatUgx(order.total)}. Pay from your wallet or by mobile money, or order fewer items.`,
      422,
    );
  }
  if (order.collectorId) {
    await tellCollector(tx, deps, order, order.collectorId);
    return;
  }
  await tellAdmins(tx, deps, {
    type: 'order_update',
    text: { key: 'notifications:order.needsCollector', values: { number: order.number } },
    data: { orderId: order.number, id: order.id },
  });
}

/** The agent who brings an order paid on delivery hears what to bring, to whom, and what to take. */
export async function tellCollector(tx: Tx, deps: NotifierDeps, order: OrderRow, agentId: string): Promise<void> {
  const customer = (await userSummaries(tx, [order.userId])).get(order.userId);
  await sendNotifications(tx, deps, [
    {
      userId: agentId,
      type: 'order_update',
      text: {
        key: `notifications:order.toCollect.${order.fulfilment}`,
        values: { number: order.number, customer: customer?.name ?? '', amount: formatUgx(order.total) },
      },
      // Opens the agent's deliveries, not the order (which is the customer's to open).
      data: { orderId: order.number, id: order.id, forCollector: true },
      sms: true,
    },
  ]);
}

/**
 * PUT /api/admin/orders/{id}/collector: an admin names the agent who brings an order paid on
 * delivery (or meets the customer at the pickup point) and takes its money: for a customer with
 * no agent, or to hand it to another. Only while it waits for its money. The agent is told what to
 * bring and take; the customer, who brings it and their phone (a delivery's courier is the
 * agent from now). Audited as `order.collector`.
 */
export async function setCollector(
  deps: OrderDeps,
  input: { orderId: string; agentId: string; actorId: string; reader: Language },
) {
  if (!(await hasRole(deps.db, input.agentId, 'agent'))) {
    throw new AppError('validation_failed', 'Choose an approved agent to bring the order.', 422);
  }
  const agent = (await userSummaries(deps.db, [input.agentId])).get(input.agentId)!;
  const row = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, null);
    if (!order.payOnDelivery) {
      throw new AppError('order_not_pay_on_delivery', `Order ${order.number} is not paid on delivery.`, 409);
    }
    if (order.status !== 'pending_payment') {
      throw new AppError(
        'order_status_not_allowed',
        order.status === 'cancelled'
          ? `Order ${order.number} is cancelled: nobody brings it now.`
          : `Order ${order.number} is paid already: the agent who took the money hands it over.`,
        409,
      );
    }
    const courier = order.fulfilment === 'delivery' && agent.phone;
    const [updated] = await tx
      .update(orders)
      .set({
        collectorId: input.agentId,
        ...(courier ? { courierName: agent.name, courierPhone: agent.phone } : {}),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id))
      .returning();
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'order.collector',
      entityType: 'order',
      entityId: order.id,
      details: { from: order.collectorId, to: input.agentId },
    });
    await tellCollector(tx, deps, updated!, input.agentId);
    await sendNotifications(tx, deps, [
      {
        userId: order.userId,
        type: 'order_update',
        text: {
          key: 'notifications:order.collectorNamed',
          values: {
            agent: agent.name,
            number: order.number,
            phone: agent.phone ?? '',
            amount: formatUgx(order.total),
          },
        },
        data: { orderId: order.number, id: order.id },
        sms: true,
      },
    ]);
    return updated!;
  });
  return orderView(deps.db, row, input.reader);
}

/** Whether the agent brings this customer's order paid on delivery (and so may take its money). */
export async function bringsOrder(db: Database | Tx, agentId: string, orderId: string, customerId: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.userId, customerId),
        eq(orders.payOnDelivery, true),
        eq(orders.collectorId, agentId),
      ),
    );
  return Boolean(row);
}
