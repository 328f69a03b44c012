import {
  agentLoanPageSchema,
  agentLoanQuerySchema,
  agentOrderPageSchema,
  agentOrderQuerySchema,
} from '@ecogrid/core/agent-books';
import { createRoute } from '@hono/zod-openapi';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { json, unauthenticated } from '#src/platform/route-helpers.ts';
import { agentLoanPage, agentOrderPage } from './customer-books.ts';

const notAgent = { 403: errorResponse('Not an approved agent') };

/** The loans and the orders of the customers an agent serves: the agent app's Loans and Orders. */
export const customerBookRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'agentListLoans',
      path: '/agent/loans',
      tags: ['agents', 'loans'],
      summary: 'The loans of the customers you serve, newest first, by status or arrears, each with its customer',
      request: { query: agentLoanQuerySchema },
      responses: {
        200: json(agentLoanPageSchema.openapi('AgentLoanPage'), 'One page'),
        400: errorResponse('Bad filter, limit or cursor'),
        ...unauthenticated,
        ...notAgent,
      },
    }),
    async (c) => c.json(await agentLoanPage(c.var.db, signedInUserId(c.var.user), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'agentListOrders',
      path: '/agent/orders',
      tags: ['agents', 'orders'],
      summary: 'The orders of the customers you serve, newest first, by status, each with its customer',
      request: { query: agentOrderQuerySchema },
      responses: {
        200: json(agentOrderPageSchema.openapi('AgentOrderPage'), 'One page'),
        400: errorResponse('Bad filter, limit or cursor'),
        ...unauthenticated,
        ...notAgent,
      },
    }),
    async (c) => c.json(await agentOrderPage(c.var.db, signedInUserId(c.var.user), c.req.valid('query')), 200),
  );
