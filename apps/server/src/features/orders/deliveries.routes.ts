import {
  agentDeliveryPageSchema,
  agentDeliveryQuerySchema,
  deliveryCollectorSchema,
  deliveryPromptSchema,
} from '@ecogrid/core/deliveries';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, readerLanguage, signedInUserId } from '#src/platform/http.ts';
import { requireIdempotencyKey } from '#src/platform/idempotency.ts';
import { json, unauthenticated } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { paymentDeps, paymentSchema } from '#src/features/payments/payments.service.ts';
import { agentDeliveryPage, handOverDelivery, promptDeliveryPayment } from './deliveries.ts';
import { order, orderParams } from './order-schemas.ts';
import { setCollector } from './pay-on-delivery.ts';

const notAgent = { 403: errorResponse('Not an approved agent') };
const notTheirs = { 404: errorResponse('No such order paid on delivery brought by you') };

/**
 * Orders paid on delivery or at pickup: the agent who brings one lists, prompts and hands over;
 * an admin names the agent. (The cash itself is recorded by POST /api/agent/collections.)
 */
export const deliveryRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'agentListDeliveries',
      path: '/agent/deliveries',
      tags: ['agents', 'orders'],
      summary: 'The orders paid on delivery or at pickup you bring, newest first: still to bring, or handed over',
      request: { query: agentDeliveryQuerySchema },
      responses: {
        200: json(agentDeliveryPageSchema.openapi('AgentDeliveryPage'), 'One page'),
        400: errorResponse('Bad filter, limit or cursor'),
        ...unauthenticated,
        ...notAgent,
      },
    }),
    async (c) => c.json(await agentDeliveryPage(c.var.db, signedInUserId(c.var.user), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'agentHandOverDelivery',
      path: '/agent/deliveries/{id}/handover',
      tags: ['agents', 'orders'],
      summary:
        'You gave the customer the goods of an order paid on delivery, its money in: it becomes delivered; audited',
      request: { params: orderParams },
      responses: {
        200: json(order, 'The order, delivered'),
        400: errorResponse('Bad id'),
        ...unauthenticated,
        ...notAgent,
        ...notTheirs,
        409: errorResponse('Its money is not in yet, or it is handed over already or cancelled'),
      },
    }),
    async (c) => {
      const input = {
        orderId: c.req.valid('param').id,
        agentId: signedInUserId(c.var.user),
        reader: readerLanguage(c),
      };
      return c.json(await handOverDelivery(paymentDeps(c.var), input), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'agentPromptDeliveryPayment',
      path: '/agent/deliveries/{id}/payment-prompt',
      tags: ['agents', 'orders', 'payments'],
      summary:
        "On the spot, ask the customer's phone to approve the order's mobile-money payment (their own number unless another is given)",
      middleware: [requireIdempotencyKey] as const,
      request: {
        params: orderParams,
        body: { required: true, content: { 'application/json': { schema: deliveryPromptSchema } } },
      },
      responses: {
        200: json(z.object({ order, payment: paymentSchema }), 'The order and the payment waiting for approval'),
        400: errorResponse('Bad id or body, or no Idempotency-Key'),
        ...unauthenticated,
        ...notAgent,
        ...notTheirs,
        409: errorResponse('A payment is already waiting, or the order is paid or cancelled'),
        422: errorResponse('No number to prompt, its network unknown, or the order waited too long'),
      },
    }),
    async (c) => {
      const result = await promptDeliveryPayment(paymentDeps(c.var), {
        orderId: c.req.valid('param').id,
        agentId: signedInUserId(c.var.user),
        prompt: c.req.valid('json'),
        idempotency: c.var.idempotency,
        reader: readerLanguage(c),
      });
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      ...staffRight('orders.change'),
      operationId: 'adminSetOrderCollector',
      path: '/admin/orders/{id}/collector',
      tags: ['admin', 'orders'],
      summary:
        'Name the agent who brings an order paid on delivery and takes its money; the agent and the customer are told; audited',
      middleware: [requireStaff('orders.change')] as const,
      request: {
        params: orderParams,
        body: { required: true, content: { 'application/json': { schema: deliveryCollectorSchema } } },
      },
      responses: {
        200: json(order, 'The order with who brings it'),
        400: errorResponse('Bad id or body'),
        ...ADMIN_DENIED,
        404: errorResponse('No such order'),
        409: errorResponse('The order is not paid on delivery, or no longer waits for its money'),
        422: errorResponse('Not an approved agent'),
      },
    }),
    async (c) => {
      const input = {
        orderId: c.req.valid('param').id,
        agentId: c.req.valid('json').agentId,
        actorId: signedInUserId(c.var.user),
        reader: readerLanguage(c),
      };
      return c.json(await setCollector(paymentDeps(c.var), input), 200);
    },
  );
