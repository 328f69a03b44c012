import {
  saleQuoteSchema,
  saleRequestSchema,
  saleResultSchema,
  saleSchema,
  saleTermsSentSchema,
} from '@ecogrid/core/agent-sales';
import { uuidSchema } from '@ecogrid/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponse, readerLanguage, signedInUserId, type AppEnv } from '#src/platform/http.ts';
import { IDEMPOTENCY_RESPONSES, requireIdempotencyKey } from '#src/platform/idempotency.ts';
import { body, idempotencyKeyHeader, json, unauthenticated } from '#src/platform/route-helpers.ts';
import { paymentDeps } from '#src/features/payments/payments.service.ts';
import { quoteForCustomer, sellForCustomer, sendSaleTerms, type SaleDeps } from './sales.ts';

const params = z.object({ customerId: uuidSchema('customer id') });
const saleRequest = saleRequestSchema.openapi('AgentSaleRequest');
const quote = saleQuoteSchema.openapi('AgentSaleQuote');

const refusals = {
  400: errorResponse('The body is not valid'),
  ...unauthenticated,
  403: errorResponse(
    'Not an approved agent, no unexpired consent from the customer (consent_required), or credit without a verified identity check (kyc_required)',
  ),
  422: errorResponse('A product not sold, not in stock or not on that plan; a closed pickup point; an unknown place'),
};

const saleDeps = (c: Context<AppEnv>): SaleDeps => ({
  ...paymentDeps(c.var),
  authSecret: c.var.authSecret,
  cashOrderDays: c.var.cashOrderDays,
});

/** An agent sells for a customer who agreed: the quote, the terms texted with a code, the sale. */
export const agentSaleRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'agentQuoteSale',
      path: '/agent/customers/{customerId}/sales/quote',
      tags: ['agents'],
      summary:
        'What the customer would see at checkout for these lines: cash prices, credit terms per unit, delivery, what is paid now and the total',
      request: { params, ...body(saleRequest) },
      responses: { 200: json(quote, 'The quote to read out to the customer'), ...refusals },
    }),
    async (c) => {
      const agentId = signedInUserId(c.var.user);
      const { customerId } = c.req.valid('param');
      return c.json(await quoteForCustomer(c.var.db, agentId, customerId, c.req.valid('json')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'agentSendSaleTerms',
      path: '/agent/customers/{customerId}/sales/terms',
      tags: ['agents'],
      summary:
        "Text the customer the sale's terms in their language (total, deposits, instalments, total cost of credit) with a code that accepts them; 3 an hour at most",
      request: { params, ...body(saleRequest) },
      responses: {
        202: json(saleTermsSentSchema, 'The terms and their code are on their way'),
        ...refusals,
        429: errorResponse('Three terms codes in the last hour'),
      },
    }),
    async (c) => {
      const agentId = signedInUserId(c.var.user);
      const { customerId } = c.req.valid('param');
      return c.json(await sendSaleTerms(saleDeps(c), agentId, customerId, c.req.valid('json')), 202);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'agentSell',
      path: '/agent/customers/{customerId}/sales',
      tags: ['agents'],
      summary:
        'Sell what the customer accepted with the code: their order and loans, marked as sold by the agent, paid by a prompt on their phone or in cash to the agent',
      middleware: [requireIdempotencyKey] as const,
      request: { params, headers: idempotencyKeyHeader, ...body(saleSchema.openapi('AgentSale')) },
      responses: {
        201: json(
          saleResultSchema.openapi('AgentSaleResult'),
          'The order and loans, the prompts sent, what to collect in cash',
        ),
        ...refusals,
        400: errorResponse('The body is not valid, or no Idempotency-Key'),
        409: errorResponse(
          'The sale changed after its terms were texted (terms_changed), stock ran out, or the first request with this key is still running',
        ),
        422: IDEMPOTENCY_RESPONSES[422],
      },
    }),
    async (c) => {
      const agentId = signedInUserId(c.var.user);
      const { customerId } = c.req.valid('param');
      const result = await sellForCustomer(
        saleDeps(c),
        agentId,
        customerId,
        c.req.valid('json'),
        c.var.idempotency,
        readerLanguage(c),
      );
      return c.json(result, 201);
    },
  );
