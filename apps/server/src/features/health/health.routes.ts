import { createRoute, z } from '@hono/zod-openapi';
import { appliedMigrationCount, expectedMigrationCount } from '#src/db/client.ts';
import { createRouter } from '#src/platform/http.ts';
import { APP_VERSION } from '#src/platform/version.ts';

const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    database: z.object({ reachable: z.boolean(), kind: z.enum(['pglite', 'postgres']) }),
    migrations: z.object({ applied: z.number().int(), expected: z.number().int(), upToDate: z.boolean() }),
    jobs: z.object({ reachable: z.boolean() }).describe('The background job queue answers'),
  })
  .openapi('Health');

const healthRoute = createRoute({
  method: 'get',
  operationId: 'getHealth',
  security: [],
  path: '/health',
  tags: ['health'],
  summary: 'Whether the database is reachable and migrated, the job queue answers, and the running version',
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: healthSchema } } },
    503: { description: 'Not ready', content: { 'application/json': { schema: healthSchema } } },
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
