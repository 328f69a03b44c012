import { formatUgx } from '@ecogrid/core';
import { canMoveOrder, type Order, type OrderStatus } from '@ecogrid/core/orders';
import type { Tx } from '#src/db/client.ts';
import type { OrderRow } from '#src/db/schema/orders.ts';
import { AppError } from '#src/platform/errors.ts';
import type { Language } from '#src/platform/i18n.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { handOverStock } from '#src/features/catalog/stock-places.service.ts';
import { releaseStock } from '#src/features/catalog/stock.service.ts';
import { HOUSE_ACCOUNTS } from '#src/features/wallet/ledger.service.ts';
import { refundToWallet } from '#src/features/wallet/refund.service.ts';
import { cancelColumns, noteValue, orderText, type OrderNote } from './order-notes.ts';
import { changeStatus, statusWords } from './order-status.ts';
import { orderView } from './order-view.ts';
import { lockOrder, orderLineQuantities, type OrderDeps } from './order-rows.ts';

/**
 * What an order's delivery does elsewhere, in its transaction (a credit order's device is
 * assigned: the one whose serial number the admin gave, if any). It answers whether it took the
 * serial number, so one given for an order that needs no device is refused.
 */
export type DeliveryRule = (
  tx: Tx,
  deps: OrderDeps,
  order: OrderRow,
  options: { deviceSerial?: string },
) => Promise<boolean>;
const deliveryRules = new Map<string, DeliveryRule>();
/** Registers a delivery rule under its name: the same name again replaces it, so registering twice is harmless. */
export function onOrderDelivered(name: string, rule: DeliveryRule): void {
  deliveryRules.set(name, rule);
}

/**
 * Cancels an order that is waiting for payment or paid: its units go back to stock and, if it
 * was paid, its price back to the customer's wallet, in one transaction. By its customer (only
 * their own) or by an admin (audited, with the reason).
 */
export async function cancelOrder(
  deps: OrderDeps,
  input: {
    orderId: string;
    customerId: string | null;
    actorId: string;
    reason: string | null;
    admin?: boolean;
    reader: Language;
  },
): Promise<Order> {
  const row = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, input.customerId);
    if (order.onCredit && order.status !== 'cancelled') {
      // Its price is owed on the loan, not paid: refunding it would hand out money never paid,
      // and putting the unit back on sale would leave the loan running on a unit sold again.
      throw new AppError(
        'order_on_credit',
        'This order delivers a product bought on credit and cannot be cancelled here. Please contact support about the loan.',
        409,
      );
    }
    if (!canMoveOrder(order.status, 'cancelled')) {
      throw new AppError(
        'order_not_cancellable',
        order.status === 'cancelled'
          ? 'This order is already cancelled.'
          : 'This order is already being prepared and can no longer be cancelled. Please contact support.',
        409,
      );
    }
    // Units back to stock before any money moves: a checkout takes the stock first and the ledger's
    // accounts after, and the two in the same order cannot deadlock.
    await releaseStock(tx, order.id, await orderLineQuantities(tx, order.id));
    if (order.status === 'paid') {
      // The sale is reversed: its price goes back to the customer's wallet.
      await refundToWallet(tx, {
        idempotencyKey: `order:${order.id}:refund`,
        description: `Refund of order ${order.number}`,
        paymentId: order.paymentId,
        from: HOUSE_ACCOUNTS.salesRevenue,
        userId: order.userId,
        amount: order.total,
      });
    }
    const reason: OrderNote = input.reason?.trim() || orderText(input.admin ? 'cancel.byEcoGrid' : 'cancel.byCustomer');
    const note =
      order.status === 'paid'
        ? orderText('timeline.refunded', { reason: noteValue(reason), amount: formatUgx(order.total) })
        : reason;
    const columns = cancelColumns(reason);
    const cancelled = await changeStatus(tx, deps, order, 'cancelled', {
      note,
      actorId: input.actorId,
      set: columns,
    });
    if (input.admin) {
      await recordAudit(tx, {
        actorId: input.actorId,
        action: 'order.cancel',
        entityType: 'order',
        entityId: order.id,
        reason: columns.cancelReason,
        details: { from: order.status, refunded: order.status === 'paid' ? order.total : 0 },
      });
    }
    return cancelled;
  });
  return orderView(deps.db, row, input.reader);
}

/** An admin moves an order along: processing, shipped, delivered, completed (audited). */
export async function moveOrder(
  deps: OrderDeps,
  input: {
    orderId: string;
    to: Exclude<OrderStatus, 'pending_payment' | 'paid' | 'cancelled'>;
    actorId: string;
    note: string | null;
    deviceSerial?: string | undefined;
    reader: Language;
  },
): Promise<Order> {
  const row = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, null);
    const moved = await moveLockedOrder(tx, deps, order, {
      to: input.to,
      actorId: input.actorId,
      note: input.note?.trim() || null,
      deviceSerial: input.deviceSerial,
    });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'order.status',
      entityType: 'order',
      entityId: order.id,
      reason: input.note?.trim() || null,
      details: {
        from: order.status,
        to: input.to,
        ...(input.deviceSerial ? { deviceSerial: input.deviceSerial } : {}),
      },
    });
    return moved;
  });
  return orderView(deps.db, row, input.reader);
}

/**
 * Moves a locked order one step on, in the caller's transaction, if its status allows; delivering
 * it runs the delivery rules (a credit order's device). `quiet` steps tell nobody (changeStatus).
 */
export async function moveLockedOrder(
  tx: Tx,
  deps: OrderDeps,
  order: OrderRow,
  input: {
    to: Exclude<OrderStatus, 'pending_payment' | 'paid' | 'cancelled'>;
    actorId: string;
    note: OrderNote | null;
    deviceSerial?: string | undefined;
    quiet?: boolean;
  },
): Promise<OrderRow> {
  if (!canMoveOrder(order.status, input.to)) {
    throw new AppError(
      'order_status_not_allowed',
      `An order that is ${statusWords(order.status)} cannot become ${statusWords(input.to)}.`,
      409,
    );
  }
  const moved = await changeStatus(tx, deps, order, input.to, {
    note: input.note,
    actorId: input.actorId,
    quiet: input.quiet ?? false,
  });
  if (input.to === 'delivered') {
    // Its units leave the shop or agent that handed them over (decision 024).
    await handOverStock(
      tx,
      deps,
      {
        id: order.id,
        number: order.number,
        pickupPointId: order.fulfilment === 'pickup' ? order.pickupPointId : null,
        agentId: order.collectorId,
        actorId: input.actorId,
      },
      await orderLineQuantities(tx, order.id),
    );
    // A credit order delivered with nobody to give its loan a device would pass silently.
    if (order.onCredit && deliveryRules.size === 0) {
      throw new Error(`Order ${order.number} is on credit, but no delivery rule is registered`);
    }
    let took = false;
    for (const rule of deliveryRules.values())
      took = (await rule(tx, deps, moved, { deviceSerial: input.deviceSerial })) || took;
    if (input.deviceSerial && !took) {
      throw new AppError(
        'device_not_expected',
        'This order was not bought on credit, or its device is already assigned: it takes no device serial number.',
        422,
      );
    }
  }
  return moved;
}
