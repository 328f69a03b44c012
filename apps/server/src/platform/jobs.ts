import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type DrizzleTransactionLike, type Job, type JobWithMetadata } from 'pg-boss';
import type { DeadLetter, JobQueue, JobSchedule } from '@ecogrid/core/jobs';
import type { Database, DatabaseHandle, Tx } from '#src/db/client.ts';
import type { Logger } from './logger.ts';

/** Where a job that failed every retry waits for an admin. */
export const DEAD_LETTER_QUEUE = 'dead-letters';
/** Scheduled work runs in Uganda's time. */
export const SCHEDULE_TIME_ZONE = 'Africa/Kampala';

export const DEFAULT_TIMEOUT_SECONDS = 120;
export const DEFAULT_CHECK_SECONDS = 30;

export type JobsOptions = {
  /** How long one attempt may run before it counts as failed and is retried (covers a process that died mid-job). */
  timeoutSeconds?: number | undefined;
  /** How often attempts that ran out of time are looked for. */
  checkSeconds?: number | undefined;
  /** How often idle workers look for jobs that were not announced (retries that came due). */
  pollSeconds?: number;
  /**
   * Called when a job's last attempt fails, as it moves to the dead-letter queue (admins are
   * told); its own failure is logged and does not change the job's fate.
   */
  onGaveUp?: (job: { queue: string; id: string; error: string | null }) => Promise<void>;
};

export type RetryPolicy = {
  /** Attempts after the first. */
  limit: number;
  /** The first retry waits this long; each later one about twice as long as the one before. */
  delaySeconds: number;
  maxDelaySeconds: number;
};

export type JobContext = { id: string; retryCount: number; retryLimit: number; signal: AbortSignal };
export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export type Jobs = {
  /**
   * Queues a job. Given a transaction, the job exists only if that transaction commits, so
   * work is never lost or done for a change that was rolled back.
   */
  send<T extends object>(
    db: Database | Tx,
    queue: string,
    data: T,
    options?: { startAfterSeconds?: number },
  ): Promise<string>;
  /**
   * Queues many jobs of one queue in one statement, as `send` does each; returns their ids.
   * A job of higher `priority` (default 0) is taken before older jobs of lower priority.
   */
  sendMany<T extends object>(
    db: Database | Tx,
    queue: string,
    data: T[],
    options?: { priority?: (item: T) => number },
  ): Promise<string[]>;
  /** Creates a queue (idempotent) and works it in this process. */
  work<T extends object>(queue: string, retry: RetryPolicy, handler: JobHandler<T>): Promise<void>;
  /** Runs `handler` on a cron expression in Uganda's time, once across all app processes. */
  schedule(name: string, cron: string, handler: JobHandler<Record<string, never>>): Promise<void>;
  /** Queues a scheduled task now, outside its schedule. */
  runNow(name: string): Promise<{ jobId: string } | 'unknown' | 'waiting'>;
  queues(): Promise<JobQueue[]>;
  schedules(): Promise<JobSchedule[]>;
  deadLetters(limit: number): Promise<DeadLetter[]>;
  /** Sends dead-lettered jobs back to their queues; returns how many moved. */
  retryDeadLetters(ids: string[]): Promise<number>;
  /**
   * Jobs due now and not taken yet (dead letters aside), how long the oldest of them has waited,
   * and how many dead letters wait for an admin.
   */
  backlog(): Promise<{ due: number; oldestWaitingSeconds: number | null; deadLetters: number }>;
  /** The queue table answers (for the health check). */
  healthy(): Promise<boolean>;
  stop(): Promise<void>;
};

const asText = (error: unknown): string | null => {
  if (!error || typeof error !== 'object') return error == null ? null : String(error);
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' ? message : JSON.stringify(error);
};

/**
 * The job queue (pg-boss) on the app's own database: a schema of its own in PostgreSQL, or the
 * embedded PGlite shared with the app. Jobs survive restarts; an attempt that outlives its
 * timeout (its process was killed, say) is retried; a job that fails every retry moves to the
 * dead-letter queue for admins.
 */
export async function startJobs(handle: DatabaseHandle, logger: Logger, options: JobsOptions = {}): Promise<Jobs> {
  const timeoutSeconds = options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  const pollSeconds = options.pollSeconds ?? 2;
  const common = {
    useListenNotify: true,
    superviseIntervalSeconds: options.checkSeconds ?? DEFAULT_CHECK_SECONDS,
    monitorIntervalSeconds: options.checkSeconds ?? DEFAULT_CHECK_SECONDS,
    // Vacuum and index upkeep are the database owner's business, not a web process's.
    monitorVacuum: false,
    reindex: false,
  } as const;
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(handle.client), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: handle.url, max: 4, application_name: 'ecogrid-jobs' });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => logger.warn({ warning }, 'job queue warning'));
  await boss.start();
  await boss.createQueue(DEAD_LETTER_QUEUE, {
    retentionSeconds: 60 * 60 * 24 * 30,
    deleteAfterSeconds: 60 * 60 * 24 * 7,
  });

  /**
   * Looks each queue up once now, so queueing a job inside a transaction never needs a query of
   * its own outside it (PGlite has a single connection, which that transaction holds).
   */
  const remember = (queue: string) => boss.findJobs(queue, { id: '00000000-0000-0000-0000-000000000000' });
  await remember(DEAD_LETTER_QUEUE);

  const run =
    <T>(handler: JobHandler<T>) =>
    async ([job]: JobWithMetadata<T>[]) => {
      if (!job) return;
      try {
        await handler(job.data, {
          id: job.id,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
          signal: job.signal,
        });
      } catch (error) {
        if (job.retryCount >= job.retryLimit && options.onGaveUp) {
          await options
            .onGaveUp({ queue: job.name, id: job.id, error: asText(error) })
            .catch((err: unknown) => logger.error({ err, jobId: job.id }, 'could not tell of a failed job'));
        }
        throw error;
      }
    };
  const workOptions = {
    includeMetadata: true,
    batchSize: 1,
    pollingIntervalSeconds: pollSeconds,
    // New jobs wake a worker at once; this slower look finds retries that came due.
    notifyPollingIntervalSeconds: pollSeconds * 2.5,
    // A backlog (a daily run's thousands of reminders) is worked without a pause between jobs.
    burstWhenReadyExceeds: 5,
  } as const;

  return {
    async send(db, queue, data, options) {
      const id = await boss.send(queue, data, {
        db: fromDrizzle(db as unknown as DrizzleTransactionLike, sql),
        ...(options?.startAfterSeconds ? { startAfter: Math.ceil(options.startAfterSeconds) } : {}),
      });
      if (!id) throw new Error(`The ${queue} queue refused the job.`);
      return id;
    },
    async sendMany(db, queue, data, options) {
      if (data.length === 0) return [];
      const ids = await boss.insert(
        queue,
        data.map((d) => ({ data: d, ...(options?.priority ? { priority: options.priority(d) } : {}) })),
        { db: fromDrizzle(db as unknown as DrizzleTransactionLike, sql), returnId: true },
      );
      if (!ids || ids.length !== data.length) throw new Error(`The ${queue} queue refused some of the jobs.`);
      return ids;
    },
    async work<T extends object>(queue: string, retry: RetryPolicy, handler: JobHandler<T>) {
      const settings = {
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: true,
        retryDelayMax: retry.maxDelaySeconds,
        expireInSeconds: timeoutSeconds,
        deadLetter: DEAD_LETTER_QUEUE,
        notify: true,
      };
      // Created once; a changed policy or timeout applies to jobs queued from now on.
      await boss.createQueue(queue, settings);
      await boss.updateQueue(queue, settings);
      await remember(queue);
      await boss.work<T>(queue, workOptions, run(handler) as (jobs: Job<T>[]) => Promise<void>);
    },
    async schedule(name, cron, handler) {
      await boss.createQueue(name, {
        // One run waiting and one running at most: Run now while a run is waiting is refused.
        policy: 'stately',
        retryLimit: 3,
        retryDelay: 60,
        retryBackoff: true,
        expireInSeconds: 60 * 30,
        deadLetter: DEAD_LETTER_QUEUE,
      });
      await boss.schedule(name, cron, null, { tz: SCHEDULE_TIME_ZONE, missed: 'once' });
      await remember(name);
      await boss.work(name, workOptions, run(handler) as (jobs: Job<Record<string, never>>[]) => Promise<void>);
    },
    async runNow(name) {
      if (!(await boss.getSchedule(name))) return 'unknown';
      const id = await boss.send(name, {});
      return id ? { jobId: id } : 'waiting';
    },
    async queues() {
      const rows = await boss.getQueues();
      return rows
        .filter((q) => !q.name.startsWith('__'))
        .map((q) => ({
          name: q.name,
          ready: q.readyCount,
          deferred: q.deferredCount,
          active: q.activeCount,
          failed: q.failedCount,
          total: q.totalCount,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    async schedules() {
      const rows = await boss.getSchedules();
      return rows.map((s) => ({
        name: s.name,
        cron: s.cron,
        timezone: s.timezone,
        next: boss.previewSchedule(s.cron, { tz: s.timezone, count: 1 })[0]?.toISOString() ?? null,
      }));
    },
    async deadLetters(limit) {
      const rows = await boss.findJobs<Record<string, unknown>>(DEAD_LETTER_QUEUE, { queued: true });
      return rows
        .sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime())
        .slice(0, limit)
        .map((job) => ({
          id: job.id,
          queue: job.sourceName ?? 'unknown',
          data: job.data,
          error: asText(job.sourceOutput),
          attempts: (job.sourceRetryCount ?? 0) + 1,
          firstQueuedAt: job.sourceCreatedOn?.toISOString() ?? null,
          failedAt: job.createdOn.toISOString(),
        }));
    },
    retryDeadLetters: (ids) => boss.redrive(DEAD_LETTER_QUEUE, { ids }),
    async backlog() {
      const { rows } = await boss.getDb().executeSql(
        `select count(*) filter (where name <> $1)::int as due,
                extract(epoch from now() - min(start_after) filter (where name <> $1))::float8 as oldest,
                count(*) filter (where name = $1)::int as dead
           from pgboss.job where state in ('created', 'retry') and start_after <= now()`,
        [DEAD_LETTER_QUEUE],
      );
      const row = rows[0] as { due: number; oldest: number | null; dead: number };
      return {
        due: Number(row.due),
        oldestWaitingSeconds: row.oldest === null ? null : Math.max(0, Math.round(Number(row.oldest))),
        deadLetters: Number(row.dead),
      };
    },
    async healthy() {
      try {
        await boss.getQueue(DEAD_LETTER_QUEUE);
        return true;
      } catch {
        return false;
      }
    },
    // A job still running after 8 s is marked failed, so it is retried (by this process or another).
    stop: () => boss.stop({ graceful: true, timeout: 8_000, close: true }),
  };
}
