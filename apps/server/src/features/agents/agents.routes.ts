import { agentCustomerListSchema, consentConfirmedSchema, consentRequestedSchema } from '@ecogrid/core/agents';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponse, signedInUserId, type AppEnv } from '#src/platform/http.ts';
import { actorOf, body, json, unauthenticated } from '#src/platform/route-helpers.ts';
import { confirmConsent, requestConsent } from './agent-consent.ts';
import { agentCustomerList } from './agent-customers.ts';
import { requireAgent } from './agents.service.ts';
import { agentStockSchema } from '@ecogrid/core/stock-locations';
import { stockHeldByAgent } from '#src/features/catalog/stock-places.service.ts';

const consentDeps = (c: Context<AppEnv>) => ({ db: c.var.db, messages: c.var.messages, authSecret: c.var.authSecret });
const phoneSchema = z
  .string({ error: 'Enter the customer’s phone number' })
  .trim()
  .min(9, 'Enter the customer’s phone number')
  .max(20);

/** Agents: ask a customer for consent by SMS code, confirm it, list the customers they serve. */
export const agentRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'agentRequestConsent',
      path: '/agent/customers/consent',
      tags: ['agents'],
      summary: 'Send the customer (by phone number) an SMS code that they read back to agree; 3 an hour at most',
      request: body(z.strictObject({ phoneNumber: phoneSchema })),
      responses: {
        202: json(consentRequestedSchema, 'The code is on its way'),
        400: errorResponse('Not a Ugandan phone number'),
        ...unauthenticated,
        403: errorResponse('Not an approved agent'),
        404: errorResponse('No customer has this number'),
        422: errorResponse('The customer has not confirmed this number'),
        429: errorResponse('Three codes in the last hour'),
      },
    }),
    async (c) => c.json(await requestConsent(consentDeps(c), actorOf(c), c.req.valid('json').phoneNumber), 202),
  )
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'agentConfirmConsent',
      path: '/agent/customers/consent/confirm',
      tags: ['agents'],
      summary: 'Confirm the code the customer read out: the agent may then act for them for 24 hours',
      request: body(
        z.strictObject({
          phoneNumber: phoneSchema,
          code: z
            .string({ error: 'Enter the 6-digit code' })
            .trim()
            .regex(/^\d{6}$/, 'Enter the 6-digit code'),
        }),
      ),
      responses: {
        200: json(consentConfirmedSchema, 'The customer agreed'),
        400: errorResponse('Bad phone number or code shape'),
        ...unauthenticated,
        403: errorResponse('Not an approved agent'),
        404: errorResponse('No customer has this number'),
        422: errorResponse('Wrong or expired code'),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      return c.json(await confirmConsent(consentDeps(c), actorOf(c), body.phoneNumber, body.code), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'agentListCustomers',
      path: '/agent/customers',
      tags: ['agents'],
      summary: 'The customers you serve, most recent consent first, with their identity-check status',
      responses: {
        200: json(agentCustomerListSchema, 'The customers'),
        ...unauthenticated,
        403: errorResponse('Not an approved agent'),
      },
    }),
    async (c) => {
      const agentId = signedInUserId(c.var.user);
      await requireAgent(c.var.db, agentId);
      return c.json({ items: await agentCustomerList(c.var.db, agentId) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'agentListStockHeld',
      path: '/agent/stock',
      tags: ['agents'],
      summary: 'The units you hold as a stock location, product by product (none when you hold no stock)',
      responses: {
        200: json(agentStockSchema, 'What you hold'),
        ...unauthenticated,
        403: errorResponse('Not an approved agent'),
      },
    }),
    async (c) => {
      const agentId = signedInUserId(c.var.user);
      await requireAgent(c.var.db, agentId);
      return c.json({ items: await stockHeldByAgent(c.var.db, agentId) }, 200);
    },
  );
