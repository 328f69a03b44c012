import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { DELIVERY_PLAN_MAX_DAYS, DELIVERY_PLAN_STATUSES, type DeliveryPlan } from '@ecogrid/core/orders';
import { ugandanMobile } from '@ecogrid/core/payments';
import { eq } from 'drizzle-orm';
import { orders } from '#src/db/schema/orders.ts';
import { AppError } from '#src/platform/errors.ts';
import type { Language } from '#src/platform/i18n.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { sendNotification } from '#src/features/notifications/notifications.service.ts';
import { lockOrder, type OrderDeps } from './order-rows.ts';
import { statusWords } from './order-status.ts';
import { orderView } from './order-view.ts';

/** The catalogue key of the customer's notice: when it arrives (or is ready), and who brings it. */
function planKey(fulfilment: 'delivery' | 'pickup', courier: boolean) {
  if (fulfilment === 'pickup') return 'notifications:order.readyOn';
  return courier ? 'notifications:order.expectedWithCourier' : 'notifications:order.expectedOn';
}

/**
 * Sets (or changes) when an order should reach the customer, or be ready at the pickup point,
 * and, for a delivery, who brings it; the customer is told by inbox and SMS, since they must be
 * there to meet the rider. Only while the order is paid (or, paid on delivery, waits for its
 * money) and not yet delivered; the day is from
 * today (Kampala) to 60 days ahead. Audited as `order.delivery_plan`.
 */
export async function setDeliveryPlan(
  deps: OrderDeps,
  input: { orderId: string; actorId: string; plan: DeliveryPlan; reader: Language },
) {
  const { plan } = input;
  const today = kampalaDate(new Date());
  if (plan.expectedOn < today || plan.expectedOn > addDays(today, DELIVERY_PLAN_MAX_DAYS)) {
    throw new AppError(
      'validation_failed',
      `The day must be from today (${today}) to ${DELIVERY_PLAN_MAX_DAYS} days ahead.`,
      422,
    );
  }
  const courierPhone = plan.courier ? ugandanMobile(plan.courier.phone) : null;
  const row = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, null);
    // An order paid on delivery is planned while it waits: its money comes with the handover.
    const waitsForHandover = order.payOnDelivery && order.status === 'pending_payment';
    if (!DELIVERY_PLAN_STATUSES.includes(order.status) && !waitsForHandover) {
      throw new AppError(
        'order_status_not_allowed',
        `An order that is ${statusWords(order.status)} takes no delivery day: only a paid order not yet delivered.`,
        409,
      );
    }
    if (order.fulfilment === 'pickup' && plan.courier) {
      throw new AppError('validation_failed', 'An order collected at a pickup point has nobody bringing it.', 422);
    }
    const [updated] = await tx
      .update(orders)
      .set({
        expectedOn: plan.expectedOn,
        courierName: plan.courier?.name ?? null,
        courierPhone,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id))
      .returning();
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'order.delivery_plan',
      entityType: 'order',
      entityId: order.id,
      reason: null,
      details: {
        from: { expectedOn: order.expectedOn, courierName: order.courierName, courierPhone: order.courierPhone },
        to: { expectedOn: plan.expectedOn, courierName: plan.courier?.name ?? null, courierPhone },
      },
    });
    await sendNotification(tx, deps, {
      userId: order.userId,
      type: 'order_update',
      text: {
        key: planKey(order.fulfilment, plan.courier !== null),
        values: {
          order: { text: { key: 'notifications:order.yours', values: { number: order.number } } },
          day: { day: plan.expectedOn },
          courier: plan.courier?.name ?? '',
          phone: courierPhone ?? '',
        },
      },
      data: { orderId: order.number, id: order.id },
      sms: true,
    });
    return updated!;
  });
  return orderView(deps.db, row, input.reader);
}
