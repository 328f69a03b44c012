import { healthSchema } from '@ecogrid/core/health';
import { createRoute } from '@hono/zod-openapi';
import { appliedMigrationCount, expectedMigrationCount } from '#src/db/client.ts';
import { createRouter } from '#src/platform/http.ts';
import { APP_VERSION } from '#src/platform/version.ts';

const health = healthSchema.openapi('Health');

const healthRoute = createRoute({
  method: 'get',
  operationId: 'getHealth',
  security: [],
  path: '/health',
  tags: ['health'],
  summary: 'Whether the database is reachable and migrated, the job queue answers, and the running version',
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: health } } },
    503: { description: 'Not ready', content: { 'application/json': { schema: health } } },
  },
});

export const healthRoutes = createRouter().openapi(healthRoute, async (c) => {
  const expected = expectedMigrationCount();
  let reachable = true;
  let applied = 0;
  try {
    applied = await appliedMigrationCount(c.var.db);
  } catch (error) {
    reachable = false;
    c.var.log.error({ err: error }, 'health check could not query the database');
  }
  const upToDate = reachable && applied === expected;
  const jobsReachable = await c.var.jobs.healthy();
  const body = {
    status: upToDate && jobsReachable ? ('ok' as const) : ('degraded' as const),
    version: APP_VERSION,
    database: { reachable, kind: c.var.dbHandle.kind },
    migrations: { applied, expected, upToDate },
    jobs: { reachable: jobsReachable },
  };
  c.header('Cache-Control', 'no-store');
  return body.status === 'ok' ? c.json(body, 200) : c.json(body, 503);
});
