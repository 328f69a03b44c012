import { checkoutSchema, orderPaymentSchema } from '@ecogrid/core/orders';
import { checkoutOptionsSchema, orderPageSchema } from '@ecogrid/core/orders.responses';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, readerLanguage, signedInUserId } from '#src/platform/http.ts';
import { requireIdempotencyKey, takeIdempotencyKey } from '#src/platform/idempotency.ts';
import { json, pdf, pdfHeaders, unauthenticated } from '#src/platform/route-helpers.ts';
import { paymentDeps, paymentSchema } from '#src/features/payments/payments.service.ts';
import { adminOrderRoutes } from './admin-orders.routes.ts';
import { deliveryRoutes } from './deliveries.routes.ts';
import { customerOrders, orderReceipt } from './order-queries.ts';
import { order, orderParams, pageQuery, reasonSchema } from './order-schemas.ts';
import { findOrder, orderView } from './order-view.ts';
import { cancelOrder, deliveryFeeRule, listPickupPoints, pickupReadyNow, placeOrder } from './orders.service.ts';
import { payOnDeliveryOffer } from './pay-on-delivery.ts';
import { payOrder } from './pay-order.ts';

const placeRoute = createRoute({
  method: 'post',
  operationId: 'placeOrder',
  path: '/orders',
  tags: ['orders'],
  summary:
    "Check out the cart's cash lines: delivery or pickup, paid from the wallet, by mobile money, or on delivery (at pickup) to the agent who brings it",
  middleware: [takeIdempotencyKey] as const,
  request: { body: { required: true, content: { 'application/json': { schema: checkoutSchema } } } },
  responses: {
    201: json(
      z.object({ order, payment: paymentSchema.nullable() }),
      'The order; with mobile money, its pending payment',
    ),
    400: errorResponse('The body is not valid, or no Idempotency-Key'),
    ...unauthenticated,
    409: errorResponse(
      'A product ran out of stock or stopped being sold, or another order waits to be paid on delivery',
    ),
    422: errorResponse(
      'Empty cart, unknown place, not enough money, too much to pay on delivery, or the key was used for another request',
    ),
  },
});

const checkoutOptionsRoute = createRoute({
  method: 'get',
  operationId: 'getCheckoutOptions',
  path: '/checkout/options',
  tags: ['orders'],
  summary:
    'What checkout offers: the delivery fee rule, the pickup points (each saying whether its shop holds the cart’s units now), and paying on delivery',
  responses: {
    200: json(checkoutOptionsSchema, 'The options'),
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
    200: json(orderPageSchema, 'One page'),
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
    200: pdf('The receipt'),
    400: errorResponse('Bad id'),
    ...unauthenticated,
    404: errorResponse('Not your order, or none'),
    409: errorResponse('The order is not paid, so it has no receipt'),
  },
});

export const orderRoutes = createRouter()
  .openapi(placeRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const result = await placeOrder(paymentDeps(c.var), {
      userId,
      checkout: c.req.valid('json'),
      idempotency: c.var.idempotency,
      reader: readerLanguage(c),
      cashOrderDays: c.var.cashOrderDays,
    });
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json({ order: result.order, payment: result.payment }, 201);
  })
  .openapi(checkoutOptionsRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const [deliveryFee, pickupPoints, payOnDelivery, readyNow] = await Promise.all([
      deliveryFeeRule(c.var.db),
      listPickupPoints(c.var.db),
      payOnDeliveryOffer(c.var.db, userId, c.var.cashOrderDays),
      pickupReadyNow(c.var.db, userId),
    ]);
    return c.json(
      { deliveryFee, pickupPoints: pickupPoints.map((p) => ({ ...p, readyNow: readyNow.has(p.id) })), payOnDelivery },
      200,
    );
  })
  .openapi(myOrdersRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    return c.json(await customerOrders(c.var.db, userId, c.req.valid('query')), 200);
  })
  .openapi(myOrderRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const row = await findOrder(c.var.db, c.req.valid('param').id, userId);
    return c.json(await orderView(c.var.db, row, readerLanguage(c)), 200);
  })
  .openapi(cancelRoute, async (c) => {
    const userId = signedInUserId(c.var.user);
    const body = c.req.valid('json') as { reason?: string } | undefined;
    const cancelled = await cancelOrder(paymentDeps(c.var), {
      orderId: c.req.valid('param').id,
      customerId: userId,
      actorId: userId,
      reason: body?.reason ?? null,
      reader: readerLanguage(c),
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
      reader: readerLanguage(c),
    });
    return c.json(result, 200);
  })
  .openapi(receiptRoute, async (c) => {
    signedInUserId(c.var.user);
    const { pdf: receipt, number } = await orderReceipt(
      c.var.db,
      c.var.user!,
      c.req.valid('param').id,
      c.var.mobileMoney.paybillNumber,
    );
    return c.body(new Uint8Array(receipt), 200, pdfHeaders(`EcoGrid-receipt-${number}.pdf`));
  })
  .route('/', adminOrderRoutes)
  .route('/', deliveryRoutes);
