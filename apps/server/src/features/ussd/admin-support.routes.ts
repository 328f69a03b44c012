import { uuidSchema } from '@ecogrid/core';
import { createRoute, z } from '@hono/zod-openapi';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { SUPPORT_TOPICS } from '#src/db/schema/ussd.ts';
import { createRouter, errorResponse, signedInUserId } from '#src/platform/http.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import { listSupportRequests, markSupportHandled, SUPPORT_STATUSES } from './support-queue.ts';

const personSchema = z.object({ id: z.string(), name: z.string().nullable() });

const supportRequestSchema = z
  .object({
    id: z.uuid(),
    customerId: z.string(),
    customerName: z.string().nullable(),
    customerPhone: z.string().nullable(),
    agent: personSchema.nullable().openapi({ description: "The customer's agent, if they have one" }),
    channel: z.enum(['ussd']),
    topic: z.enum(SUPPORT_TOPICS),
    status: z.enum(SUPPORT_STATUSES),
    createdAt: z.string(),
    handledBy: personSchema.nullable(),
    handledAt: z.string().nullable(),
    handledNote: z.string().nullable(),
  })
  .openapi('SupportRequest');

const listRoute = createRoute({
  method: 'get',
  ...staffRight('support.read'),
  operationId: 'adminListSupportRequests',
  path: '/support-requests',
  tags: ['admin', 'ussd'],
  summary:
    'Call-back requests customers made by USSD (at most 100): open ones newest first, handled ones last handled first',
  middleware: [requireStaff('support.read')] as const,
  request: { query: z.object({ status: z.enum(SUPPORT_STATUSES).default('open') }) },
  responses: {
    200: json(z.object({ items: z.array(supportRequestSchema) }), 'The requests'),
    400: errorResponse('Unknown status'),
    ...ADMIN_DENIED,
  },
});

const handledRoute = createRoute({
  method: 'post',
  ...staffRight('support.change'),
  operationId: 'adminMarkSupportRequestHandled',
  path: '/support-requests/{id}/handled',
  tags: ['admin', 'ussd'],
  summary: 'Record that you have called the customer back, with an optional note (audited)',
  description:
    'Asking again for a request you handled answers it as it stands and changes nothing; a request another admin handled is 409.',
  middleware: [requireStaff('support.change')] as const,
  request: {
    params: z.object({ id: uuidSchema('request id') }),
    ...body(z.object({ note: z.string().trim().max(500).optional() })),
  },
  responses: {
    200: json(supportRequestSchema, 'The request, handled'),
    400: errorResponse('Invalid id, or a note over 500 characters'),
    ...ADMIN_DENIED,
    404: errorResponse('No such request'),
    409: errorResponse('Another admin has already handled it'),
  },
});

export const adminSupportRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json({ items: await listSupportRequests(c.var.db, c.req.valid('query').status) }, 200),
  )
  .openapi(handledRoute, async (c) => {
    const note = c.req.valid('json').note;
    const request = await markSupportHandled(c.var.db, {
      adminId: signedInUserId(c.var.user),
      requestId: c.req.valid('param').id,
      note: note ? note : undefined,
    });
    return c.json(request, 200);
  });
