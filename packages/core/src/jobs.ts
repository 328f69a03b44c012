/** A background job queue as admins see it (GET /api/admin/jobs). */
export type JobQueue = {
  name: string;
  /** Waiting to run now. */
  ready: number;
  /** Waiting for a later time (retries not yet due). */
  deferred: number;
  active: number;
  /** Failed for good and still kept. */
  failed: number;
  total: number;
};

/** A task that runs on a schedule, in Kampala time. */
export type JobSchedule = { name: string; cron: string; timezone: string; next: string | null };

/** A job that failed every retry, waiting for an admin to send it again. */
export type DeadLetter = {
  id: string;
  /** The queue it failed on. */
  queue: string;
  data: Record<string, unknown>;
  /** Why its last attempt failed. */
  error: string | null;
  attempts: number;
  firstQueuedAt: string | null;
  failedAt: string;
};
