import { formatUgx, guessNetwork } from '@ecogrid/core';
import { ugandanMobile } from '@ecogrid/core/payments';
import type { AgentDeliveryPage, AgentDeliveryQuery, DeliveryPrompt } from '@ecogrid/core/deliveries';
import type { Order } from '@ecogrid/core/orders';
import type { Payment } from '@ecogrid/core/payments';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { orders, pickupPoints } from '#src/db/schema/orders.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import type { Language } from '#src/platform/i18n.ts';
import type { IdempotentRequest } from '#src/platform/idempotency.ts';
import { requireAgent } from '#src/features/agents/agents.service.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { customerCards, userSummaries } from '#src/features/auth/profile.service.ts';
import { moveLockedOrder } from './change-order.ts';
import { orderText } from './order-notes.ts';
import { lockOrder, type OrderDeps } from './order-rows.ts';
import { pageOfOrders, orderView, findOrder } from './order-view.ts';
import { payOrder } from './pay-order.ts';

const OPEN = ['pending_payment', 'paid', 'processing', 'shipped'] as const;
const DONE = ['delivered', 'completed'] as const;

/**
 * GET /api/agent/deliveries: the orders paid on delivery the agent brings, newest first: those
 * still to bring (waiting for money or paid, not yet handed over), or those handed over.
 */
export async function agentDeliveryPage(
  db: Database,
  agentId: string,
  query: AgentDeliveryQuery,
): Promise<AgentDeliveryPage> {
  await requireAgent(db, agentId);
  const statuses = query.show === 'done' ? DONE : OPEN;
  const page = await pageOfOrders(
    db,
    and(eq(orders.collectorId, agentId), eq(orders.payOnDelivery, true), inArray(orders.status, [...statuses])),
    { limit: query.limit, cursor: query.cursor },
  );
  const ids = page.items.map((o) => o.id);
  const [rows, cards] = await Promise.all([
    ids.length
      ? db
          .select({
            id: orders.id,
            fulfilment: orders.fulfilment,
            village: orders.village,
            subCounty: orders.subCounty,
            district: orders.district,
            directions: orders.directions,
            point: pickupPoints.name,
            pointAddress: pickupPoints.address,
            expectedOn: orders.expectedOn,
            payBy: orders.payBy,
          })
          .from(orders)
          .leftJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
          .where(inArray(orders.id, ids))
      : [],
    customerCards(
      db,
      page.items.map((o) => o.userId),
    ),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    items: page.items.map(({ userId, ...order }) => {
      const row = byId.get(order.id)!;
      const card = cards.get(userId);
      const waiting = order.status === 'pending_payment';
      return {
        ...order,
        customer: { id: userId, name: card?.name ?? '', phone: card?.phone ?? null, village: card?.village ?? null },
        fulfilment: row.fulfilment,
        place:
          row.fulfilment === 'pickup'
            ? `${row.point ?? ''}, ${row.pointAddress ?? ''}`
            : [row.village, row.subCounty, row.district].join(', ') + (row.directions ? ` (${row.directions})` : ''),
        expectedOn: row.expectedOn,
        paid: !waiting,
        payBy: waiting ? (row.payBy?.toISOString() ?? null) : null,
      };
    }),
    nextCursor: page.nextCursor,
  };
}

/** An order paid on delivery that this agent brings, locked; 404 for anybody else's. */
async function lockDelivery(tx: Parameters<typeof lockOrder>[0], orderId: string, agentId: string) {
  const order = await lockOrder(tx, orderId, null);
  if (!order.payOnDelivery || order.collectorId !== agentId) throw notFound('Order not found.');
  return order;
}

/**
 * POST /api/agent/deliveries/{id}/handover: the agent gives the customer the goods, once the money
 * is in. The order moves from paid through processing and shipped to delivered in one
 * transaction (the steps on the way tell nobody; delivered tells the customer), audited as
 * `order.handover`. Again after it is delivered: 409.
 */
export async function handOverDelivery(
  deps: OrderDeps,
  input: { orderId: string; agentId: string; reader: Language },
): Promise<Order> {
  await requireAgent(deps.db, input.agentId);
  const agent = (await userSummaries(deps.db, [input.agentId])).get(input.agentId);
  const row = await deps.db.transaction(async (tx) => {
    let order = await lockDelivery(tx, input.orderId, input.agentId);
    if (order.status === 'pending_payment') {
      throw new AppError(
        'delivery_not_paid',
        `Take the money first: order ${order.number} comes to ${formatUgx(order.total)}, in cash or by mobile money.`,
        409,
      );
    }
    if (order.status !== 'paid' && order.status !== 'processing' && order.status !== 'shipped') {
      throw new AppError(
        'order_status_not_allowed',
        order.status === 'cancelled'
          ? `Order ${order.number} is cancelled: do not hand it over.`
          : `Order ${order.number} is handed over already.`,
        409,
      );
    }
    const from = order.status;
    const steps = (['processing', 'shipped', 'delivered'] as const).slice(
      from === 'paid' ? 0 : from === 'processing' ? 1 : 2,
    );
    for (const to of steps) {
      order = await moveLockedOrder(tx, deps, order, {
        to,
        actorId: input.agentId,
        note: to === 'delivered' ? orderText('timeline.handedOver', { agent: agent?.name ?? '' }) : null,
        quiet: to !== 'delivered',
      });
    }
    await recordAudit(tx, {
      actorId: input.agentId,
      action: 'order.handover',
      entityType: 'order',
      entityId: order.id,
      details: { from, to: 'delivered' },
    });
    return order;
  });
  return orderView(deps.db, row, input.reader);
}

/**
 * POST /api/agent/deliveries/{id}/payment-prompt: on the spot, the agent asks the customer's phone
 * to approve the order's payment (to the customer's own number unless another is given); the
 * order is paid when the network says so, as when the customer pays it in the app.
 */
export async function promptDeliveryPayment(
  deps: OrderDeps,
  input: {
    orderId: string;
    agentId: string;
    prompt: DeliveryPrompt;
    idempotency: IdempotentRequest;
    reader: Language;
  },
): Promise<{ order: Order; payment: Payment }> {
  await requireAgent(deps.db, input.agentId);
  const order = await findOrder(deps.db, input.orderId, null);
  if (!order.payOnDelivery || order.collectorId !== input.agentId) throw notFound('Order not found.');
  const typed = input.prompt.phone ? ugandanMobile(input.prompt.phone) : null;
  const phone = typed ?? (await userSummaries(deps.db, [order.userId])).get(order.userId)?.phone ?? null;
  if (!phone) {
    throw new AppError(
      'customer_no_phone',
      'The customer has no phone number on record: type the number to prompt.',
      422,
    );
  }
  const network = input.prompt.network ?? guessNetwork(phone);
  if (!network) {
    throw new AppError('validation_failed', 'Say which network the number is on: mtn or airtel.', 422);
  }
  return payOrder(deps, {
    userId: order.userId,
    orderId: order.id,
    payment: { method: network, phone },
    idempotency: { ...input.idempotency, key: `agent:${input.agentId}:${input.idempotency.key}` },
    reader: input.reader,
  });
}
