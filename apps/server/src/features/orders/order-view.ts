import { vatIncluded, type Order, type OrderSummary } from '@ecogrid/core/orders';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { orderEvents, orderLines, orders, pickupPoints, type OrderRow } from '#src/db/schema/orders.ts';
import { notFound } from '#src/platform/errors.ts';
import type { Language } from '#src/platform/i18n.ts';
import { after, toPage, type PageQuery } from '#src/platform/pagination.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { paymentRow } from '#src/features/payments/payments.service.ts';
import { readNote } from './order-notes.ts';

/**
 * An order with its lines (VAT per line), timeline, pickup point and payment, as the API shows
 * it to `reader`: the notes and cancel reason the system wrote in the reader's language.
 */
export async function orderView(db: Database, row: OrderRow, reader: Language): Promise<Order> {
  const people = [row.soldBy, row.collectorId].filter((id): id is string => id !== null);
  const [lines, events, point, payment, credit, named] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.name)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id)).orderBy(asc(orderEvents.id)),
    row.pickupPointId
      ? db.select().from(pickupPoints).where(eq(pickupPoints.id, row.pickupPointId))
      : Promise.resolve([]),
    row.paymentId ? paymentRow(db, row.paymentId) : Promise.resolve(null),
    creditOf(db, row),
    people.length ? userSummaries(db, people) : new Map<string, { name: string; phone: string | null }>(),
  ]);
  const seller = row.soldBy ? named.get(row.soldBy) : undefined;
  const collector = row.collectorId ? named.get(row.collectorId) : undefined;
  const viewLines = lines.map((l) => ({
    productId: l.productId,
    name: l.name,
    sku: l.sku,
    imageUrl: l.imageUrl,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    lineTotal: l.lineTotal,
    taxClass: l.taxClass,
    vat: vatIncluded(l.lineTotal, l.taxClass),
  }));
  const pickup = point[0];
  const waiting = row.status === 'pending_payment';
  return {
    ...summaryOf(
      row,
      viewLines.reduce((n, l) => n + l.quantity, 0),
      viewLines[0]?.name ?? '',
    ),
    subtotal: row.subtotal,
    deliveryFee: row.deliveryFee,
    vat: viewLines.reduce((n, l) => n + l.vat, 0),
    fulfilment: row.fulfilment,
    address:
      row.fulfilment === 'delivery'
        ? {
            district: row.district!,
            subCounty: row.subCounty!,
            village: row.village!,
            directions: row.directions ?? '',
          }
        : null,
    pickupPoint: pickup
      ? { id: pickup.id, name: pickup.name, district: pickup.district, address: pickup.address, phone: pickup.phone }
      : null,
    paymentMethod: row.paymentMethod,
    paymentId: row.paymentId,
    paymentStatus: payment?.status ?? null,
    paymentReference: payment?.reference ?? null,
    paymentPhone: payment?.phone ?? null,
    paymentFailureReason:
      waiting && payment && payment.status !== 'pending' && payment.status !== 'successful'
        ? (payment.failureReason ?? payment.status.toUpperCase())
        : null,
    payBy: waiting ? (row.payBy?.toISOString() ?? null) : null,
    expectedOn: row.expectedOn,
    courier: row.courierName && row.courierPhone ? { name: row.courierName, phone: row.courierPhone } : null,
    payOnDelivery: row.payOnDelivery
      ? { collector: collector ? { name: collector.name, phone: collector.phone } : null }
      : null,
    soldBy: seller ? { name: seller.name, phone: seller.phone } : null,
    cancelReason: readNote(row.cancelReason, row.cancelReasonText, reader),
    paidAt: row.paidAt?.toISOString() ?? null,
    loan: credit,
    lines: viewLines,
    timeline: events.map((e) => ({
      status: e.status as Order['status'],
      note: readNote(e.note, e.noteText, reader),
      at: e.createdAt.toISOString(),
    })),
  };
}

/** How the loans feature names the loan behind a credit order (registered by it, as onOrderDelivered is). */
export type CreditLookup = (db: Database, orderId: string) => Promise<Order['loan']>;
let creditLookup: CreditLookup | null = null;
export function onCreditOrderView(lookup: CreditLookup): void {
  creditLookup = lookup;
}

async function creditOf(db: Database, row: OrderRow): Promise<Order['loan']> {
  if (!row.onCredit) return null;
  if (!creditLookup) throw new Error(`Order ${row.number} is on credit, but no loan lookup is registered`);
  return creditLookup(db, row.id);
}

function summaryOf(row: OrderRow, itemCount: number, firstItem: string): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    total: row.total,
    itemCount,
    firstItem,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** One order of the caller's (404 for anybody else's), or any order for an admin (customerId null). */
export async function findOrder(db: Database, orderId: string, customerId: string | null): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row || (customerId !== null && row.userId !== customerId)) throw notFound('Order not found.');
  return row;
}

/** Orders newest first, a page at a time, matching `where`, as summaries. */
export async function pageOfOrders(
  db: Database,
  where: SQL | undefined,
  options: PageQuery,
): Promise<{ items: (OrderSummary & { userId: string })[]; nextCursor: string | null }> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(where, after(orders.createdAt, orders.id, options.cursor)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.limit + 1);
  const { items: page, nextCursor } = toPage(rows, options.limit, (row) => row);
  const counts = page.length
    ? await db
        .select({
          orderId: orderLines.orderId,
          items: sql<number>`sum(${orderLines.quantity})::int`,
          first: sql<string>`min(${orderLines.name})`,
        })
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            page.map((r) => r.id),
          ),
        )
        .groupBy(orderLines.orderId)
    : [];
  const byOrder = new Map(counts.map((c) => [c.orderId, c]));
  return {
    items: page.map((row) => ({
      ...summaryOf(row, byOrder.get(row.id)?.items ?? 0, byOrder.get(row.id)?.first ?? ''),
      userId: row.userId,
    })),
    nextCursor,
  };
}
