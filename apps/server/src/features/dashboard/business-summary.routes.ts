import { businessSummarySchema } from '@ecogrid/core/business';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '#src/platform/http.ts';
import { json } from '#src/platform/route-helpers.ts';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { businessSummary } from './business-summary.ts';

/** The admin home's figures, under /api/admin. */
export const businessSummaryRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    ...staffRight('reports.read'),
    operationId: 'adminBusinessSummary',
    path: '/business-summary',
    tags: ['admin'],
    summary:
      'Today, this week and this month (Kampala): cash and credit sales, collections, applications; what waits for staff; PAR; cash agents hold; 30 days of sales and collections',
    middleware: [requireStaff('reports.read')] as const,
    responses: { 200: json(businessSummarySchema.openapi('BusinessSummary'), 'The figures now'), ...ADMIN_DENIED },
  }),
  async (c) => {
    c.header('cache-control', 'private, no-store');
    return c.json(await businessSummary(c.var.db, c.var.jobs), 200);
  },
);
