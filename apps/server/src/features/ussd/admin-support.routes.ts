import { createRoute, z } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import { ADMIN_DENIED, requireAdmin } from '#src/features/auth/roles.service.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import type { Database } from '#src/db/client.ts';
import { SUPPORT_TOPICS, supportRequests } from '#src/db/schema/ussd.ts';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { json } from '#src/platform/route-helpers.ts';

const SUPPORT_STATUSES = ['open', 'handled'] as const;
const LIST_LIMIT = 100;

const supportRequestSchema = z
  .object({
    id: z.uuid(),
    customerId: z.string(),
    customerName: z.string().nullable(),
    customerPhone: z.string().nullable(),
    channel: z.enum(['ussd']),
    topic: z.enum(SUPPORT_TOPICS),
    status: z.enum(SUPPORT_STATUSES),
    createdAt: z.string(),
  })
  .openapi('SupportRequest');

/** Call-back requests, newest first (at most 100), open ones only unless asked otherwise, with who asked. */
export async function listSupportRequests(db: Database, status: (typeof SUPPORT_STATUSES)[number]) {
  const rows = await db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.status, status))
    .orderBy(desc(supportRequests.createdAt))
    .limit(LIST_LIMIT);
  const people = await userSummaries(
    db,
    rows.map((r) => r.customerId),
  );
  return rows.map((r) => ({
    id: r.id,
    customerId: r.customerId,
    customerName: people.get(r.customerId)?.name ?? null,
    customerPhone: people.get(r.customerId)?.phone ?? null,
    channel: r.channel,
    topic: r.topic,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  }));
}

const listRoute = createRoute({
  method: 'get',
  operationId: 'adminListSupportRequests',
  path: '/support-requests',
  tags: ['admin', 'ussd'],
  summary: 'Call-back requests customers made by USSD, newest first (at most 100)',
  middleware: [requireAdmin] as const,
  request: { query: z.object({ status: z.enum(SUPPORT_STATUSES).default('open') }) },
  responses: {
    200: json(z.object({ items: z.array(supportRequestSchema) }), 'The requests'),
    400: errorResponse('Unknown status'),
    ...ADMIN_DENIED,
  },
});

export const adminSupportRoutes = createRouter().openapi(listRoute, async (c) =>
  c.json({ items: await listSupportRequests(c.var.db, c.req.valid('query').status) }, 200),
);
