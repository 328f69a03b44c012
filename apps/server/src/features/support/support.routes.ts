import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createRouter, errorResponse, requireSignedIn, signedInUserId, type AppEnv } from '#src/platform/http.ts';
import { IDEMPOTENCY_RESPONSES, requireIdempotencyKey } from '#src/platform/idempotency.ts';
import { body, json, unauthenticated } from '#src/platform/route-helpers.ts';
import { reopenTicket, replyToTicket } from './ticket-messages.ts';
import {
  noTicket,
  openTicketInput,
  supportDeps,
  ticket,
  ticketList,
  ticketParams,
  ticketReply,
} from './ticket-schemas.ts';
import { ticketPhotoRoutes } from './ticket-photo.routes.ts';
import { operationOn, TICKET_SIDES, viewerOn } from './ticket-sides.ts';
import { myTickets, openTicket, readTicket } from './tickets.ts';

const opened = {
  201: json(ticket, 'The new ticket'),
  400: errorResponse('A field is missing or not valid, or no Idempotency-Key'),
  ...IDEMPOTENCY_RESPONSES,
  404: errorResponse('The loan or order named is not the customer’s'),
};

/** Customers' and agents' ticket routes share their shapes; `who` picks the caller's side. */
function ticketRoutes(who: 'customer' | 'agent') {
  const { base, tags, denied } = TICKET_SIDES[who];
  const op = (name: string) => operationOn(who, name);
  const whose = who === 'customer' ? 'your' : 'your customers’';
  const viewer = (c: Context<AppEnv>) => viewerOn(c, who);

  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        operationId: op('listSupportTickets'),
        path: base,
        tags,
        summary: `List ${whose} support tickets, newest first`,
        middleware: [requireSignedIn] as const,
        responses: { 200: ticketList, ...denied },
      }),
      async (c) => c.json({ items: await myTickets(c.var.db, await viewer(c)) }, 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        operationId: op('getSupportTicket'),
        path: `${base}/{id}`,
        tags,
        summary: `One of ${whose} tickets with its conversation`,
        middleware: [requireSignedIn] as const,
        request: { params: ticketParams },
        responses: { 200: json(ticket, 'The ticket'), 400: errorResponse('Bad id'), ...denied, ...noTicket },
      }),
      async (c) => c.json(await readTicket(c.var.db, await viewer(c), c.req.valid('param').id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        operationId: op('replyToSupportTicket'),
        path: `${base}/{id}/messages`,
        tags,
        summary: 'Write on an open ticket; an answer to a request for information puts it back in the queue',
        middleware: [requireSignedIn] as const,
        request: { params: ticketParams, ...body(ticketReply) },
        responses: {
          200: json(ticket, 'The ticket with the message'),
          400: errorResponse('Bad id, or an empty or too long message'),
          ...denied,
          ...noTicket,
          409: errorResponse('The ticket is resolved: reopen it first'),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        return c.json(await replyToTicket(supportDeps(c), await viewer(c), id, c.req.valid('json').body), 200);
      },
    );
}

const openRoute = createRoute({
  method: 'post',
  operationId: 'openSupportTicket',
  path: '/support/tickets',
  tags: ['support'],
  summary: 'Open a support ticket, optionally about one of your loans or orders',
  middleware: [requireIdempotencyKey] as const,
  request: { ...body(openTicketInput) },
  responses: { ...opened, ...unauthenticated },
});

const agentOpenRoute = createRoute({
  method: 'post',
  operationId: 'agentOpenSupportTicket',
  path: '/agent/customers/{customerId}/support/tickets',
  tags: ['agents', 'support'],
  summary: 'Open a support ticket for a customer who has consented to you acting for them',
  middleware: [requireIdempotencyKey] as const,
  request: { params: z.object({ customerId: ticketParams.shape.id }), ...body(openTicketInput) },
  responses: {
    ...opened,
    ...unauthenticated,
    403: errorResponse('Not an approved agent, or the customer has not consented (or the consent expired)'),
  },
});

const reopenRoute = createRoute({
  method: 'post',
  operationId: 'reopenSupportTicket',
  path: '/support/tickets/{id}/reopen',
  tags: ['support'],
  summary: 'Reopen your resolved ticket with a message, within 14 days of its resolution',
  middleware: [requireSignedIn] as const,
  request: { params: ticketParams, ...body(ticketReply) },
  responses: {
    200: json(ticket, 'The ticket, open again'),
    400: errorResponse('Bad id, or an empty or too long message'),
    ...unauthenticated,
    ...noTicket,
    409: errorResponse('The ticket is not resolved'),
    422: errorResponse('More than 14 days have passed since it was resolved (reopen_window_closed)'),
  },
});

/** Tickets for customers (/api/support/tickets) and their agents (/api/agent/…). */
export const supportRoutes = createRouter()
  .openapi(openRoute, async (c) => {
    const id = signedInUserId(c.var.user);
    return c.json(await openTicket(supportDeps(c), { id, role: 'customer' }, id, c.req.valid('json')), 201);
  })
  .openapi(agentOpenRoute, async (c) => {
    const id = signedInUserId(c.var.user);
    const { customerId } = c.req.valid('param');
    return c.json(await openTicket(supportDeps(c), { id, role: 'agent' }, customerId, c.req.valid('json')), 201);
  })
  .openapi(reopenRoute, async (c) => {
    const viewer = { id: signedInUserId(c.var.user), role: 'customer' as const };
    return c.json(await reopenTicket(supportDeps(c), viewer, c.req.valid('param').id, c.req.valid('json').body), 200);
  })
  .route('/', ticketRoutes('customer'))
  .route('/', ticketRoutes('agent'))
  .route('/', ticketPhotoRoutes('customer'))
  .route('/', ticketPhotoRoutes('agent'));
