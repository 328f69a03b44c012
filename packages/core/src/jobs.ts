import { z } from 'zod';

/**
 * What the admin jobs route answers (GET /api/admin/jobs), declared once: the server documents and
 * checks its answer with these schemas, and the web app takes its types from them.
 */

/** A background job queue as admins see it. */
export const jobQueueSchema = z.object({
  name: z.string(),
  ready: z.number().int().describe('Waiting to run now'),
  deferred: z.number().int().describe('Waiting for a later time (retries that are not due yet)'),
  active: z.number().int(),
  failed: z.number().int().describe('Failed for good and still kept'),
  total: z.number().int(),
});
export type JobQueue = z.infer<typeof jobQueueSchema>;

/** A task that runs on a schedule, in Kampala time. */
export const jobScheduleSchema = z.object({
  name: z.string(),
  cron: z.string(),
  timezone: z.string(),
  next: z.string().nullable().describe('When it next runs'),
});
export type JobSchedule = z.infer<typeof jobScheduleSchema>;

/** A job that failed every retry, waiting for an admin to send it again. */
export const deadLetterSchema = z.object({
  id: z.string(),
  queue: z.string().describe('The queue the job failed on'),
  data: z.record(z.string(), z.unknown()),
  error: z.string().nullable().describe('Why its last attempt failed'),
  attempts: z.number().int(),
  firstQueuedAt: z.string().nullable(),
  failedAt: z.string(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;

/** The queues, the scheduled tasks, and the dead letters (newest first). */
export const jobsOverviewSchema = z.object({
  queues: z.array(jobQueueSchema),
  schedules: z.array(jobScheduleSchema),
  deadLetters: z.array(deadLetterSchema),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;
