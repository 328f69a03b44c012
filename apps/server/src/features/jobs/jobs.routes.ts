import { createRoute, z } from '@hono/zod-openapi';
import { ADMIN_DENIED, requireAdmin } from '#src/features/auth/roles.service.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { createRouter, errorResponse } from '#src/platform/http.ts';

/** The most dead letters the admin page lists at once. */
const DEAD_LETTER_LIMIT = 100;

const queueSchema = z
  .object({
    name: z.string(),
    ready: z.number().int().describe('Waiting to run now'),
    deferred: z.number().int().describe('Waiting for a later time (retries that are not due yet)'),
    active: z.number().int(),
    failed: z.number().int().describe('Failed for good and still kept'),
    total: z.number().int(),
  })
  .openapi('JobQueue');

const scheduleSchema = z
  .object({
    name: z.string(),
    cron: z.string(),
    timezone: z.string(),
    next: z.string().nullable().describe('When it next runs'),
  })
  .openapi('JobSchedule');

const deadLetterSchema = z
  .object({
    id: z.string(),
    queue: z.string().describe('The queue the job failed on'),
    data: z.record(z.string(), z.unknown()),
    error: z.string().nullable().describe('Why its last attempt failed'),
    attempts: z.number().int(),
    firstQueuedAt: z.string().nullable(),
    failedAt: z.string(),
  })
  .openapi('DeadLetter');

const overviewRoute = createRoute({
  method: 'get',
  operationId: 'adminListJobs',
  path: '/jobs',
  tags: ['admin', 'jobs'],
  summary: 'Background job queues, scheduled tasks, and jobs that failed every retry (newest first, at most 100)',
  middleware: [requireAdmin] as const,
  responses: {
    200: {
      description: 'The queues',
      content: {
        'application/json': {
          schema: z.object({
            queues: z.array(queueSchema),
            schedules: z.array(scheduleSchema),
            deadLetters: z.array(deadLetterSchema),
          }),
        },
      },
    },
    ...ADMIN_DENIED,
  },
});

const retryRoute = createRoute({
  method: 'post',
  operationId: 'adminRetryDeadLetter',
  path: '/jobs/dead-letters/{id}/retry',
  tags: ['admin', 'jobs'],
  summary: 'Send a dead-lettered job back to its queue for another round of attempts',
  middleware: [requireAdmin] as const,
  request: { params: z.object({ id: z.uuid({ error: 'Invalid job ID' }) }) },
  responses: {
    200: {
      description: 'Queued again',
      content: { 'application/json': { schema: z.object({ retried: z.literal(1) }) } },
    },
    400: errorResponse('Invalid job id'),
    ...ADMIN_DENIED,
    404: errorResponse('No dead-lettered job has this id (perhaps it was already sent back)'),
  },
});

const runRoute = createRoute({
  method: 'post',
  operationId: 'adminRunSchedule',
  path: '/jobs/schedules/{name}/run',
  tags: ['admin', 'jobs'],
  summary: 'Run a scheduled task now, outside its schedule',
  middleware: [requireAdmin] as const,
  request: { params: z.object({ name: z.string().min(1).max(100) }) },
  responses: {
    202: { description: 'Queued', content: { 'application/json': { schema: z.object({ jobId: z.string() }) } } },
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
