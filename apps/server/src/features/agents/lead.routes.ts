import { leadConfirmSchema, leadRequestSchema, leadSchema } from '@ecogrid/core/agent-field';
import { uuidSchema } from '@ecogrid/core';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponse, signedInUserId, type AppEnv } from '#src/platform/http.ts';
import { actorOf, body, json, unauthenticated } from '#src/platform/route-helpers.ts';
import { confirmLead } from './lead-accounts.ts';
import { createLead, listLeads, resendLeadCode } from './leads.ts';

const leadView = leadSchema.openapi('AgentLead');
const leadParams = z.object({ id: uuidSchema('lead id') });
const deps = (c: Context<AppEnv>) => ({ db: c.var.db, messages: c.var.messages, authSecret: c.var.authSecret });
const notAgent = { 403: errorResponse('Not an approved agent') };

/** Agents register customers in the field: a lead, then the SMS code the customer reads back. */
export const leadRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'agentRegisterCustomer',
      path: '/agent/leads',
      tags: ['agents'],
      summary:
        'Register a customer met in the field: texts them a code to read back (a number with an account gets a consent code instead)',
      request: body(leadRequestSchema),
      responses: {
        201: json(leadView, 'The lead is kept and the code is on its way'),
        200: json(leadView, 'The same clientKey again: the first lead, nothing texted'),
        400: errorResponse('The body is not valid (a message names the problem)'),
        ...unauthenticated,
        ...notAgent,
        409: errorResponse('The number belongs to an account that is not a customer’s'),
        422: errorResponse('The district, sub-county and village do not exist or do not belong together'),
        429: errorResponse('Too many codes for this number in the last hour'),
      },
    }),
    async (c) => {
      const { lead, created } = await createLead(deps(c), actorOf(c), c.req.valid('json'));
      return created ? c.json(lead, 201) : c.json(lead, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'agentConfirmLead',
      path: '/agent/leads/{id}/confirm',
      tags: ['agents'],
      summary:
        'Confirm the code the customer read out: makes their phone account (or completes the consent of an existing customer)',
      request: { params: leadParams, ...body(leadConfirmSchema) },
      responses: {
        200: json(leadView, 'The customer is registered (or has consented)'),
        400: errorResponse('Bad id or code shape'),
        ...unauthenticated,
        ...notAgent,
        404: errorResponse('No such lead of yours'),
        409: errorResponse('The number has been confirmed by another account meanwhile'),
        422: errorResponse('Wrong code (with the tries left), or expired or tried too often'),
      },
    }),
    async (c) => c.json(await confirmLead(deps(c), actorOf(c), c.req.valid('param').id, c.req.valid('json').code), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'agentResendLeadCode',
      path: '/agent/leads/{id}/resend',
      tags: ['agents'],
      summary: 'Text the customer a new code (the last one stops working); 3 an hour at most',
      request: { params: leadParams },
      responses: {
        200: json(leadView, 'A new code is on its way'),
        400: errorResponse('Bad id'),
        ...unauthenticated,
        ...notAgent,
        404: errorResponse('No such lead of yours'),
        409: errorResponse('The customer is registered already'),
        429: errorResponse('Too many codes for this number in the last hour'),
      },
    }),
    async (c) => c.json(await resendLeadCode(deps(c), actorOf(c), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'agentListLeads',
      path: '/agent/leads',
      tags: ['agents'],
      summary: 'The customers you registered, newest first, those waiting for their code included',
      responses: {
        200: json(z.object({ items: z.array(leadView) }), 'The leads'),
        ...unauthenticated,
        ...notAgent,
      },
    }),
    async (c) => c.json({ items: await listLeads(c.var.db, signedInUserId(c.var.user)) }, 200),
  );
