import {
  agentDashboardSchema,
  cashCollectedSchema,
  cashCollectionPageSchema,
  cashCollectionRequestSchema,
} from '@ecogrid/core/agent-money';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { body, json, unauthenticated } from '#src/platform/route-helpers.ts';
import { paymentDeps } from '#src/features/payments/payments.service.ts';
import { agentDashboard } from './agent-figures.ts';
import { listCashCollections, recordCashCollection } from './cash-collections.ts';

const notAgent = { 403: errorResponse('Not an approved, active agent, or not serving this customer') };

/** The agent's money: cash collected from customers, and their dashboard's figures. */
export const agentMoneyRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'agentRecordCashCollection',
      path: '/agent/collections',
      tags: ['agents', 'payments'],
      summary:
        'Record cash taken from a customer for a loan (deposit or repayment) or an order: paid at once, receipt texted; the same clientKey again answers the first (200)',
      request: body(cashCollectionRequestSchema.openapi('CashCollectionRequest')),
      responses: {
        201: json(cashCollectedSchema.openapi('CashCollected'), 'Recorded and applied'),
        200: json(
          cashCollectedSchema.openapi('CashCollected'),
          'Recorded before with this clientKey: the first answer',
        ),
        400: errorResponse('The request does not match the contract'),
        ...unauthenticated,
        ...notAgent,
        404: errorResponse('No such loan or order of this customer'),
        409: errorResponse('Receipt number on another payment, loan or order not taking payment, payment pending'),
        422: errorResponse('Cash limit reached, amount over what is owed or not the amount due, or clientKey reused'),
      },
    }),
    async (c) => {
      const agentId = signedInUserId(c.var.user);
      const done = await recordCashCollection(paymentDeps(c.var), agentId, c.req.valid('json'));
      return done.replayed ? c.json(done.answer, 200) : c.json(done.answer, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'agentListCashCollections',
      path: '/agent/collections',
      tags: ['agents', 'payments'],
      summary: 'The cash you collected, newest first',
      request: {
        query: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(25),
          cursor: z.string().max(200).optional(),
        }),
      },
      responses: {
        200: json(cashCollectionPageSchema.openapi('CashCollectionPage'), 'A page of collections'),
        400: errorResponse('Bad cursor or limit'),
        ...unauthenticated,
        ...notAgent,
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      return c.json(await listCashCollections(c.var.db, signedInUserId(c.var.user), query), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'agentGetDashboard',
      path: '/agent/dashboard',
      tags: ['agents'],
      summary:
        "Today's and this month's sales, collections and commission (Kampala time), cash on hand against the limit, wallet, customers to visit",
      responses: {
        200: json(agentDashboardSchema.openapi('AgentDashboard'), 'The figures'),
        ...unauthenticated,
        ...notAgent,
      },
    }),
    async (c) => c.json(await agentDashboard(c.var.db, signedInUserId(c.var.user)), 200),
  );
