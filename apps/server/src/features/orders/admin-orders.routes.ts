import { DEVICE_SERIAL_PATTERN } from '@ecogrid/core/openpaygo';
import { ADMIN_ORDER_MOVES, deliveryFeeRuleSchema, deliveryPlanSchema, ORDER_STATUSES } from '@ecogrid/core/orders';
import { adminOrderSchema, adminOrderSummarySchema } from '@ecogrid/core/orders.responses';
import { pageSchema } from '@ecogrid/core/page';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, readerLanguage, signedInUserId } from '#src/platform/http.ts';
import { json } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { paymentDeps } from '#src/features/payments/payments.service.ts';
import { moveOrderAsAdmin } from './admin-move-order.ts';
import { setDeliveryPlan } from './delivery-plan.ts';
import { adminOrderDetail, adminOrderPage } from './order-queries.ts';
import { order, orderParams, pageQuery, reasonSchema } from './order-schemas.ts';
import { setDeliveryFeeRule } from './orders.service.ts';

const adminOrder = order.extend({ customer: adminOrderSchema.shape.customer, audit: adminOrderSchema.shape.audit });

const adminListRoute = createRoute({
  method: 'get',
  ...staffRight('orders.read'),
  operationId: 'adminListOrders',
  path: '/admin/orders',
  tags: ['admin', 'orders'],
  summary: 'Orders, newest first: by status, and search by order number or customer (name, email, phone)',
  middleware: [requireStaff('orders.read')] as const,
  request: {
    query: z.object({
      status: z.enum(ORDER_STATUSES).optional(),
      q: z.string().trim().max(100).optional(),
      ...pageQuery,
    }),
  },
  responses: {
    200: json(pageSchema(adminOrderSummarySchema), 'One page'),
    400: errorResponse('Bad filter or cursor'),
    ...ADMIN_DENIED,
  },
});

const adminDetailRoute = createRoute({
  method: 'get',
  ...staffRight('orders.read'),
  operationId: 'adminGetOrder',
  path: '/admin/orders/{id}',
  tags: ['admin', 'orders'],
  summary: 'One order with its customer and audit trail',
  middleware: [requireStaff('orders.read')] as const,
  request: { params: orderParams },
  responses: {
    200: json(adminOrder, 'The order'),
    400: errorResponse('Bad id'),
    ...ADMIN_DENIED,
    404: errorResponse('No such order'),
  },
});

const adminMoveRoute = createRoute({
  method: 'post',
  ...staffRight('orders.change'),
  operationId: 'adminSetOrderStatus',
  path: '/admin/orders/{id}/status',
  tags: ['admin', 'orders'],
  summary: 'Move an order on (processing, shipped, delivered, completed) or cancel it with a reason; audited',
  middleware: [requireStaff('orders.change')] as const,
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

const planRoute = createRoute({
  method: 'put',
  ...staffRight('orders.change'),
  operationId: 'adminSetOrderDeliveryPlan',
  path: '/admin/orders/{id}/delivery-plan',
  tags: ['admin', 'orders'],
  summary:
    'Set the day a paid order should reach the customer (or be ready for pickup) and who brings it; the customer is told; audited',
  middleware: [requireStaff('orders.change')] as const,
  request: {
    params: orderParams,
    body: { required: true, content: { 'application/json': { schema: deliveryPlanSchema } } },
  },
  responses: {
    200: json(order, 'The order with its delivery day and courier'),
    400: errorResponse('Bad id or body (the day as YYYY-MM-DD, the courier a name and a Ugandan mobile number)'),
    ...ADMIN_DENIED,
    404: errorResponse('No such order'),
    409: errorResponse('The order is not paid yet, or already delivered or cancelled'),
    422: errorResponse(
      'The day is in the past or more than 60 days ahead, or a courier for an order collected at a pickup point',
    ),
  },
});

const feeRoute = createRoute({
  method: 'put',
  ...staffRight('orders.change'),
  operationId: 'adminSetDeliveryFee',
  path: '/admin/store/delivery-fee',
  tags: ['admin', 'orders'],
  summary: 'Set the delivery fee: a flat fee, waived from an order value (0 for free delivery); audited',
  middleware: [requireStaff('orders.change')] as const,
  request: { body: { required: true, content: { 'application/json': { schema: deliveryFeeRuleSchema } } } },
  responses: { 200: json(deliveryFeeRuleSchema, 'The rule now'), 400: errorResponse('Bad rule'), ...ADMIN_DENIED },
});

/** Admins' order routes, under /api/admin (mounted with the customers' ones). */
export const adminOrderRoutes = createRouter()
  .openapi(adminListRoute, async (c) => {
    return c.json(await adminOrderPage(c.var.db, c.req.valid('query')), 200);
  })
  .openapi(adminDetailRoute, async (c) => {
    return c.json(await adminOrderDetail(c.var.db, c.req.valid('param').id, readerLanguage(c)), 200);
  })
  .openapi(adminMoveRoute, async (c) => {
    const actorId = signedInUserId(c.var.user);
    const move = c.req.valid('json');
    return c.json(
      await moveOrderAsAdmin(paymentDeps(c.var), {
        orderId: c.req.valid('param').id,
        actorId,
        ...move,
        reader: readerLanguage(c),
      }),
      200,
    );
  })
  .openapi(planRoute, async (c) => {
    const input = {
      orderId: c.req.valid('param').id,
      actorId: signedInUserId(c.var.user),
      plan: c.req.valid('json'),
      reader: readerLanguage(c),
    };
    return c.json(await setDeliveryPlan(paymentDeps(c.var), input), 200);
  })
  .openapi(feeRoute, async (c) => {
    const actorId = signedInUserId(c.var.user);
    const rule = c.req.valid('json');
    await setDeliveryFeeRule(c.var.db, actorId, rule);
    return c.json(rule, 200);
  });
