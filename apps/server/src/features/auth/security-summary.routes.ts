import { securitySummarySchema } from '@ecogrid/core/users';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '#src/platform/http.ts';
import { json } from '#src/platform/route-helpers.ts';
import { securitySummary } from './security-summary.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from './roles.service.ts';

/** The security dashboard's figures, under /api/admin. */
export const securitySummaryRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    ...staffRight('audit.read'),
    operationId: 'adminSecuritySummary',
    path: '/security-summary',
    tags: ['admin'],
    summary:
      'Failed sign-ins and lockouts over the last 14 days, two-step sign-in among admins and accounts, open sessions, roles, and addresses with many failures',
    middleware: [requireStaff('audit.read')] as const,
    responses: { 200: json(securitySummarySchema.openapi('SecuritySummary'), 'The figures now'), ...ADMIN_DENIED },
  }),
  async (c) => {
    c.header('cache-control', 'private, no-store');
    return c.json(await securitySummary(c.var.db), 200);
  },
);
