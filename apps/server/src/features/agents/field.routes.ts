import {
  agentCustomerDetailSchema,
  visitListSchema,
  visitNoteRequestSchema,
  visitNoteSchema,
} from '@ecogrid/core/agent-field';
import { uuidSchema } from '@ecogrid/core';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { body, json, unauthenticated } from '#src/platform/route-helpers.ts';
import { agentCustomerDetail } from './customer-detail.ts';
import { requireServed } from './served-customers.ts';
import { customerNotes, recordVisitNote } from './visit-notes.ts';
import { visitList } from './visits.ts';

const noteView = visitNoteSchema.openapi('AgentVisitNote');
const customerParams = z.object({ customerId: uuidSchema('customer id') });
const notAgent = { 403: errorResponse('Not an approved agent') };
const notServed = { 404: errorResponse('No customer you serve has this id') };

/** The agent's field work: notes of visits and promises to pay, whom to visit, a customer's whole file. */
export const fieldRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      operationId: 'agentRecordVisitNote',
      path: '/agent/visit-notes',
      tags: ['agents'],
      summary: 'Note a visit or call to a customer you serve, with a promise to pay if one was made',
      request: body(visitNoteRequestSchema),
      responses: {
        201: json(noteView, 'The note'),
        200: json(noteView, 'The same clientKey again: the first note'),
        400: errorResponse('The body is not valid (a message names the problem)'),
        ...unauthenticated,
        ...notAgent,
        404: errorResponse('No customer you serve has this id, or the loan is not theirs'),
      },
    }),
    async (c) => {
      const { note, created } = await recordVisitNote(c.var.db, signedInUserId(c.var.user), c.req.valid('json'));
      return created ? c.json(note, 201) : c.json(note, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'agentListCustomerNotes',
      path: '/agent/customers/{customerId}/notes',
      tags: ['agents'],
      summary: 'The notes of visits to a customer you serve, newest first',
      request: { params: customerParams },
      responses: {
        200: json(z.object({ items: z.array(noteView) }), 'The notes'),
        400: errorResponse('Not a customer id'),
        ...unauthenticated,
        ...notAgent,
        ...notServed,
      },
    }),
    async (c) => {
      const { customerId: id } = c.req.valid('param');
      await requireServed(c.var.db, signedInUserId(c.var.user), id);
      return c.json({ items: await customerNotes(c.var.db, id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'agentListVisits',
      path: '/agent/visits',
      tags: ['agents'],
      summary: 'Customers to visit: their loans in arrears, most days past due first, with the latest note',
      responses: {
        200: json(visitListSchema.openapi('AgentVisitList'), 'The loans in arrears'),
        ...unauthenticated,
        ...notAgent,
      },
    }),
    async (c) => c.json({ items: await visitList(c.var.db, signedInUserId(c.var.user)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      operationId: 'agentGetCustomer',
      path: '/agent/customers/{customerId}',
      tags: ['agents'],
      summary: 'A customer you serve, whole: identity check, consent, loans, orders and notes of visits',
      request: { params: customerParams },
      responses: {
        200: json(agentCustomerDetailSchema.openapi('AgentCustomerDetail'), 'The customer'),
        400: errorResponse('Not a customer id'),
        ...unauthenticated,
        ...notAgent,
        ...notServed,
      },
    }),
    async (c) =>
      c.json(await agentCustomerDetail(c.var.db, signedInUserId(c.var.user), c.req.valid('param').customerId), 200),
  );
