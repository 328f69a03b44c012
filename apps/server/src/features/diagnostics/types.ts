import type { DiagnosticCheckName, DiagnosticStatus } from '@ecogrid/core/diagnostics';
import type { Database } from '#src/db/client.ts';
import type { NotifierDeps } from '#src/features/notifications/notifications.service.ts';
import type { Jobs } from '#src/platform/jobs.ts';
import type { Logger } from '#src/platform/logger.ts';
import type { Mailer } from '#src/platform/mail.ts';
import type { MobileMoney } from '#src/platform/mobile-money/index.ts';
import type { AfricasTalkingSettings } from '#src/platform/sms.ts';
import type { Storage } from '#src/platform/storage.ts';

/** What one check found. */
export type CheckOutcome = { status: DiagnosticStatus; message: string; details?: Record<string, unknown> };

/** Who started a run: an admin (Run now), or nobody (the hourly schedule). */
export type RunStarter = { id: string; email: string | null } | null;

export type Check = {
  name: DiagnosticCheckName;
  /** Stops when `signal` aborts (the run's time for one check is up). */
  run(signal: AbortSignal, starter: RunStarter): Promise<CheckOutcome>;
};

/** Everything the checks look at: the app's own database, queue, mail, SMS, networks and files. */
export type DiagnosticsDeps = {
  db: Database;
  jobs: Pick<Jobs, 'backlog'>;
  mailer: Mailer;
  sms: AfricasTalkingSettings;
  mobileMoney: Pick<MobileMoney, 'networks' | 'modes'>;
  /** Product pictures' storage (a folder or S3); null in a process that serves no files. */
  storage: Storage | null;
  /** DATA_DIR: its disk's free space is checked. */
  dataDir: string;
  version: string;
  commit: string | null;
  /** DIAGNOSTICS_EMAIL: where the test message goes; else to the admin who pressed Run now. */
  mailTo: string | null;
  /** How long one check may take before it counts as failed. */
  timeoutMs: number;
  /** Admins are told of a check that starts failing; null where no one is to be told. */
  notifier: NotifierDeps | null;
  logger: Logger;
  /** This process's clock, compared with the database's (Date.now unless a test sets it apart). */
  processClock?: () => number;
};
