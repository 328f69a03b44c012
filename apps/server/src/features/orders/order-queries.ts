import type { OrderStatus } from '@ecogrid/core/orders';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { orderLines, orders } from '#src/db/schema/orders.ts';
import { inIdSet } from '#src/platform/id-set.ts';
import { AppError } from '#src/platform/errors.ts';
import { asLanguage, type Language } from '#src/platform/i18n.ts';
import type { AppEnv } from '#src/platform/http.ts';
import { auditTrailForAdmin } from '#src/features/audit/audit.service.ts';
import { accountNumbersOf } from '#src/features/auth/account-numbers.service.ts';
import { deliveryContacts, searchUserIds, userSummaries } from '#src/features/auth/profile.service.ts';
import { staffAccess } from '#src/features/auth/roles.service.ts';
import { findOrder, orderView, pageOfOrders } from './order-view.ts';
import { hasReceipt, receiptPdf } from './receipt.ts';

type PageQuery = { limit: number; cursor?: string };

/** The customer's own orders, newest first, one page. */
export async function customerOrders(db: Database, userId: string, page: PageQuery) {
  const result = await pageOfOrders(db, eq(orders.userId, userId), page);
  return { items: result.items.map(({ userId: _, ...summary }) => summary), nextCursor: result.nextCursor };
}

/**
 * The orders of these customers (an agent's), newest first, one page, each with whose it is.
 * Read by the (user, created, id) index of the customers' orders.
 */
export async function customersOrderPage(
  db: Database,
  customerIds: string[],
  { status, ...page }: PageQuery & { status?: OrderStatus | undefined },
) {
  const customers = customerIds.length ? inIdSet(orders.userId, customerIds) : sql`false`;
  return pageOfOrders(db, and(customers, status ? eq(orders.status, status) : undefined), page);
}

/**
 * An order's receipt as a PDF, for its customer; an admin reads any customer's receipt only with
 * admin tools open (authenticator app on). 409 until the order is paid. `paybillNumber`: the
 * business number the customer pays by paybill (PAYBILL_NUMBER), printed with their account number.
 */
export async function orderReceipt(
  db: Database,
  viewer: NonNullable<AppEnv['Variables']['user']>,
  orderId: string,
  paybillNumber: string | null,
) {
  const admin = viewer.userType === 'admin' && (await staffAccess(db, viewer, 'orders.read')) === 'ok';
  const row = await findOrder(db, orderId, admin ? null : viewer.id);
  // In the customer's language, whoever downloads it (as the statements are).
  const language = asLanguage((await deliveryContacts(db, row.userId))?.language);
  const view = await orderView(db, row, language);
  if (!hasReceipt(view)) throw new AppError('not_paid', 'This order is not paid yet, so it has no receipt.', 409);
  const [people, accounts] = await Promise.all([userSummaries(db, [row.userId]), accountNumbersOf(db, [row.userId])]);
  const customer = people.get(row.userId);
  const pdf = await receiptPdf(
    view,
    {
      name: customer?.name ?? 'Customer',
      phone: customer?.phone ?? null,
      language,
      accountNumber: accounts.get(row.userId) ?? null,
    },
    paybillNumber,
  );
  return { pdf, number: view.number };
}

/** Order search for admins: an order number, or customers whose name, email or phone match. */
async function adminSearch(db: Database, q: string | undefined): Promise<SQL | undefined> {
  if (!q) return undefined;
  const number = q.toUpperCase().replace(/\s+/g, '');
  const ids = await searchUserIds(db, q, 200);
  return or(
    eq(orders.number, /^\d+$/.test(number) ? `ORD-${number}` : number),
    ids.length ? inArray(orders.userId, ids) : undefined,
  );
}

/** Orders for admins, newest first: by status and search, each with its customer. */
export async function adminOrderPage(
  db: Database,
  { status, q, ...page }: PageQuery & { status?: OrderStatus; q?: string },
) {
  const search = await adminSearch(db, q);
  const where = and(search, status ? eq(orders.status, status) : undefined);
  const result = await pageOfOrders(db, where, page);
  const people = await userSummaries(db, [...new Set(result.items.map((i) => i.userId))]);
  return {
    items: result.items.map(({ userId, ...summary }) => {
      const person = people.get(userId);
      return { ...summary, customer: { id: userId, name: person?.name ?? '', phone: person?.phone ?? null } };
    }),
    nextCursor: result.nextCursor,
  };
}

/** One order for admins, with its customer and audit trail. */
export async function adminOrderDetail(db: Database, orderId: string, reader: Language) {
  const row = await findOrder(db, orderId, null);
  const [view, people, audit] = await Promise.all([
    orderView(db, row, reader),
    userSummaries(db, [row.userId]),
    auditTrailForAdmin(db, 'order', row.id),
  ]);
  const person = people.get(row.userId);
  return {
    ...view,
    customer: { id: row.userId, name: person?.name ?? '', email: person?.email ?? null, phone: person?.phone ?? null },
    audit,
  };
}

/** Whether the customer has had this product handed over: on an order of theirs delivered or completed. */
export async function hasReceivedProduct(db: Database, userId: string, productId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, ['delivered', 'completed']),
        eq(orderLines.productId, productId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Orders not yet delivered nor cancelled. */
const ON_THEIR_WAY: OrderStatus[] = ['pending_payment', 'paid', 'processing', 'shipped'];

/** The customer's orders still on their way, newest first (at most 20): what their dashboard lists. */
export async function ordersOnTheirWay(db: Database, userId: string) {
  const result = await pageOfOrders(db, and(eq(orders.userId, userId), inArray(orders.status, ON_THEIR_WAY)), {
    limit: 20,
  });
  return result.items.map(({ userId: _, ...summary }) => summary);
}
