import { jobsOverviewSchema } from '@ecogrid/core/jobs';
import { createRoute, z } from '@hono/zod-openapi';
import { ADMIN_DENIED, requireStaff, staffRight } from '#src/features/auth/roles.service.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { json } from '#src/platform/route-helpers.ts';

/** The most dead letters the admin page lists at once. */
const DEAD_LETTER_LIMIT = 100;

const overviewRoute = createRoute({
  method: 'get',
  ...staffRight('system.read'),
  operationId: 'adminListJobs',
  path: '/jobs',
  tags: ['admin', 'jobs'],
  summary: 'Background job queues, scheduled tasks, and jobs that failed every retry (newest first, at most 100)',
  middleware: [requireStaff('system.read')] as const,
  responses: {
    200: json(jobsOverviewSchema.openapi('JobsOverview'), 'The queues'),
    ...ADMIN_DENIED,
  },
});

const retryRoute = createRoute({
  method: 'post',
  ...staffRight('system.change'),
  operationId: 'adminRetryDeadLetter',
  path: '/jobs/dead-letters/{id}/retry',
  tags: ['admin', 'jobs'],
  summary: 'Send a dead-lettered job back to its queue for another round of attempts',
  middleware: [requireStaff('system.change')] as const,
  request: { params: z.object({ id: z.uuid({ error: 'Invalid job ID' }) }) },
  responses: {
    200: json(z.object({ retried: z.literal(1) }), 'Queued again'),
    400: errorResponse('Invalid job id'),
    ...ADMIN_DENIED,
    404: errorResponse('No dead-lettered job has this id (perhaps it was already sent back)'),
  },
});

const runRoute = createRoute({
  method: 'post',
  ...staffRight('system.change'),
  operationId: 'adminRunSchedule',
  path: '/jobs/schedules/{name}/run',
  tags: ['admin', 'jobs'],
  summary: 'Run a scheduled task now, outside its schedule',
  middleware: [requireStaff('system.change')] as const,
  request: { params: z.object({ name: z.string().min(1).max(100) }) },
  responses: {
    202: json(z.object({ jobId: z.string() }), 'Queued'),
    ...ADMIN_DENIED,
    404: errorResponse('No scheduled task has this name'),
    409: errorResponse('The task is already waiting to run'),
  },
});

export const jobRoutes = createRouter()
  .openapi(overviewRoute, async (c) => {
    const [queues, schedules, deadLetters] = await Promise.all([
      c.var.jobs.queues(),
      c.var.jobs.schedules(),
      c.var.jobs.deadLetters(DEAD_LETTER_LIMIT),
    ]);
    c.header('Cache-Control', 'no-store');
    return c.json({ queues, schedules, deadLetters }, 200);
  })
  .openapi(retryRoute, async (c) => {
    const moved = await c.var.jobs.retryDeadLetters([c.req.valid('param').id]);
    if (moved !== 1) throw notFound('No dead-lettered job has this id; it may have been sent back already.');
    return c.json({ retried: 1 as const }, 200);
  })
  .openapi(runRoute, async (c) => {
    const result = await c.var.jobs.runNow(c.req.valid('param').name);
    if (result === 'unknown') throw notFound('No scheduled task has this name.');
    if (result === 'waiting') throw new AppError('already_waiting', 'This task is already waiting to run.', 409);
    return c.json({ jobId: result.jobId }, 202);
  });
