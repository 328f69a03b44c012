import { uuidSchema } from '@ecogrid/core';
import { auditEntrySchema } from '@ecogrid/core/audit';
import { DEVICE_SERIAL_PATTERN } from '@ecogrid/core/openpaygo';
import {
  ADMIN_ORDER_MOVES,
  checkoutSchema,
  deliveryFeeRuleSchema,
  ORDER_STATUSES,
  orderPaymentSchema,
  orderSchema,
  orderSummarySchema,
  pickupPointSchema,
} from '@ecogrid/core/orders';
import { createRoute, z } from '@hono/zod-openapi';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { orders } from '#src/db/schema/orders.ts';
import { AppError } from '#src/platform/errors.ts';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { requireIdempotencyKey, takeIdempotencyKey } from '#src/platform/idempotency.ts';
import { json, unauthenticated } from '#src/platform/route-helpers.ts';
import { auditTrailForAdmin } from '#src/features/audit/audit.service.ts';
import { ADMIN_DENIED, adminAccess, requireAdmin } from '#src/features/auth/roles.service.ts';
import { searchUserIds, userSummaries } from '#src/features/auth/profile.service.ts';
import { paymentDeps, paymentSchema } from '#src/features/payments/payments.service.ts';
import { findOrder, orderView, pageOfOrders } from './order-view.ts';
import {
  cancelOrder,
  deliveryFeeRule,
  listPickupPoints,
  moveOrder,
  placeOrder,
  setDeliveryFeeRule,
} from './orders.service.ts';
import { payOrder } from './pay-order.ts';
import { hasReceipt, receiptPdf } from './receipt.ts';

const orderParams = z.object({ id: uuidSchema('order id') });
const order = orderSchema.openapi('Order');
const pageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
};
const reasonSchema = z.string().trim().max(300, 'The reason is limited to 300 characters');

const placeRoute = createRoute({
  method: 'post',
  operationId: 'placeOrder',
  path: '/orders',
  tags: ['orders'],
  summary: "Check out the cart's cash lines: delivery or pickup, paid from the wallet or by mobile money",
  middleware: [takeIdempotencyKey] as const,
  request: { body: { required: true, content: { 'application/json': { schema: checkoutSchema } } } },
  responses: {
    201: json(
      z.object({ order, payment: paymentSchema.nullable() }),
      'The order; with mobile money, its pending payment',
    ),
    400: errorResponse('The body is not valid, or no Idempotency-Key'),
    ...unauthenticated,
    409: errorResponse('A product ran out of stock or stopped being sold'),
    422: errorResponse('Empty cart, unknown place, not enough money, or the key was used for another request'),
  },
});

const checkoutOptionsRoute = createRoute({
  method: 'get',
  operationId: 'getCheckoutOptions',
  path: '/checkout/options',
  tags: ['orders'],
  summary: 'What checkout offers: the delivery fee rule and the pickup points',
  responses: {
    200: json(
      z.object({ deliveryFee: deliveryFeeRuleSchema, pickupPoints: z.array(pickupPointSchema) }),
      'The options',
    ),
    ...unauthenticated,
  },
});

const myOrdersRoute = createRoute({
  method: 'get',
  operationId: 'listOrders',
  path: '/orders',
  tags: ['orders'],
  summary: 'Your orders, newest first',
  request: { query: z.object(pageQuery) },
  responses: {
    200: json(z.object({ items: z.array(orderSummarySchema), nextCursor: z.string().nullable() }), 'One page'),
    400: errorResponse('Bad cursor or limit'),
    ...unauthenticated,
  },
});

const myOrderRoute = createRoute({
  method: 'get',
  operationId: 'getOrder',
  path: '/orders/{id}',
  tags: ['orders'],
  summary: 'One of your orders, with its lines, timeline, payment and delivery',
  request: { params: orderParams },
  responses: {
    200: json(order, 'The order'),
    400: errorResponse('Bad id'),
    ...unauthenticated,
    404: errorResponse('Not your order, or none'),
  },
});

const cancelRoute = createRoute({
  method: 'post',
  operationId: 'cancelOrder',
  path: '/orders/{id}/cancel',
  tags: ['orders'],
  summary: 'Cancel your order while it waits for payment or is paid (a paid order is refunded to your wallet)',
  request: {
    params: orderParams,
    body: {
      required: false,
      content: { 'application/json': { schema: z.strictObject({ reason: reasonSchema.optional() }) } },
    },
  },
  responses: {
    200: json(order, 'The cancelled order'),
    400: errorResponse('Bad id or body'),
    ...unauthenticated,
    404: errorResponse('Not your order, or none'),
    409: errorResponse('The order is too far along to cancel'),
  },
});

const payRoute = createRoute({
  method: 'post',
  path: '/orders/{id}/payments',
  operationId: 'payOrder',
  tags: ['orders'],
  summary:
    'Try again to pay your order while it waits for payment (its last payment failed or expired): from the wallet, or by MTN or Airtel from any number',
  middleware: [requireIdempotencyKey] as const,
  request: {
    params: orderParams,
    body: { required: true, content: { 'application/json': { schema: orderPaymentSchema.openapi('OrderPayment') } } },
  },
  responses: {
    200: json(
      z.object({ order, payment: paymentSchema }),
      'The order (paid, from the wallet) and the payment made or waiting',
    ),
    400: errorResponse('Bad id or body, or no Idempotency-Key'),
    ...unauthenticated,
    404: errorResponse('Not your order, or none'),
    409: errorResponse(
      'A payment for the order is still pending, the order is paid or cancelled, or a request with this Idempotency-Key is still being processed',
    ),
    422: errorResponse(
      "The order's payment window is over, not enough money in the wallet, an amount mobile money does not take, or the Idempotency-Key was used for another request",
    ),
  },
});

const receiptRoute = createRoute({
  method: 'get',
  operationId: 'getOrderReceipt',
  path: '/orders/{id}/receipt',
  tags: ['orders'],
  summary: "A paid order's receipt (PDF), for its customer or an admin",
  request: { params: orderParams },
  responses: {
    200: {
      description: 'The receipt',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    400: errorResponse('Bad id'),
    ...unauthenticated,
    404: errorResponse('Not your order, or none'),
    409: errorResponse('The order is not paid, so it has no receipt'),
  },
});

const adminOrder = order.extend({
  customer: z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
});

const adminListRoute = createRoute({
  method: 'get',
  operationId: 'adminListOrders',
  path: '/admin/orders',
  tags: ['admin', 'orders'],
  summary: 'Orders, newest first: by status, and search by order number or customer (name, email, phone)',
  middleware: [requireAdmin] as const,
  request: {
    query: z.object({
      status: z.enum(ORDER_STATUSES).optional(),
      q: z.string().trim().max(100).optional(),
      ...pageQuery,
    }),
  },
  responses: {
    200: json(
      z.object({
        items: z.array(
          orderSummarySchema.extend({
            customer: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }),
          }),
        ),
        nextCursor: z.string().nullable(),
      }),
      'One page',
    ),
    400: errorResponse('Bad filter or cursor'),
    ...ADMIN_DENIED,
  },
});

const adminDetailRoute = createRoute({
  method: 'get',
  operationId: 'adminGetOrder',
  path: '/admin/orders/{id}',
  tags: ['admin', 'orders'],
  summary: 'One order with its customer and audit trail',
  middleware: [requireAdmin] as const,
  request: { params: orderParams },
  responses: {
    200: json(
      adminOrder.extend({
        audit: z
          .array(auditEntrySchema)
          .describe('What admins did, oldest first: who (name and role), and each status from and to'),
      }),
      'The order',
    ),
    400: errorResponse('Bad id'),
    ...ADMIN_DENIED,
    404: errorResponse('No such order'),
  },
});

const adminMoveRoute = createRoute({
  method: 'post',
  operationId: 'adminSetOrderStatus',
  path: '/admin/orders/{id}/status',
  tags: ['admin', 'orders'],
  summary: 'Move an order on (processing, shipped, delivered, completed) or cancel it with a reason; audited',
  middleware: [requireAdmin] as const,
  request: {
    params: orderParams,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.strictObject({
            status: z.enum(ADMIN_ORDER_MOVES, {
              error: 'Choose processing, shipped, delivered, completed or cancelled',
            }),
            note: reasonSchema.optional(),
            deviceSerial: z
              .string()
              .trim()
              .regex(DEVICE_SERIAL_PATTERN, 'A serial number has 4 to 40 letters, digits or dashes')
              .transform((serial) => serial.toUpperCase())
              .optional()
              .openapi({
                description:
                  'Delivering an order bought on credit: the serial number of the pay-as-you-go device handed over (the oldest in stock when left out)',
              }),
          }),
        },
      },
    },
  },
  responses: {
    200: json(order, 'The order after the change'),
    400: errorResponse('Bad id or body'),
    ...ADMIN_DENIED,
    404: errorResponse('No such order'),
    409: errorResponse('The order cannot go to that status from where it is, or the device is not in stock'),
    422: errorResponse('A cancellation needs a reason; a device serial number given for a move that takes none'),
  },
});

const feeRoute = createRoute({
  method: 'put',
  operationId: 'adminSetDeliveryFee',
  path: '/admin/store/delivery-fee',
  tags: ['admin', 'orders'],
  summary: 'Set the delivery fee: a flat fee, waived from an order value (0 for free delivery); audited',
  middleware: [requireAdmin] as const,
  request: { body: { required: true, content: { 'application/json': { schema: deliveryFeeRuleSchema } } } },
  responses: { 200: json(deliveryFeeRuleSchema, 'The rule now'), 400: errorResponse('Bad rule'), ...ADMIN_DENIED },
});

/** Order search for admins: an order number, or customers whose name, email or phone match. */
async function adminSearch(db: Parameters<typeof searchUserIds>[0], q: string | undefined): Promise<SQL | undefined> {
  if (!q) return undefined;
  const number = q.toUpperCase().replace(/\s+/g, '');
  const ids = await searchUserIds(db, q, 200);
  return or(
    eq(orders.number, /^\d+$/.test(number) ? `ORD-${number}` : number),
    ids.length ? inArray(orders.userId, ids) : undefined,
  );
}

export const orderRoutes = createRouter()
  .openapi(placeRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const result = await placeOrder(paymentDeps(c.var), {
      userId,
      checkout: c.req.valid('json'),
      idempotency: c.var.idempotency,
    });
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json({ order: result.order, payment: result.payment }, 201);
  })
  .openapi(checkoutOptionsRoute, async (c) => {
    signedInUserId(c.var.user);
    const [deliveryFee, pickupPoints] = await Promise.all([deliveryFeeRule(c.var.db), listPickupPoints(c.var.db)]);
    return c.json({ deliveryFee, pickupPoints }, 200);
  })
  .openapi(myOrdersRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const page = await pageOfOrders(c.var.db, eq(orders.userId, userId), c.req.valid('query'));
    return c.json({ items: page.items.map(({ userId: _, ...summary }) => summary), nextCursor: page.nextCursor }, 200);
  })
  .openapi(myOrderRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    return c.json(await orderView(c.var.db, await findOrder(c.var.db, c.req.valid('param').id, userId)), 200);
  })
  .openapi(cancelRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const body = c.req.valid('json') as { reason?: string } | undefined;
    const cancelled = await cancelOrder(paymentDeps(c.var), {
      orderId: c.req.valid('param').id,
      customerId: userId,
      actorId: userId,
      reason: body?.reason ?? null,
    });
    return c.json(cancelled, 200);
  })
  .openapi(payRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const result = await payOrder(paymentDeps(c.var), {
      userId,
      orderId: c.req.valid('param').id,
      payment: c.req.valid('json'),
      idempotency: c.var.idempotency,
    });
    return c.json(result, 200);
  })
  .openapi(receiptRoute, async (c) => {
    const user = c.var.user;
    const userId = signedInUserId(user);
    // An admin reads any customer's receipt only with admin tools open (authenticator app on).
    const admin = user?.userType === 'admin' && (await adminAccess(c.var.db, user)) === 'ok';
    const row = await findOrder(c.var.db, c.req.valid('param').id, admin ? null : userId);
    const view = await orderView(c.var.db, row);
    if (!hasReceipt(view)) throw new AppError('not_paid', 'This order is not paid yet, so it has no receipt.', 409);
    const customer = (await userSummaries(c.var.db, [row.userId])).get(row.userId);
    const pdf = await receiptPdf(view, { name: customer?.name ?? 'Customer', phone: customer?.phone ?? null });
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="EcoGrid-receipt-${view.number}.pdf"`,
      'cache-control': 'private, no-store',
    });
  })
  .openapi(adminListRoute, async (c) => {
    const { status, q, ...page } = c.req.valid('query');
    const search = await adminSearch(c.var.db, q);
    const where = and(search, status ? eq(orders.status, status) : undefined);
    const result = await pageOfOrders(c.var.db, where, page);
    const people = await userSummaries(c.var.db, [...new Set(result.items.map((i) => i.userId))]);
    return c.json(
      {
        items: result.items.map(({ userId, ...summary }) => {
          const person = people.get(userId);
          return { ...summary, customer: { id: userId, name: person?.name ?? '', phone: person?.phone ?? null } };
        }),
        nextCursor: result.nextCursor,
      },
      200,
    );
  })
  .openapi(adminDetailRoute, async (c) => {
    const row = await findOrder(c.var.db, c.req.valid('param').id, null);
    const [view, people, audit] = await Promise.all([
      orderView(c.var.db, row),
      userSummaries(c.var.db, [row.userId]),
      auditTrailForAdmin(c.var.db, 'order', row.id),
    ]);
    const person = people.get(row.userId);
    return c.json(
      {
        ...view,
        customer: {
          id: row.userId,
          name: person?.name ?? '',
          email: person?.email ?? null,
          phone: person?.phone ?? null,
        },
        audit,
      },
      200,
    );
  })
  .openapi(adminMoveRoute, async (c) => {
    const actorId = signedInUserId(c.var.user);
    const { status, note, deviceSerial } = c.req.valid('json');
    const orderId = c.req.valid('param').id;
    const deps = paymentDeps(c.var);
    if (deviceSerial && status !== 'delivered') {
      throw new AppError('device_not_expected', 'A device serial number goes with delivering an order only.', 422);
    }
    if (status === 'cancelled') {
      if (!note)
        throw new AppError('reason_required', 'Say why the order is cancelled: the customer will see it.', 422);
      return c.json(await cancelOrder(deps, { orderId, customerId: null, actorId, reason: note, admin: true }), 200);
    }
    return c.json(await moveOrder(deps, { orderId, to: status, actorId, note: note ?? null, deviceSerial }), 200);
  })
  .openapi(feeRoute, async (c) => {
    const actorId = signedInUserId(c.var.user);
    const rule = c.req.valid('json');
    await setDeliveryFeeRule(c.var.db, actorId, rule);
    return c.json(rule, 200);
  });
