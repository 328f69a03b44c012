import {
  assignTicketSchema,
  resolveTicketSchema,
  staffMessageSchema,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
} from '@ecogrid/core/support';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { IDEMPOTENCY_RESPONSES, requireIdempotencyKey } from '#src/platform/idempotency.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { paymentDeps } from '#src/features/payments/payments.service.ts';
import { resolveTicket } from './resolve-ticket.ts';
import { ticketPhotoRoutes } from './ticket-photo.routes.ts';
import { assignTicket, staffMessage } from './ticket-messages.ts';
import { noTicket, supportDeps, ticket, ticketList, ticketParams } from './ticket-schemas.ts';
import { readTicket, supportStaff, ticketQueue } from './tickets.ts';

const tags = ['admin', 'support'];
const staffOf = (c: { var: { user: Parameters<typeof signedInUserId>[0] } }) => ({
  id: signedInUserId(c.var.user),
  role: 'staff' as const,
});

const queueRoute = createRoute({
  method: 'get',
  ...staffRight('support.read'),
  operationId: 'adminSupportTicketQueue',
  path: '/support/tickets',
  tags,
  summary: 'The support queue, oldest first (at most 100), by status, category and assignee ("none" for unassigned)',
  middleware: [requireStaff('support.read')] as const,
  request: {
    query: z.object({
      status: z.enum(TICKET_STATUSES).optional(),
      category: z.enum(TICKET_CATEGORIES).optional(),
      assignee: z.string().min(1).max(100).optional(),
    }),
  },
  responses: { 200: ticketList, 400: errorResponse('Unknown status or category'), ...ADMIN_DENIED },
});

const readRoute = createRoute({
  method: 'get',
  ...staffRight('support.read'),
  operationId: 'adminGetSupportTicket',
  path: '/support/tickets/{id}',
  tags,
  summary: 'A ticket with its whole conversation (staff notes too) and, for a device fault, the unit’s warranty',
  middleware: [requireStaff('support.read')] as const,
  request: { params: ticketParams },
  responses: { 200: json(ticket, 'The ticket'), 400: errorResponse('Bad id'), ...ADMIN_DENIED, ...noTicket },
});

const assignRoute = createRoute({
  method: 'post',
  ...staffRight('support.change'),
  operationId: 'adminAssignSupportTicket',
  path: '/support/tickets/{id}/assignee',
  tags,
  summary: 'Give the ticket to an admin (yourself or another), or to nobody (audited)',
  middleware: [requireStaff('support.change')] as const,
  request: { params: ticketParams, ...body(assignTicketSchema) },
  responses: {
    200: json(ticket, 'The ticket'),
    400: errorResponse('Bad id or assignee'),
    ...ADMIN_DENIED,
    ...noTicket,
    422: errorResponse('The assignee is not an active admin'),
  },
});

const messageRoute = createRoute({
  method: 'post',
  ...staffRight('support.change'),
  operationId: 'adminWriteOnSupportTicket',
  path: '/support/tickets/{id}/messages',
  tags,
  summary:
    'Reply, ask the customer for information (the ticket waits on them; they are texted) or add a staff note (audited; the customer is told of a reply or request)',
  middleware: [requireStaff('support.change')] as const,
  request: { params: ticketParams, ...body(staffMessageSchema) },
  responses: {
    200: json(ticket, 'The ticket with the message'),
    400: errorResponse('Bad id, kind or message'),
    ...ADMIN_DENIED,
    ...noTicket,
    409: errorResponse('The ticket is resolved (only a note may be added)'),
  },
});

const resolveRoute = createRoute({
  method: 'post',
  ...staffRight('support.change'),
  operationId: 'adminResolveSupportTicket',
  path: '/support/tickets/{id}/resolution',
  tags,
  summary:
    'Resolve the ticket with a message: an answer, or for a device fault a repair, a swap of the loan’s unit (free, under warranty only) or a quote (audited; the customer is told)',
  middleware: [requireStaff('support.change'), requireIdempotencyKey] as const,
  request: { params: ticketParams, ...body(resolveTicketSchema) },
  responses: {
    200: json(ticket, 'The ticket, resolved'),
    400: errorResponse('Bad id or resolution, or no Idempotency-Key'),
    ...ADMIN_DENIED,
    ...noTicket,
    ...IDEMPOTENCY_RESPONSES,
    409: errorResponse('Already resolved, the loan has no unit to swap, or no replacement unit is in stock'),
    422: errorResponse(
      'The outcome does not fit the ticket (not a device fault, no unit, out of warranty), the serial is unknown or another product, or the Idempotency-Key was used for another request',
    ),
  },
});

const staffRoute = createRoute({
  method: 'get',
  ...staffRight('support.read'),
  operationId: 'adminSupportStaff',
  path: '/support/staff',
  tags,
  summary: 'Who tickets can be given to (active admins, by name), and which of them is you',
  middleware: [requireStaff('support.read')] as const,
  responses: {
    200: json(
      z.object({ me: z.string(), staff: z.array(z.object({ id: z.string(), name: z.string().nullable() })) }),
      'The support staff',
    ),
    ...ADMIN_DENIED,
  },
});

/** Staff's ticket routes, under /api/admin. */
export const adminTicketRoutes = createRouter()
  .openapi(staffRoute, async (c) => c.json({ me: staffOf(c).id, staff: await supportStaff(c.var.db) }, 200))
  .openapi(queueRoute, async (c) => c.json({ items: await ticketQueue(c.var.db, c.req.valid('query')) }, 200))
  .openapi(readRoute, async (c) => c.json(await readTicket(c.var.db, staffOf(c), c.req.valid('param').id), 200))
  .openapi(assignRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await assignTicket(supportDeps(c), staffOf(c), id, c.req.valid('json').assigneeId), 200);
  })
  .openapi(messageRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await staffMessage(supportDeps(c), staffOf(c), id, c.req.valid('json')), 200);
  })
  .openapi(resolveRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await resolveTicket(paymentDeps(c.var), staffOf(c), id, c.req.valid('json')), 200);
  })
  .route('/', ticketPhotoRoutes('staff'));
