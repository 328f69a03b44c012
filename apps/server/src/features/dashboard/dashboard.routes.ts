import { dashboardSchema } from '@ecogrid/core/dashboard';
import { createRoute } from '@hono/zod-openapi';
import { createRouter, signedInUserId } from '#src/platform/http.ts';
import { json, unauthenticated } from '#src/platform/route-helpers.ts';
import { customerDashboard } from './customer-dashboard.ts';

const dashboardRoute = createRoute({
  method: 'get',
  operationId: 'getMyDashboard',
  path: '/me/dashboard',
  tags: ['dashboard'],
  summary:
    'Your home screen: each unit’s days of power and newest token, the next payment and any lateness, loan progress, orders on their way, wallet balance and identity check',
  responses: {
    200: json(dashboardSchema.openapi('CustomerDashboard'), 'The dashboard'),
    ...unauthenticated,
  },
});

export const dashboardRoutes = createRouter().openapi(dashboardRoute, async (c) =>
  c.json(await customerDashboard(c.var.db, signedInUserId(c.var.user)), 200),
);
