import { impactSchema } from '@ecogrid/core/impact';
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '#src/platform/http.ts';
import { json } from '#src/platform/route-helpers.ts';
import { transformationPlan } from './transformation-plan.ts';

const planRoute = createRoute({
  method: 'get',
  operationId: 'getTransformationPlan',
  path: '/transformation-plan',
  tags: ['dashboard'],
  summary:
    'The move from kerosene to solar in figures: units sold, households served, and the energy, kerosene and CO2 estimated from the tokens, with the method',
  security: [],
  responses: {
    200: json(impactSchema.openapi('TransformationPlan'), 'The figures and the factors they were made with'),
  },
});

/**
 * Public and the same for everyone: a browser or proxy may keep an answer for five minutes, as
 * the figures move by the day, not the second.
 */
export const transformationPlanRoutes = createRouter().openapi(planRoute, async (c) => {
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(await transformationPlan(c.var.db), 200);
});
